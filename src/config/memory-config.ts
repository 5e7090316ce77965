import { z } from "zod";
import { checkRegexLinear } from "../text/regex-safety.js";
import { INDEX_TYPES } from "../core/vector-index.js";
import { DEFAULT_MAX_TOKENS, EXCLUDE_PATTERN_FLAGS, MEMORY_DEFAULTS as D } from "./memory-defaults.js";

/**
 * The schema of `memory.toml`: the memory pipeline's `[memory.*]` sections. Every key is optional;
 * an unknown key anywhere is an error (strict objects), so a typo never silently means "default".
 *
 * Each value's error message is what it accepts; `loadMemoryConfig` prefixes the key and appends the
 * value it got: `memory.filter.autosave_threshold: accepts a number from 0 to 1 (got 3)`.
 */

const accepts = (what: string) => ({ error: `accepts ${what}` });

const bool = () => z.boolean(accepts("true or false"));

/** A number in [min, max] (TOML integer or float). */
const number = (min: number, max: number) => {
  const e = accepts(`a number from ${min} to ${max}`);
  return z.number(e).min(min, e).max(max, e);
};

const integer = (min: number, max: number) => {
  const e = accepts(`an integer from ${min} to ${max}`);
  return z.number(e).int(e).min(min, e).max(max, e);
};

/** `accepts "a", "b" or "c"`. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const quoted = values.map((v) => JSON.stringify(v));
  const list = quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)!}`;
  return z.enum(values, accepts(list));
}

const section = <T extends z.core.$ZodLooseShape>(shape: T) => z.strictObject(shape, accepts("a table"));

/**
 * A list of strings each of which is a JavaScript regular expression, as the content filter runs it
 * (EXCLUDE_PATTERN_FLAGS), that runs in linear time: every message is matched against it, so one that
 * can backtrack super-linearly (`^(\w+\s?)+$`) would let a message hold the process.
 */
const regexList = z
  .array(
    z.string(accepts("a regular expression")).superRefine((pattern, ctx) => {
      try {
        new RegExp(pattern, EXCLUDE_PATTERN_FLAGS);
      } catch (err) {
        // V8 says "Invalid regular expression: /(/u: Unterminated group": keep the reason.
        const reason =
          err instanceof Error ? err.message.replace(/^Invalid regular expression: \/.*\/\w*: /, "") : "";
        ctx.addIssue({ code: "custom", message: `accepts a regular expression (${reason})` });
        return;
      }
      const verdict = checkRegexLinear(pattern, EXCLUDE_PATTERN_FLAGS);
      if (!verdict.linear) {
        ctx.addIssue({
          code: "custom",
          message: `accepts only a regular expression that runs in linear time; this one has ${verdict.reason}`,
        });
      }
    }),
    accepts("a list of regular expressions"),
  )
  .default(() => [...D.filter.exclude_patterns]);
export { INDEX_TYPES, type IndexType } from "../core/vector-index.js";

const embeddings = section({
  /** Default: EMBEDDER's (see effective-settings.ts). */
  provider: oneOf(["auto", "ollama", "offline"]).optional(),
  /** Default: OLLAMA_EMBED_MODEL's. */
  model: z.string(accepts("a model name")).trim().min(1, accepts("a model name")).optional(),
  /** Default: the model's own. */
  dimension: integer(1, 65_536).optional(),
});

/**
 * The `rerank_model` form this version can run: `ollama:<model>` (an Ollama chat model, see
 * src/memory/search/reranker.ts), required when `rerank = true`.
 */
export const RERANK_MODEL_PATTERN = /^ollama:\S+$/;
/** What `rerank_model` accepts with `rerank = true` (a config error's message after the key). */
export const RERANK_MODEL_ACCEPTS =
  'accepts only "ollama:<model>" in this version; cross-encoders are not supported';

const vector = section({
  enabled: bool().default(D.vector.enabled),
  index_type: oneOf(INDEX_TYPES).default(D.vector.index_type),
  similarity_metric: oneOf(["cosine", "dot_product", "euclidean"]).default(D.vector.similarity_metric),
  /** Default: RECALL_TOP_K's (5), see effective-settings.ts. */
  top_k: integer(1, 50).optional(),
  /**
   * The next six default to the embedder's profile (src/memory/search/embedder-profiles.ts); a value set here
   * wins over the profile, key by key.
   */
  fusion: oneOf(["rrf", "score"]).optional(),
  similarity_threshold: number(0, 1).optional(),
  relevance_threshold: number(0, 1).optional(),
  keyword_weight: number(0, 10).optional(),
  vector_weight: number(0, 10).optional(),
  rrf_k: integer(1, 1000).optional(),
  rerank: bool().default(D.vector.rerank),
  rerank_model: z.string(accepts("a model name")).trim().default(D.vector.rerank_model),
  ef_search: integer(1, 10_000).default(D.vector.ef_search),
}).superRefine((v, ctx) => {
  // Only Ollama reranks in this version: a cross-encoder (the seed's "cross-encoder/ms-marco-…") would
  // need model weights in a local folder, which could not be tested here. Checked only when rerank is
  // on, so the seed's block (rerank = false with a cross-encoder name) still loads.
  if (v.rerank && !RERANK_MODEL_PATTERN.test(v.rerank_model)) {
    ctx.addIssue({
      code: "custom",
      path: ["rerank_model"],
      message: RERANK_MODEL_ACCEPTS,
    });
  }
});

