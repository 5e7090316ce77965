/**
 * The graph's answer to one question (src/graph/graph-service.ts `facts`) on a user graph of N people's
 * birthdays, JSON stores: a question that names an entity, one that names none but names an attribute in
 * full (the one owner is looked up), one that names nothing known, and the store's read of the user's
 * facts alone (`getTriplets`, the baseline every question pays once), side by side in one run.
 *
 *   npx tsx tools/bench/graph-facts.ts [--entities 300] [--repeats 300]
 *
 * Prints the median and p90 of each in ms and each median as a ratio to the read alone.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pino from "pino";
import { GraphService } from "../../src/graph/graph-service.js";
import { JsonGraphStores } from "../../src/stores/json-graph-store.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median, percentile } from "./lib/stats.js";

const { values } = parseArgs({
  options: { entities: { type: "string", default: "300" }, repeats: { type: "string", default: "300" } },
});
const entities = Number(values.entities);
const repeats = Number(values.repeats);
const owner = { teamId: "T_BENCH", userId: "U_BENCH" };

async function time(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "graph-facts-bench-"));
  try {
    const stores = new JsonGraphStores(dir);
    const graph = GraphService.create({ stores, logger: pino({ level: "silent" }) });
    for (let i = 0; i < entities; i++) {
      await graph.ingest({ ...owner, text: `친구${i}호 생일 ${1 + (i % 12)}월 ${1 + (i % 28)}일이야` });
    }
    await graph.ingest({ ...owner, text: "동생 결혼식 5월 17일 토요일 12시 반, 더채플 청담" });
    const store = stores.forUser(owner);
    const cases: Array<[string, () => Promise<unknown>]> = [
      ["getTriplets (baseline)", () => store.getTriplets()],
      ["names an entity", () => graph.facts({ ...owner, text: "친구7호 생일 언제야?" })],
      ["names an attribute in full", () => graph.facts({ ...owner, text: "결혼식 장소 어디였지?" })],
      ["names nothing known", () => graph.facts({ ...owner, text: "오늘 날씨 어때" })],
    ];
    for (const [, run] of cases) await time(run); // warm-up
    const results = [];
    for (const [name, run] of cases) results.push({ name, samples: await time(run) });
    const base = median(results[0]!.samples);
    console.log(describeMachine(machineInfo()));
    console.log(`${entities} entities, ${repeats} repeats`);
    for (const { name, samples } of results) {
      const m = median(samples);
      console.log(
        `${name.padEnd(28)} median ${m.toFixed(3)} ms  p90 ${percentile(samples, 90).toFixed(3)} ms  ×${(m / base).toFixed(2)}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
