// Runs Python on the page's MicroPython build, under Node: no browser needed.
//
//   node tests/micropython/run.mjs < job.json
//
// job.json is {"files": {"harness.py": "<text>", ...}, "binary": {"zola.rom":
// "<base64>", ...}, "code": "<python>"}: each file is written into MicroPython's
// file system (relative to "/"), then the code runs with the package importable. What the code prints goes to
// stdout; a Python error prints its traceback on stderr and exits with 1. "code" may be
// a list: each item then runs in a call of its own, as the page calls Python once an
// event (MicroPython collects garbage only between calls).
// MicroPython is loaded with PyScript's own settings (the default heap).
import { readFileSync } from "node:fs";
import { loadMicroPython } from "../../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";

const job = JSON.parse(readFileSync(0, "utf8"));
const mp = await loadMicroPython({
  linebuffer: false,
  stdout: (bytes) => process.stdout.write(bytes),
  stderr: (bytes) => process.stderr.write(bytes),
});
const files = Object.entries(job.files);
for (const [path, base64] of Object.entries(job.binary ?? {})) {
  files.push([path, Buffer.from(base64, "base64")]);
}
for (const [path, source] of files) {
  const folders = path.split("/").slice(0, -1);
  for (let i = 1; i <= folders.length; i++) {
    const folder = "/" + folders.slice(0, i).join("/");
    if (!mp.FS.analyzePath(folder).exists) mp.FS.mkdir(folder);
  }
  mp.FS.writeFile("/" + path, source);
}
try {
  for (const code of Array.isArray(job.code) ? job.code : [job.code]) mp.runPython(code);
} catch (error) {
  if (error.name !== "PythonError") throw error;
  process.stderr.write(error.message);
  process.exitCode = 1;
}
