import { RECALL_CUTOFFS, type RecallReport } from "./recall-metrics.js";

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

const MODE_LABELS: Record<string, string> = { keyword: "BM25", vector: "vector", hybrid: "fused" };

/**
 * The ablation table: per query type, R@5, R@10 and MRR of each retriever alone and of the fusion,
 * then a `fused ≥ best` column (R@5 / R@10 / MRR, `=` or `+` when the fusion is at least as good as the
 * better single retriever, `-` when it is worse).
 *
 * @example
 * type          n  BM25 R@5  R@10   MRR  vector R@5  R@10   MRR  fused R@5  R@10   MRR  fused≥best
 * keyword      24      1.00  1.00  0.98        0.96  1.00  0.90       1.00  1.00  0.98  = = =
 */
export function formatAblation(reports: ReadonlyMap<string, RecallReport>): string[] {
  const modes = [...reports.keys()];
  const first = reports.values().next().value as RecallReport;
  const header = ["type", "n"];
  for (const mode of modes) header.push(`${MODE_LABELS[mode] ?? mode} R@5`, "R@10", "MRR");
  header.push("fused≥best");
  const types = Object.keys(first.byType);
  const rows: string[][] = [];
  const pick = (r: RecallReport, type: string | null) => {
    const s = type === null ? r : r.byType[type];
    return s === undefined ? [0, 0, 0] : [s.recallAt[5], s.recallAt[10], s.mrr];
  };
  for (const type of [...types, null]) {
    const row = [
      type ?? "ALL",
      String(type === null ? types.reduce((n, t) => n + first.byType[t]!.n, 0) : first.byType[type]!.n),
    ];
    const values = modes.map((mode) => pick(reports.get(mode)!, type));
    for (const v of values) row.push(...v.map(num));
    const fused = reports.has("hybrid") ? pick(reports.get("hybrid")!, type) : undefined;
    const singles = modes.filter((m) => m !== "hybrid").map((m) => pick(reports.get(m)!, type));
    if (fused !== undefined && singles.length > 0) {
      row.push(
        fused
          .map((value, i) => {
            const best = Math.max(...singles.map((s) => s[i]!));
            // Compared at the printed precision, so the mark agrees with the figures shown.
            const [f, b] = [Number(num(value)), Number(num(best))];
            return f > b ? "+" : f === b ? "=" : "-";
          })
          .join(" "),
      );
    }
    rows.push(row);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) =>
        i === 0 ? cell.padEnd(Math.max(widths[0]!, FIRST_COLUMN)) : cell.padStart(widths[i]! + 1),
      )
      .join(""),
  );
}

function num(x: number): string {
  return x.toFixed(2);
}
