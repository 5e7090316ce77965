import { similarityForCosine, type SimilarityMetric } from "../../core/vector-index.js";

/**
 * Recall numbers that belong to the embedder, in one place: how much the vector half weighs in the
 * fusion, the cosine at which a memory counts as relevant (the gate between answering and "I don't
 * know"), and `similarity_threshold`, the least cosine for a vector hit to enter the fusion at all.
 * A cosine of 0.45 means "same words" for the offline hash embedder and "unrelated" for nomic-embed-text,
 * so one number for all would be wrong for all but one.
 *
 * Keyed by the embedder's id (`offline:hash-ngram-v1:512`, `ollama:bge-m3:1024`, …). `[memory.vector]`
 * keys set in memory.toml win over the profile, each on its own (see {@link recallSettings}).
 */

/**
 * How the two halves are fused (rrf.ts):
 * - `rrf`: weighted reciprocal rank fusion, score(d) = Σ_s w_s / (k + rank_s(d));
 * - `score`: relative score fusion, score(d) = Σ_s w_s · score_s(d) / max_s (each list's scores over
 *   its best), which keeps how sure each retriever is.
 */
export type FusionMethod = "rrf" | "score";
export const FUSION_METHODS: readonly FusionMethod[] = ["rrf", "score"];

export interface FusionSettings {
  method: FusionMethod;
  /** RRF damping constant (`rrf` only). */
  k: number;
  weights: { keyword: number; vector: number };
  /**
   * The recency prior (hybrid-ranking.ts `rankHybrid`'s `recencyPrior`): the newest candidate gains this
   * share of the best fused score, the oldest none, the rest by their rank in time. Recency as one
   * signal beside relevance, as memory streams weigh it (Park et al., "Generative Agents", 2023): of
   * two notes a question finds about as well, the later is likelier to hold what is so now. Only with
   * relative score fusion, where it was measured: RRF's scores stand so close together (1/61 against
   * 1/62) that a share of the best one reorders by time more than by relevance.
   */
  recencyPrior: number;
}

export type ProfileName = "offline" | "bge-m3" | "nomic-embed-text" | "ollama-default";

export interface EmbedderProfile {
  name: ProfileName;
  fusion: FusionSettings;
  /** Cosine at or above which a vector hit is relevant by itself (the relevance gate's vector signal). */
  relevanceThreshold: number;
  /** `similarity_threshold`: vector hits below this cosine are not fused at all (0: keep them all). */
  similarityThreshold: number;
  /** Where the numbers come from. */
  basis: string;
}

/**
 * The profiles. Only `offline` is measured here (no model weights in this environment, nor in CI);
 * the Ollama ones are set from each model's usual cosine range and are the ones to override first.
 */
export const EMBEDDER_PROFILES: Readonly<Record<ProfileName, EmbedderProfile>> = {
  /**
   * The built-in hash embedder: its cosine is a weighted n-gram overlap, a weaker copy of what BM25
   * already knows. Chosen on kmem-dev and kconv-en (`npm run memory -- eval --ablate`,
   * `tools/scripts/tune-fusion.ts`; figures in docs/benchmarks.md, "Fusion"): any RRF weight that lets
   * the vector half reorder BM25's ranks costs kconv-en recall, because RRF's ranks hide that BM25's
   * first hit is often far ahead. Relative score fusion with the vector half at 0.05 of BM25's weight
   * sits on a plateau of equal figures: vectors break BM25's near-ties (within 5% of a score) and fill
   * the list where BM25 runs out, and can never lift a memory over a BM25 hit scored more than 5%
   * above it. The gate's 0.45 is the middle of the
   * plateau swept on kmem-dev (hybrid-ranking.ts MIN_VECTOR_SIMILARITY); no floor on the cosine.
   * The recency prior: 0.05–0.15, by rank in time, by time itself and by a half-life of 30 or 90 days,
   * on the nineteen unseen recall sets; 0.1 by rank gave the lowest stale-above-gold with no rank-1
   * answer lost (docs/benchmarks.md, "Eighth round").
   */
  offline: {
    name: "offline",
    fusion: { method: "score", k: 60, weights: { keyword: 1, vector: 0.05 }, recencyPrior: 0.1 },
    relevanceThreshold: 0.45,
    similarityThreshold: 0,
    basis: "measured (kmem-dev, kconv-en)",
  },
  /**
   * BAAI bge-m3 (dense): unrelated sentence pairs mostly fall at 0.3–0.5, paraphrases at 0.6 and up; a
   * semantic model finds what BM25 cannot, so both halves vote equally.
   */
  "bge-m3": {
    name: "bge-m3",
    fusion: { method: "rrf", k: 60, weights: { keyword: 1, vector: 1 }, recencyPrior: 0 },
    relevanceThreshold: 0.6,
    similarityThreshold: 0.35,
    basis: "the model's usual cosine range; not measured here",
  },
  /**
   * nomic-embed-text: its cosines run high (unrelated pairs often 0.4–0.55), so both thresholds sit higher
   * than bge-m3's.
   */
  "nomic-embed-text": {
    name: "nomic-embed-text",
    fusion: { method: "rrf", k: 60, weights: { keyword: 1, vector: 1 }, recencyPrior: 0 },
    relevanceThreshold: 0.65,
    similarityThreshold: 0.4,
    basis: "the model's usual cosine range; not measured here",
  },
  /**
   * Any other Ollama model: its cosine scale is unknown, so the profile is conservative. No floor (a
   * floor on an unknown scale could drop every hit; RRF needs only ranks), a high gate (the vector half
   * alone rarely makes the bot answer: better no answer than an answer from a loose match), and the
   * vector half weighs less than BM25 until measured.
   */
  "ollama-default": {
    name: "ollama-default",
    fusion: { method: "rrf", k: 60, weights: { keyword: 1, vector: 0.5 }, recencyPrior: 0 },
    relevanceThreshold: 0.75,
    similarityThreshold: 0,
    basis: "conservative default for an unmeasured model",
  },
};

