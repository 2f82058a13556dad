// The browser calls that may throw, made safe for the page's MicroPython: a
// JavaScript exception cannot be caught there (it stops the whole script), so
// these return null, false or a promise of true/false instead of throwing.
// Storage throws in an iframe whose browser blocks third-party storage;
// setItem when the quota is full; replaceState when called too often.

const store = (name) => {
  try {
    return window[name] || null;
  } catch {
    return null;
  }
};

let read = location.hash; // the address as the page last read or wrote it

window.zolaSafe = {
  get(name, key) {
    try {
      return store(name)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(name, key, value) {
    try {
      store(name)?.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(name, key) {
    try {
      store(name)?.removeItem(key);
    } catch {
      // nothing to remove then
    }
  },
  // A value's length, or null when there is none: measured here, so that a value too
  // long for the page's Python never reaches it (zola.page.saved.Saved.read).
  size(name, key) {
    try {
      return store(name)?.getItem(key)?.length ?? null;
    } catch {
      return null;
    }
  },
  // Put a value under another key without handing it to Python. When the storage is too
  // full to hold it twice, its old place is freed first; it stays there if it fits nowhere.
  move(name, key, to) {
    const storage = store(name);
    try {
      const value = storage?.getItem(key);
      if (value == null) return;
      try {
        storage.setItem(to, value);
      } catch {
        storage.removeItem(key);
        try {
          storage.setItem(to, value);
        } catch {
          storage.setItem(key, value);
          return;
        }
      }
      storage.removeItem(key);
    } catch {
      // a storage that refuses: the value stays where it was
    }
  },
  // The address's fragment (without its "#"), or a property of a message, cut to `limit`
  // characters: no more crosses into Python, however long the text (a link of megabytes).
  hash(limit) {
    read = location.hash;
    return read.slice(1, 1 + limit);
  },
  base() {
    return location.href.split("#")[0];
  },
  text(object, name, limit) {
    try {
      const value = object?.[name];
      return typeof value === "string" ? value.slice(0, limit) : null;
    } catch {
      return null; // a getter that throws
    }
  },
  // The page's game into the address, unless the reader changed the address since the
  // page last read it: then its hashchange is on its way, and that game wins.
  replaceHash(hash) {
    if (location.hash !== read || location.hash === hash) return;
    try {
      history.replaceState(null, "", hash);
      read = location.hash;
    } catch {
      // the address keeps the previous game; the next change writes it
    }
  },
  post(target, message, origin) {
    try {
      target.postMessage(message, origin);
    } catch {
      // the host is gone or refuses: nothing to tell
    }
  },
  // Call `callback` (without arguments) once the browser is idle, or after `ms` at most.
  whenIdle(callback, ms) {
    const call = () => callback();
    if (typeof requestIdleCallback === "function") requestIdleCallback(call, { timeout: ms });
    else setTimeout(call, 1);
  },
  // A file of the site as text: a promise of [true, text] or [false, why not].
  fetchText(path) {
    try {
      return fetch(path).then(
        (response) => (response.ok ? response.text().then((text) => [true, text])
          : [false, `${response.status} ${response.statusText}`.trim()]),
        (error) => [false, String(error)],
      ).catch((error) => [false, String(error)]);
    } catch (error) {
      return Promise.resolve([false, String(error)]);
    }
  },
  copy(text) {
    try {
      return navigator.clipboard.writeText(text).then(() => true, () => false);
    } catch {
      return Promise.resolve(false);
    }
  },
  // Save an SVG document as a file, or as a PNG drawn from it here (nothing is sent).
  download(name, svg, asPng) {
    const save = (blob) => {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    };
    if (!asPng) {
      save(new Blob([svg], { type: "image/svg+xml" }));
      return;
    }
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement("canvas");
      const scale = 1200 / image.naturalWidth;
      canvas.width = 1200;
      canvas.height = Math.round(image.naturalHeight * scale);
      canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => blob && save(blob), "image/png");
    };
    const bytes = new TextEncoder().encode(svg);
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    image.src = "data:image/svg+xml;base64," + btoa(binary);
  },
  // An embed tells the page around it the height it needs at its width, whenever that
  // changes: {type: "zola:resize", height} (a square board above the panel).
  reportHeight(target, origin) {
    const panel = document.querySelector("aside.panel"); // (body.panel: the `panel` word)
    const area = document.querySelector(".board-area");
    let last = 0;
    const report = () => {
      const gap = parseFloat(getComputedStyle(document.querySelector(".layout")).rowGap) || 0;
      const height = Math.ceil(area.clientWidth + gap + panel.offsetHeight);
      if (height !== last) {
        last = height;
        this.post(target, { type: "zola:resize", height }, origin);
      }
    };
    new ResizeObserver(report).observe(panel);
    window.addEventListener("resize", report);
    report();
  },
};
