// The play page's menus (<details class="menu">): one open at a time (their shared
// name), closed by a click outside it, by a button chosen in it, or by Escape, which
// gives the focus back to the menu's name. Only the DOM's disclosure state; every choice
// in a menu goes to Python.

const openMenus = () => document.querySelectorAll("details.menu[open]");

document.addEventListener("click", (event) => {
  for (const menu of openMenus()) {
    const inside = menu.contains(event.target);
    if (!inside || (event.target.closest("button") && !event.target.closest("summary"))) {
      menu.open = false;
    }
  }
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const menu of openMenus()) {
    menu.open = false;
    if (menu.contains(document.activeElement)) menu.querySelector("summary").focus();
  }
});
