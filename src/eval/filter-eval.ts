/**
 * The kfilter-dev evaluation: replays a set of messages through the content filter and the topic
 * extractor, user by user in time order, and scores them as eval/kfilter-dev/README.md says.
 *
 * Novelty is computed against what was kept before for the same user: each message is embedded once
 * (the offline embedder) and its {@link EVAL_NEIGHBOURS} nearest kept memories by cosine are the
 * filter's neighbours. Topics are extracted on every message (the filter uses them for relevance) and
 * scored on the `keep` rows whatever the filter decided.
 */
import { z } from "zod";
import { cosineSimilarity } from "../core/embedder.js";
import { OfflineEmbedder } from "../llm/offline-embedder.js";
import { ContentFilter, type FilterInput, type FilterReason } from "../autosave/content-filter.js";
import { EntityTopics } from "../autosave/entity-topics.js";
import type { ContentFilterConfig, TopicsConfig } from "../autosave/pipeline-config.js";
import { TopicRegistry } from "../autosave/topic-registry.js";
import { RuleTopicExtractor, type TopicContext } from "../autosave/topics.js";

/** Nearest kept memories (by cosine) given to the filter as neighbours. */
export const EVAL_NEIGHBOURS = 5;
/** Kept messages shorter than this are reported apart ("short keeps"), as the README does. */
export const SHORT_KEEP_CHARS = 25;
/** Dropped messages longer than this are reported apart ("long drops"). */
export const LONG_DROP_CHARS = 60;

/** One line of a kfilter-dev–shaped file. */
export const filterEvalRowSchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  ts: z.string().refine((ts) => !Number.isNaN(Date.parse(ts)), "not a date"),
  channel_type: z.string().optional(),
  lang: z.string().default("und"),
  text: z.string(),
  label: z.enum(["keep", "drop"]),
  kind: z.string().min(1),
  topics: z.array(z.string()).optional(),
  duplicate_of: z.string().optional(),
});
export type FilterEvalRow = z.infer<typeof filterEvalRowSchema>;

/** What the pipeline did with one message. */
export interface FilterPrediction {
  id: string;
  saved: boolean;
  reason: FilterReason;
  score: number;
  topics: string[];
}

/** A rate and the number of rows it is over. */
export interface Rate {
  n: number;
  rate: number;
}

/** Topic precision, recall and F1 (micro, over keep rows). */
export interface TopicScores {
  precision: number;
  recall: number;
  f1: number;
}

export interface FilterEvalReport {
  keepRecall: number;
  noiseReject: number;
  byKind: Record<string, Rate>;
  duplicateSkip: number;
  /** Duplicate-skip over duplicates whose original was saved. */
  duplicateSkipOriginalSaved: Rate;
  shortKeepRecall: Rate;
  longDropReject: Rate;
  topics: TopicScores;
  byLang: Record<string, { keepRecall: Rate; noiseReject: Rate; topics: TopicScores }>;
}

/** What the topic extractor and the filter were given for one message of the replay. */
export interface ReplayedMessage {
  /** The filter's input without the topics (they come from the extractor, given `context`). */
  input: FilterInput;
  context: TopicContext;
}

/**
 * Replays `rows` (any order; grouped by user, sorted by ts) and returns a prediction per row.
 * `observe` sees each message's inputs as the replay builds them (a bench times the work apart).
 */
