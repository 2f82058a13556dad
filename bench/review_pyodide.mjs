// The review of a game by zola.engine.analysis.review in Pyodide (the computer's
// runtime) under Node, for bench/review_page.py: prints [CPU seconds of the review,
// its text] as JSON. The CPU time leaves out what other processes take.
//
//   node bench/review_pyodide.mjs CHECKOUT RECORD
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [checkout, record] = process.argv.slice(2);
const pyodide = await loadPyodide();

function copy(folder, to) {  // the checkout's package into Pyodide's file system
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copy(path, `${to}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
    }
  }
}

copy(join(checkout, "zola"), "/home/pyodide/zola");
pyodide.runPython(
  "from zola.engine.analysis import review\n" +
  "from zola.rules.record import decode\n" +
  "from zola.rules.review import review_text\n",
);
pyodide.globals.set("record", record);
const before = process.cpuUsage();
const text = pyodide.runPython("review_text(review(decode(record)))");
const used = process.cpuUsage(before);
console.log(JSON.stringify([(used.user + used.system) / 1e6, text]));
