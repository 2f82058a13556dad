// Live Zola boards for any page: one line loads them, one element per board.
//
//   <script type="module" src="APP/web/boards.js"></script>
//   <div data-zola="v1;size=8;moves=d4xe4;panel"></div>
//
// APP is where the app's files are served. With `async` on the line (as the docs tools
// write it), the boards start while the browser still reads a long page: each element is
// taken on once the browser has read it whole. Every board of the page is served by one
// MicroPython interpreter, started by this file (MicroPython's own WebAssembly loader, no
// PyScript), and one copy of zola (no iframe, no Pyodide, no worker, no service
// worker); every file comes from APP, computed from this file's own address. Each
// board lives in an open shadow root (the host page's CSS cannot reach it, its CSS
// cannot leak out), gets data-ready="1" once it takes clicks (or
// data-problem="1" and one line saying what is wrong with its link), and keeps the
// app's hooks: svg[data-position], [data-square]. Boards added later are mounted;
// removed boards release what they held. A static SVG inside the element shows until
// the live board takes its place. The docs tools write the board's first screen there:
// its SVG with its key (data-frame), which the board keeps when the key is its own, in
// the board's shadow root declared in HTML (<template shadowrootmode="open">, with the
// board's style sheet and parts, web/board.css and web/board.html, which this file holds
// as CSS and SHELL, the first screen painted in them: the board shows whole before any
// script runs), and the rest of that screen as data (<script type="application/json"
// class="zola-screen">), which is painted at once into parts made here, so that nothing
// moves when the board becomes live. A board whose
// link names a puzzle (puzzle=ID) is solved in place: its element may carry the puzzle's
// line (data-zola-puzzle="ID;N;...", as the docs tools write it), which the board reads
// (strictly, as a set's line); else the board fetches the puzzle's set from APP (each
// set once a page, however many boards ask) and reads only its puzzle's line of it.
//
// The element's children belong to the board: a static SVG (or nothing, or what the
// docs tools write) is all it should hold. Elements that can carry a shadow root only
// (a div, p, span, section...; not a figure). A host page on another origin than APP
// needs APP to send CORS headers (GitHub Pages does), and a host page with a
// Content-Security-Policy must allow APP's scripts and fetches and 'wasm-unsafe-eval'
// (MicroPython), and where it enforces Trusted Types, the policy "zola" (see TRUSTED;
// guide/embedding.md lists it all).
//
// This file only prepares the elements, forwards their events to web/boards.py and
// paints what it answers (a zola.page.live.LiveScreen): every decision is made in zola.
// What a board does in the DOM (its events, a new drawing shown with the move sliding,
// the move list kept in sight) is web/board.js's, as on the play page. A move slides
// unless the board is static or the reader asks for reduced motion.
// window.zolaBoards is its only global: connect(), paint() and keep() for web/boards.py,
// mounted() (how many boards are live) for tests and curious hosts. (That it started is
// kept under a symbol: no host id or global can say so for it.)

const APP = new URL("../", import.meta.url);
const PAGE = APP.href + "index.html"; // the full app, which "Open in the full app" opens
const RUNTIME = "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
const SELECTOR = "[data-zola]";
// Started once per page, whatever loaders it holds: a symbol, which neither an element's
// id nor a host page's global of the same name can stand for (window.zolaBoards could).
const STARTED = Symbol.for("zola.boards.started");
// The markup the loader writes (its parts, zola's drawings and move lists, every text
// escaped) goes through the Trusted Types policy "zola" where the browser has them: a
// host page that enforces them allows that policy.
const TRUSTED = (() => {
  try {
    return globalThis.trustedTypes?.createPolicy("zola", { createHTML: (s) => s });
  } catch {
    return null; // a page whose policy refuses the name: its own rules then hold
  }
})();
const html = (markup) => TRUSTED?.createHTML(markup) ?? markup;
const DARK = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
// What says a page is dark: the marks docs themes put on <html> or <body> (furo's and
// pydata-sphinx-theme's data-theme, Material for MkDocs' palette, Bootstrap's), each
// with its dark value; "auto" defers to the reader's scheme.
const MARKS = { "data-theme": "dark", "data-md-color-scheme": "slate", "data-bs-theme": "dark" };

// Whether a board shows dark colours: as its author says (data-zola-theme="light",
// "dark" or "auto": the reader's scheme, on the element or an ancestor), else as the
// page around it shows (its theme's mark, else the luminance of the first background
// behind the board). A page without a dark mode keeps light boards for a dark reader.
function hostDark(element) {
  const forced = element.closest("[data-zola-theme]")?.getAttribute("data-zola-theme");
  if (forced === "light" || forced === "dark") return forced === "dark";
  if (forced === "auto") return !!DARK?.matches;
  for (const node of [document.body, document.documentElement]) {
    for (const [name, dark] of Object.entries(MARKS)) {
      const value = node?.getAttribute(name);
      if (value === "auto") return !!DARK?.matches;
      if (value === dark) return true;
      if (value === "light" || value === "default") return false;
    }
  }
  for (let node = element.parentElement; node; node = node.parentElement) {
    const [r, g, b, a = 1] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) || []).map(Number);
    if (a > 0.5) return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  }
  return false; // the canvas: white unless the page says otherwise
}

