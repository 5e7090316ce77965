/**
 * Diagnostic: what a save costs in Chroma writes, per call and per row. Saves pages of new DM memories
 * (one write call each: generated ids skip the replace-by-id delete, and DM memories have no channel
 * copies) of several sizes through MemoryLifecycle.saveMany with the offline embedder, and subtracts the
 * embedding time; then fits write ms = per call + per row × rows by least squares over the pages'
 * medians. This is why `memory import` saves large pages (src/cli/batch-save.ts).
 *
 *   npx tsx tools/bench/chroma-write.ts [--pages 1,16,64,256,1024] [--repeats 5]
 *
 * Prints a table; the last line is one JSON object.
 */
import { parseArgs } from "node:util";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import type { SaveInput } from "../../src/memory/lifecycle/save-input.js";
import { TimedEmbedder } from "./lib/embedders.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { createBenchMemory, startBenchChroma } from "./lib/memory-harness.js";
import { createRng } from "./lib/prng.js";
import { BENCH_TEAM } from "./lib/recall-dataset.js";
import { elapsedMs, median, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";
import { generateMemories } from "./lib/synthetic-memories.js";

const SEED = 11;

interface PageResult {
  rows: number;
  /** Median over the repeats of saveMany's wall time minus the time spent embedding. */
  writeMs: number;
  perRowMs: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: "string", default: "1,16,64,256,1024" },
      repeats: { type: "string", default: "5" },
    },
  });
  const pages = values.pages.split(",").map(Number);
  const repeats = Number(values.repeats);
  if (pages.some((n) => !Number.isInteger(n) || n < 1) || pages.length < 2) {
    throw new Error(`--pages needs two or more positive integers, got "${values.pages}"`);
  }
  if (!Number.isInteger(repeats) || repeats < 1) throw new Error(`bad --repeats "${values.repeats}"`);
  const machine = machineInfo();
  console.log(`chroma write diagnostic on ${describeMachine(machine)}`);
  const rng = createRng(SEED);
  const chroma = await startBenchChroma();
  const results: PageResult[] = [];
  try {
    const embedder = new TimedEmbedder(new OfflineEmbedder());
    const memory = await createBenchMemory({ chromaUrl: chroma.url, embedder, collectionPrefix: "write" });
    for (const rows of pages) {
      const scope = {
        teamId: BENCH_TEAM,
        userId: `U-page-${rows}`,
        channelId: "D-page",
        channelType: "im" as const,
      };
      const samples: number[] = [];
      for (let r = 0; r < repeats; r++) {
        const inputs: SaveInput[] = generateMemories(rng, rows).map((m) => ({
          text: m.text,
          source: "import",
        }));
        embedder.embedMs = 0;
        const start = performance.now();
        await memory.lifecycle.saveMany(scope, inputs);
        samples.push(elapsedMs(start) - embedder.embedMs);
      }
      const writeMs = median(samples);
      results.push({ rows, writeMs, perRowMs: writeMs / rows });
    }
  } finally {
    await chroma.stop();
  }
  const fit = leastSquares(results.map((r) => [r.rows, r.writeMs]));
  console.log(`\nsaveMany of new DM memories, minus embedding, median of ${repeats}\n`);
  console.log(
    markdownTable(
      ["rows per call", "write ms", "ms per row"],
      results.map((r) => [String(r.rows), fixed(r.writeMs), fixed(r.perRowMs, 3)]),
    ),
  );
  console.log(`\nFit: write ms ≈ ${fixed(fit.intercept)} per call + ${fixed(fit.slope, 3)} per row`);
  console.log(
    JSON.stringify({
      benchmark: "chroma-write",
      machine,
      repeats,
      pages: results.map((r) => ({
        rows: r.rows,
        writeMs: round(r.writeMs),
        perRowMs: round(r.perRowMs, 3),
      })),
      perCallMs: round(fit.intercept),
      perRowMs: round(fit.slope, 3),
    }),
  );
}

/** Ordinary least squares of y on x: y ≈ intercept + slope·x. */
function leastSquares(points: readonly (readonly [number, number])[]): { intercept: number; slope: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { intercept: my - slope * mx, slope };
}

await main();