/**
 * The profile of an embedder id: `offline:…` → offline; `ollama:<model>:<dim>` → the model's profile
 * when known (bge-m3, nomic-embed-text; any tag, `bge-m3:567m` too), else ollama-default. Anything
 * else (a test's fake embedder) gets ollama-default as well.
 */
export function profileForEmbedder(embedderId: string): EmbedderProfile {
  if (embedderId.startsWith("offline:") || embedderId === "offline") return EMBEDDER_PROFILES.offline;
  const model = embedderId.startsWith("ollama:") ? embedderId.slice("ollama:".length) : embedderId;
  const base = (model.split("/").pop() ?? model).split(":")[0]!.toLowerCase();
  if (base === "bge-m3") return EMBEDDER_PROFILES["bge-m3"];
  if (base === "nomic-embed-text") return EMBEDDER_PROFILES["nomic-embed-text"];
  return EMBEDDER_PROFILES["ollama-default"];
}

/**
 * The `[memory.vector]` keys that override a profile; each unset key keeps the profile's value. The two
 * thresholds set here are in the metric's own similarity (vector-index.ts `similarityFrom`), as the
 * index reports it; a profile's, which are cosines, are converted to that metric.
 */
export interface RecallOverrides {
  /** Default "cosine". */
  similarity_metric?: SimilarityMetric | undefined;
  fusion?: FusionMethod | undefined;
  similarity_threshold?: number | undefined;
  relevance_threshold?: number | undefined;
  keyword_weight?: number | undefined;
  vector_weight?: number | undefined;
  rrf_k?: number | undefined;
}

const OVERRIDE_KEYS: ReadonlyArray<keyof RecallOverrides> = [
  "fusion",
  "similarity_threshold",
  "relevance_threshold",
  "keyword_weight",
  "vector_weight",
  "rrf_k",
];

/** The recall numbers in force: the profile's, with each `[memory.vector]` key that is set instead. */
export interface RecallSettings {
  profile: ProfileName;
  /** The metric both thresholds are read in. */
  metric: SimilarityMetric;
  fusion: FusionSettings;
  /** The relevance gate's vector signal, in the metric's similarity. */
  relevanceThreshold: number;
  /** `similarity_threshold`, in the metric's similarity. */
  similarityThreshold: number;
  /** The keys that came from memory.toml rather than the profile, for the start-up log. */
  overridden: Array<keyof RecallOverrides>;
}

export function recallSettings(embedderId: string, overrides: RecallOverrides = {}): RecallSettings {
  const profile = profileForEmbedder(embedderId);
  const overridden = OVERRIDE_KEYS.filter((key) => overrides[key] !== undefined);
  const metric = overrides.similarity_metric ?? "cosine";
  const method = overrides.fusion ?? profile.fusion.method;
  return {
    profile: profile.name,
    metric,
    fusion: {
      method,
      k: overrides.rrf_k ?? profile.fusion.k,
      weights: {
        keyword: overrides.keyword_weight ?? profile.fusion.weights.keyword,
        vector: overrides.vector_weight ?? profile.fusion.weights.vector,
      },
      // The profile's prior was measured with its own fusion method only.
      recencyPrior: method === profile.fusion.method ? profile.fusion.recencyPrior : 0,
    },
    relevanceThreshold:
      overrides.relevance_threshold ?? similarityForCosine(metric, profile.relevanceThreshold),
    similarityThreshold:
      overrides.similarity_threshold ?? similarityForCosine(metric, profile.similarityThreshold),
    overridden,
  };
}
