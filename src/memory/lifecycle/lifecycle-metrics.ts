import type { AuditActor } from "../../core/audit.js";
import type { Metrics } from "../../core/metrics.js";
import type { MemorySource } from "../../core/types.js";

const SOURCES: ReadonlySet<string> = new Set<MemorySource>(["slack", "autosave", "admin", "import"]);

/**
 * How many of `memories` come from each source. A source outside the closed set (a row written by
 * something else) counts as `import`, so a metric label never takes a value from stored data.
 */
export function countBySource(
  memories: Iterable<{ source?: string | undefined }>,
): Map<MemorySource, number> {
  const counts = new Map<MemorySource, number>();
  for (const { source } of memories) {
    const known = (source !== undefined && SOURCES.has(source) ? source : "import") as MemorySource;
    counts.set(known, (counts.get(known) ?? 0) + 1);
  }
  return counts;
}

/** `memories_saved_total{source}` for what a save kept. */
export function recordSaved(metrics: Metrics, memories: Iterable<{ source: MemorySource }>): void {
  for (const [source, count] of countBySource(memories)) metrics.memoriesSaved(source, count);
}

/** `memories_forgotten_total{source, actor}` for what a delete removed (counts by source). */
export function recordForgotten(
  metrics: Metrics,
  counts: Map<MemorySource, number>,
  actor: AuditActor,
): void {
  for (const [source, count] of counts) metrics.memoriesForgotten(source, actor, count);
}
