/**
 * `npm run bench:migrate`: memories per second of `memory migrate` (src/app/state/migration.ts) from an
 * embedded DATA_DIR (JSON state + the bundled Chroma) to PostgreSQL + pgvector (PGlite with `vector`
 * over the wire protocol, fixtures/pglite-server.ts) and to sqlite-vec, with the same (offline)
 * embedder, so no memory is embedded again; then the recall p50/p95 on each target right after
 * (`--queries` hybrid searches of random users, BM25 built on first use as after a start).
 *
 *   npm run bench:migrate -- [--memories 5000] [--users 50] [--queries 200]
 *   npm run bench:migrate -- --memories 100000 --users 1000      # the figure
 *
 * Prints one line per target, then one JSON object with every figure as its last line.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { parseConfig } from "../../src/config/config.js";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { openStateEndpoint, type StateEndpoint } from "../../src/app/state/state-endpoint.js";
import { migrateState } from "../../src/app/state/migration.js";
import type { Memory } from "../../src/core/types.js";
import { spawnPgliteServer } from "../../fixtures/pglite-server.js";
import { positiveInt } from "./lib/args.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { createRng } from "./lib/prng.js";
import { elapsedMs, round, summarize } from "./lib/stats.js";
import { generateMemories } from "./lib/synthetic-memories.js";

const TEAM = "T_BENCH";
const logger = pino({ level: "silent" });

async function endpoint(
  dir: string,
  indexType: string,
  env: Record<string, string> = {},
): Promise<StateEndpoint> {
  const toml = `[memory.vector]\nindex_type = "${indexType}"\n`;
  const config = parseConfig({
    EMBEDDER: "offline",
    OLLAMA_HOST: "http://127.0.0.1:9",
    DATA_DIR: path.join(dir, "data"),
    VECTOR_NAMESPACE_PREFIX: "bench",
    ...env,
  });
  return openStateEndpoint({ config, memoryConfig: parseMemoryConfig(toml), logger });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      memories: { type: "string", default: "5000" },
      users: { type: "string", default: "50" },
      queries: { type: "string", default: "200" },
    },
  });
  const total = positiveInt(values.memories);
  const users = positiveInt(values.users);
  const queries = positiveInt(values.queries);
  const rng = createRng(24);
  const synthetic = generateMemories(rng, total);
  const root = await mkdtemp(path.join(os.tmpdir(), "bench-migrate-"));
  const pglite = await spawnPgliteServer();
  const results: Record<string, unknown> = {};
  const source = await endpoint(path.join(root, "source"), "chroma");
  try {
    const loadStart = performance.now();
    for (let u = 0; u < users; u++) {
      const userId = `U${String(u).padStart(5, "0")}`;
      const mine: Memory[] = [];
      for (let i = u; i < total; i += users) {
        const channel = i % 5 === 0;
        mine.push({
          id: `m${i}`,
          text: synthetic[i]!.text,
          teamId: TEAM,
          userId,
          timestamp: Date.UTC(2026, 0, 1) + i * 1000,
          channelId: channel ? "C1" : `D${userId}`,
          channelType: channel ? "channel" : "im",
          source: "import",
        });
      }
      await source.stack.lifecycle.restore(mine);
    }
    console.error(
      `loaded ${total} memories of ${users} users into the embedded source in ${round(elapsedMs(loadStart) / 1000, 1)} s`,
    );
    const targets: Array<[string, () => Promise<StateEndpoint>]> = [
      ["pgvector", () => endpoint(path.join(root, "pg"), "pgvector", { DATABASE_URL: pglite.url })],
      ["sqlite-vec", () => endpoint(path.join(root, "sqlite"), "sqlite-vec")],
    ];
    for (const [name, openTarget] of targets) {
      const target = await openTarget();
      try {
        const start = performance.now();
        const report = await migrateState({
          source,
          target,
          checkpointFile: path.join(root, `${name}.checkpoint.json`),
          verify: false,
        });
        const seconds = elapsedMs(start) / 1000;
        const latencies: number[] = [];
        const qrng = createRng(7);
        for (let q = 0; q < queries; q++) {
          const i = qrng.int(0, total - 1);
          const userId = `U${String(i % users).padStart(5, "0")}`;
          const question = synthetic[i]!.questions[0] ?? synthetic[i]!.text;
          const t = performance.now();
          await target.stack.lifecycle.search(
            { teamId: TEAM, userId, channelId: `D${userId}`, channelType: "im" },
            question,
          );
          latencies.push(elapsedMs(t));
        }
        const recall = summarize(latencies);
        const figures = {
          memories: report.memories,
          seconds: round(seconds, 1),
          memoriesPerSecond: Math.round(report.memories / seconds),
          reembedded: report.reembedded,
          recallP50Ms: round(recall.p50, 1),
          recallP95Ms: round(recall.p95, 1),
        };
        results[name] = figures;
        console.log(
          `embedded → ${name}: ${figures.memories} memories in ${figures.seconds} s = ${figures.memoriesPerSecond}/s` +
            ` (vectors reused: ${!report.reembedded}); recall p50 ${figures.recallP50Ms} ms, p95 ${figures.recallP95Ms} ms`,
        );
        await target.stack.store.dropAll();
      } finally {
        await target.close();
      }
    }
  } finally {
    await source.close();
    await pglite.stop();
    await rm(root, { recursive: true, force: true });
  }
  console.log(`machine: ${describeMachine(machineInfo())}`);
  console.log(JSON.stringify({ total, users, queries, ...results }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