// The schemes of boards taken on together, all read before any of them is written to:
// the browser computes the page's style once for them all, not once a board. Kept until
// the task ends (the loader's own writes, inside the boards, never change them).
let known = null; // element -> [whether it shows dark, whether it does now], for this task
function readSchemes(elements) {
  known = new Map(elements.map((element) => [element, [hostDark(element), frameDark(element)]]));
  queueMicrotask(() => { known = null; });
}
function schemeOf(element) {
  return known?.get(element)?.[0] ?? hostDark(element);
}
function shownDark(element) {
  return known?.has(element) ? known.get(element)[1] : frameDark(element);
}

// Whether a board's declared frame shows dark now (by its class, or the page's style
// sheet beside it: zola.draw.schemes.PAGE_CSS); null for an element without one.
function frameDark(element) {
  const zola = element.shadowRoot?.querySelector(".zola");
  return zola ? getComputedStyle(zola).colorScheme === "dark" : null;
}

// Mark a board's frame dark or light (web/board.css): its colours, and its drawing's
// where that follows the page (zola.draw.schemes), whatever the page's marks say.
function markDark(zola, dark) {
  zola.classList.toggle("dark", dark);
  zola.classList.toggle("light", !dark);
}

// Each board's scheme again, after the page's theme may have changed (a toggle, the
// reader's scheme): a board whose scheme changed is told so. Once now, and once after
// the page's colour transitions (a theme that fades its background) have ended.
let rechecking = 0;
function recheck() {
  const tell = () => {
    for (const shell of shells.values()) {
      const dark = hostDark(shell.element);
      if (dark === shell.dark) continue;
      shell.dark = dark;
      markDark(shell.parts.zola, dark);
      send(shell, { event: "dark", dark });
    }
  };
  tell();
  clearTimeout(rechecking);
  rechecking = setTimeout(tell, 500);
}
const STILL = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
// web/board.js: a board's events, its drawing shown (the moves slide) and its move list kept
// in sight, as on the play page; loaded with the boards, ready before Python opens them.
let dom = null; // a promise of the module
let boardDom = null; // the module, once loaded
function domModule() {
  dom ??= import(url("web/board.js")).then((module) => (boardDom = module));
  return dom;
}

