/**
 * What the content filter and the topic extractor cost per message, without the embedding: the work
 * added to every DM and mention. Replays kfilter-dev and kfilter-own as the eval does (each user's
 * messages in order, the 5 nearest kept memories as neighbours) and times, per message, the topic
 * extraction and the filter's decision; the embedding and the cosine ranking happen outside the timer
 * (they are the caller's). Then long messages: prose of 4,000 and 10,000 characters (the filter's
 * max_length) and 10,000 characters without a space.
 *
 *   npx tsx tools/bench/filter.ts [--rounds 5]
 *
 * Prints a table (ms per message, the median of the rounds' percentiles); the last line is one JSON
 * object.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { EVAL_FILTER_CONFIG } from "../../src/eval/filter-report.js";
import { ContentFilter } from "../../src/autosave/content-filter.js";
import { RuleTopicExtractor } from "../../src/autosave/topics.js";
import {
  filterEvalRowSchema,
  replayFilterEval,
  type FilterEvalRow,
  type ReplayedMessage,
} from "../../src/eval/filter-eval.js";
import { parseJsonLines } from "../../src/util/jsonl.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { elapsedMs, medianOfRounds, round, summarize, type LatencySummary } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

const SETS = ["eval/kfilter-dev/messages.jsonl", "eval/kfilter-own/messages.jsonl"];

function loadRows(): FilterEvalRow[] {
  return SETS.flatMap((file) => parseJsonLines(readFileSync(file, "utf8"), filterEvalRowSchema, file));
}

/**
 * Replays the sets once, as the eval does, to record each message's inputs (its neighbours, the
 * active topics and the topic context at that point), in the sets' order.
 */
function prepare(rows: readonly FilterEvalRow[]): ReplayedMessage[] {
  const seen = new Map<FilterEvalRow, ReplayedMessage>();
  replayFilterEval(rows, EVAL_FILTER_CONFIG, (row, message) => seen.set(row, message));
  return rows.map((row) => seen.get(row)!);
}

/** Times topics + decide for each prepared message; returns per-message ms. */
function timeRound(
  prepared: readonly ReplayedMessage[],
  filter: ContentFilter,
  extractor: RuleTopicExtractor,
): number[] {
  return prepared.map(({ input, context }) => {
    const start = performance.now();
    const topics = extractor.extractSync(input.text, context);
    filter.decide({ ...input, topics });
    return elapsedMs(start);
  });
}

function longMessages(prepared: readonly ReplayedMessage[]): Record<string, ReplayedMessage> {
  const prose =
    "다음주 토요일 광화문 한정식 12시 반 예약했어, 엄마 생신이라 가족 다 모임. The quick brown fox jumps over the lazy dog! ";
  const base = prepared[prepared.length - 1]!;
  const make = (text: string): ReplayedMessage => ({ input: { ...base.input, text }, context: base.context });
  return {
    "prose, 4,000 chars": make(prose.repeat(60).slice(0, 4_000)),
    "prose, 10,000 chars": make(prose.repeat(150).slice(0, 10_000)),
    "Hangul, 10,000 chars, no spaces": make(
      Array.from({ length: 10_000 }, (_, i) => String.fromCharCode(0xac00 + ((i * 7919) % 11172))).join(""),
    ),
  };
}

function main(): void {
  const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" } } });
  const rounds = Number(values.rounds);
  const machine = machineInfo();
  const runStarted = performance.now();
  console.log(`\nContent filter + topics per message (embedding excluded) — ${describeMachine(machine)}\n`);
  const filter = new ContentFilter(EVAL_FILTER_CONFIG.filter);
  const extractor = new RuleTopicExtractor(EVAL_FILTER_CONFIG.topics);
  const prepared = prepare(loadRows());
  timeRound(prepared, filter, extractor); // warm-up: JIT, regex compilation, the fact-slot cache
  const summaries: LatencySummary[] = [];
  for (let r = 0; r < rounds; r++) summaries.push(summarize(timeRound(prepared, filter, extractor)));
  const sets = medianOfRounds(summaries);
  const long: Record<string, LatencySummary> = {};
  for (const [name, message] of Object.entries(longMessages(prepared))) {
    timeRound([message], filter, extractor);
    long[name] = summarize(Array.from({ length: rounds }, () => timeRound([message], filter, extractor)[0]!));
  }
  const rows = [
    [
      `kfilter-dev + kfilter-own (${prepared.length} messages)`,
      fixed(sets.p50, 3),
      fixed(sets.p95, 3),
      fixed(sets.p99, 3),
    ],
    ...Object.entries(long).map(([name, s]) => [name, fixed(s.p50, 2), fixed(s.p95, 2), fixed(s.p99, 2)]),
  ];
  console.log(markdownTable(["messages", "p50 ms", "p95 ms", "p99 ms"], rows));
  console.log("");
  const load = printRunEnd(performance.now() - runStarted);
  const json = {
    machine: { ...machine, loadAverageAtEnd: load },
    rounds,
    perMessage: { p50: round(sets.p50, 4), p95: round(sets.p95, 4), p99: round(sets.p99, 4), n: sets.n },
    long: Object.fromEntries(
      Object.entries(long).map(([k, s]) => [k, { p50: round(s.p50, 3), p95: round(s.p95, 3) }]),
    ),
  };
  console.log(JSON.stringify(json));
}

main();
