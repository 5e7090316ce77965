import { ContentFilter, type FilterDecision, type FilterInput } from "../../src/autosave/content-filter.js";
import { DEFAULT_FILTER_CONFIG, type ContentFilterConfig } from "../../src/autosave/pipeline-config.js";
import type { Neighbour } from "../../src/autosave/novelty.js";

/** A fixed "now" for the filter: 2026-05-01T00:00:00Z. */
export const NOW = Date.parse("2026-05-01T00:00:00Z");

/** A filter input for `text` at {@link NOW} with no memories yet; override any field. */
export function makeFilterInput(text: string, overrides: Partial<FilterInput> = {}): FilterInput {
  return { text, now: NOW, messageTime: NOW, neighbours: [], topics: [], activeTopics: [], ...overrides };
}

/** A neighbour: an existing memory and the caller's cosine to it. */
export function makeNeighbour(text: string, similarity = 0.5): Neighbour {
  return { text, similarity };
}

/** Runs the filter (the seed's defaults unless overridden) on one message. */
export function decide(
  text: string,
  overrides: Partial<FilterInput> = {},
  config: Partial<ContentFilterConfig> = {},
): FilterDecision {
  return new ContentFilter({ ...DEFAULT_FILTER_CONFIG, ...config }).decide(makeFilterInput(text, overrides));
}
