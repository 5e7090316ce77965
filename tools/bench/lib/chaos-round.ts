/**
 * One chaos round: a stream of DMs, and while it runs Chroma is SIGKILLed and restarted on the same
 * port and data, and the app is SIGKILLed and restarted with the same environment. Slack's side is
 * played faithfully: an event not acked within 3 s is retried with the same event id.
 */
import { type AppProcess, startAppProcess } from "./app-process.js";
import { settle } from "./app-health.js";
import { checkChaosRound, type ChaosCheck } from "./chaos-check.js";
import type { LoadHarness } from "./load-harness.js";
import { SETTLE_TIMEOUT_MS } from "./load-round.js";
import { chaosEvents } from "./load-events.js";
import type { Rng } from "./prng.js";
import { deliver, SLACK_ACK_DEADLINE_MS, type DeliveredEvent } from "./slack-traffic.js";

/**
 * Waits before Slack's retries of an event that was not acked. Slack retries at once, after a minute
 * and after five; compressed here so that a round takes seconds, long enough to outlast a restart.
 */
export const RETRY_DELAYS_MS = [1_000, 4_000, 10_000] as const;
/** Chroma stays dead for a random time in this range before it is started again, ms. */
const CHROMA_DOWN_MS = { min: 300, max: 1_500 } as const;
/** A restart that fails (e.g. Chroma still down at start) is tried again, as a supervisor would. */
const APP_START_ATTEMPTS = 20;
const APP_RESTART_PAUSE_MS = 1_000;
const QUIET_MS = 2_000;

/**
 * When the app is SIGKILLed: `timer`, at a random time in the stream; `ack`, the moment an event's
 * 200 arrives after that time (the worst case for a turn acked but not yet written anywhere
 * durable); `reply`, the moment a reply reaches Slack after it (the worst case for a turn answered
 * but not yet marked answered).
 */
export type KillMoment = "timer" | "ack" | "reply";

/** The app of the current moment: chaos replaces it. */
export interface AppHolder {
  current: AppProcess;
  /** Warnings of every app process so far (count by message). */
  warnings: Map<string, number>;
}

/** What happened in a round, and what the checks found. */
export interface ChaosRoundResult extends ChaosCheck {
  round: number;
  /** When in the stream Chroma and the app were killed, ms after its first event. */
  chromaKilledAtMs: number;
  chromaDownMs: number;
  appKilledAtMs: number;
  /** Kill → the restarted app answering `/healthz`. */
  appDownMs: number;
  /** Spawn → `/healthz` of the start that succeeded (grows with what the app loads at start). */
  appStartMs: number;
  appStartAttempts: number;
  /** Time from the last event's delivery to the app being idle with every reply posted. */
  settleMs: number;
  settled: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Adds one app process's warning counts to the running totals. */
export function mergeWarnings(into: Map<string, number>, from: Map<string, number>): void {
  for (const [msg, n] of from) into.set(msg, (into.get(msg) ?? 0) + n);
}

/** SIGKILLs the app and starts it again until a start succeeds. */
async function crashAndRestart(
  app: AppHolder,
  env: Record<string, string>,
): Promise<{ ms: number; attempts: number }> {
  const started = Date.now();
  await app.current.kill();
  mergeWarnings(app.warnings, app.current.warnings);
  for (let attempt = 1; ; attempt++) {
    try {
      app.current = await startAppProcess(env);
      return { ms: Date.now() - started, attempts: attempt };
    } catch (err) {
      if (attempt >= APP_START_ATTEMPTS) throw err;
      console.log(`  app start ${attempt} failed: ${String(err).split("\n").slice(0, 3).join(" | ")}`);
      await sleep(APP_RESTART_PAUSE_MS);
    }
  }
}

/** Runs round `round`: `events` DMs from `users` users, one every `intervalMs`, with both kills. */
export async function runChaosRound(options: {
  harness: LoadHarness;
  app: AppHolder;
  rng: Rng;
  round: number;
  events: number;
  users: number;
  intervalMs: number;
  /** When the app is killed: at the drawn time, or at the first ack or reply after it. */
  killAt: KillMoment;
}): Promise<ChaosRoundResult> {
  const { harness, app, rng, round } = options;
  const planned = chaosEvents(rng, round, options.events, options.users);
  const streamMs = options.events * options.intervalMs;
  const chromaKilledAtMs = rng.int(Math.round(streamMs * 0.1), Math.round(streamMs * 0.5));
  const chromaDownMs = rng.int(CHROMA_DOWN_MS.min, CHROMA_DOWN_MS.max);
  const drawnKillMs = rng.int(Math.round(streamMs * 0.3), Math.round(streamMs * 0.9));
  const url = () => app.current.url;
  const roundStart = Date.now();
  let ackArrived = (): void => undefined;
  const afterAck = new Promise<void>((resolve) => (ackArrived = resolve));

  const chroma = (async () => {
    await sleep(chromaKilledAtMs);
    await harness.killChroma();
    await sleep(chromaDownMs);
    await harness.restartChroma();
  })();
  let appKilledAt = 0;
  const crash = (async () => {
    await sleep(drawnKillMs);
    const nextReply = () =>
      harness.slack.waitForCall("chat.postMessage", {
        count: harness.slack.callsTo("chat.postMessage").length + 1,
        timeoutMs: 60_000,
      });
    // The stream's last ack comes before its end plus a second; a reply, within the model's time.
    if (options.killAt === "ack") await Promise.race([afterAck, sleep(streamMs - drawnKillMs + 1_000)]);
    if (options.killAt === "reply") await nextReply();
    appKilledAt = Date.now();
    return crashAndRestart(app, harness.env);
  })();
  const deliveries: Array<Promise<DeliveredEvent>> = planned.map(async (event, i) => {
    await sleep(i * options.intervalMs);
    const delivered = await deliver(url, event, {
      retryDelaysMs: RETRY_DELAYS_MS,
      attemptTimeoutMs: SLACK_ACK_DEADLINE_MS,
    });
    if (delivered.acked && Date.now() - roundStart >= drawnKillMs) ackArrived();
    return delivered;
  });
  const [delivered, restart] = await Promise.all([Promise.all(deliveries), crash, chroma]);
  const settled = await settle({
    url,
    slack: harness.slack,
    quietMs: QUIET_MS,
    timeoutMs: SETTLE_TIMEOUT_MS,
  });
  const check = await checkChaosRound({ slack: harness.slack, url: url(), delivered, appKilledAt });
  return {
    round,
    ...check,
    chromaKilledAtMs,
    chromaDownMs,
    appKilledAtMs: appKilledAt - roundStart,
    appDownMs: restart.ms,
    appStartMs: app.current.startMs,
    appStartAttempts: restart.attempts,
    settleMs: settled.ms,
    settled: settled.settled,
  };
}
