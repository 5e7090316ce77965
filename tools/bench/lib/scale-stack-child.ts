/**
 * The scale benchmark's baseline, in a process of its own: opens the memory stack on the dataset's
 * DATA_DIR (as the app does at start) and, with `--build all`, builds every user's BM25 index from a
 * full `store.scan()`, one memory at a time into a per-user KeywordIndex — what the app did at start
 * before BM25 was built on demand. `--build none` stops after opening (the same process without the
 * build). Then one recall of `--user`, as the app's first. Prints one JSON line ({@link StackChildReport}).
 *
 *   node --import tsx tools/bench/lib/scale-stack-child.ts --build all|none --user U --query "…"
 *   (env: DATA_DIR, MEMORY_CONFIG, EMBEDDER=offline)
 */
import { parseArgs } from "node:util";
import { pino } from "pino";
import { loadSettings } from "../../../src/config/settings.js";
import { KeywordIndex } from "../../../src/memory/search/keyword-index.js";
import { keywordDoc } from "../../../src/memory/search/keyword-build.js";
import { createMemoryStack } from "../../../src/app/memory-stack.js";
import { SCALE_TEAM } from "./scale-dataset.js";

const MIB = 1024 * 1024;

/** What the child prints. Times in ms from the child's own start (module loading excluded). */
export interface StackChildReport {
  build: "all" | "none";
  openMs: number;
  buildMs: number;
  memories: number;
  users: number;
  /** RSS once opened (and built), MiB: before any collection is forced, as in the app. */
  rssMiB: number;
  heapUsedMiB: number;
  recallMs: number;
  rssAfterRecallMiB: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      build: { type: "string", default: "none" },
      user: { type: "string" },
      query: { type: "string", default: "전화번호" },
    },
  });
  if (values.build !== "all" && values.build !== "none") throw new Error("--build: all or none");
  const started = performance.now();
  const settings = await loadSettings({ ...process.env, LOG_LEVEL: "silent" });
  const stack = await createMemoryStack(settings.config, {
    logger: pino({ level: "silent" }),
    probe: { reachable: false, models: [] },
    memoryConfig: settings.memory,
  });
  const openMs = performance.now() - started;
  const indexes = new Map<string, KeywordIndex>();
  let memories = 0;
  if (values.build === "all") {
    for await (const page of stack.store.scan()) {
      for (const memory of page) {
        const key = `${memory.teamId}:${memory.userId}`;
        let index = indexes.get(key);
        if (!index) indexes.set(key, (index = new KeywordIndex()));
        index.add([keywordDoc(memory)]);
      }
      memories += page.length;
    }
  }
  const built = performance.now();
  const usage = process.memoryUsage();
  const scope = { teamId: SCALE_TEAM, userId: values.user ?? "U_SCALE_00000" };
  await stack.memory.search(scope, values.query, { k: 5 });
  const recalled = performance.now();
  const report: StackChildReport = {
    build: values.build,
    openMs,
    buildMs: built - started - openMs,
    memories,
    users: indexes.size,
    rssMiB: usage.rss / MIB,
    heapUsedMiB: usage.heapUsed / MIB,
    recallMs: recalled - built,
    rssAfterRecallMiB: process.memoryUsage().rss / MIB,
  };
  console.log(JSON.stringify(report));
  await stack.stop();
}

await main();
