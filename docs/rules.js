// The rules page in the reader's language, before it shows: the language chosen with
// the app's switch (kept in localStorage as "zola-language"; a click on one of this
// page's language links chooses too) takes the reader to its page; without a choice,
// rules.html, the page links to the rules name, turns to the first of the browser's
// languages it is written in. The page's live board speaks the page's <html lang>.
(() => {
  const KEY = "zola-language";
  const PAGES = { en: "rules.html", de: "rules.de.html", es: "rules.es.html",
    fr: "rules.fr.html", it: "rules.it.html", nl: "rules.nl.html" };
  const here = document.documentElement.lang;
  let chosen = null;
  try {
    chosen = localStorage.getItem(KEY);
  } catch {
    // storage off (a private window, a blocked site): the browser's languages decide
  }
  const browser = (navigator.languages || [navigator.language || ""])
    .map((tag) => String(tag).split("-")[0].toLowerCase())
    .find((language) => language in PAGES);
  const wanted = chosen in PAGES ? chosen : here === "en" && browser ? browser : here;
  if (wanted !== here) {
    location.replace(new URL(PAGES[wanted], location.href).href + location.hash);
    return;
  }
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[data-language]");
    if (!link) return;
    try {
      localStorage.setItem(KEY, link.dataset.language);
    } catch {
      // the link still goes there
    }
  });
})();

// The page's colours, before it shows: the reader's choice in the app (kept in
// localStorage as "zola-scheme": "auto", the system's, "light" or "dark"; "auto" without
// one) marks <html> as a docs theme does (data-theme), which rules.css, the figures and
// the live board all follow; a choice made in another tab reaches this page at once.
(() => {
  const KEY = "zola-scheme";
  const SCHEMES = ["auto", "light", "dark"];
  const show = () => {
    let chosen = null;
    try {
      chosen = localStorage.getItem(KEY);
    } catch {
      // storage off: the system's colours
    }
    document.documentElement.dataset.theme = SCHEMES.includes(chosen) ? chosen : "auto";
  };
  show();
  addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) show();
  });
})();
