/**
 * Cold against warm recall at 10k memories: the benchmark that came with BM25 on demand
 * (`tools/bench/bm25-cold.ts`: MemorySearch.search on one user's memories, the first search after the
 * user's index was dropped against later ones), run as a child process; its output is echoed and its
 * last line (one JSON object) returned.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "../../..");
const TSX_CLI = path.join(REPO, "node_modules/tsx/dist/cli.mjs");
const BM25_COLD_SCRIPT = path.join(REPO, "tools/bench/bm25-cold.ts");

/** Runs tools/bench/bm25-cold.ts with `args`; resolves with its JSON line. */
export async function runColdBench(args: readonly string[]): Promise<Record<string, unknown>> {
  const child = spawn(process.execPath, [TSX_CLI, BM25_COLD_SCRIPT, ...args], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let last = "";
  let partial = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("{")) last = line;
      else console.log(`  [bm25-cold] ${line}`);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (partial.startsWith("{")) last = partial;
  if (code !== 0 || last === "") throw new Error(`tools/bench/bm25-cold.ts failed (exit ${code})`);
  return JSON.parse(last) as Record<string, unknown>;
}