// The board in each shadow root: its style sheet (CSS, from web/board.css) and one
// board's parts (SHELL, from web/board.html, joined without the newlines between them:
// no text between the parts). The step buttons are arrows until the board's language is
// known; its controls wait (.pending: not laid out, their room kept) until Python paints
// it. Written here by scripts/board_parts.py (scripts/build runs it), so that a page's
// boot fetches neither; edit those two files, not this block.
// BEGIN generated from web/board.css, web/board.html and zola.rules.record by scripts/board_parts.py
const CSS = ":host{display: block;max-width: 32rem;margin-block: 1rem;}:host([hidden]){display: none;}.zola{all: initial;display: block;box-sizing: border-box;width: 100%;font: 15px/1.4 system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif;text-align: start;--ink: var(--zola-dark-ink, #2b2620);--muted: var(--zola-dark-muted, #6b6153);--panel: var(--zola-dark-panel, #fffaf0);--line: var(--zola-dark-line, #dccfb6);--accent: var(--zola-dark-accent, #2e7d32);--red: var(--zola-dark-red, #c62828);--blue: var(--zola-dark-blue, #1e5bb8);--button: var(--zola-dark-button, #fff);--button-line: var(--zola-dark-button-line, #b9a98a);--hover: var(--zola-dark-hover, #f3ead8);--warn: var(--zola-dark-warn, #8a3b00);--link: var(--zola-dark-link, #1e5bb8);--current: #f2c94c;color: var(--ink);color-scheme: var(--zola-dark-scheme, light);background: var(--panel);border: 1px solid var(--line);border-radius: 8px;padding: 0.4em;}.zola{--zola-dark-ink: var(--zola-dark) #ece6dc;--zola-dark-muted: var(--zola-dark) #b3a996;--zola-dark-panel: var(--zola-dark) #2a2724;--zola-dark-line: var(--zola-dark) #48423b;--zola-dark-accent: var(--zola-dark) #43a047;--zola-dark-red: var(--zola-dark) #ef5350;--zola-dark-blue: var(--zola-dark) #4f8fe8;--zola-dark-button: var(--zola-dark) #34302c;--zola-dark-button-line: var(--zola-dark) #5a5249;--zola-dark-hover: var(--zola-dark) #403a35;--zola-dark-warn: var(--zola-dark) #ffb74d;--zola-dark-link: var(--zola-dark) #8ab4f8;--zola-dark-scheme: var(--zola-dark) dark;}.zola.dark{--zola-dark: ;}.zola.light{--zola-dark: initial;}.zola *, .zola *::before, .zola *::after{box-sizing: border-box;}[hidden]{display: none !important;}.board{display: block;width: 100%;aspect-ratio: 1;overflow: hidden;position: relative;background: var(--panel);border-radius: 4px;content-visibility: auto;}.board > svg, .board > img{display: block;width: 100%;height: 100%;max-width: none;margin: 0;touch-action: manipulation;}.board [data-square]{cursor: pointer;outline: none;}.board [data-square]:focus-visible{stroke: var(--ink);stroke-width: 7;stroke-dasharray: 14 8;}.board:focus-visible{outline: 3px solid var(--accent);outline-offset: 1px;}.bar{display: flex;flex-wrap: nowrap;align-items: center;gap: 0.3em;margin: 0.35em 0 0;min-width: 0;height: calc(1.7em + 2px);}.pending .bar > *{display: none !important;}.pending{visibility: hidden;}.pending .board > *, .pending .status, .pending .message, .pending .note{visibility: visible;}:host(:not([data-ready])) :is(.bar > *, .pie, .puzzle){visibility: hidden;}button{font: inherit;line-height: 1.3;margin: 0;padding: 0.2em 0.55em;min-width: 2.2em;border: 1px solid var(--button-line);border-radius: 6px;background: var(--button);color: var(--ink);cursor: pointer;text-transform: none;letter-spacing: normal;}button:hover:not(:disabled){background: var(--hover);}button:disabled{opacity: 0.45;cursor: default;}button:focus-visible, a:focus-visible{outline: 3px solid var(--accent);outline-offset: 1px;}.reset{white-space: nowrap;}.app-link{margin-left: auto;min-width: 0;overflow: hidden;text-overflow: ellipsis;white-space: nowrap;color: var(--link);font-size: 0.9em;text-decoration: underline;}.app-link.tight .words, .app-link.gone{display: none;}p{margin: 0;}.line{display: flex;flex-wrap: wrap;align-items: center;gap: 0.2em 0.6em;min-height: 2.1em;margin-top: 0.2em;}.status{font-weight: 600;}.status[data-turn]::before{content: \"\";display: inline-block;width: 0.8em;height: 0.8em;border-radius: 50%;margin-right: 0.4em;vertical-align: -0.06em;}.status[data-turn=\"red\"]::before{background: var(--red);}.status[data-turn=\"blue\"]::before{background: var(--blue);}.status[data-turn=\"\"]::before{display: none;}.message{color: var(--warn);}.message:empty, .note:empty{display: none;}.pie, .puzzle{display: inline-flex;gap: 0.3em;}.puzzle[hidden], .puzzle [hidden]{display: none;}.pie button[data-do=\"swap\"]{background: var(--accent);border-color: var(--accent);color: #fff;}.note{font-style: italic;margin-top: 0.3em;}.moves{position: relative;list-style: none;margin: 0.3em 0 0;padding: 0;height: 4.8em;overflow-y: auto;display: grid;grid-template-columns: repeat(2, 1fr);align-content: start;gap: 0 0.5em;font-family: ui-monospace, \"DejaVu Sans Mono\", monospace;font-size: 0.9em;}.moves li{display: flex;align-items: baseline;gap: 0.15em;}.moves .ply{color: var(--muted);min-width: 2.4em;text-align: right;font-size: 0.85em;}.moves .line .ply{min-width: 0;}.moves button{border: 0;background: none;padding: 0 0.3em;min-width: 0;border-radius: 4px;}.moves button.current{background: var(--current);color: #2b2620;}.moves button.ahead{color: var(--muted);}.moves li.variations{grid-column: 1 / -1;display: block;margin: 0 0 0.2em 1.2em;padding-left: 0.4em;border-left: 2px solid var(--line);}.moves .line{list-style: none;margin: 0;padding: 0;display: flex;flex-wrap: wrap;gap: 0 0.2em;}.moves .line li.variations{flex-basis: 100%;}.mark{font-weight: bold;text-decoration: none;}.problem{color: var(--warn);padding: 0.4em 0;}.zola.bad > :not(.problem){display: none;}.sr-only{position: absolute;width: 1px;height: 1px;padding: 0;margin: -1px;overflow: hidden;clip: rect(0, 0, 0, 0);white-space: nowrap;border: 0;}";
const SHELL = "<div class=\"zola pending\" part=\"zola\" role=\"group\">\n<div class=\"board\" part=\"board\"></div>\n<div class=\"bar\">\n<button type=\"button\" data-do=\"first\" disabled>«</button><button type=\"button\" data-do=\"back\" disabled>‹</button><button type=\"button\" data-do=\"forward\" disabled>›</button><button type=\"button\" data-do=\"last\" disabled>»</button><button type=\"button\" data-do=\"flip\" disabled>⇅</button><button type=\"button\" class=\"reset\" data-do=\"reset\" hidden></button>\n<a class=\"app-link\" target=\"_blank\" rel=\"noopener\" hidden><span class=\"words\"></span> ↗</a>\n</div>\n<div class=\"line\"><p class=\"status\" data-turn=\"\" aria-live=\"polite\"></p><span class=\"pie\" hidden><span class=\"sr-only\"></span><button type=\"button\" data-do=\"swap\"></button><button type=\"button\" data-do=\"keep\"></button></span></div>\n<div class=\"puzzle\" hidden><button type=\"button\" data-do=\"hint\"></button><button type=\"button\" data-do=\"retry\" hidden></button><button type=\"button\" data-do=\"solution\"></button></div>\n<p class=\"message\"></p>\n<p class=\"note\"></p>\n<ol class=\"moves\" hidden></ol>\n<p class=\"announce sr-only\" aria-live=\"polite\"></p>\n<p class=\"problem\" role=\"status\" hidden></p>\n</div>".replace(/>\n</g, "><");
// The most of a board's link that reaches Python (zola.rules.record.LINK_PREFIX).
const LINK_PREFIX = 8001;
// END generated

