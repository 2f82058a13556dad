// A Zola board in the DOM, for the play page (web/main.py) and the live boards of a docs
// page (web/boards.js) alike: what a board's events are, how a new drawing is shown, and
// how the move looked at is kept in sight. Every decision is made in zola; this file
// only reads the DOM and writes what it is given.

import { animate } from "./motion.js";

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
// to) for one with the other button (a note: the same square marks it, another draws an
// arrow; the browser's menu stays away).
export function listen(container, root, handlers) {
  container.addEventListener("click", (event) => {
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
  let from = null; // the square a drag started on, and its button
  container.addEventListener("pointerdown", (event) => {
    const square = squareAt(root, event);
    from = square ? { square, button: event.button } : null;
  });
  container.addEventListener("pointerup", (event) => {
    const start = from;
    from = null;
    const to = start && start.button === event.button ? squareAt(root, event) : null;
    if (!to) return;
    if (event.button === 2 && handlers.mark) handlers.mark(start.square, to);
    else if (event.button === 0 && to !== start.square && handlers.drag) handlers.drag(start.square, to);
  });
  if (handlers.mark) container.addEventListener("contextmenu", (event) => event.preventDefault());
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
  animate(container, motion);
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
