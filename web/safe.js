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
  replaceHash(hash) {
    try {
      history.replaceState(null, "", hash);
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
  copy(text) {
    try {
      return navigator.clipboard.writeText(text).then(() => true, () => false);
    } catch {
      return Promise.resolve(false);
    }
  },
};