let sheet = null; // the boards' style sheet, shared by every shadow root
const shells = new Map(); // element -> its shell: {element, root, parts, id, ...}
const roots = new WeakMap(); // shadow root -> the shell it shows now
const byId = new Map(); // id -> the shell of a mounted board
let python = null; // web/boards.py's live(kind, id, a, b), once it runs
let nextId = 1;

function url(path) {
  return new URL(path, APP).href;
}

// The files a board may ask for (a puzzle's set), by the name it asks with. A board
// whose element carries its puzzle's line (data-zola-puzzle, as the docs tools write it)
// asks for none.
const FILES = {
  "puzzles-6.txt": url("zola/data/puzzles-6.txt"),
  "puzzles-8.txt": url("zola/data/puzzles-8.txt"),
  "puzzles-10.txt": url("zola/data/puzzles-10.txt"),
};
const fetched = new Map(); // name -> a promise of {text, problem}: each file fetched once a page

function fetchOnce(name) {
  if (!fetched.has(name)) {
    fetched.set(name, (async () => {
      try {
        const response = FILES[name] ? await fetch(FILES[name]) : null;
        if (response?.ok) return { text: await response.text(), problem: "" };
        return { text: null, problem: response ? `${response.status} ${response.statusText}` : "not a file of the boards" };
      } catch (error) {
        return { text: null, problem: String(error) };
      }
    })().then((got) => {
      if (got.text === null) fetched.delete(name); // a board that asks later tries again
      return got;
    }));
  }
  return fetched.get(name);
}

// Hand a file a board asked for to the board (its text, or why it failed), once it is
// here, each board in a task of its own: boards that asked for the same set together
// never hold the page for all of them at once.
function fetchFile(shell, name) {
  fetchOnce(name).then(({ text, problem }) => setTimeout(() => {
    if (text === null) send(shell, { event: "file-failed", name, detail: problem });
    else send(shell, { event: "file", name }, text);
  }));
}

function style(root) {
  if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function") {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const element = document.createElement("style");
    element.textContent = CSS;
    root.prepend(element);
  }
}

let template = null; // the board's parts (SHELL), made once
let make = ""; // what they are made of (see makeOf)

// The elements of a board's parts but its drawing and its move list, by kind, class and
// action: a shadow root the docs tools declared is this loader's when it is made the same way.
function makeOf(node) {
  const parts = [];
  for (const part of node.querySelector(".zola")?.children ?? []) {
    parts.push(part); // the board and the list themselves, not what they show
    if (!part.matches(".board, .moves")) parts.push(...part.querySelectorAll("*"));
  }
  return parts.map((part) => `${part.localName}.${part.getAttribute("class")}.${part.getAttribute("data-do")}`).join(" ");
}

