// @ts-check
// `npm run build`: src/ → plain JavaScript that `node dist/main.js` runs without tsx or any
// devDependency. Three steps: empty the output folder (a deleted source leaves no stale .js behind),
// compile with tsconfig.build.json, then copy every file of src/ that is not TypeScript (SQL
// migrations, the console's CSS/SVG, its worker .mjs, …) to the same relative place, because src/
// reads them beside itself (`new URL("./x", import.meta.url)`). Plain JavaScript, so the build needs
// nothing but Node and the compiler.
//
// Usage: node tools/scripts/build.mjs [outDir]   (default: dist; tests build into a temp folder)
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import process from "node:process";

const REPO = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(REPO, "src");
const outDir = path.resolve(process.argv[2] ?? path.join(REPO, "dist"));

/** True for a file the compiler handles (sources and declarations): everything else is copied. */
function isTypeScript(name) {
  return name.endsWith(".ts") || name.endsWith(".mts") || name.endsWith(".cts");
}

/** Copies the non-TypeScript files under `dir` (relative to src/) into the output; returns how many. */
function copyAssets(dir) {
  let copied = 0;
  for (const entry of readdirSync(path.join(SRC, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) copied += copyAssets(relative);
    else if (entry.isFile() && !isTypeScript(entry.name)) {
      mkdirSync(path.join(outDir, dir), { recursive: true });
      copyFileSync(path.join(SRC, relative), path.join(outDir, relative));
      copied += 1;
    }
  }
  return copied;
}

// The folder is emptied first: never one that holds the repository or the sources.
const inside = (dir, parent) => !path.relative(parent, dir).startsWith("..");
if (inside(REPO, outDir) || inside(outDir, SRC)) {
  process.stderr.write(`build: refusing to empty ${outDir} (it holds the repository or src/)\n`);
  process.exit(2);
}
rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const compiled = spawnSync(
  process.execPath,
  [tsc, "-p", path.join(REPO, "tsconfig.build.json"), "--outDir", outDir],
  { stdio: "inherit" },
);
if (compiled.status !== 0) {
  process.stderr.write(`build: tsc failed (exit ${compiled.status ?? compiled.signal})\n`);
  process.exit(1);
}
const assets = copyAssets("");
process.stdout.write(`build: compiled src/ and copied ${assets} asset file(s) to ${outDir}\n`);
