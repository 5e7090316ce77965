/**
 * What the scale benchmark measures on running replicas (replica-cluster.ts):
 *
 * - a throughput round: N signed DMs from N users sent at once, round-robin over the replicas'
 *   `/slack/events`, timed until every reply has reached the fake Slack, each event answered once;
 * - change-feed lag: a memory saved through replica A's admin API, then replica B's admin search polled
 *   until B's BM25 half ranks it (B held that user's index before the save, so only the feed's
 *   invalidation gets it there).
 */
import { TEST_IDS } from "../../../fixtures/slack-events.js";
import { settle } from "./app-health.js";
import type { AppProcess } from "./app-process.js";
import { BENCH_ADMIN_TOKEN, type LoadHarness } from "./load-harness.js";
import { loadEvents } from "./load-events.js";
import { QUIET_MS, SETTLE_TIMEOUT_MS } from "./load-round.js";
import type { Rng } from "./prng.js";
import { repliesIn, tallyFirstReplies, waitForFirstReplies, type ReplyKind } from "./replies.js";
import { processCpuSeconds, scriptPid } from "./process-memory.js";
import { deliver } from "./slack-traffic.js";
import { summarize, type LatencySummary } from "./stats.js";

/** Figures of one throughput round. */
export interface ThroughputRound {
  replicas: number;
  sent: number;
  acked: number;
  /** Events with at least one reply. */
  answered: number;
  /** Replies beyond the first in a channel (one event per channel): must be 0. */
  duplicates: number;
  kinds: Record<ReplyKind, number>;
  /** First send → last first-reply, ms. */
  wallMs: number;
  /** Answered events per second of `wallMs`. */
  turnsPerSecond: number;
  /** Send → first reply of each event, ms. */
  e2e: LatencySummary;
  /** CPU seconds the replicas' app processes used from the first send to the last reply. */
  appCpuSeconds: number;
}

/** Runs one round: `size` DMs round-robin over `targets`, all sent at once. */
export async function runThroughputRound(options: {
  harness: LoadHarness;
  targets: AppProcess[];
  /** Every running replica: the round ends when all of them are idle. */
  all: AppProcess[];
  rng: Rng;
  round: string;
  size: number;
  replyTimeoutMs: number;
}): Promise<ThroughputRound> {
  const { harness, targets, size } = options;
  const events = loadEvents(options.rng, options.round, size);
  const channels = new Set(events.map((e) => e.channel));
  const cpuBefore = appCpu(options.all);
  const started = Date.now();
  const delivered = await Promise.all(
    events.map((e, i) => deliver(() => targets[i % targets.length]!.url, e)),
  );
  const acked = delivered.filter((d) => d.acked);
  await waitForFirstReplies(harness.slack, delivered, options.replyTimeoutMs);
  const firstDone = Date.now();
  const appCpuSeconds = appCpu(options.all) - cpuBefore;
  for (const app of options.all) {
    await settle({
      url: () => app.url,
      slack: harness.slack,
      quietMs: QUIET_MS,
      timeoutMs: SETTLE_TIMEOUT_MS,
    });
  }
  const { firsts, kinds, duplicates } = tallyFirstReplies(delivered, repliesIn(harness.slack, channels));
  const e2e = firsts.map((f) => f.e2eMs);
  const lastFirst = Math.max(started, ...firsts.map((f) => f.firstAt));
  const answered = e2e.length;
  const wallMs = (answered === delivered.length ? lastFirst : firstDone) - started;
  return {
    replicas: targets.length,
    sent: delivered.length,
    acked: acked.length,
    answered,
    duplicates,
    kinds,
    wallMs,
    turnsPerSecond: answered / (wallMs / 1000),
    e2e: summarize(e2e),
    appCpuSeconds,
  };
}

/** CPU seconds used so far by the node processes running main.ts under these launchers. */
function appCpu(apps: AppProcess[]): number {
  return apps.reduce((sum, app) => sum + processCpuSeconds(scriptPid(app.pid, "src/main.ts")), 0);
}

const adminHeaders = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, "content-type": "application/json" };

interface SearchBody {
  results: Array<{ doc: string; ranks: { bm25: number | null } }>;
}

async function adminSearch(app: AppProcess, user: string, q: string): Promise<SearchBody> {
  const res = await fetch(
    `${app.url}/admin/memory/search/${user}?team=${TEST_IDS.teamId}&k=5&q=${encodeURIComponent(q)}`,
    { headers: adminHeaders },
  );
  if (res.status !== 200) throw new Error(`admin search: ${res.status} ${await res.text()}`);
  return (await res.json()) as SearchBody;
}

async function adminSave(app: AppProcess, user: string, text: string): Promise<void> {
  const res = await fetch(`${app.url}/admin/memory/${user}?team=${TEST_IDS.teamId}`, {
    method: "POST",
    headers: adminHeaders,
    body: JSON.stringify({ text }),
  });
  if (res.status !== 201) throw new Error(`admin save: ${res.status} ${await res.text()}`);
}

/** Change-feed lag figures. */
export interface FeedLag {
  samples: number;
  /** A's 201 → B's search ranks the memory by BM25, ms. */
  lag: LatencySummary;
  lagMaxMs: number;
  /** The save itself (POST → 201 on A), ms. */
  save: LatencySummary;
  /** Samples never seen on B within the timeout. */
  missed: number;
}

/**
 * `samples` saves on `a`, each followed by polls of `b` every `pollMs` until B's BM25 ranks the new
 * memory. Each sample is a user of its own with one memory already, whose BM25 index B has just
 * built (a search): B must drop it on the feed's message to see the new memory by its words.
 */
export async function measureFeedLag(options: {
  a: AppProcess;
  b: AppProcess;
  round: string;
  samples: number;
  pollMs: number;
  timeoutMs: number;
}): Promise<FeedLag> {
  const { a, b } = options;
  const lags: number[] = [];
  const saves: number[] = [];
  let missed = 0;
  for (let i = 0; i < options.samples; i++) {
    const user = `U_FEED${options.round}_${i}`;
    const word = `피드${options.round}표식${i}`;
    await adminSave(a, user, `첫 메모 ${i}: 우산은 현관에 있어`);
    // B builds and caches this user's index (the first memory is all it holds).
    await adminSearch(b, user, "우산");
    const text = `${word} 열쇠는 서랍 안에 있어`;
    const saveStart = performance.now();
    await adminSave(a, user, text);
    const saved = performance.now();
    saves.push(saved - saveStart);
    let seen: number | undefined;
    while (performance.now() - saved < options.timeoutMs) {
      const body = await adminSearch(b, user, word);
      if (body.results.some((r) => r.doc === text && r.ranks.bm25 !== null)) {
        seen = performance.now();
        break;
      }
      await new Promise((r) => setTimeout(r, options.pollMs));
    }
    if (seen === undefined) missed += 1;
    else lags.push(seen - saved);
  }
  return {
    samples: options.samples,
    lag: summarize(lags),
    lagMaxMs: lags.length > 0 ? Math.max(...lags) : Number.NaN,
    save: summarize(saves),
    missed,
  };
}
