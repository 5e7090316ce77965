/**
 * Scale: replicas on shared state, and BM25 built per user on demand. Each figure beside its baseline,
 * in the same run, as medians over rounds of each round's percentile.
 *
 *   npm run bench:scale -- [--parts startup,cold,replicas,feed] [--rounds 3]
 *                          [--users 1000] [--per-user 1000] [--data-dir DIR]      (startup)
 *                          [--cold-size 10000] [--cold-backends chroma]           (cold)
 *                          [--events 120] [--latency 200] [--parallel 4]        (replicas)
 *                          [--samples 60] [--poll 10]                           (feed)
 *
 * startup: the app (`npm start`, HTTP mode against the fake Slack) on `--users` × `--per-user`
 *   memories in a sqlite-vec DATA_DIR with the offline embedder (loaded once through the memory
 *   stack's MemoryLifecycle.saveMany; `--data-dir` keeps it for later runs): spawn → first `/healthz`,
 *   VmRSS of the process running main.ts then and after one recall (admin search) of one user.
 *   Baseline: a child process opening the same memory stack and building every user's BM25 index from
 *   a full `store.scan()`, as the app's start did before BM25 on demand, beside the same child
 *   without the build. Quick mode: `--users 100 --per-user 1000`.
 * cold: tools/bench/bm25-cold.ts (cold vs warm recall of one user at `--cold-size` memories), as a child.
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
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
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
import { median, medianOfRounds, percentile, round } from "./lib/stats.js";
import { ensureScaleData } from "./lib/scale-dataset.js";
import { runColdBench } from "./lib/scale-cold.js";
import {
  type AppStart,
  type ChildStart,
  runStackChild,
  startAppOnce,
  startStartupPeers,
} from "./lib/scale-startup.js";
import { fixed, markdownTable } from "./lib/table.js";
import { wholeNumber } from "./lib/args.js";

const PARTS = ["startup", "cold", "replicas", "feed"] as const;
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
  users: 1000,
  perUser: 1000,
  coldSize: 10_000,
  coldBackends: "chroma",
} as const;
/** The targets at 1,000 users × 1,000 memories with the default BM25 cache. */
const STARTUP_TARGET_MS = 5_000;
const RSS_TARGET_MIB = 500;
/** The target for the change feed: p95 from a save on A to B's BM25 having it. */
const FEED_P95_TARGET_MS = 1_000;

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
      users: { type: "string" },
      "per-user": { type: "string" },
      "data-dir": { type: "string" },
      "baseline-heap-mb": { type: "string" },
      "cold-size": { type: "string" },
      "cold-backends": { type: "string", default: DEFAULTS.coldBackends },
    },
  });
  const parts = partsOption(values.parts);
  const rounds = Math.max(1, wholeNumber(values.rounds, "rounds", DEFAULTS.rounds));
  const machine = machineInfo();
  console.log(`scale benchmark (${[...parts].join(", ")}) on ${describeMachine(machine)}`);
  const started = performance.now();
  const figures: Record<string, unknown> = {};
  if (parts.has("startup")) {
    figures["startup"] = await runStartupPart({
      rounds,
      users: Math.max(1, wholeNumber(values.users, "users", DEFAULTS.users)),
      perUser: Math.max(1, wholeNumber(values["per-user"], "per-user", DEFAULTS.perUser)),
      dataDir: values["data-dir"],
      seed: wholeNumber(values.seed, "seed", DEFAULTS.seed),
      baselineHeapMb:
        values["baseline-heap-mb"] === undefined
          ? undefined
          : wholeNumber(values["baseline-heap-mb"], "baseline-heap-mb", 0),
    });
  }
  if (parts.has("cold")) {
    const coldSize = Math.max(1, wholeNumber(values["cold-size"], "cold-size", DEFAULTS.coldSize));
    console.log(
      `\ncold vs warm recall at ${coldSize} memories: tools/bench/bm25-cold.ts --backends ${values["cold-backends"]}`,
    );
    const cold = await runColdBench([
      "--backends",
      values["cold-backends"],
      "--size",
      String(coldSize),
      "--rounds",
      String(rounds),
    ]);
    figures["cold"] = { script: "tools/bench/bm25-cold.ts", ...cold };
  }
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
          `${fixed(result.e2e.p50, 0)}/${fixed(result.e2e.p95, 0)} ms, app CPU ${fixed(result.appCpuSeconds, 1)} s`,
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
    /** CPU the app processes used per wall second of a round: cores kept busy (median over rounds). */
    appCores: round(median(rs.map((x) => x.appCpuSeconds / (x.wallMs / 1000))), 2),
    appCpuMsPerTurn: round(median(rs.map((x) => (x.appCpuSeconds * 1000) / Math.max(1, x.answered))), 1),
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
        "app CPU cores",
        "app CPU ms/turn",
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
        fixed(s.appCores, 2),
        fixed(s.appCpuMsPerTurn, 0),
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

