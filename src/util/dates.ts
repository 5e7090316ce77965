/**
 * The UTC calendar day of a time, `2026-12-01`: how memories are dated wherever they are shown (chat
 * replies, the model's recalled memories, Block Kit, the reranker's candidates).
 */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
