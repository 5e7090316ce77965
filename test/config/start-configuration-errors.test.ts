/**
 * `npm start`'s exit for a configuration error: whether the error is found while the configuration is
 * read or while the parts it names start (an index type without its server, a dimension the model
 * does not produce), it is one line `Configuration error: …` naming the key, and exit code 2.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEAD_OLLAMA } from "../support/test-assistant.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const tsxCli = path.join(repoRoot, "node_modules/tsx/dist/cli.mjs"); // what `npm start` runs

/** Runs `npm start`'s entry point in local mode with `memoryToml` and collects how it ended. */
async function start(cwd: string, memoryToml: string): Promise<{ code: number | null; stderr: string }> {
  await writeFile(path.join(cwd, "memory.toml"), memoryToml);
  const child = spawn(process.execPath, [tsxCli, path.join(repoRoot, "src/main.ts")], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: cwd,
      OLLAMA_HOST: DEAD_OLLAMA,
      PORT: "0",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stderr };
}

describe("npm start with a configuration the parts refuse at start", () => {
  let cwd: string;
  beforeAll(async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "config-start-"));
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it('exits 2 with "Configuration error:" for index_type "pgvector" without DATABASE_URL', async () => {
    const run = await start(cwd, '[memory.vector]\nindex_type = "pgvector"\n');
    expect(run.stderr).toBe(
      'Configuration error: memory.vector.index_type "pgvector" needs DATABASE_URL (postgres://user:password@host:5432/db)\n',
    );
    expect(run.code).toBe(2);
  }, 60_000);

  it("exits 2 naming memory.embeddings.dimension when the embedder's vectors have another size", async () => {
    // The built-in offline embedder makes 512-dimensional vectors.
    const run = await start(
      cwd,
      '[memory.embeddings]\nprovider = "offline"\ndimension = 768\n[memory.vector]\nindex_type = "memory"\n',
    );
    expect(run.stderr).toMatch(
      /^Configuration error: memory\.embeddings\.dimension: 768, but the embedder .* makes 512-dimensional vectors/,
    );
    expect(run.stderr.split("\n")).toHaveLength(2); // one line
    expect(run.code).toBe(2);
  }, 60_000);
});
