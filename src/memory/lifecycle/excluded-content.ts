import { AppError } from "../../core/errors.js";
import { EXCLUDED_SAVE } from "../../core/ports.js";

/**
 * Throws AppError `bad_request` (`isExcludedSave`) naming the `[memory.filter] exclude_patterns` entry
 * the text matches, as the content filter tests it (trimmed, case-insensitive).
 */
export function refuseExcluded(exclude: readonly RegExp[], text: string): void {
  const trimmed = text.trim();
  const index = exclude.findIndex((pattern) => pattern.test(trimmed));
  if (index < 0) return;
  const key = `memory.filter.exclude_patterns[${index}]`;
  throw new AppError("bad_request", `Not saved: this assistant is set never to keep such content (${key}).`, {
    details: { reason: EXCLUDED_SAVE, key },
  });
}
