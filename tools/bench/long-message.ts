/**
 * Diagnostic: what one long message costs on the event loop, step by step, without Slack or a model.
 * Token counting is timed against js-tiktoken (the "before", only up to the sizes it finishes in
 * reasonable time: it is quadratic in a run without spaces); then every per-message step on 20,000
 * characters: the history budget, the BM25 tokenizer, the offline embedder, a BM25 search over the
 * kmem-dev memories (×40), the chat-command parser, the prompt.
 *
 *   npx tsx tools/bench/long-message.ts [--repeats 5]
 *
 * Prints tables (median ms of the repeats); the last line is one JSON object.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Tiktoken } from "js-tiktoken-real/lite";
import cl100kBase from "js-tiktoken-real/ranks/cl100k_base";
import { promptMessage } from "../../src/agent/message-limit.js";
import { buildMessages } from "../../src/agent/prompt.js";
import { parseIntent } from "../../src/agent/intents.js";
import { fitContext } from "../../src/history/context-budget.js";
import { cl100kTokenCounter, preloadTokenizer } from "../../src/text/token-counter.js";
import type { HistoryTurn } from "../../src/core/history-types.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { KeywordIndex } from "../../src/memory/search/keyword-index.js";
import { tokenize } from "../../src/text/tokenizer.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { elapsedMs, medianRunMs, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

/** Text without a space: Hangul syllables spread over the block, ASCII letters; and Korean prose. */
const TEXTS: Record<string, (n: number) => string> = {
  "Hangul, no spaces": (n) =>
    Array.from({ length: n }, (_, i) => String.fromCharCode(0xac00 + ((i * 7919) % 11172))).join(""),
  "ASCII letters, no spaces": (n) =>
    Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 31) % 26))).join(""),
  "Korean/English prose": (n) =>
    "다음주 토요일 광화문 한정식 12시 반 예약 확인 부탁해요. The quick brown fox jumps over the lazy dog! "
      .repeat(Math.ceil(n / 70))
      .slice(0, n),
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { repeats: { type: "string", default: "5" } } });
  const repeats = Number(values.repeats);
  const machine = machineInfo();
  const runStarted = performance.now();
  console.log(`\nLong-message work — ${describeMachine(machine)}\n`);

  const reference = new Tiktoken(cl100kBase);
  preloadTokenizer();
  // js-tiktoken is quadratic without spaces: only the sizes it finishes within seconds.
  const referenceSizes: Record<string, number[]> = {
    "Hangul, no spaces": [1_000, 2_000, 4_000],
    "ASCII letters, no spaces": [2_000, 4_000, 8_000],
    "Korean/English prose": [4_000, 20_000],
  };
  const counting: Array<{ text: string; chars: number; jsTiktokenMs?: number; counterMs: number }> = [];
  for (const [name, make] of Object.entries(TEXTS)) {
    for (const chars of [...new Set([...referenceSizes[name]!, 20_000, 40_000])].sort((a, b) => a - b)) {
      const text = make(chars);
      const row: (typeof counting)[number] = {
        text: name,
        chars,
        counterMs: round(medianRunMs(repeats, () => cl100kTokenCounter.count(text))),
      };
      if (referenceSizes[name]!.includes(chars)) {
        row.jsTiktokenMs = round(medianRunMs(1, () => reference.encode(text, [], [])));
      }
      counting.push(row);
    }
  }
  console.log(
    markdownTable(
      ["text", "characters", "js-tiktoken ms", "cl100kTokenCounter ms"],
      counting.map((r) => [
        r.text,
        String(r.chars),
        r.jsTiktokenMs === undefined ? "—" : fixed(r.jsTiktokenMs),
        fixed(r.counterMs),
      ]),
    ),
  );

  const memories = readFileSync("eval/kmem-dev/memories.jsonl", "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { text: string }).text);
  const index = new KeywordIndex();
  for (let copy = 0; copy < 40; copy++) {
    index.add(
      memories.map((text, i) => ({
        id: `m${i}_${copy}`,
        text,
        timestamp: i,
        channelId: "D",
        channelType: "im",
      })),
    );
  }
  const embedder = new OfflineEmbedder();
  const steps: Array<Record<string, number | string>> = [];
  for (const [name, make] of Object.entries({
    ...TEXTS,
    "memory texts, joined": (n: number) => memories.join(" ").slice(0, n),
  })) {
    const text = make(20_000);
    const turn: HistoryTurn = { user: text, assistant: "네, 받았어요.", userAt: 0, assistantAt: 0 };
    const small: HistoryTurn = { user: "오늘 날씨 어때?", assistant: "맑아요.", userAt: 0, assistantAt: 0 };
    const clipped = promptMessage(text);
    steps.push({
      text: name,
      truncate1500: round(medianRunMs(repeats, () => cl100kTokenCounter.truncate(text, 1_500))),
      fitContext: round(
        medianRunMs(repeats, () =>
          fitContext(
            { summary: "요약", olderTurns: [small], recent: [small, turn] },
            { budget: 1_500, counter: cl100kTokenCounter },
          ),
        ),
      ),
      tokenize: round(medianRunMs(repeats, () => tokenize(text))),
      embedOffline: round(medianRunMs(repeats, () => embedder.embedOne(text))),
      bm25Search4000: round(medianRunMs(repeats, () => index.search(clipped, { limit: 20 }))),
      chatCommand: round(medianRunMs(repeats, () => parseIntent(text))),
      buildMessages: round(
        medianRunMs(repeats, () =>
          buildMessages({
            lang: "ko",
            now: new Date(),
            userId: "U_BENCH",
            text: clipped,
            history: { turns: [], shared: false },
            facts: [],
            memories: [],
          }),
        ),
      ),
    });
  }
  console.log(
    `\nPer-message steps on 20,000 characters (BM25 over ${index.size} memories, query cut to 4,000), ms:\n`,
  );
  const columns = [
    "truncate1500",
    "fitContext",
    "tokenize",
    "embedOffline",
    "bm25Search4000",
    "chatCommand",
    "buildMessages",
  ];
  console.log(
    markdownTable(
      ["text", ...columns],
      steps.map((s) => [String(s.text), ...columns.map((c) => fixed(Number(s[c])))]),
    ),
  );
  const loadAtEnd = printRunEnd(elapsedMs(runStarted));
  console.log(JSON.stringify({ benchmark: "long-message", machine, repeats, counting, steps, loadAtEnd }));
}

await main();