const chunker = section({
  strategy: oneOf(["token", "semantic"]).default(D.chunker.strategy),
  max_tokens: integer(16, 8192).optional(),
  overlap_tokens: integer(0, 4096).default(D.chunker.overlap_tokens),
  tokenizer: oneOf(["cl100k_base"]).default(D.chunker.tokenizer),
  min_tokens: integer(0, 8192).default(D.chunker.min_tokens),
  breakpoint_threshold: number(0, 1).default(D.chunker.breakpoint_threshold),
}).transform((c, ctx) => {
  const maxTokens = c.max_tokens ?? DEFAULT_MAX_TOKENS[c.strategy];
  // The overlap must leave room for new text: a chunk's end may move back by a quarter of max_tokens
  // to meet a sentence end, so an overlap over half of it could keep chunks from moving forward.
  const maxOverlap = Math.floor(maxTokens / 2);
  if (c.overlap_tokens > maxOverlap) {
    ctx.issues.push({
      code: "custom",
      path: ["overlap_tokens"],
      input: c.overlap_tokens,
      message: `accepts an integer from 0 to half of max_tokens (${maxOverlap})`,
    });
  }
  if (c.min_tokens > maxTokens) {
    ctx.issues.push({
      code: "custom",
      path: ["min_tokens"],
      input: c.min_tokens,
      message: `accepts an integer from 0 to max_tokens (${maxTokens})`,
    });
  }
  return { ...c, max_tokens: maxTokens };
});

const topics = section({
  enabled: bool().default(D.topics.enabled),
  max_topics_per_entry: integer(1, 20).default(D.topics.max_topics_per_entry),
  taxonomy: oneOf(["auto", "fixed", "hybrid"]).default(D.topics.taxonomy),
  custom_topics: z
    .array(
      z.string(accepts("a topic name")).trim().min(1, accepts("a topic name")),
      accepts("a list of topic names"),
    )
    .default(() => [...D.topics.custom_topics]),
  min_confidence: number(0, 1).default(D.topics.min_confidence),
}).superRefine((t, ctx) => {
  if (t.taxonomy === "fixed" && t.custom_topics.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["custom_topics"],
      message: 'needs at least one topic when taxonomy = "fixed" (nothing could be assigned)',
    });
  }
});

const filter = section({
  enabled: bool().default(D.filter.enabled),
  autosave_threshold: number(0, 1).default(D.filter.autosave_threshold),
  novelty_threshold: number(0, 1).default(D.filter.novelty_threshold),
  min_length: integer(0, 1_000_000).default(D.filter.min_length),
  max_length: integer(1, 1_000_000).default(D.filter.max_length),
  exclude_patterns: regexList,
}).superRefine((f, ctx) => {
  if (f.min_length > f.max_length) {
    ctx.addIssue({
      code: "custom",
      path: ["min_length"],
      message: `accepts an integer from 0 to max_length (${f.max_length})`,
    });
  }
});

/** Days, more than 0 (a fraction is allowed: 0.5 is twelve hours), at most a hundred years. */
const days = () => {
  const e = accepts("a number of days greater than 0 (at most 36500)");
  return z.number(e).positive(e).max(36_500, e);
};

/**
 * `[memory.retention]`: what is forgotten by age (the retention sweep, src/app/retention-sweep.ts).
 * Both are off unless set.
 */
const retention = section({
  /** Autosaved memories older than this, never confirmed or pinned, are forgotten. */
  autosave_days: days().optional(),
  /** Conversations (history) not updated for this long are deleted. */
  history_days: days().optional(),
});

/** The `[memory]` table and its sub-tables. */
const memory = section({
  backend: oneOf(["embeddings"]).default(D.memory.backend),
  embeddings: embeddings.prefault({}),
  vector: vector.prefault({}),
  chunker: chunker.prefault({}),
  topics: topics.prefault({}),
  filter: filter.prefault({}),
  retention: retention.prefault({}),
});

/** The whole file: only a `[memory]` table. An empty file (or none) gives every default. */
export const memoryConfigSchema = section({ memory: memory.prefault({}) });

export type MemoryConfig = z.infer<typeof memoryConfigSchema>;
