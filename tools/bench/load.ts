/**
 * The whole app under load and under chaos, as a child process (`tsx src/main.ts`, as `npm start`) in
 * HTTP mode against a real Chroma server, the fake Slack and a fake Ollama serving 4 chats at a time.
 *
 *   npm run bench:load -- [--sizes 50,200] [--rounds 3] [--latency 200] [--embed-latency 20] [--cpu-prof DIR]
 *   npm run bench:load -- --scrape [--scrape-interval 1000]   (ack with and without scraping /metrics)
 *                         [--app-dir CHECKOUT]
 *   npm run bench:load -- --chaos [--rounds 10] [--events 40] [--users 4] [--interval 75]
 *                                 [--kill-at timer|ack|reply]
 *
 * Load: N signed DMs from N users at once (a third "기억해줘", two thirds questions), each on a
 * connection of its own as Slack opens them; the ack and the end-to-end latency of each, the replies
 * by kind, lost and duplicated events. The same signed bodies go first, from the same client, to a
 * bare Node server in its own process: the app's ack minus the bare one's is what the app adds.
 * `--app-dir` runs another checkout's app (e.g. the commit before a change) under the same bench.
 * Chaos: a stream of DMs during which Chroma and then the app are SIGKILLed and restarted; then every
 * confirmed memory must be in Chroma with its graph fact, and every acked event answered once.
 * `--kill-at ack` kills the app the moment an ack arrives, `reply` the moment a reply reaches Slack
 * (the worst moments for a turn acked but not yet durable, and answered but not yet marked answered).
 * Prints tables, then, as its last line, one JSON object with every figure.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { type AppProcess, startAppProcess } from "./lib/app-process.js";
import type { KillMoment } from "./lib/chaos-round.js";
import { runChaos } from "./lib/chaos-run.js";
import { startEchoServer } from "./lib/echo-server.js";
import { type LoadHarness, startLoadHarness } from "./lib/load-harness.js";
import { loadJson, printLoadReport, summarizeSize } from "./lib/load-report.js";
import { type LoadRoundResult, runLoadRound } from "./lib/load-round.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { createRng, type Rng } from "./lib/prng.js";
import { wholeNumber } from "./lib/args.js";
import { compareScraping } from "./lib/scrape-compare.js";

const DEFAULTS = {
  sizes: "50,200",
  rounds: 3,
  chaosRounds: 10,
  latency: 200,
  embedLatency: 20,
  parallel: 4,
  seed: 7,
  replyTimeoutMs: 180_000,
  events: 40,
  users: 4,
  interval: 75,
} as const;

function killMoment(value: string): KillMoment {
  if (value === "timer" || value === "ack" || value === "reply") return value;
  throw new Error(`--kill-at: expected timer, ack or reply, got "${value}"`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      chaos: { type: "boolean", default: false },
      sizes: { type: "string", default: DEFAULTS.sizes },
      rounds: { type: "string" },
      latency: { type: "string" },
      "embed-latency": { type: "string" },
      parallel: { type: "string" },
      seed: { type: "string" },
      events: { type: "string" },
      users: { type: "string" },
      interval: { type: "string" },
      "cpu-prof": { type: "string" },
      "app-dir": { type: "string" },
      "kill-at": { type: "string", default: "timer" },
      scrape: { type: "boolean", default: false },
      "scrape-interval": { type: "string" },
    },
  });
  const machine = machineInfo();
  console.log(`${values.chaos ? "chaos" : "load"} benchmark on ${describeMachine(machine)}`);
  const started = performance.now();
  const modelLatencyMs = wholeNumber(values.latency, "latency", DEFAULTS.latency);
  const harness = await startLoadHarness({
    modelLatencyMs,
    embedLatencyMs: wholeNumber(values["embed-latency"], "embed-latency", DEFAULTS.embedLatency),
    maxParallel: wholeNumber(values.parallel, "parallel", DEFAULTS.parallel),
  });
  const rng = createRng(wholeNumber(values.seed, "seed", DEFAULTS.seed));
  let figures: Record<string, unknown>;
  try {
    if (values.chaos) {
      figures = await runChaos({
        harness,
        rng,
        rounds: wholeNumber(values.rounds, "rounds", DEFAULTS.chaosRounds),
        events: wholeNumber(values.events, "events", DEFAULTS.events),
        users: wholeNumber(values.users, "users", DEFAULTS.users),
        intervalMs: wholeNumber(values.interval, "interval", DEFAULTS.interval),
        killAt: killMoment(values["kill-at"]),
      });
    } else {
      const sizes = values.sizes.split(",").map((s) => wholeNumber(s.trim(), "sizes", 0));
      const rounds = wholeNumber(values.rounds, "rounds", DEFAULTS.rounds);
      // A CPU profile of the app (written when it stops), to see where ack and turn time go.
      const profile = values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`] : [];
      const app = await startAppProcess(
        harness.env,
        profile,
        values["app-dir"] ? path.resolve(values["app-dir"]) : undefined,
      );
      const bare = await startEchoServer();
      try {
        const run = { app, bareUrl: bare.url, harness, rng, sizes, rounds };
        figures = values.scrape
          ? await compareScraping({
              ...run,
              intervalMs: wholeNumber(values["scrape-interval"], "scrape-interval", 1000),
              replyTimeoutMs: DEFAULTS.replyTimeoutMs,
            })
          : await runLoad(run);
      } finally {
        await app.stop();
        await bare.stop();
      }
    }
    figures["maxChatsAtOllama"] = harness.ollama.maxChatsInFlight();
  } finally {
    await harness.stop();
  }
  const loadAtEnd = printRunEnd(performance.now() - started);
  console.log(JSON.stringify({ machine, modelLatencyMs, ...figures, loadAverageAtEnd: loadAtEnd }));
}

async function runLoad(options: {
  app: AppProcess;
  bareUrl: string;
  harness: LoadHarness;
  rng: Rng;
  sizes: number[];
  rounds: number;
}): Promise<Record<string, unknown>> {
  const { app, bareUrl, harness, rng } = options;
  console.log(`app started in ${(app.startMs / 1000).toFixed(1)} s`);
  // Warm-up, not measured: the first turns pay for module loading, JIT and Chroma's first collections.
  await runLoadRound({
    harness,
    url: app.url,
    bareUrl,
    rng,
    round: "w",
    size: 10,
    replyTimeoutMs: DEFAULTS.replyTimeoutMs,
  });
  const bySize = [];
  for (const size of options.sizes) {
    const rounds: LoadRoundResult[] = [];
    for (let r = 0; r < options.rounds; r++) {
      const result = await runLoadRound({
        harness,
        url: app.url,
        bareUrl,
        rng,
        round: `${size}r${r}`,
        size,
        replyTimeoutMs: DEFAULTS.replyTimeoutMs,
      });
      console.log(
        `size ${size} round ${r + 1}: ack p50/p99 ${result.ack.p50.toFixed(1)}/${result.ack.p99.toFixed(1)} ms ` +
          `(bare p99 ${result.bare.p99.toFixed(1)}, app − bare p99 ${result.overBare.p99.toFixed(1)}), e2e p50/p99 ${result.e2e.p50.toFixed(0)}/` +
          `${result.e2e.p99.toFixed(0)} ms, answered ${result.answered}/${result.sent}, busy ${result.kinds.busy}`,
      );
      rounds.push(result);
    }
    bySize.push(summarizeSize(rounds));
  }
  printLoadReport(bySize);
  const warnings = Object.fromEntries(app.warnings);
  if (app.warnings.size > 0) console.log("\nApp warnings (count by message):", warnings);
  return {
    mode: "load",
    appStartMs: Math.round(app.startMs),
    sizes: bySize.map(loadJson),
    appWarnings: warnings,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
