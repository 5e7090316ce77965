/**
 * One round of the load benchmark: the HTTP floor (N ignored events at once), then N DMs from N users
 * at once, each timed from send to ack and from send to its reply at the fake Slack.
 */
import { readHealth, settle } from "./app-health.js";
import type { LoadHarness } from "./load-harness.js";
import { ignoredEvents, loadEvents, type PlannedEvent } from "./load-events.js";
import type { Rng } from "./prng.js";
import { repliesIn, tallyFirstReplies, waitForFirstReplies, type ReplyKind } from "./replies.js";
import { deliver, SLACK_ACK_DEADLINE_MS, type DeliveredEvent } from "./slack-traffic.js";
import { summarize, type LatencySummary } from "./stats.js";

/** A round is over when no reply came for this long after the app went idle (late duplicates show). */
export const QUIET_MS = 1_000;
export const SETTLE_TIMEOUT_MS = 180_000;

/** Figures of one round. Latencies in ms; counts of events. */
export interface LoadRoundResult {
  size: number;
  sent: number;
  acked: number;
  /** Acks slower than Slack's 3 s deadline (Slack would have retried them). */
  slowAcks: number;
  /** Events with at least one reply. */
  answered: number;
  /** First replies by kind (a "busy" reply counts as answered). */
  kinds: Record<ReplyKind, number>;
  /** Replies beyond the first in a channel (one event per channel). */
  duplicates: number;
  ack: LatencySummary;
  ackMaxMs: number;
  /** Ack latency of N ignored events sent at once: signature check, Bolt and the HTTP stack, no work. */
  floor: LatencySummary;
  /** The same N signed DM bodies, cold, to a bare Node HTTP server: the client's and loopback's own share. */
  bare: LatencySummary;
  /** Ack minus the bare server's ack, at p50 and p99 of this round: what the app adds. */
  overBare: { p50: number; p99: number };
  /** Events sent and never answered. */
  lost: number;
  /** Every event's first reply, whatever it says ("busy" replies come fast and pull it down). */
  e2e: LatencySummary;
  /** Facts confirmed ("기억했어요"): no model on the way, Chroma and the journal are. */
  e2eFacts: LatencySummary;
  /** Questions the model answered (not "busy"): the wait in the model queue shows here. */
  e2eQuestions: LatencySummary;
  /** First send → last reply. */
  wallMs: number;
  /** Model requests the app's queue refused in this round (full, or waited too long). */
  queueRejected: number;
  /** Longest wait for a model slot among the app's last 100 model requests, ms. */
  queueMaxWaitMs: number;
}

/** Sends all of `events` at once; resolves when every delivery has its ack (or failure). */
function sendAll(url: string, events: PlannedEvent[], cold = false): Promise<DeliveredEvent[]> {
  return Promise.all(events.map((e) => deliver(() => url, e, { cold })));
}

function ackTimes(delivered: DeliveredEvent[]): number[] {
  return delivered.flatMap((d) => (d.ackMs !== undefined ? [d.ackMs] : []));
}

/** Runs one round against an idle app at `url`. */
export async function runLoadRound(options: {
  harness: LoadHarness;
  url: string;
  /** A bare HTTP server (echo-server.ts) for the client's own floor. */
  bareUrl: string;
  rng: Rng;
  round: string;
  size: number;
  replyTimeoutMs: number;
}): Promise<LoadRoundResult> {
  const { harness, url, size } = options;
  // The floor of the app's own HTTP path: N events it ignores, over kept-alive connections (one
  // unmeasured batch first fills the client's pool).
  await sendAll(url, ignoredEvents(`${options.round}warm`, size));
  const floor = await sendAll(url, ignoredEvents(options.round, size));
  const before = (await readHealth(url))?.queue;

  // The real floor: the very same signed DM bodies, from the same client, on cold connections (a
  // connection per request, as Slack opens them), to a bare Node server in its own process; then
  // to the app, where they start turns.
  const events = loadEvents(options.rng, options.round, size);
  const bare = await sendAll(options.bareUrl, events, true);
  const channels = new Set(events.map((e) => e.channel));
  const started = Date.now();
  const delivered = await sendAll(url, events, true);
  await waitForFirstReplies(harness.slack, delivered, options.replyTimeoutMs);
  await settle({ url: () => url, slack: harness.slack, quietMs: QUIET_MS, timeoutMs: SETTLE_TIMEOUT_MS });
  const after = (await readHealth(url))?.queue;

  const { firsts, kinds, duplicates } = tallyFirstReplies(delivered, repliesIn(harness.slack, channels));
  const e2e = {
    all: firsts.map((f) => f.e2eMs),
    fact: firsts.filter((f) => f.kind === "remembered").map((f) => f.e2eMs),
    question: firsts.filter((f) => f.kind === "answer").map((f) => f.e2eMs),
  };
  const lastReply = Math.max(started, ...firsts.map((f) => f.lastAt));
  const acks = ackTimes(delivered);
  return {
    size,
    sent: delivered.length,
    acked: acks.length,
    slowAcks: acks.filter((ms) => ms > SLACK_ACK_DEADLINE_MS).length,
    answered: firsts.length,
    kinds,
    duplicates,
    ack: summarize(acks),
    ackMaxMs: Math.max(...acks),
    floor: summarize(ackTimes(floor)),
    bare: summarize(ackTimes(bare)),
    overBare: {
      p50: summarize(acks).p50 - summarize(ackTimes(bare)).p50,
      p99: summarize(acks).p99 - summarize(ackTimes(bare)).p99,
    },
    lost: delivered.length - firsts.length,
    e2e: summarize(e2e.all),
    e2eFacts: summarize(e2e.fact),
    e2eQuestions: summarize(e2e.question),
    wallMs: lastReply - started,
    queueRejected:
      (after?.rejectedFull ?? 0) +
      (after?.rejectedTimeout ?? 0) -
      (before?.rejectedFull ?? 0) -
      (before?.rejectedTimeout ?? 0),
    queueMaxWaitMs: after?.maxWaitMs ?? Number.NaN,
  };
}