/** Start-up and resident memory on the scale dataset, the app beside the baseline child, `rounds` times. */
async function runStartupPart(options: {
  rounds: number;
  users: number;
  perUser: number;
  dataDir: string | undefined;
  seed: number;
  baselineHeapMb: number | undefined;
}): Promise<Record<string, unknown>> {
  const root = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "bench-scale-")));
  try {
    const data = await ensureScaleData({
      root,
      users: options.users,
      perUser: options.perUser,
      seed: options.seed,
    });
    const total = options.users * options.perUser;
    const appLabel = "app (BM25 on demand, default cache)";
    const heapFlags = options.baselineHeapMb ? [`--max-old-space-size=${options.baselineHeapMb}`] : [];
    const peers = await startStartupPeers();
    const apps: AppStart[] = [];
    // The floor: the same app on an empty DATA_DIR (module loading, Slack and Ollama checks, the HTTP server).
    const emptyDir = path.join(root, "empty");
    const empty = { ...data, env: { ...data.env, DATA_DIR: emptyDir } };
    const emptyApps: AppStart[] = [];
    const lazyChildren: ChildStart[] = [];
    const eagerChildren: ChildStart[] = [];
    try {
      for (let r = 0; r < options.rounds; r++) {
        // A different user each round: the first recall of a user this process has not seen.
        const user = (r * 7) % options.users;
        const app = await startAppOnce(data, peers, user);
        apps.push(app);
        await rm(emptyDir, { recursive: true, force: true });
        const floor = await startAppOnce(empty, peers, user);
        emptyApps.push(floor);
        console.log(
          `startup round ${r + 1}: ${appLabel} ${fixed(app.startMs / 1000, 2)} s, rss ${fixed(app.rssMiB, 0)} MiB, ` +
            `first recall ${fixed(app.recallMs, 0)} ms (${app.recallResults} results) → rss ${fixed(app.rssAfterRecallMiB, 0)} MiB; ` +
            `on an empty DATA_DIR ${fixed(floor.startMs / 1000, 2)} s, rss ${fixed(floor.rssMiB, 0)} MiB`,
        );
        const lazy = await runStackChild(data, "none", user);
        lazyChildren.push(lazy);
        const eager = await runStackChild(data, "all", user, heapFlags);
        eagerChildren.push(eager);
        console.log(
          `startup round ${r + 1}: stack only ${fixed(lazy.wallMs / 1000, 2)} s, rss ${fixed(lazy.rssMiB, 0)} MiB; ` +
            `stack + all BM25 ${fixed(eager.wallMs / 1000, 2)} s (build ${fixed(eager.buildMs / 1000, 2)} s, ` +
            `${eager.memories} memories, ${eager.users} users), rss ${fixed(eager.rssMiB, 0)} MiB, peak ${fixed(eager.peakMiB, 0)} MiB`,
        );
      }
    } finally {
      await peers.stop();
    }
    const stat = (xs: number[]) => ({ median: round(median(xs), 1), p95: round(percentile(xs, 95), 1) });
    const rows = [
      {
        label: appLabel,
        startMs: stat(apps.map((a) => a.startMs)),
        rssMiB: stat(apps.map((a) => a.rssMiB)),
        recallMs: stat(apps.map((a) => a.recallMs)),
        rssAfterRecallMiB: stat(apps.map((a) => a.rssAfterRecallMiB)),
        peakMiB: undefined,
      },
      {
        label: "the same app on an empty DATA_DIR (floor)",
        startMs: stat(emptyApps.map((a) => a.startMs)),
        rssMiB: stat(emptyApps.map((a) => a.rssMiB)),
        recallMs: stat(emptyApps.map((a) => a.recallMs)),
        rssAfterRecallMiB: stat(emptyApps.map((a) => a.rssAfterRecallMiB)),
        peakMiB: undefined,
      },
      ...[
        ["memory stack only (child)", lazyChildren],
        ["memory stack + every user's BM25 from store.scan() (child: the old start)", eagerChildren],
      ].map(([label, runs]) => {
        const rs = runs as ChildStart[];
        return {
          label: label as string,
          startMs: stat(rs.map((c) => c.wallMs)),
          rssMiB: stat(rs.map((c) => c.rssMiB)),
          recallMs: stat(rs.map((c) => c.recallMs)),
          rssAfterRecallMiB: stat(rs.map((c) => c.rssAfterRecallMiB)),
          peakMiB: stat(rs.map((c) => c.peakMiB)),
        };
      }),
    ];
    console.log(
      `\nStart-up and resident memory at ${options.users} users × ${options.perUser} memories (${total}), sqlite-vec, ` +
        `offline embedder; median / p95 over ${options.rounds} rounds (start-up: spawn → /healthz for the app, ` +
        `spawn → stack open (and built) for the children):\n`,
    );
    console.log(
      markdownTable(
        [
          "process",
          "start-up s",
          "RSS after start MiB",
          "first recall ms",
          "RSS after recall MiB",
          "peak RSS MiB",
        ],
        rows.map((row) => [
          row.label,
          `${fixed(row.startMs.median / 1000, 2)} / ${fixed(row.startMs.p95 / 1000, 2)}`,
          `${fixed(row.rssMiB.median, 0)} / ${fixed(row.rssMiB.p95, 0)}`,
          `${fixed(row.recallMs.median, 0)} / ${fixed(row.recallMs.p95, 0)}`,
          `${fixed(row.rssAfterRecallMiB.median, 0)} / ${fixed(row.rssAfterRecallMiB.p95, 0)}`,
          row.peakMiB ? `${fixed(row.peakMiB.median, 0)} / ${fixed(row.peakMiB.p95, 0)}` : "",
        ]),
      ),
    );
    const app = rows[0]!;
    const startMet = app.startMs.p95 <= STARTUP_TARGET_MS;
    const rssMet = Math.max(app.rssMiB.p95, app.rssAfterRecallMiB.p95) <= RSS_TARGET_MIB;
    console.log(
      `\nTargets (at 1,000 × 1,000): start-up ≤ ${STARTUP_TARGET_MS / 1000} s ${startMet ? "met" : "NOT met"}, ` +
        `RSS ≤ ${RSS_TARGET_MIB} MiB ${rssMet ? "met" : "NOT met"}` +
        (total < 1_000_000 ? ` — at ${total} memories only, not the target's 1M` : ""),
    );
    return {
      users: options.users,
      perUser: options.perUser,
      memories: total,
      dataset: data.dataset,
      loadedNow: data.loadedNow,
      baselineNodeFlags: heapFlags,
      rows,
      app: apps.map((a) => ({ ...a, startMs: round(a.startMs, 0), recallMs: round(a.recallMs, 1) })),
      emptyDataDir: emptyApps.map((a) => ({
        ...a,
        startMs: round(a.startMs, 0),
        recallMs: round(a.recallMs, 1),
      })),
      stackOnly: lazyChildren,
      stackAllBm25: eagerChildren,
      startupTargetMet: startMet,
      rssTargetMet: rssMet,
    };
  } finally {
    if (options.dataDir === undefined) await rm(root, { recursive: true, force: true });
  }
}

function roundSummary(l: { p50: number; p95: number; p99: number; n: number }): Record<string, number> {
  return { p50: round(l.p50, 1), p95: round(l.p95, 1), p99: round(l.p99, 1), n: l.n };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
