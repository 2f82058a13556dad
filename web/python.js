// One MicroPython started for a page, with MicroPython's own WebAssembly loader (no
// PyScript on the page's main thread): the play page's (web/play.js) and the live
// boards' (web/boards.js). The zola modules' bytecode comes as one image (web/zola.rom,
// made by scripts/mpy.py) which web/rom.py mounts; the page's glue is a Python file the
// caller names. Python's output and errors go to the console.

// Fetch ``href``; a file the server does not send (a 404 page, say) is an error naming it.
function fetchFile(href) {
  return fetch(href).then((response) => {
    if (!response.ok) throw new Error(`${href}: ${response.status} ${response.statusText}`);
    return response;
  });
}

// Start MicroPython (``runtime``: micropython.mjs's module, its ``wasm`` beside it), put
// ``files`` (file system name -> address) in its file system, offer ``modules`` (name ->
// JavaScript module) to its imports, and run ``code``. All files are fetched at once,
// while MicroPython starts; the promise fails naming what did not come.
export async function startPython({ runtime, wasm, files, modules = {}, code }) {
  const names = Object.keys(files);
  const [contents, mp] = await Promise.all([
    Promise.all(names.map((name) => fetchFile(files[name]).then((response) => response.arrayBuffer()))),
    runtime.loadMicroPython({
      url: wasm,
      linebuffer: false,
      stdout: (text) => console.log(text),
      stderr: (text) => console.error(text),
    }),
  ]);
  names.forEach((name, at) => mp.FS.writeFile(name, new Uint8Array(contents[at])));
  for (const [name, module] of Object.entries(modules)) mp.registerJsModule(name, module);
  mp.runPython(code);
  return mp;
}
