/**
 * The settings of the content filter and the topic extractor, as the seed's `[memory.filter]` and
 * `[memory.topics]` name them (snake_case on purpose, so the TOML config maps onto them field by
 * field). Plain interfaces: the config schema that parses the TOML lives with the config; these are
 * what the pipeline needs.
 */
import { AppError } from "../errors.js";

/** `[memory.filter]`. */
export interface ContentFilterConfig {
  enabled: boolean;
  /** Lowest composite score that is kept (0–1). */
  autosave_threshold: number;
  /** A message at least this similar to an existing memory is a duplicate and skipped (0–1). */
  novelty_threshold: number;
  /** Fewer characters (code points, after trimming) than this and the message is dropped. */
  min_length: number;
  /** Longer messages are cut to this many characters before scoring and saving. */
  max_length: number;
  /** Regular expressions (JavaScript syntax, Unicode mode) of messages never to keep. */
  exclude_patterns: string[];
}

/** How labels are chosen: generated from the text, from `custom_topics` only, or both. */
export type Taxonomy = "auto" | "fixed" | "hybrid";

/** `[memory.topics]`. */
export interface TopicsConfig {
  enabled: boolean;
  max_topics_per_entry: number;
  taxonomy: Taxonomy;
  custom_topics: string[];
  /** Lowest confidence (0–1) at which a label is assigned. */
  min_confidence: number;
}

/**
 * `min_length` default. The seed's 20 would drop half of the short Korean facts of kfilter-dev (73 of
 * its 150 keeps are under 25 characters: "나 회 못 먹음" is 7, "내 신발 270" 8). Korean packs a fact
 * into a few syllables ("나 B형" is 4), so the floor only removes what cannot hold a subject and a
 * value: kfilter-dev's shortest keep is 7 characters and its 3-character drops are all acks, thanks
 * and laughter (ㅇㅋ, ㄳ, lol, 🥰), which the other rules drop as well.
 */
export const DEFAULT_MIN_LENGTH = 4;

/**
 * The seed's filter defaults (its reference table: no exclude pattern), except `min_length` (see
 * {@link DEFAULT_MIN_LENGTH}).
 */
export const DEFAULT_FILTER_CONFIG: Readonly<ContentFilterConfig> = Object.freeze({
  enabled: true,
  autosave_threshold: 0.4,
  novelty_threshold: 0.85,
  min_length: DEFAULT_MIN_LENGTH,
  max_length: 10_000,
  exclude_patterns: [],
});

/** The seed's topic defaults. */
export const DEFAULT_TOPICS_CONFIG: Readonly<TopicsConfig> = Object.freeze({
  enabled: true,
  max_topics_per_entry: 3,
  taxonomy: "auto",
  custom_topics: [],
  min_confidence: 0.6,
});

/**
 * Compiles `exclude_patterns` once (case-insensitive, Unicode). An invalid pattern is AppError
 * `config_invalid` naming it, so a bad config fails at start, not on the first message.
 *
 * @example compileExcludePatterns(["^(ok|thanks)$"])[0].test("OK") === true
 */
export function compileExcludePatterns(patterns: readonly string[]): RegExp[] {
  return patterns.map((pattern, index) => {
    try {
      return new RegExp(pattern, "iu");
    } catch (err) {
      throw new AppError(
        "config_invalid",
        `memory.filter.exclude_patterns[${index}]: ${JSON.stringify(pattern)} is not a valid regular expression`,
        { cause: err, details: { index, pattern } },
      );
    }
  });
}
