/** Plain-text tables for benchmark output (Markdown pipe syntax, so they paste into docs/benchmarks.md). */

/** Renders rows as a Markdown table with aligned columns. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: readonly string[]): string =>
    `| ${widths.map((w, c) => (cells[c] ?? "").padEnd(w)).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** Formats a number with fixed decimals. */
export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}