export function replayFilterEval(
  rows: readonly FilterEvalRow[],
  config: { filter: ContentFilterConfig; topics: TopicsConfig },
  observe?: (row: FilterEvalRow, message: ReplayedMessage) => void,
): FilterPrediction[] {
  const filter = new ContentFilter(config.filter);
  const extractor = new RuleTopicExtractor(config.topics);
  const embedder = new OfflineEmbedder();
  const users = new Map<string, FilterEvalRow[]>();
  for (const row of rows) {
    const list = users.get(row.user_id) ?? [];
    list.push(row);
    users.set(row.user_id, list);
  }
  const predictions = new Map<string, FilterPrediction>();
  for (const userRows of users.values()) {
    const kept: Array<{ text: string; vector: number[] }> = [];
    const registry = new TopicRegistry();
    const entities = new EntityTopics();
    const ordered = [...userRows].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
    for (const row of ordered) {
      const vector = embedder.embedOne(row.text);
      const neighbours = kept
        .map((memory) => ({ text: memory.text, similarity: cosineSimilarity(vector, memory.vector) }))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, EVAL_NEIGHBOURS);
      const context: TopicContext = { entityTopics: entities.map() };
      const time = Date.parse(row.ts);
      const input: FilterInput = {
        text: row.text,
        now: time,
        messageTime: time,
        neighbours,
        activeTopics: registry.active(),
      };
      const topics = extractor.extractSync(row.text, context);
      const decision = filter.decide({ ...input, topics });
      observe?.(row, { input, context });
      if (decision.keep) {
        kept.push({ text: decision.text, vector });
        registry.record(topics.map((t) => t.label));
        entities.learn(decision.text);
      }
      predictions.set(row.id, {
        id: row.id,
        saved: decision.keep,
        reason: decision.reason,
        score: decision.score,
        topics: topics.map((t) => t.label),
      });
    }
  }
  return rows.map((row) => predictions.get(row.id)!);
}

/** Scores predictions as the kfilter-dev README does. */
export function scoreFilterEval(
  rows: readonly FilterEvalRow[],
  predictions: readonly FilterPrediction[],
): FilterEvalReport {
  const byId = new Map(predictions.map((p) => [p.id, p]));
  const saved = (row: FilterEvalRow): boolean => byId.get(row.id)?.saved ?? false;
  const keep = rows.filter((r) => r.label === "keep");
  const drop = rows.filter((r) => r.label === "drop");
  const dups = drop.filter((r) => r.kind === "duplicate");
  const byKind: Record<string, Rate> = {};
  for (const kind of new Set(rows.map((r) => r.kind))) {
    const ofKind = rows.filter((r) => r.kind === kind);
    byKind[kind] = rate(ofKind, (r) => (r.label === "keep" ? saved(r) : !saved(r)));
  }
  const savedIds = new Set(rows.filter(saved).map((r) => r.id));
  const byLang: FilterEvalReport["byLang"] = {};
  for (const lang of new Set(rows.map((r) => r.lang))) {
    byLang[lang] = {
      keepRecall: rate(
        keep.filter((r) => r.lang === lang),
        saved,
      ),
      noiseReject: rate(
        drop.filter((r) => r.lang === lang),
        (r) => !saved(r),
      ),
      topics: topicScores(
        keep.filter((r) => r.lang === lang),
        byId,
      ),
    };
  }
  return {
    keepRecall: rate(keep, saved).rate,
    noiseReject: rate(drop, (r) => !saved(r)).rate,
    byKind,
    duplicateSkip: rate(dups, (r) => !saved(r)).rate,
    duplicateSkipOriginalSaved: rate(
      dups.filter((r) => r.duplicate_of !== undefined && savedIds.has(r.duplicate_of)),
      (r) => !saved(r),
    ),
    shortKeepRecall: rate(
      keep.filter((r) => [...r.text].length < SHORT_KEEP_CHARS),
      saved,
    ),
    longDropReject: rate(
      drop.filter((r) => [...r.text].length > LONG_DROP_CHARS),
      (r) => !saved(r),
    ),
    topics: topicScores(keep, byId),
    byLang,
  };
}

/**
 * Micro precision/recall/F1 of predicted against gold topics: TP = Σ|P ∩ G|, precision = TP / Σ|P|,
 * recall = TP / Σ|G|.
 */
export function topicScores(
  rows: readonly FilterEvalRow[],
  predictions: ReadonlyMap<string, FilterPrediction>,
): TopicScores {
  let tp = 0;
  let predicted = 0;
  let gold = 0;
  for (const row of rows) {
    const p = new Set(predictions.get(row.id)?.topics ?? []);
    const g = new Set(row.topics ?? []);
    for (const label of p) if (g.has(label)) tp++;
    predicted += p.size;
    gold += g.size;
  }
  const precision = tp / Math.max(1, predicted);
  const recall = gold === 0 ? 0 : tp / gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

function rate(rows: readonly FilterEvalRow[], ok: (row: FilterEvalRow) => boolean): Rate {
  return { n: rows.length, rate: rows.length === 0 ? 0 : rows.filter(ok).length / rows.length };
}
