import { RECALL_CUTOFFS, type RecallReport } from "../eval/recall-metrics.js";

const FIRST_COLUMN = 11;
const COLUMN = 7;

/**
 * The human-readable eval report: per query type n, recall@1/3/5/10 and MRR, an ALL row, then
 * stale-above-gold, the negative pass rate (overall and by neg_kind) and isolation counts.
 *
 * @example
 * type             n    R@1    R@3    R@5   R@10    MRR
 * keyword         24   0.92   1.00   1.00   1.00   0.96
 */
export function formatRecallReport(report: RecallReport): string[] {
  const header = ["type", "n", ...RECALL_CUTOFFS.map((c) => `R@${c}`), "MRR"];
  const rows: string[][] = Object.entries(report.byType).map(([type, s]) => [
    type,
    String(s.n),
    ...RECALL_CUTOFFS.map((c) => num(s.recallAt[c])),
    num(s.mrr),
  ]);
  const n = Object.values(report.byType).reduce((sum, s) => sum + s.n, 0);
  rows.push(["ALL", String(n), ...RECALL_CUTOFFS.map((c) => num(report.recallAt[c])), num(report.mrr)]);
  const lines = [header, ...rows].map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(FIRST_COLUMN) : cell.padStart(COLUMN))).join(""),
  );
  const kinds = Object.entries(report.negativeByKind).map(
    ([kind, v]) => `${kind} ${num(v.passRate)} (n=${v.n})`,
  );
  lines.push(
    "",
    `recall@${report.k} ${num(report.recallAtK)}, relevant-only recall@${report.k} ${num(report.relevantRecallAtK)}`,
    `stale-above-gold ${num(report.staleAboveGold)}`,
    `negative pass rate ${num(report.negativePassRate)}${kinds.length ? `: ${kinds.join(", ")}` : ""}`,
    `relevance gate: precision ${num(report.gate.precision)} (${report.gate.rightlyAnswered} of ${report.gate.answered} answered queries had a gold answer), ` +
      `recall ${num(report.gate.recall)} (of ${report.gate.positives} positives), result precision ${num(report.gate.resultPrecision)}`,
    `isolation violations ${report.isolationViolations} (leak rate ${num(report.leakRate)}), ` +
      `confusable hits ${report.confusableHits}, other-user-mem hits ${report.otherUserMemHits}`,
  );
  return lines;
}

function num(x: number): string {
  return x.toFixed(2);
}
