/** The chaos benchmark: rounds of {@link runChaosRound} against one app, a table and totals. */
import { startAppProcess } from "./app-process.js";
import {
  type AppHolder,
  type ChaosRoundResult,
  type KillMoment,
  mergeWarnings,
  runChaosRound,
} from "./chaos-round.js";
import type { LoadHarness } from "./load-harness.js";
import type { Rng } from "./prng.js";
import { fixed, markdownTable } from "./table.js";

/** Totals over the rounds; the lists' lengths are the counts with a target of 0. */
function totals(rounds: ChaosRoundResult[]) {
  const sum = (pick: (r: ChaosRoundResult) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  return {
    rounds: rounds.length,
    sent: sum((r) => r.sent),
    acked: sum((r) => r.acked),
    retried: sum((r) => r.retried),
    neverAcked: sum((r) => r.neverAcked),
    neverAckedAnswered: sum((r) => r.neverAckedAnswered),
    confirmed: sum((r) => r.confirmed),
    lost: sum((r) => r.lost.length),
    missingGraph: sum((r) => r.missingGraph.length),
    duplicateMemories: sum((r) => r.duplicateMemories.length),
    ackedUnanswered: sum((r) => r.ackedUnanswered.length),
    duplicateReplies: sum((r) => r.duplicateReplies),
    unattributed: sum((r) => r.unattributed),
    appStartAttempts: sum((r) => r.appStartAttempts),
    unsettledRounds: rounds.filter((r) => !r.settled).length,
  };
}

function printChaosReport(rounds: ChaosRoundResult[], total: ReturnType<typeof totals>): void {
  const row = (r: ChaosRoundResult): string[] => [
    String(r.round + 1),
    ...[r.sent, r.acked, r.retried, r.neverAcked, r.confirmed, r.lost.length, r.missingGraph.length].map(
      String,
    ),
    ...[r.ackedUnanswered.length, r.duplicateReplies, r.duplicateMemories.length, r.unattributed].map(String),
    `${fixed(r.chromaKilledAtMs / 1000)}+${fixed(r.chromaDownMs / 1000)}`,
    fixed(r.appKilledAtMs / 1000),
    `${fixed(r.appDownMs / 1000)} (${r.appStartAttempts})`,
    fixed(r.appStartMs / 1000),
    `${fixed(r.settleMs / 1000)}${r.settled ? "" : " (not settled)"}`,
  ];
  const t = total;
  console.log(
    "\nChaos rounds (Chroma killed at s + down s; app killed at s; app down s (starts); start s: the start that worked):\n",
  );
  console.log(
    markdownTable(
      ["round", "sent", "acked", "retried", "never acked", "confirmed", "lost", "no graph node"]
        .concat(["acked unanswered", "dup replies", "dup memories", "unattributed"])
        .concat(["chroma kill", "app kill", "app down", "start s", "settle s"]),
      [
        ...rounds.map(row),
        ["total", t.sent, t.acked, t.retried, t.neverAcked, t.confirmed, t.lost, t.missingGraph]
          .concat([t.ackedUnanswered, t.duplicateReplies, t.duplicateMemories, t.unattributed])
          .map(String)
          .concat([
            "",
            "",
            `(${t.appStartAttempts})`,
            t.unsettledRounds ? `${t.unsettledRounds} not settled` : "",
          ]),
      ],
    ),
  );
  const target = (name: string, n: number) => `${name}: ${n} (target 0${n === 0 ? ", met" : ", NOT met"})`;
  console.log(
    `\n${target("acknowledged memories lost", t.lost)}; ${target("graph facts missing", t.missingGraph)}; ` +
      `${target("acked but never answered", t.ackedUnanswered)}; duplicate replies ${t.duplicateReplies}`,
  );
  for (const r of rounds) {
    for (const [what, list] of [
      ["lost", r.lost],
      ["no graph node", r.missingGraph],
      ["acked unanswered", r.ackedUnanswered],
      ["duplicate memory", r.duplicateMemories],
      ["answered twice", r.duplicated],
    ] as const) {
      if (list.length > 0) console.log(`  round ${r.round + 1} ${what}: ${list.join(" | ")}`);
    }
  }
}

/** Starts the app, runs the rounds, prints the report; resolves with the figures for the JSON line. */
export async function runChaos(options: {
  harness: LoadHarness;
  rng: Rng;
  rounds: number;
  events: number;
  users: number;
  intervalMs: number;
  killAt: KillMoment;
}): Promise<Record<string, unknown>> {
  const app: AppHolder = { current: await startAppProcess(options.harness.env), warnings: new Map() };
  const results: ChaosRoundResult[] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      const r = await runChaosRound({ ...options, app, round });
      console.log(
        `round ${round + 1}: acked ${r.acked}/${r.sent}, confirmed ${r.confirmed}, lost ${r.lost.length}, ` +
          `no graph node ${r.missingGraph.length}, acked unanswered ${r.ackedUnanswered.length}, ` +
          `duplicate replies ${r.duplicateReplies}, app down ${fixed(r.appDownMs / 1000)} s`,
      );
      results.push(r);
    }
  } finally {
    await app.current.stop();
    mergeWarnings(app.warnings, app.current.warnings);
  }
  const total = totals(results);
  printChaosReport(results, total);
  const warnings = Object.fromEntries(app.warnings);
  console.log("\nApp warnings (count by message):", warnings);
  return {
    mode: "chaos",
    events: options.events,
    users: options.users,
    intervalMs: options.intervalMs,
    killAt: options.killAt,
    totals: total,
    rounds: results,
    appWarnings: warnings,
  };
}
