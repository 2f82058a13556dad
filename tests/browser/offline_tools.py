"""Helpers of the offline, update and install tests: the precache manifest, the
service worker's state as a page sees it, and copies of the site served from a
folder that a test can switch."""

from __future__ import annotations

import functools
import http.server
import importlib.util
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from chromium import MIME_TYPES

from scripts.site_folder import NOJEKYLL, site_files

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 60


def _load_precache():  # the scripts/precache.py module
    spec = importlib.util.spec_from_file_location("zola_precache", ROOT / "scripts" / "precache.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


precache = _load_precache()

# The URL of every file in the worker's precache, as the cache holds them
# (Workbox adds ?__WB_REVISION__=... to each).
PRECACHED = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("zola-precache-")) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const url = new URL(request.url);
      url.searchParams.delete("__WB_REVISION__");
      urls.push(url.href);
    }
  }
  return urls;
}"""

CACHE_SIZES = """async () => {
  const sizes = {};
  for (const name of await caches.keys()) {
    sizes[name] = (await (await caches.open(name)).keys()).length;
  }
  return sizes;
}"""

ACTIVE = """navigator.serviceWorker.getRegistration().then(
  (r) => !!(r && r.active && r.active.state === "activated"))"""

# Ask the browser to look for a new sw.js now; then wait for the new worker's
# install to end: "installed" (it waits to take over), "redundant" (it
# failed), or "none" when sw.js has not changed.
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  let found = null;
  registration.addEventListener("updatefound", () => (found = registration.installing));
  try {
    await registration.update();
  } catch (error) {
    return `update failed: ${error}`;
  }
  const worker = found || registration.installing || registration.waiting;
  if (!worker) return "none";
  const done = () => worker.state === "installed" || worker.state === "redundant";
  if (!done()) {
    await new Promise((resolve) => {
      worker.addEventListener("statechange", () => done() && resolve());
    });
  }
  return worker.state;
}"""


def manifest_urls(base: str, root: Path = ROOT) -> list[str]:
    return [f"{base}/{path}" for path in precache.precache_list(root)]


def wait_until(page, what: str, check: Callable[[], object], timeout_s: float = TIMEOUT_S):
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            errors = "\n  ".join(page.console_errors) if hasattr(page, "console_errors") else ""
            raise AssertionError(f"{what}: not after {timeout_s} s.\n  {errors or '(no errors)'}")
        page.wait_for_timeout(100)


def wait_for_boot(page) -> None:
    """Until the app has booted, through any navigation on the way (a worker that takes
    over answers the first one with a page that loads the app again)."""

    def ready() -> bool:
        try:
            return page.evaluate("document.body?.dataset.ready === '1'")
        except Exception as error:  # Playwright's Error
            if "context was destroyed" in str(error) or "navigat" in str(error):
                return False
            raise

    wait_until(page, "the app booting", ready)


def wait_for_precache(page, base: str, root: Path = ROOT) -> list[str]:
    """Once the worker is active and its cache holds every file of the manifest."""
    changed = precache.stale(root)
    if changed:  # the worker's install would fail on the first file that differs
        raise AssertionError(
            f"sw.js: the precache manifest is out of date for {', '.join(changed)}; "
            "run: python3 scripts/precache.py"
        )
    wanted = set(manifest_urls(base, root))

    def ready() -> list[str] | None:
        if not page.evaluate(ACTIVE):
            return None
        cached = page.evaluate(PRECACHED)
        return cached if wanted <= set(cached) else None

    return wait_until(page, "the service worker precaching the app", ready)


# ------------------------------------------------------------------ site copies

def copy_site(dest: Path) -> Path:
    """The site as ``scripts/site`` writes it (its own list of files), with the runtime's
    files linked rather than copied: ``append`` makes a real copy of one it changes."""
    for path in site_files(ROOT):
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.startswith("node_modules/"):
            target.symlink_to(ROOT / path)
        else:
            shutil.copy2(ROOT / path, target)
    (dest / NOJEKYLL).touch()
    return dest


def append(path: Path, text: str) -> None:
    """Add ``text`` to a file of a copy (a linked runtime file becomes a real copy)."""
    data = path.read_bytes()
    path.unlink()
    path.write_bytes(data + text.encode())


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES

    def __init__(self, *args, site: SwitchableSite, **kwargs) -> None:
        self.site = site
        super().__init__(*args, directory=str(site.root), **kwargs)

    def do_GET(self) -> None:
        delay = self.site.slow.get(self.path.split("?")[0], 0)
        if delay:
            time.sleep(delay)
        super().do_GET()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.site.log.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, format: str, *args: object) -> None:
        pass


class SwitchableSite:
    """One origin whose files come from ``root``, which a test may change at any time."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.log: list[tuple[str, int]] = []  # (path, status) of every request served
        self.slow: dict[str, float] = {}  # path -> seconds to wait before answering
        self.url = ""

    def served(self, suffix: str, status: int = 200) -> int:
        return sum(1 for path, code in self.log if path.endswith(suffix) and code == status)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        pass


@contextmanager
def serve(root: Path) -> Iterator[SwitchableSite]:
    site = SwitchableSite(root)
    server = _Server(("127.0.0.1", 0), functools.partial(_Handler, site=site))
    thread = threading.Thread(target=server.serve_forever, name="switchable-site", daemon=True)
    thread.start()
    site.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
