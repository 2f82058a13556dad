// The sounds of a Zola game, made in the browser (Web Audio: no sound files). The play
// page (web/main.py) calls play(["capture", "end"]) with the names zola chose (see
// zola.page.board.Board.sounds); this file only makes them, one after the other. It never
// throws: the page's MicroPython cannot catch a JavaScript exception.

// Each sound's tones: [start s, frequency Hz, end frequency Hz, length s, wave, volume].
const SOUNDS = {
  move: [[0, 420, 300, 0.07, "triangle", 0.25]],
  capture: [
    [0, 260, 130, 0.11, "triangle", 0.32],
    [0, 1500, 900, 0.035, "square", 0.05],
  ],
  pass: [
    [0, 440, 440, 0.09, "sine", 0.14],
    [0.11, 330, 330, 0.12, "sine", 0.14],
  ],
  end: [
    [0, 523, 523, 0.14, "sine", 0.16],
    [0.13, 659, 659, 0.14, "sine", 0.16],
    [0.26, 784, 784, 0.32, "sine", 0.16],
  ],
};
const GAP = 0.1; // s between two sounds of one event

let context = null;

export function play(names) {
  try {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    if (context.state === "suspended") context.resume().catch(() => {});
    let at = context.currentTime + 0.01;
    for (const name of names) {
      let end = 0;
      for (const [start, from, to, length, wave, volume] of SOUNDS[name] ?? []) {
        tone(at + start, from, to, length, wave, volume);
        end = Math.max(end, start + length);
      }
      at += end + GAP;
    }
  } catch {
    // no sound then: the game goes on
  }
}

function tone(at, from, to, length, wave, volume) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = wave;
  oscillator.frequency.setValueAtTime(from, at);
  if (to !== from) oscillator.frequency.exponentialRampToValueAtTime(to, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}
