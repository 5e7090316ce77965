/**
 * Graph ingest of many memories into one user's graph (src/graph/graph-service.ts `ingest`, JSON
 * stores, rule extraction): the first N texts of every `eval/<set>/memories.jsonl`, in order, as one
 * user's memories — the worst case of one graph growing to hundreds of facts, where each ingest reads
 * the user's facts to find what a change note retires (apply-triplets.ts `restatedRelations`).
 *
 *   npx tsx tools/bench/graph-ingest.ts [--texts 800] [--rounds 5] [--baseline <checkout>]
 *
 * With `--baseline` (another checkout of this repository with its node_modules, e.g. a `git worktree`
 * of an older commit), each round runs the baseline's code and this one's, alternately, in one process
 * each; prints each round's ms and the median ratio (this / baseline), and the relations, current facts
 * and retirements each ends with.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { median } from "./lib/stats.js";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    texts: { type: "string", default: "800" },
    rounds: { type: "string", default: "5" },
    baseline: { type: "string" },
    // Internal: run once with the code of this checkout and print one JSON line.
    once: { type: "string" },
  },
});

interface Outcome {
  ms: number;
  relations: number;
  current: number;
  retired: number;
}

function evalTexts(limit: number): string[] {
  const texts: string[] = [];
  const dir = path.join(here, "eval");
  for (const set of readdirSync(dir).sort()) {
    const file = path.join(dir, set, "memories.jsonl");
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim()) texts.push((JSON.parse(line) as { text: string }).text);
    }
  }
  return texts.slice(0, limit);
}

/** Ingests the texts with the graph code of `root` (a checkout); one user, one fresh directory. */
async function once(root: string, texts: readonly string[]): Promise<Outcome> {
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const { GraphService } = await load("src/graph/graph-service.ts");
  const { JsonGraphStores } = await load("src/stores/json-graph-store.ts");
  const dir = mkdtempSync(path.join(os.tmpdir(), "graph-ingest-"));
  try {
    const graph = GraphService.create({
      stores: new JsonGraphStores(dir),
      logger: pino({ level: "silent" }),
    });
    const owner = { teamId: "T_BENCH", userId: "U_BENCH" };
    const started = performance.now();
    for (const [i, text] of texts.entries()) {
      await graph.ingest({ ...owner, text, memoryId: `m${i}`, at: 1000 + i });
    }
    const ms = performance.now() - started;
    const { relations } = (await graph.snapshot(owner)) as {
      relations: Array<{ properties: Record<string, unknown> }>;
    };
    return {
      ms,
      relations: relations.length,
      current: relations.filter((r) => r.properties.current === true).length,
      retired: relations.filter((r) => Array.isArray(r.properties.retiredBy)).length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const count = Number(values.texts);
if (values.once !== undefined) {
  console.log(JSON.stringify(await once(values.once, evalTexts(count))));
} else {
  const rounds = Number(values.rounds);
  const run = (root: string): Outcome => {
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", fileURLToPath(import.meta.url), "--once", root, "--texts", String(count)],
      { cwd: here, encoding: "utf8" },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout.trim().split("\n").at(-1) as string) as Outcome;
  };
  console.log(describeMachine(machineInfo()));
  const head: Outcome[] = [];
  const base: Outcome[] = [];
  for (let round = 0; round < rounds; round++) {
    if (values.baseline) base.push(run(path.resolve(values.baseline)));
    head.push(run(here));
    const b = base.at(-1);
    console.log(
      `round ${round + 1}: this ${head.at(-1)!.ms.toFixed(0)} ms` +
        (b ? `, baseline ${b.ms.toFixed(0)} ms, ratio ${(head.at(-1)!.ms / b.ms).toFixed(2)}` : ""),
    );
  }
  const last = (o: Outcome[]) => o.at(-1)!;
  console.log(
    `${count} texts; this: median ${median(head.map((o) => o.ms)).toFixed(0)} ms ` +
      `(${(median(head.map((o) => o.ms)) / count).toFixed(1)} ms per ingest), relations ${last(head).relations}, ` +
      `current ${last(head).current}, retired ${last(head).retired}`,
  );
  if (base.length > 0) {
    console.log(
      `baseline: median ${median(base.map((o) => o.ms)).toFixed(0)} ms, relations ${last(base).relations}, ` +
        `current ${last(base).current}; median ratio ${median(head.map((o, i) => o.ms / base[i]!.ms)).toFixed(2)}`,
    );
  }
}