// The board's shadow root and parts, at once (before Python runs). The docs tools declare
// the root in HTML (zola.docs.sitefiles.board_root: the parser attaches it, or, in a page put
// in by a script, it comes as a template): it is kept when it is this loader's (the same
// style sheet, parts made the same way). Otherwise the parts are made here, and a static
// SVG inside the element (or the declared root's drawing) moves into the board's place
// and shows until the live board replaces it.
function prepare(element) {
  let shell = shells.get(element);
  if (shell) return shell;
  let root = element.shadowRoot;
  try {
    root ??= element.attachShadow({ mode: "open" });
  } catch {
    return null; // an element that cannot hold a shadow root: not a board
  }
  if (!template) {
    template = document.createElement("template");
    template.innerHTML = html(SHELL);
    make = makeOf(template.content);
  }
  const held = [...element.children];
  const screen = held.find((node) => node.matches('script.zola-screen[type="application/json"]'));
  const declared = held.find((node) => node.matches("template[shadowrootmode]"));
  if (declared && !root.hasChildNodes()) root.append(declared.content);
  const written = [...root.children].find((node) => node.localName === "style");
  // (A style sheet the page's Content-Security-Policy refused has no sheet.)
  const own = !!written?.sheet && written.textContent === CSS && makeOf(root) === make;
  let preview;
  if (own) {
    preview = [...root.querySelector(".board").children];
  } else {
    // (A style sheet beside the board is the page's: zola.draw.schemes.PAGE_CSS.)
    const brought = held.filter((node) => node !== screen && node !== declared && node.localName !== "style");
    const drawn = root.querySelector(".board > svg"); // another loader's, or a board's before
    preview = brought.length || !drawn ? brought : [drawn];
    root.replaceChildren(template.content.cloneNode(true));
    style(root);
    root.querySelector(".board").append(...preview);
  }
  // The page's style sheet beside the board stays: a declared frame takes the page's
  // scheme by it (zola.draw.schemes.PAGE_CSS).
  element.replaceChildren(...held.filter((node) => node.matches("style.zola-scheme")));
  const find = (selector) => root.querySelector(selector);
  const parts = {
    zola: find(".zola"), board: find(".board"), status: find(".status"), message: find(".message"),
    pie: find(".pie"), note: find(".note"), moves: find(".moves"), announce: find(".announce"),
    problem: find(".problem"), link: find(".app-link"), reset: find(".reset"),
    puzzle: find(".puzzle"), bar: find(".bar"), buttons: {},
  };
  for (const button of root.querySelectorAll("[data-do]")) parts.buttons[button.dataset.do] = button;
  // Until Python (or the docs tools' first screen) says otherwise: the page's scheme, no
  // move list. The link's words are read by Python only (zola.rules.link). A declared
  // frame with its first screen keeps the scheme it shows until that screen says which.
  const dark = schemeOf(element);
  if (!own || !screen) markDark(parts.zola, dark);
  // The key of a drawing the docs tools made of the board's first screen: Python keeps
  // that drawing when the key is its own (zola.page.live.frame_key), rather than making it again.
  const frame = preview.length === 1 ? preview[0].getAttribute("data-frame") : null;
  shell = {
    element, root, parts, id: 0, labels: null, svg: null, frame, prepainted: null, room: "", dark,
  };
  if (!roots.has(root)) listen(root);
  roots.set(root, shell);
  shells.set(element, shell);
  resized?.observe(parts.bar);
  // A declared root the docs tools painted (not .pending) shows its first screen already.
  if (screen) prepaint(shell, screen.textContent, own && !parts.zola.classList.contains("pending"));
  return shell;
}

// The rest of the first screen, as the docs tools wrote it beside its drawing
// (zola.page.live.first_frame), with its link to the game it shows in the full app: painted
// now, as it will be once live, so that when Python takes over nothing moves, and the
// browser has nothing to paint again; where the docs tools painted it in the root they
// declared (``declared``: zola.docs.sitefiles.board_root), only the link's address is
// written. Until then the board's events go nowhere. Its key (the drawing's when they go
// together), the game its link shares, and the files it asks for are kept for keep().
function prepaint(shell, text, declared) {
  try {
    const { screen, labels, moves, key, shared, follows } = JSON.parse(text);
    if (!/^[0-9a-f]{8}$/.test(key) || typeof shared !== "string") throw new TypeError(key);
    screen.app_link = shared && `${PAGE}#${shared}`; // the app's address: only the loader knows it
    if (follows === true) screen.layout.dark = shell.dark; // the page's scheme (its SVG has both)
    if (declared) {
      shell.labels = labels;
      // (A class written where the frame shows its scheme already would only have the
      // browser compute the board's whole style again.)
      if (shownDark(shell.element) !== screen.layout.dark) markDark(shell.parts.zola, screen.layout.dark);
      link(shell, screen);
      if (screen.layout.panel) domModule().then((module) => module.keepInSight(shell.parts.moves), () => {});
    } else {
      draw(shell, screen, labels, null, moves, false);
    }
    shell.prepainted = { key, shared, fetch: [...screen.fetch] };
  } catch {
    shell.prepainted = null; // not a screen: Python paints the whole board
  }
}

