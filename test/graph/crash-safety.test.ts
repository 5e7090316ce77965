import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JsonPropertyGraphStore } from "../../src/stores/json-graph-store.js";
import { makeTempDir } from "./fixtures/factories.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WRITER = join(ROOT, "test/graph/fixtures/graph-writer.ts");
const ITERATIONS = 15;
const MAX_KILL_DELAY_MS = 250;

/** Starts the writer and resolves once it has loaded the graph. */
async function startWriter(dataDir: string): Promise<{ kill: () => Promise<void>; writes: () => number }> {
  const child = spawn(process.execPath, ["--import", "tsx", WRITER, dataDir], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = once(child, "exit");
  while (!out.includes("ready\n")) {
    if (child.exitCode !== null) throw new Error(`writer exited early: ${err}`);
    await sleep(5);
  }
  return {
    writes: () => out.split("\n").filter((line) => line.startsWith("wrote ")).length,
    kill: async () => {
      child.kill("SIGKILL");
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      if (signal !== "SIGKILL") throw new Error(`writer ended by itself (code ${code}): ${err}`);
    },
  };
}

describe("JsonPropertyGraphStore crash safety", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(async () => cleanup());

  it("leaves a parsable, loadable graph file whenever the writer is SIGKILLed", async () => {
    const store = new JsonPropertyGraphStore({ dataDir: dir, teamId: "T_CRASH", userId: "U_CRASH" });
    let totalWrites = 0;
    let previousNodes = 0;
    for (let i = 0; i < ITERATIONS; i += 1) {
      const writer = await startWriter(dir);
      await sleep(Math.floor(Math.random() * MAX_KILL_DELAY_MS));
      await writer.kill();
      totalWrites += writer.writes();
      if (totalWrites === 0) continue; // killed before the first write: no file yet is fine
      const text = await readFile(store.filePath, "utf8");
      const json = JSON.parse(text) as { nodes: unknown[] };
      await store.load();
      const nodes = await store.get();
      expect(nodes.length).toBe(json.nodes.length);
      // Writes only ever add or update nodes, so a later file never has fewer.
      expect(nodes.length).toBeGreaterThanOrEqual(previousNodes);
      previousNodes = nodes.length;
    }
    expect(totalWrites).toBeGreaterThan(0);
  }, 120_000);
});
