// Offline support: after the first visit, the app works without a network.
//
// One cache, named after this file's version and the runtime it holds. Bump
// VERSION when this file's caching changes; the runtime part must follow
// package.json (a test checks it), because the runtime is served cache-first.
// A new name makes the browser install this worker afresh: `install` copies
// what the old cache held (fresh from the network when it can), `activate`
// deletes every other cache of this app.
//
// Strategy (same-origin GET requests only; anything else is not touched):
//   node_modules/...   cache first: the self-hosted PyScript and Pyodide
//                      (~14 MB) never change under one version of this file.
//   everything else    network first, the cache as the fallback: the app's
//                      own files (index.html, pyscript.toml, web/, zola/,
//                      docs/) show an update at once when online.
// Responses served while this worker is in control are cached as they pass.
// The first visit is not controlled from its start, so web/offline.js posts
// {type: "cache", urls: [...]} with every same-origin URL the page loaded,
// and those are added to the cache here.

const VERSION = "1";
const RUNTIME = "pyscript-0.7.31_pyodide-314.0.7";
const PREFIX = "zola-";
const CACHE = `${PREFIX}v${VERSION}_${RUNTIME}`;

const SCOPE = new URL(self.registration.scope);
const RUNTIME_PATH = new URL("node_modules/", SCOPE).pathname;

function inScope(url) {
  return url.origin === SCOPE.origin && url.pathname.startsWith(SCOPE.pathname);
}

function cacheable(response) {
  return response && response.ok && response.type === "basic";
}

async function put(cache, request, response) {
  try {
    await cache.put(request, response);
  } catch (error) {
    console.warn("zola offline: could not cache", request.url || request, error);
  }
}

// ------------------------------------------------------------------ lifecycle

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      for (const name of older) {
        const old = await caches.open(name);
        for (const request of await old.keys()) {
          if (await cache.match(request)) continue;
          let response;
          try {
            response = await fetch(request.url, { cache: "reload" });
          } catch {
            response = await old.match(request); // offline: the old copy rather than nothing
          }
          if (cacheable(response)) await put(cache, request, response);
        }
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

// ------------------------------------------------------------ the page's list

async function addAll(urls) {
  const cache = await caches.open(CACHE);
  for (const text of urls) {
    let url;
    try {
      url = new URL(text, SCOPE);
    } catch {
      continue;
    }
    url.hash = "";
    if (!inScope(url) || url.href === new URL("sw.js", SCOPE).href) continue;
    if (await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (cacheable(response)) await put(cache, url.href, response);
    } catch (error) {
      console.warn("zola offline: could not fetch", url.href, error);
    }
  }
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "cache" && Array.isArray(data.urls)) {
    event.waitUntil(addAll(data.urls));
  }
});

// -------------------------------------------------------------------- fetches

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit || request.mode !== "navigate") return hit;
  // "./" and "./index.html" are the same page.
  const url = new URL(request.url);
  url.search = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  else if (url.pathname.endsWith("/index.html")) url.pathname = url.pathname.slice(0, -"index.html".length);
  else return undefined;
  return cache.match(url.href);
}

async function cacheFirst(event) {
  const hit = await fromCache(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (cacheable(response)) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => put(cache, event.request, copy)));
  }
  return response;
}

async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    if (cacheable(response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => put(cache, event.request, copy)));
    }
    return response;
  } catch (error) {
    const hit = await fromCache(event.request);
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!inScope(url)) return;
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  if (request.headers.has("range")) return;
  event.respondWith(url.pathname.startsWith(RUNTIME_PATH) ? cacheFirst(event) : networkFirst(event));
});