// Python keeps the first screen painted before it ran (zola.page.live.LiveBoard.kept): the
// board takes clicks now (a bad link's line never does), and nothing is painted again.
function keep(id) {
  const shell = byId.get(id);
  const first = shell?.prepainted;
  if (!first || shell.element.dataset.problem) return;
  shell.element.dataset.ready = "1";
  for (const name of first.fetch) fetchFile(shell, name);
}

// Each board's events, caught at its shadow root (once per root: a board shown afresh
// keeps them) and sent to Python with the board's id.
function listen(root) {
  const to = (handler) => (...values) => {
    const shell = roots.get(root);
    return shell && shells.get(shell.element) === shell ? handler(shell, ...values) : false;
  };
  domModule().then((module) => module.listen(root, root, {
    action: to((shell, name) => send(shell, { event: "button", name })),
    node: to((shell, number) => send(shell, { event: "node", number })),
    square: to((shell, square) => send(shell, { event: "click", square })),
    key: to((shell, key, on_square) => send(shell, { event: "key", key, on_square })),
    drag: to((shell, start, end) => send(shell, { event: "drag", start, end })),
  }), () => {});
}

// Tell Python what happened to a board: one event of named values (zola.page.bridge
// says which), and a file's text apart. Python paints the board (see paint) and answers
// whether the event was used.
function send(shell, event, payload) {
  if (!python || !shell.id) return false;
  try {
    return python(JSON.stringify({ ...event, board: shell.id }), payload) === true;
  } catch (error) {
    console.error("Zola board", shell.element, error);
    return false;
  }
}

function setLabels(shell, labels) {
  const { parts } = shell;
  const buttons = parts.buttons;
  shell.labels = labels;
  parts.zola.setAttribute("aria-label", labels.label);
  for (const name of ["first", "back", "forward", "last", "flip"]) {
    buttons[name].title = labels[name];
    buttons[name].setAttribute("aria-label", labels[name]);
  }
  parts.reset.textContent = labels.reset;
  parts.reset.title = labels.reset_title;
  parts.pie.querySelector(".sr-only").textContent = labels.pie; // read before the two buttons
  parts.pie.title = labels.pie;
  for (const name of ["hint", "retry", "solution", "swap", "keep"]) buttons[name].textContent = labels[name];
  buttons.solution.title = labels.solution_title;
  parts.link.querySelector(".words").textContent = labels.app_link.replace(/\s*↗$/, "");
  parts.link.title = labels.app_link;
  parts.moves.setAttribute("aria-label", labels.moves);
}

// Write what board ``id`` shows (a zola.page.live.LiveScreen: its small fields as JSON, its
// SVG board and move list as markup of their own, its language's fixed words apart) into
// its shadow root: web/boards.py calls this after every event it was told of. A few
// strings cross from Python, not an object read field by field.
function paint(id, json, labels, svg, moveList) {
  const shell = byId.get(id);
  if (shell && json) draw(shell, JSON.parse(json), labels, svg, moveList, true);
}

// Paint a screen into a board's parts; ``live``: Python runs the board (until then
// send() has no one to tell). ``svg`` null: the drawing there stays.
function draw(shell, screen, labels, svg, moveList, live) {
  const { element, root, parts } = shell;
  const focused = root.activeElement; // where the reader is, before painting
  const inList = !!focused && parts.moves.contains(focused);
  if (live) for (const name of screen.fetch) fetchFile(shell, name);
  if (labels !== shell.labels) setLabels(shell, labels);
  parts.zola.lang = screen.language;
  markDark(parts.zola, screen.layout.dark);
  parts.zola.classList.toggle("bad", !!screen.problem);
  parts.zola.classList.remove("pending");
  parts.problem.hidden = !screen.problem;
  if (screen.problem) {
    parts.problem.textContent = screen.problem;
    parts.board.replaceChildren();
    shell.svg = null;
    delete element.dataset.ready;
    element.dataset.problem = "1";
    return;
  }
  delete element.dataset.problem;
  const board = parts.board;
  // null: the drawing the element brought is the first screen's, and stays.
  if (svg != null && shell.svg !== svg) { // an unchanged board keeps its slide going
    shell.svg = svg;
    const motion = screen.motion && { ...screen.motion, ghost: screen.motion.ghost && html(screen.motion.ghost) };
    boardDom.show(board, html(svg), motion);
  }
  board.tabIndex = screen.layout.static ? 0 : -1;
  parts.status.textContent = screen.status;
  parts.status.dataset.turn = screen.turn;
  parts.message.textContent = screen.message;
  if (screen.announce) parts.announce.textContent = screen.announce;
  parts.pie.hidden = !screen.pie;
  const buttons = parts.buttons;
  buttons.first.disabled = buttons.back.disabled = !screen.can_back;
  buttons.forward.disabled = buttons.last.disabled = !screen.can_forward;
  buttons.flip.disabled = false;
  parts.puzzle.hidden = !screen.puzzle;
  buttons.retry.hidden = !screen.can_retry;
  buttons.hint.disabled = !screen.can_hint;
  buttons.solution.disabled = !screen.can_show;
  parts.reset.hidden = !screen.changed;
  link(shell, screen);
  parts.note.textContent = screen.comment;
  parts.moves.hidden = !screen.layout.panel;
  if (screen.layout.panel) {
    parts.moves.innerHTML = html(moveList); // markup made by zola.draw.movelist, escaped
    const list = parts.moves;
    domModule().then((module) => module.keepInSight(list), () => {});
  }
  // A part that had the focus and is gone or out of use now (a move list written
  // afresh, a step button at the end of the game, Reset once used) hands it on, so the
  // keys keep working: to the move now looked at in the list, else to the board.
  const now = root.activeElement;
  if (focused && (!now || (now === focused && (focused.disabled || focused.closest("[hidden]"))))) {
    const current = inList ? parts.moves.querySelector("button.current") : null;
    (current ?? board).focus({ preventScroll: true });
  }
  if (live) element.dataset.ready = "1";
}

