// Registers ../sw.js so that the app works offline after the first visit, and
// tells it every same-origin file this page loaded: the first visit starts
// before the service worker controls the page, so the worker would otherwise
// miss what was fetched until then. Failures never break the page.

const warn = (what, error) => console.warn(`zola offline: ${what}`, error);

async function start() {
  const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
  await navigator.serviceWorker.ready;
  const worker = () => navigator.serviceWorker.controller || registration.active;

  const sent = new Set();
  const post = (urls) => {
    const fresh = [];
    for (const text of urls) {
      let url;
      try {
        url = new URL(text, location.href);
      } catch {
        continue;
      }
      url.hash = "";
      if (url.origin !== location.origin || sent.has(url.href)) continue;
      sent.add(url.href);
      fresh.push(url.href);
    }
    const target = worker();
    if (fresh.length && target) target.postMessage({ type: "cache", urls: fresh });
  };

  // The page itself; the Python scripts and configs it names, now and when
  // added later (a worker fetches its own files, out of this page's sight);
  // then every resource loaded so far and from now on.
  const PY = "script[type='py'], script[type='mpy']";
  const named = (scripts) =>
    scripts.flatMap((script) => [script.getAttribute("src"), script.getAttribute("config")].filter(Boolean));
  post([location.href, ...named([...document.querySelectorAll(PY)])]);
  new MutationObserver((records) => {
    const added = records.flatMap((record) => [...record.addedNodes]);
    post(named(added.filter((node) => node.nodeType === Node.ELEMENT_NODE && node.matches(PY))));
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => post(list.getEntries().map((entry) => entry.name))).observe({
    type: "resource",
    buffered: true,
  });
  // A new version of the worker starts with what the old one held, but may
  // have missed this page: tell it again.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const all = [...sent];
    sent.clear();
    post(all);
  });
}

// Python's boot comes first: the worker's caching waits until the board is ready.
const booted = () =>
  new Promise((resolve) => {
    const ready = () => document.body?.dataset.ready === "1";
    if (ready()) return resolve();
    const observer = new MutationObserver(() => {
      if (ready()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(document.documentElement, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-ready"],
    });
  });

if ("serviceWorker" in navigator) {
  booted()
    .then(start)
    .catch((error) => warn("no offline support", error));
}
