// The play page's Python: one MicroPython on the page's main thread, started here (no
// PyScript on the main thread: web/python.js), running web/boot.py, which mounts the zola
// modules' image and runs the page's glue (web/main.py, compiled into it). The glue
// imports web/board.js (the board in the DOM) as ``board_dom`` and web/sound.js as
// ``sound``, and starts the computer's worker through ``computer`` (below) when it needs
// it. Should Python not start, the page says so in its status line (the console has
// the details), rather than staying a page whose buttons do nothing.

import * as runtime from "../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
import * as board from "./board.js";
import * as sound from "./sound.js";
import { startPython } from "./python.js";

const here = (path) => new URL(path, import.meta.url).href;
// The files the page's MicroPython reads, by the names its Python imports them with.
const FILES = { "zola.rom": "zola.rom", "zola_rom.py": "rom.py", "zola_boot.py": "boot.py" };
// The computer: a Pyodide worker run by PyScript (its config: pyscript.toml), loaded
// only when the page first asks for it. ``start()`` answers a promise of the functions
// the worker exports (zola.engine.protocol.WORKER_FUNCTIONS), once its Python has run.
const PYSCRIPT = "../node_modules/@pyscript/core/dist/core.js";
let worker = null;
const computer = {
  start() {
    worker ??= import(here(PYSCRIPT)).then(async () => {
      const script = document.createElement("script");
      script.type = "py";
      script.src = "./web/ai_worker.py";
      script.setAttribute("worker", "");
      script.setAttribute("name", "ai");
      script.setAttribute("config", "./pyscript.toml");
      document.body.append(script);
      // PyScript gives the element its worker once it has read the config (the page
      // gives up on the worker itself, zola.page.computer.WORKER_BOOT_SECONDS).
      for (let waited = 0; !script.xworker; waited += 20) {
        if (waited > 90_000) throw new Error("PyScript did not start the computer's worker");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await script.xworker.ready;
      return script.xworker.sync;
    });
    return worker;
  },
};

startPython({
  runtime,
  wasm: here("../node_modules/@micropython/micropython-webassembly-pyscript/micropython.wasm"),
  files: Object.fromEntries(Object.entries(FILES).map(([name, path]) => [name, here(path)])),
  modules: { board_dom: board, sound, computer },
  code: "import zola_boot",
}).catch((error) => {
  console.error("Zola: Python did not start", error);
  document.body.dataset.problem = "1";
  const status = document.getElementById("status");
  if (status) status.textContent = "The game could not start in this browser. Reload the page to try again.";
});