// The link to the game in the full app, where the screen has one, fitted to its room.
function link(shell, screen) {
  const { parts } = shell;
  parts.link.hidden = !screen.app_link;
  if (screen.app_link) parts.link.href = screen.app_link;
  const room = `${screen.app_link ? 1 : 0} ${screen.changed ? 1 : 0} ${screen.language}`;
  if (screen.app_link && shell.room !== room) fit(shell); // the link's room may differ
  shell.room = room;
}

// The app link's words show only where they fit beside the buttons (their width
// depends on the language, and Reset takes room when it shows); elsewhere the link is
// its arrow, named by its title, and where not even that fits (Reset shown on a narrow
// board), it waits until there is room. Checked once a frame, for every board painted
// or resized since: all shown whole and measured (one layout), then the tight ones. (A
// bar's first size is the one its first painting fitted the link to.)
const fitting = new Set();
const sized = new WeakSet(); // the bars whose first size has been reported
const resized = typeof ResizeObserver === "function"
  ? new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const shell = roots.get(target.getRootNode());
      if (!sized.has(target)) sized.add(target);
      else if (shell) fit(shell);
    }
  })
  : null;
function fit(shell) {
  if (!fitting.size) requestAnimationFrame(() => {
    const links = [...fitting].map((each) => each.parts.link).filter((link) => !link.hidden);
    fitting.clear();
    const cut = (link) => link.scrollWidth > link.clientWidth;
    for (const link of links) link.classList.remove("tight", "gone");
    const tight = links.filter(cut);
    for (const link of tight) link.classList.add("tight");
    for (const link of tight.filter(cut)) link.classList.add("gone");
  });
  fitting.add(shell);
}

function language(element) {
  return element.closest("[lang]")?.lang || document.documentElement.lang || "";
}

function mount(element) {
  const shell = prepare(element);
  if (!shell || shell.id || !python) return;
  shell.id = nextId++;
  byId.set(shell.id, shell);
  const fragment = (element.dataset.zola || "").slice(0, LINK_PREFIX);
  // The key of the first screen the element shows: its drawing's and its painted rest's.
  const shown = shell.frame && shell.frame === shell.prepainted?.key ? shell.frame : "";
  shell.dark = schemeOf(element);
  // The puzzle's line, when the element carries it: the board then fetches no set.
  const puzzle = (element.getAttribute("data-zola-puzzle") || "").slice(0, LINK_PREFIX);
  const dark = shell.dark, still = !!STILL?.matches, lang = language(element);
  send(shell, { event: "open", fragment, dark, still, shown, lang, puzzle });
}

function unmount(element) {
  const shell = shells.get(element);
  if (!shell) return;
  shells.delete(element);
  resized?.unobserve(shell.parts.bar);
  send(shell, { event: "close" });
  byId.delete(shell.id);
  shell.id = 0;
  delete element.dataset.ready;
}

function boardsIn(node) {
  if (node.nodeType !== 1) return [];
  const found = [...node.querySelectorAll(SELECTOR)];
  if (node.matches(SELECTOR)) found.unshift(node);
  return found;
}

// While the page is being read, an element the parser has not closed yet may still miss
// children: it waits (see take). The parser only ever adds at the end, so an element, or
// one of its ancestors, with a next sibling is closed.
const waiting = new Set();
function closed(element) {
  if (document.readyState !== "loading") return true;
  for (let node = element; node; node = node.parentNode) if (node.nextSibling) return true;
  return false;
}

