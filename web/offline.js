// Registers ../sw.js, which precaches the whole app (runtime included) so that
// it works offline after one visit. Failures never break the page.
//
// - Registration waits until the board is ready: the page comes first.
// - Embeds do not register: a page inside another page's frame, or with
//   `embed` in its link. A document full of boards stays light; the worker
//   precaches ~15 MB, for the full app. (An embed on a site where the app is
//   already installed is still served by the worker, from its cache.)
// - A page never runs on two versions of the app: a new version takes over
//   on a load when no other page of the app is open (this page says when it
//   is being left), and should the worker that serves a page change anyway
//   while it is open, the page reloads from the new one. The game lives in
//   the link and in the browser's storage, so nothing is lost.
// - A new version that cannot install because the server sends a file with
//   other bytes than sw.js lists: the worker names the file, and this script
//   hands it to the page's Python (event "zola:differs"), which says so.

const warn = (what, error) => console.warn(`zola offline: ${what}`, error);

// (Called once the board is ready: Python has read the link and marked the body.)
function embedded() {
  return window.parent !== window || !!document.body?.classList.contains("embed");
}

// Python's boot comes first: registration waits until the board is ready.
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

async function register() {
  await booted();
  if (embedded()) return;
  await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), {
    updateViaCache: "none", // check sw.js and its scripts with the server, not the HTTP cache
  });
}

function start() {
  const workers = navigator.serviceWorker; // throws in a sandboxed frame (an opaque origin)
  const servedBy = workers.controller;
  workers.addEventListener("controllerchange", () => {
    if (servedBy) location.reload();
  });
  // A new version may take over on the next load only if no other page of
  // the app stays open: tell the worker this one is going.
  addEventListener("beforeunload", () => workers.controller?.postMessage({ type: "LEAVING" }));
  workers.addEventListener("message", async (event) => {
    if (event.data?.type !== "DIFFERS") return;
    await booted(); // web/main.py listens from then on
    dispatchEvent(new CustomEvent("zola:differs", { detail: event.data }));
  });
  if (!embedded()) register().catch((error) => warn("no offline support", error));
}

if ("serviceWorker" in navigator) {
  try {
    start();
  } catch (error) {
    warn("no offline support", error);
  }
}
