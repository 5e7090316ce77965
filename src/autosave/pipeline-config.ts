/**
 * The settings of the content filter and the topic extractor, as the seed's `[memory.filter]` and
 * `[memory.topics]` name them: the types of the config schema (config/memory-config.ts), so the TOML
 * maps onto them field by field, and its defaults.
 */
import type { MemoryConfig } from "../config/memory-config.js";
import { MEMORY_DEFAULTS } from "../config/memory-defaults.js";

/** `[memory.filter]` (the schema in config/memory-config.ts is the one source of this type). */
export type ContentFilterConfig = MemoryConfig["memory"]["filter"];

/** How labels are chosen: generated from the text, from `custom_topics` only, or both. */
export type Taxonomy = TopicsConfig["taxonomy"];

/** `[memory.topics]`. */
export type TopicsConfig = MemoryConfig["memory"]["topics"];

/** The filter's defaults (config/memory-defaults.ts; `min_length` 4, not the seed's 20 — see there). */
export const DEFAULT_FILTER_CONFIG: Readonly<ContentFilterConfig> = Object.freeze({
  ...MEMORY_DEFAULTS.filter,
  exclude_patterns: [...MEMORY_DEFAULTS.filter.exclude_patterns],
});

/** The seed's topic defaults. */
export const DEFAULT_TOPICS_CONFIG: Readonly<TopicsConfig> = Object.freeze({
  ...MEMORY_DEFAULTS.topics,
  custom_topics: [...MEMORY_DEFAULTS.topics.custom_topics],
});