// Take a board element on: prepared (its first screen painted) or, once Python runs,
// mounted; later if the parser has not closed it yet.
function take(element) {
  if (!closed(element)) return waiting.add(element);
  waiting.delete(element);
  python ? mount(element) : prepare(element);
}

function takeWaiting() {
  for (const element of waiting) if (element.isConnected) take(element); else waiting.delete(element);
}

function watch() {
  new MutationObserver((records) => {
    takeWaiting();
    for (const record of records) {
      if (record.type === "attributes") {
        // A new link (or puzzle line) in a board that is there: the board shows it afresh.
        const element = record.target;
        if (!element.isConnected) continue;
        const shell = shells.get(element);
        if (shell) unmount(element);
        if (element.hasAttribute("data-zola")) take(element);
        else shell?.root.replaceChildren(); // no longer a board
        continue;
      }
      for (const node of record.removedNodes) {
        for (const element of boardsIn(node)) if (!element.isConnected) unmount(element);
      }
      for (const node of record.addedNodes) {
        for (const element of boardsIn(node)) {
          if (element.isConnected && !shells.has(element)) take(element);
        }
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-zola", "data-zola-puzzle"] });
  // The page's theme: its marks, classes and styles on <html> and <body>, an author's
  // data-zola-theme anywhere, and the reader's scheme.
  const themes = new MutationObserver(recheck);
  const filter = [...Object.keys(MARKS), "class", "style", "data-zola-theme"];
  themes.observe(document.documentElement, { attributes: true, attributeFilter: filter });
  themes.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-zola-theme"] });
  if (document.body) themes.observe(document.body, { attributes: true, attributeFilter: filter });
  else document.addEventListener("DOMContentLoaded", () => themes.observe(document.body, { attributes: true, attributeFilter: filter }));
  DARK?.addEventListener?.("change", recheck);
}

// Python (web/boards.py) hands over its event function once zola is imported. The
// boards open once web/board.js is here too, after its script has ended, each in a call
// of its own: MicroPython frees the garbage of a call only once the call has returned.
function connect(live) {
  if (python) return;
  domModule().then(() => {
    if (python) return;
    python = live;
    const languages = [...(navigator.languages || [navigator.language || ""])];
    python(JSON.stringify({ event: "setup", app: PAGE, languages }));
    const start = performance.now();
    const found = [...document.querySelectorAll(SELECTOR)];
    readSchemes(found);
    for (const element of found) take(element);
    // For the browser's performance tools (and bench/live_boards.py): when Python was
    // ready to open the boards, and how long opening them all took.
    performance.measure?.("zola-boards-opened", { start });
  }, (error) => console.error("Zola boards: web/board.js did not load", error));
}

function hint(rel, href) {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  if (rel === "preload") {
    link.as = "fetch";
    link.crossOrigin = "anonymous"; // as MicroPython's own fetch() asks
  }
  document.head.append(link);
}

// One MicroPython for every board, started with its own loader (web/python.js, as the
// play page's), not PyScript: no PyScript chunks fetched one after the other, none of
// PyScript's own Python compiled before the boards' (bench/many_boards.py: 24 boards
// ready in about 0.75x the time). The runtime, the zola modules' bytecode (one image,
// made by scripts/mpy.py, mounted by web/rom.py) and the glue (web/boards.py) are asked
// for at once; the glue runs once they are in MicroPython's file system. Python's output
// and errors go to the console (a host page is not ours to write on).
function boot() {
  const wasm = url(RUNTIME.replace(/mjs$/, "wasm"));
  const files = { "zola.rom": url("web/zola.rom"), "zola_rom.py": url("web/rom.py"), "zola_boards.py": url("web/boards.py") };
  // Asked for now, while web/python.js comes: MicroPython asks for its wasm once its
  // module runs, web/python.js for the files once it is here.
  for (const href of [wasm, ...Object.values(files)]) hint("preload", href);
  Promise.all([import(url("web/python.js")), import(url(RUNTIME))])
    .then(([{ startPython }, runtime]) => startPython({ runtime, wasm, files, code: "import zola_boards" }))
    .catch((error) => console.error("Zola boards: MicroPython did not start", error));
  domModule();
}

function start() {
  // connect, paint and keep are web/boards.py's; mounted() says how many boards are live.
  globalThis.zolaBoards = Object.freeze({ connect, paint, keep, mounted: () => byId.size });
  boot();
  const found = [...document.querySelectorAll(SELECTOR)];
  readSchemes(found);
  for (const element of found) take(element);
  watch();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", takeWaiting);
}

if (!globalThis[STARTED]) {
  globalThis[STARTED] = true;
  start();
}
