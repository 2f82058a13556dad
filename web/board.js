// A Zola board in the DOM, for the play page (web/main.py) and the live boards of a docs
// page (web/boards.js) alike: what a board's events are, how a new drawing is shown, and
// how the move looked at is kept in sight. Every decision is made in zola; this file
// only reads the DOM and writes what it is given.

import { animate, copyOf } from "./motion.js";

// The square (its name) under the pointer in root, a document or a shadow root: not the
// one a touch started on.
export function squareAt(root, event) {
  const hit = root.elementFromPoint(event.clientX, event.clientY);
  return hit?.closest("[data-square]")?.dataset.square ?? null;
}

// Take a board's events in container (root: its document or shadow root) to handlers,
// each optional: action(name) for a [data-do] button, node(number) for a move of the move
// list, square(name) for a click on a square, key(key, onSquare) for a key (it answers
// whether it used the key, which then goes no further), drag(from, to) for a drag with
// the main button from one square to another (played like two clicks), and mark(from,
// to) for one with the other button or a finger held still for half a second (a note:
// the same square marks it, another draws an arrow; the browser's menu stays away).
export function listen(container, root, handlers) {
  let noted = false; // a held finger just made a note: its click selects nothing
  container.addEventListener("click", (event) => {
    if (noted) return void (noted = false);
    const target = event.target;
    const action = target.closest("[data-do]");
    if (action && handlers.action) return handlers.action(action.dataset.do);
    const node = target.closest("[data-node]");
    if (node && handlers.node) return handlers.node(Number(node.dataset.node));
    const square = target.closest("[data-square]");
    if (square && handlers.square) handlers.square(square.dataset.square);
  });
  container.addEventListener("keydown", (event) => {
    if (!handlers.key || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (handlers.key(event.key, !!event.target.closest?.("[data-square]")) === true) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  let from = null; // the square a drag started on, its button and point, and its lift
  container.addEventListener("pointerdown", (event) => {
    noted = false;
    clearTimeout(from?.hold);
    const square = squareAt(root, event);
    from = square ? { square, button: event.button, x: event.clientX, y: event.clientY } : null;
    if (from && event.pointerType === "touch" && handlers.mark) {
      // A finger held still is the other button: a note, where it is lifted.
      const pressed = from;
      pressed.hold = setTimeout(() => (pressed.button = 2), HOLD_MS);
    }
  });
  container.addEventListener("pointermove", (event) => {
    if (!from || from.button !== 0 || !handlers.drag) return;
    if (!from.lift && Math.hypot(event.clientX - from.x, event.clientY - from.y) < LIFT_PX) return;
    clearTimeout(from.hold); // a drag, not a hold
    if (!("lift" in from)) from.lift = lift(container, from.square, event); // (null: no checker)
    from.lift?.follow(event);
  });
  const drop = () => {
    clearTimeout(from?.hold);
    from?.lift?.drop();
    from = null;
  };
  container.addEventListener("pointercancel", drop);
  container.addEventListener("pointerup", (event) => {
    const start = from;
    drop();
    const held = start?.button === 2 && event.pointerType === "touch"; // (held still)
    const to = start && (held || start.button === event.button) ? squareAt(root, event) : null;
    if (!to) return;
    if (start.button === 2 && handlers.mark) {
      noted = held;
      handlers.mark(start.square, to);
    }
    else if (start.button === 0 && to !== start.square && handlers.drag) {
      if (start.lift) dropped.add(container); // it is where it was dropped: no slide there
      handlers.drag(start.square, to);
    }
  });
  if (handlers.mark) container.addEventListener("contextmenu", (event) => event.preventDefault());
}

// A checker lifted by a drag follows the pointer: a copy of it over the board (the
// real one faded) until the drop, which zola judges like two clicks. Only the drawing:
// nothing here decides whether the move is legal.
const LIFT_PX = 6; // how far the pointer goes, pressed, before a press becomes a drag
const HOLD_MS = 500; // how long a finger held still on a square takes to become a note
const SVG_NS = "http://www.w3.org/2000/svg";
const dropped = new WeakSet(); // containers whose next drawing comes from a drop

function lift(container, square, event) {
  const svg = container.querySelector("svg[data-position]");
  const parts = svg ? [...svg.querySelectorAll(`[data-on="${square}"]`)] : [];
  const matrix = svg?.getScreenCTM()?.inverse();
  if (!parts.length || !matrix) return null;
  const held = document.createElementNS(SVG_NS, "g");
  held.setAttribute("class", "lifted");
  held.setAttribute("pointer-events", "none");
  held.setAttribute("aria-hidden", "true");
  for (const part of parts) {
    held.append(copyOf(part));
    part.style.opacity = "0.3";
  }
  svg.append(held);
  const at = (e) => new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix);
  const start = at(event);
  try {
    container.setPointerCapture(event.pointerId); // followed off the board too
  } catch {}
  return {
    follow(e) {
      const now = at(e);
      held.setAttribute("transform", `translate(${now.x - start.x} ${now.y - start.y})`);
    },
    drop() {
      held.remove();
      for (const part of parts) part.style.opacity = "";
    },
  };
}

// Show a new drawing of the board in container (SVG made by zola.draw.svg, which escapes
// every text): the keyboard stays on the board (on its cursor's square), and the move
// slides (motion: a zola.page.screen.Motion's fields, or null). It never throws: the
// page's MicroPython cannot catch a JavaScript exception.
export function show(container, svg, motion) {
  const active = container.getRootNode().activeElement;
  const hadFocus = !!active && active !== container && container.contains(active);
  container.innerHTML = svg;
  if (hadFocus) (container.querySelector('[tabindex="0"]') ?? container).focus();
  animate(container, dropped.delete(container) ? null : motion);
}

// Keep the move looked at (button.current) in sight in its list, never scrolling the
// page: once a frame for every list, so that many boards lay the page out once.
const lists = new Set();
export function keepInSight(list) {
  if (!lists.size) requestAnimationFrame(() => {
    for (const moves of lists) {
      const current = moves.querySelector("button.current");
      if (current) moves.scrollTop = current.offsetTop - moves.clientHeight / 2;
    }
    lists.clear();
  });
  lists.add(list);
}
