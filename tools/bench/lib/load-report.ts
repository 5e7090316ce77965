/** The load benchmark's tables (Markdown, medians over rounds) and its figures for the JSON line. */
import type { LoadRoundResult } from "./load-round.js";
import { median as medianOf, medianOfRounds, round, type LatencySummary } from "./stats.js";
import { fixed, markdownTable } from "./table.js";

/** The quoted targets: what the app adds to a bare server's ack at p99, by events at once. */
export const OVER_BARE_P99_TARGET_MS: Record<number, number> = { 50: 30, 200: 60 };

/**
 * One size's rounds, reduced: latencies are medians of the per-round percentiles, counts are summed
 * over the rounds, the wall time is the median round's.
 */
export type LoadSizeSummary = Omit<LoadRoundResult, "kinds" | "queueMaxWaitMs"> & {
  rounds: number;
  busy: number;
  recallOnly: number;
  apologies: number;
  /** Per-round ack p99, to show the spread behind the median. */
  ackP99ByRound: number[];
};

const sum = (rounds: LoadRoundResult[], pick: (r: LoadRoundResult) => number): number =>
  rounds.reduce((n, r) => n + pick(r), 0);

/** Reduces one size's rounds. */
export function summarizeSize(rounds: LoadRoundResult[]): LoadSizeSummary {
  const wall = [...rounds.map((r) => r.wallMs)].sort((a, b) => a - b);
  return {
    size: rounds[0]!.size,
    rounds: rounds.length,
    sent: sum(rounds, (r) => r.sent),
    acked: sum(rounds, (r) => r.acked),
    slowAcks: sum(rounds, (r) => r.slowAcks),
    answered: sum(rounds, (r) => r.answered),
    busy: sum(rounds, (r) => r.kinds.busy),
    recallOnly: sum(rounds, (r) => r.kinds["recall-only"]),
    apologies: sum(rounds, (r) => r.kinds.apology + r.kinds.missed),
    duplicates: sum(rounds, (r) => r.duplicates),
    lost: sum(rounds, (r) => r.lost),
    overBare: {
      p50: medianOf(rounds.map((r) => r.overBare.p50)),
      p99: medianOf(rounds.map((r) => r.overBare.p99)),
    },
    queueRejected: sum(rounds, (r) => r.queueRejected),
    ack: medianOfRounds(rounds.map((r) => r.ack)),
    ackMaxMs: Math.max(...rounds.map((r) => r.ackMaxMs)),
    floor: medianOfRounds(rounds.map((r) => r.floor)),
    bare: medianOfRounds(rounds.map((r) => r.bare)),
    e2e: medianOfRounds(rounds.map((r) => r.e2e)),
    e2eFacts: medianOfRounds(rounds.map((r) => r.e2eFacts)),
    e2eQuestions: medianOfRounds(rounds.map((r) => r.e2eQuestions)),
    wallMs: wall[Math.floor(wall.length / 2)]!,
    ackP99ByRound: rounds.map((r) => round(r.ack.p99, 1)),
  };
}

const ms = (l: LatencySummary): string[] => [fixed(l.p50), fixed(l.p95), fixed(l.p99)];

/** Prints the tables and the target line. */
export function printLoadReport(sizes: LoadSizeSummary[]): void {
  console.log(
    "\nAcks, ms (median over rounds of each round's percentile). Floor: as many events the app ignores; " +
      "bare: as many requests to a bare Node HTTP server:\n",
  );
  console.log(
    markdownTable(
      [
        "events at once",
        "ack p50",
        "p95",
        "p99",
        "max",
        "floor p50",
        "p95",
        "p99",
        "bare p50",
        "p99",
        "ack p99 by round",
      ],
      sizes.map((s) => [
        String(s.size),
        ...ms(s.ack),
        fixed(s.ackMaxMs),
        ...ms(s.floor),
        fixed(s.bare.p50),
        fixed(s.bare.p99),
        s.ackP99ByRound.map((v) => fixed(v)).join(", "),
      ]),
    ),
  );
  console.log(
    "\nEnd to end (sent → first reply at the fake Slack), ms; facts: confirmations, answers: questions the model answered:\n",
  );
  console.log(
    markdownTable(
      ["events at once", "p50", "p95", "p99", "facts p50", "p95", "answers p50", "p95", "round wall s"],
      sizes.map((s) => [
        String(s.size),
        ...ms(s.e2e),
        fixed(s.e2eFacts.p50),
        fixed(s.e2eFacts.p95),
        fixed(s.e2eQuestions.p50),
        fixed(s.e2eQuestions.p95),
        fixed(s.wallMs / 1000),
      ]),
    ),
  );
  console.log("\nReplies, summed over rounds:\n");
  console.log(
    markdownTable(
      [
        "events at once",
        "sent",
        "acked",
        "acks > 3 s",
        "answered",
        "busy",
        "recall-only",
        "apologies",
        "duplicates",
        "queue refusals",
      ],
      sizes.map((s) =>
        [
          s.size,
          s.sent,
          s.acked,
          s.slowAcks,
          s.answered,
          s.busy,
          s.recallOnly,
          s.apologies,
          s.duplicates,
          s.queueRejected,
        ].map(String),
      ),
    ),
  );
  console.log(
    "\nWhat the app adds to a bare server's ack (same signed DM bodies, same client, cold connections), ms, " +
      "medians over rounds:\n",
  );
  console.log(
    markdownTable(
      [
        "events at once",
        "app ack p50",
        "p99",
        "bare p50",
        "p99",
        "app − bare p50",
        "app − bare p99",
        "target p99",
        "lost",
        "duplicated",
      ],
      sizes.map((s) => {
        const target = OVER_BARE_P99_TARGET_MS[s.size];
        return [
          String(s.size),
          fixed(s.ack.p50),
          fixed(s.ack.p99),
          fixed(s.bare.p50),
          fixed(s.bare.p99),
          fixed(s.overBare.p50),
          fixed(s.overBare.p99),
          target === undefined ? "—" : `≤ ${target} (${s.overBare.p99 <= target ? "met" : "NOT met"})`,
          String(s.lost),
          String(s.duplicates),
        ];
      }),
    ),
  );
}

/** Rounds every latency for the JSON line. */
export function loadJson(s: LoadSizeSummary): Record<string, unknown> {
  const r = (l: LatencySummary) => ({ p50: round(l.p50, 1), p95: round(l.p95, 1), p99: round(l.p99, 1) });
  return {
    ...s,
    ack: r(s.ack),
    ackMaxMs: round(s.ackMaxMs, 1),
    floor: r(s.floor),
    bare: r(s.bare),
    overBare: { p50: round(s.overBare.p50, 1), p99: round(s.overBare.p99, 1) },
    e2e: r(s.e2e),
    e2eFacts: r(s.e2eFacts),
    e2eQuestions: r(s.e2eQuestions),
  };
}
