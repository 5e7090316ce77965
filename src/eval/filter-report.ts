/**
 * What `memory eval-filter` and `tools/bench/filter.ts` share: the eval's configuration (the filter's
 * defaults, a fixed taxonomy of kfilter-dev's topics) and the report's text and JSON forms.
 */

import {
  DEFAULT_FILTER_CONFIG,
  DEFAULT_TOPICS_CONFIG,
  type ContentFilterConfig,
  type TopicsConfig,
} from "../autosave/pipeline-config.js";
import { EVAL_NEIGHBOURS, type FilterEvalReport, type Rate } from "./filter-eval.js";

/** The twelve topics of kfilter-dev, the eval's `custom_topics`. */
export const EVAL_TOPICS = [
  "family",
  "pets",
  "schedule",
  "contacts",
  "work",
  "health",
  "food",
  "shopping",
  "travel",
  "finance",
  "hobby",
  "home",
] as const;

/** The eval's configuration: the filter's defaults, and a fixed taxonomy of {@link EVAL_TOPICS}. */
export const EVAL_FILTER_CONFIG: { filter: ContentFilterConfig; topics: TopicsConfig } = {
  filter: { ...DEFAULT_FILTER_CONFIG, exclude_patterns: [...DEFAULT_FILTER_CONFIG.exclude_patterns] },
  topics: { ...DEFAULT_TOPICS_CONFIG, taxonomy: "fixed", custom_topics: [...EVAL_TOPICS] },
};

/** The JSON line of `--json`. */
export function toFilterSummary(report: FilterEvalReport): {
  keepRecall: number;
  noiseReject: number;
  byKind: Record<string, Rate>;
  duplicateSkip: number;
  topics: FilterEvalReport["topics"];
} {
  return {
    keepRecall: round(report.keepRecall),
    noiseReject: round(report.noiseReject),
    byKind: Object.fromEntries(
      Object.entries(report.byKind).map(([kind, r]) => [kind, { n: r.n, rate: round(r.rate) }]),
    ),
    duplicateSkip: round(report.duplicateSkip),
    topics: {
      precision: round(report.topics.precision),
      recall: round(report.topics.recall),
      f1: round(report.topics.f1),
    },
  };
}

/** The configuration the eval ran with, as the report's first lines. */
export function filterConfigLines(): string[] {
  const { filter, topics } = EVAL_FILTER_CONFIG;
  return [
    `config: filter autosave_threshold=${filter.autosave_threshold} novelty_threshold=${filter.novelty_threshold} ` +
      `min_length=${filter.min_length} max_length=${filter.max_length} exclude_patterns=${JSON.stringify(filter.exclude_patterns)}`,
    `config: topics taxonomy=${topics.taxonomy} max_topics_per_entry=${topics.max_topics_per_entry} ` +
      `min_confidence=${topics.min_confidence} custom_topics=${topics.custom_topics.join(",")}`,
    `config: novelty against the ${EVAL_NEIGHBOURS} nearest kept memories of the user (offline embedder, cosine)`,
    "",
  ];
}

/** The human-readable report. */
export function formatFilterReport(report: FilterEvalReport): string[] {
  const lines = [
    `keep-recall   ${num(report.keepRecall)}   (short keeps < 25 chars: ${rateText(report.shortKeepRecall)})`,
    `noise-reject  ${num(report.noiseReject)}   (long drops > 60 chars: ${rateText(report.longDropReject)})`,
    `duplicate-skip ${num(report.duplicateSkip)}  (original saved: ${rateText(report.duplicateSkipOriginalSaved)})`,
    `topics        precision ${num(report.topics.precision)}  recall ${num(report.topics.recall)}  F1 ${num(report.topics.f1)}`,
    "",
    "kind          n    rate   (keep kinds: saved; drop kinds: not saved)",
  ];
  for (const [kind, r] of Object.entries(report.byKind).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${kind.padEnd(12)}${String(r.n).padStart(3)}   ${num(r.rate)}`);
  }
  lines.push("", "lang     keep-recall     noise-reject    topic F1");
  for (const [lang, l] of Object.entries(report.byLang).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `${lang.padEnd(8)} ${rateText(l.keepRecall).padEnd(15)} ${rateText(l.noiseReject).padEnd(15)} ${num(l.topics.f1)}`,
    );
  }
  return lines;
}

function rateText(r: Rate): string {
  return `${num(r.rate)} (n=${r.n})`;
}

function num(x: number): string {
  return x.toFixed(2);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
