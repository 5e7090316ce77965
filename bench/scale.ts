/**
 * Scale: replicas on shared state, and BM25 built per user on demand. Each figure beside its baseline,
 * in the same run, as medians over rounds of each round's percentile.
 *
 *   npm run bench:scale -- [--parts replicas,feed] [--rounds 3]
 *                          [--events 120] [--latency 200] [--parallel 4]        (replicas)
 *                          [--samples 60] [--poll 10]                           (feed)
 *
 * replicas: the app as `npm start` runs it, twice, on a real PostgreSQL server (`DATABASE_URL`), a
 *   real Chroma server, the fake Slack and a fake Ollama answering every chat after `--latency` ms
 *   (OLLAMA_MAX_PARALLEL `--parallel` per replica, the fake serving as many per replica). Each round
 *   sends `--events` signed DMs at once from as many users, to replica A alone, then round-robin to
 *   A and B; turns per second = answered / (first send → last reply). Every event must be answered
 *   exactly once.
 * feed: change-feed lag, a save through A's admin API → B's admin search ranks it by BM25 (B had
 *   built that user's index before the save), B polled every `--poll` ms; `--samples` per round.
 *
 * Prints tables, then, as its last line, one JSON object with every figure.
 */
import { parseArgs } from "node:util";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { createRng } from "./lib/prng.js";
import { startReplicaCluster, type ReplicaCluster } from "./lib/replica-cluster.js";
import {
  measureFeedLag,
  runThroughputRound,
  type FeedLag,
  type ThroughputRound,
} from "./lib/replica-rounds.js";
import { median, medianOfRounds, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

const PARTS = ["replicas", "feed"] as const;
type Part = (typeof PARTS)[number];

const DEFAULTS = {
  parts: PARTS.join(","),
  rounds: 3,
  events: 120,
  latency: 200,
  embedLatency: 20,
  parallel: 4,
  samples: 60,
  poll: 10,
  seed: 11,
  replyTimeoutMs: 180_000,
  feedTimeoutMs: 10_000,
} as const;
/** The target for the change feed: p95 from a save on A to B's BM25 having it. */
const FEED_P95_TARGET_MS = 1_000;

/** A flag's value as a whole number, or `fallback` when absent. */
function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}: expected a whole number, got "${value}"`);
  return n;
}

function partsOption(value: string): Set<Part> {
  const parts = new Set<Part>();
  for (const p of value.split(",").map((s) => s.trim())) {
    if (!(PARTS as readonly string[]).includes(p))
      throw new Error(`--parts: unknown part "${p}" (${PARTS.join(", ")})`);
    parts.add(p as Part);
  }
  return parts;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      parts: { type: "string", default: DEFAULTS.parts },
      rounds: { type: "string" },
      events: { type: "string" },
      latency: { type: "string" },
      "embed-latency": { type: "string" },
      parallel: { type: "string" },
      samples: { type: "string" },
      poll: { type: "string" },
      seed: { type: "string" },
    },
  });
  const parts = partsOption(values.parts);
  const rounds = Math.max(1, wholeNumber(values.rounds, "rounds", DEFAULTS.rounds));
  const machine = machineInfo();
  console.log(`scale benchmark (${[...parts].join(", ")}) on ${describeMachine(machine)}`);
  const started = performance.now();
  const figures: Record<string, unknown> = {};
  if (parts.has("replicas") || parts.has("feed")) {
    const modelLatencyMs = wholeNumber(values.latency, "latency", DEFAULTS.latency);
    const parallel = Math.max(1, wholeNumber(values.parallel, "parallel", DEFAULTS.parallel));
    const cluster = await startReplicaCluster({
      replicas: 2,
      modelLatencyMs,
      embedLatencyMs: wholeNumber(values["embed-latency"], "embed-latency", DEFAULTS.embedLatency),
      parallelPerReplica: parallel,
    });
    try {
      console.log(
        `replicas started in ${cluster.replicas.map((r) => (r.startMs / 1000).toFixed(1)).join(" s, ")} s ` +
          `(PostgreSQL, Chroma, fake Slack, fake Ollama at ${modelLatencyMs} ms)`,
      );
      if (parts.has("replicas")) {
        figures["replicas"] = await runReplicas(cluster, {
          rounds,
          events: Math.max(1, wholeNumber(values.events, "events", DEFAULTS.events)),
          seed: wholeNumber(values.seed, "seed", DEFAULTS.seed),
          modelLatencyMs,
          parallel,
        });
      }
      if (parts.has("feed")) {
        figures["feed"] = await runFeed(cluster, {
          rounds,
          samples: Math.max(1, wholeNumber(values.samples, "samples", DEFAULTS.samples)),
          pollMs: wholeNumber(values.poll, "poll", DEFAULTS.poll),
        });
      }
      const warnings = Object.fromEntries(
        cluster.replicas.flatMap((r, i) => [...r.warnings].map(([msg, n]) => [`${"AB"[i]}: ${msg}`, n])),
      );
      if (Object.keys(warnings).length > 0) console.log("\nReplica warnings (count by message):", warnings);
      figures["replicaWarnings"] = warnings;
    } finally {
      await cluster.stop();
    }
  }
  const loadAtEnd = printRunEnd(performance.now() - started);
  console.log(JSON.stringify({ machine, ...figures, loadAverageAtEnd: loadAtEnd }));
}

/** Turns per second through replica A alone, then A and B, alternating in every round. */
async function runReplicas(
  cluster: ReplicaCluster,
  options: { rounds: number; events: number; seed: number; modelLatencyMs: number; parallel: number },
): Promise<Record<string, unknown>> {
  const { harness, replicas } = cluster;
  const rng = createRng(options.seed);
  const configs = [replicas.slice(0, 1), replicas] as const;
  // Warm-up, not measured: module loading, JIT, Chroma's first collections, pools.
  for (const targets of configs) {
    await runThroughputRound({
      harness,
      targets,
      all: replicas,
      rng,
      round: `w${targets.length}`,
      size: 20,
      replyTimeoutMs: DEFAULTS.replyTimeoutMs,
    });
  }
  const byConfig: ThroughputRound[][] = configs.map(() => []);
  for (let r = 0; r < options.rounds; r++) {
    for (const [c, targets] of configs.entries()) {
      const result = await runThroughputRound({
        harness,
        targets,
        all: replicas,
        rng,
        round: `${targets.length}r${r}`,
        size: options.events,
        replyTimeoutMs: DEFAULTS.replyTimeoutMs,
      });
      console.log(
        `${targets.length} replica(s) round ${r + 1}: ${fixed(result.turnsPerSecond, 1)} turns/s ` +
          `(${result.answered}/${result.sent} answered in ${fixed(result.wallMs / 1000, 2)} s, ` +
          `duplicates ${result.duplicates}, busy ${result.kinds.busy}), e2e p50/p95 ` +
          `${fixed(result.e2e.p50, 0)}/${fixed(result.e2e.p95, 0)} ms`,
      );
      byConfig[c]!.push(result);
    }
  }
  const summaries = byConfig.map((rs) => ({
    replicas: rs[0]!.replicas,
    rounds: rs.length,
    eventsPerRound: options.events,
    turnsPerSecond: round(median(rs.map((x) => x.turnsPerSecond)), 2),
    turnsPerSecondByRound: rs.map((x) => round(x.turnsPerSecond, 2)),
    wallMs: round(median(rs.map((x) => x.wallMs)), 0),
    sent: rs.reduce((n, x) => n + x.sent, 0),
    answered: rs.reduce((n, x) => n + x.answered, 0),
    duplicates: rs.reduce((n, x) => n + x.duplicates, 0),
    busy: rs.reduce((n, x) => n + x.kinds.busy, 0),
    apologies: rs.reduce((n, x) => n + x.kinds.apology + x.kinds.missed + x.kinds["recall-only"], 0),
    e2e: medianOfRounds(rs.map((x) => x.e2e)),
  }));
  const [one, two] = summaries as [(typeof summaries)[0], (typeof summaries)[0]];
  console.log(
    `\nTurns per second, ${options.events} DMs at once per round (a third "기억해줘", two thirds questions), ` +
      `fake model at ${options.modelLatencyMs} ms, OLLAMA_MAX_PARALLEL ${options.parallel} per replica; ` +
      `median over ${options.rounds} rounds:\n`,
  );
  console.log(
    markdownTable(
      [
        "replicas",
        "turns/s",
        "per round",
        "wall s",
        "e2e p50 ms",
        "e2e p95 ms",
        "answered",
        "duplicates",
        "busy/apology",
      ],
      summaries.map((s) => [
        String(s.replicas),
        fixed(s.turnsPerSecond, 1),
        s.turnsPerSecondByRound.map((t) => fixed(t, 1)).join(" "),
        fixed(s.wallMs / 1000, 2),
        fixed(s.e2e.p50, 0),
        fixed(s.e2e.p95, 0),
        `${s.answered}/${s.sent}`,
        String(s.duplicates),
        `${s.busy}/${s.apologies}`,
      ]),
    ),
  );
  const speedup = two.turnsPerSecond / one.turnsPerSecond;
  const once = summaries.every((s) => s.duplicates === 0 && s.answered === s.sent);
  console.log(
    `\n2 replicas / 1 replica: ${fixed(speedup, 2)}×; every event answered exactly once: ${once ? "yes" : "NO"}`,
  );
  return {
    modelLatencyMs: options.modelLatencyMs,
    parallelPerReplica: options.parallel,
    configs: summaries.map((s) => ({ ...s, e2e: roundSummary(s.e2e) })),
    speedup: round(speedup, 2),
    answeredOnce: once,
  };
}

/** Change-feed lag A → B, `rounds` rounds of `samples`. */
async function runFeed(
  cluster: ReplicaCluster,
  options: { rounds: number; samples: number; pollMs: number },
): Promise<Record<string, unknown>> {
  const [a, b] = cluster.replicas as [ReplicaCluster["replicas"][0], ReplicaCluster["replicas"][0]];
  const results: FeedLag[] = [];
  for (let r = 0; r < options.rounds; r++) {
    const result = await measureFeedLag({
      a,
      b,
      round: String(r),
      samples: options.samples,
      pollMs: options.pollMs,
      timeoutMs: DEFAULTS.feedTimeoutMs,
    });
    console.log(
      `feed round ${r + 1}: lag p50/p95 ${fixed(result.lag.p50, 0)}/${fixed(result.lag.p95, 0)} ms ` +
        `(max ${fixed(result.lagMaxMs, 0)}), save p50 ${fixed(result.save.p50, 0)} ms, ` +
        `missed ${result.missed}/${result.samples}`,
    );
    results.push(result);
  }
  const lag = medianOfRounds(results.map((x) => x.lag));
  const save = medianOfRounds(results.map((x) => x.save));
  const missed = results.reduce((n, x) => n + x.missed, 0);
  console.log(
    `\nChange-feed lag: save through A's admin API (201) → B's admin search ranks it by BM25, ` +
      `B polled every ${options.pollMs} ms; median over ${options.rounds} rounds of ${options.samples}:\n`,
  );
  console.log(
    markdownTable(
      ["", "p50 ms", "p95 ms", "p99 ms", "max ms", "samples", "missed"],
      [
        [
          "lag A → B",
          fixed(lag.p50),
          fixed(lag.p95),
          fixed(lag.p99),
          fixed(Math.max(...results.map((x) => x.lagMaxMs))),
          String(lag.n),
          String(missed),
        ],
        ["save on A (POST → 201)", fixed(save.p50), fixed(save.p95), fixed(save.p99), "", String(save.n), ""],
      ],
    ),
  );
  const met = lag.p95 <= FEED_P95_TARGET_MS && missed === 0;
  console.log(`\nTarget lag p95 ≤ ${FEED_P95_TARGET_MS} ms: ${met ? "met" : "NOT met"}`);
  return {
    pollMs: options.pollMs,
    samplesPerRound: options.samples,
    lag: roundSummary(lag),
    lagP95ByRound: results.map((x) => round(x.lag.p95, 1)),
    lagMaxMs: round(Math.max(...results.map((x) => x.lagMaxMs)), 1),
    save: roundSummary(save),
    missed,
    targetMet: met,
  };
}

function roundSummary(l: { p50: number; p95: number; p99: number; n: number }): Record<string, number> {
  return { p50: round(l.p50, 1), p95: round(l.p95, 1), p99: round(l.p99, 1), n: l.n };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
