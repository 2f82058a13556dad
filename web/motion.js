// Moves that slide on a Zola board: the play page (web/main.py) and the live boards of a
// docs page (web/boards.js) call animate(container, motion) right after writing a new
// board into container. The new board is final at once; only a copy of the moved checker
// slides over it from where it was (the real one stays in its square, hidden meanwhile),
// and a captured checker fades out. Whether and what to animate comes from zola (a
// zola.page.screen.Motion's fields, or null); this file only draws it.
//
// A click on the board (pointerdown) or the next board ends a slide at once; a step
// through the game that comes while a slide still runs shows without one (stepping
// quickly). Everything drawn here takes no clicks and is hidden from screen readers.

const DURATION = 200; // ms
const SVG = "http://www.w3.org/2000/svg";
const runs = new WeakMap(); // container -> its slide under way: {animations, extras}
const watched = new WeakSet(); // containers whose pointerdown ends their slide

// End the slide under way in container, if any; returns whether there was one.
export function settle(container) {
  const run = runs.get(container);
  if (!run) return false;
  runs.delete(container);
  for (const animation of run.animations) animation.cancel();
  for (const extra of run.extras) extra.remove();
  return true;
}

// Animate how the board in container just changed: motion is {square, dx, dy, ghost,
// appear, browsing} (see zola.page.screen.Motion), or null for nothing. It never throws (the
// page's MicroPython cannot catch a JavaScript exception): a slide that fails is dropped.
export function animate(container, motion) {
  try {
    slide(container, motion);
  } catch {
    settle(container);
  }
}

// A copy of one of a checker's circles, in a copy of the group that gives it its colours
// (zola.draw.svg): no hook of the real checker (its class, data-on).
export function copyOf(part) {
  const group = part.parentNode.cloneNode(false);
  group.removeAttribute("class");
  const copy = group.appendChild(part.cloneNode(true));
  copy.removeAttribute("class");
  copy.removeAttribute("data-on");
  return group;
}

function slide(container, motion) {
  const busy = settle(container);
  if (!motion || (busy && motion.browsing)) return;
  const svg = container.querySelector("svg[data-position]");
  const checker = svg ? [...svg.querySelectorAll(`[data-on="${motion.square}"]`)] : [];
  if (!checker.length || typeof checker[0].animate !== "function") return;
  if (!watched.has(container)) {
    watched.add(container);
    container.addEventListener("pointerdown", () => settle(container), { capture: true });
  }
  const timing = { duration: DURATION, easing: "ease-out" };
  const run = { animations: [], extras: [] };
  const add = (element) => {
    element.setAttribute("pointer-events", "none");
    element.setAttribute("aria-hidden", "true");
    svg.append(element);
    run.extras.push(element);
    return element;
  };
  if (motion.ghost) {
    const holder = document.createElementNS(SVG, "g");
    holder.innerHTML = motion.ghost; // markup made by zola.draw.svg
    const ghost = add(holder.firstElementChild);
    ghost.style.transformBox = "fill-box";
    ghost.style.transformOrigin = "center";
    run.animations.push(ghost.animate({ opacity: [1, 0], transform: ["scale(1)", "scale(0.5)"] }, timing));
  }
  const slider = add(document.createElementNS(SVG, "g"));
  slider.setAttribute("class", "sliding");
  for (const part of checker) slider.append(copyOf(part));
  const from = `translate(${motion.dx}px, ${motion.dy}px)`;
  run.animations.push(slider.animate({ transform: [from, "translate(0px, 0px)"] }, timing));
  for (const part of checker) run.animations.push(part.animate({ opacity: [0, 0] }, timing));
  const back = motion.appear ? svg.querySelectorAll(`[data-on="${motion.appear}"]`) : [];
  for (const part of back) run.animations.push(part.animate({ opacity: [0, 1] }, timing));
  runs.set(container, run);
  Promise.all(run.animations.map((animation) => animation.finished)).then(
    () => runs.get(container) === run && settle(container),
    () => {}, // ended early: settle() has cleaned up
  );
}
