import { AppError } from "../core/errors.js";
import { EXCLUDE_PATTERN_FLAGS } from "./memory-defaults.js";

/**
 * Compiles `exclude_patterns` once (case-insensitive, Unicode). An invalid pattern is AppError
 * `config_invalid` naming it, so a bad config fails at start, not on the first message. That each runs
 * in linear time is checked where memory.toml is read (config/memory-config.ts).
 *
 * @example compileExcludePatterns(["^(ok|thanks)$"])[0].test("OK") === true
 */
export function compileExcludePatterns(patterns: readonly string[]): RegExp[] {
  return patterns.map((pattern, index) => {
    try {
      return new RegExp(pattern, EXCLUDE_PATTERN_FLAGS);
    } catch (err) {
      throw new AppError(
        "config_invalid",
        `memory.filter.exclude_patterns[${index}]: ${JSON.stringify(pattern)} is not a valid regular expression`,
        { cause: err, details: { index, pattern } },
      );
    }
  });
}
