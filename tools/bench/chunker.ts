/**
 * Chunker throughput (src/memory/chunking/chunker.ts): MB/s of both strategies on Korean and English texts,
 * and of the token strategy on a run without spaces. The semantic strategy embeds with the project's
 * offline embedder (src/llm/offline-embedder.ts); its time is shown apart.
 *
 *   npx tsx tools/bench/chunker.ts [--mb 1] [--repeats 3]
 *
 * Texts: the kmem-dev memories (eval/kmem-dev, Korean ones and English ones apart) shuffled with a
 * seeded PRNG, their digits redrawn, joined by line breaks and a blank line every few memories, up to
 * the size. Prints a table (median of the repeats); the last line is one JSON object.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { preloadTokenizer } from "../../src/text/token-counter.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { createChunker, type Chunk } from "../../src/memory/chunking/chunker.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { createRng } from "./lib/prng.js";
import { median, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

const MB = 1_000_000;

function devSetText(korean: boolean, size: number, seed: number): string {
  const memories = readFileSync("eval/kmem-dev/memories.jsonl", "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { text: string }).text)
    .filter((text) => /[가-힣]/.test(text) === korean);
  const rng = createRng(seed);
  let out = "";
  for (let i = 0; out.length < size; i++) {
    const memory = rng.pick(memories).replace(/\d/g, () => String(rng.int(0, 9)));
    out += memory + ((i + 1) % 6 === 0 ? "\n\n" : "\n");
  }
  return out.slice(0, size);
}

function hangulRun(size: number): string {
  return Array.from({ length: size }, (_, i) => String.fromCharCode(0xac00 + ((i * 7919) % 11172))).join("");
}

interface Row {
  strategy: string;
  text: string;
  mb: number;
  ms: number;
  mbPerS: number;
  embedMs: number | null;
  chunks: number;
  meanTokens: number;
  maxTokens: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { mb: { type: "string", default: "1" }, repeats: { type: "string", default: "3" } },
  });
  const size = Math.round(Number(values.mb) * MB);
  const repeats = Number(values.repeats);
  const machine = machineInfo();
  const started = performance.now();
  console.log(`\nChunker throughput — ${describeMachine(machine)}\n`);
  preloadTokenizer();

  const texts: Record<string, string> = {
    "Korean (kmem-dev)": devSetText(true, size, 1),
    "English (kmem-dev)": devSetText(false, size, 2),
    "Hangul, no spaces": hangulRun(size),
  };
  const defaults = parseMemoryConfig("").memory.chunker;
  const semanticConfig = parseMemoryConfig('[memory.chunker]\nstrategy = "semantic"').memory.chunker;
  const offline = new OfflineEmbedder();
  let embedMs = 0;
  const embedder = {
    embed: async (batch: string[]) => {
      const t = performance.now();
      const vectors = await offline.embed(batch);
      embedMs += performance.now() - t;
      return vectors;
    },
  };
  const strategies = [
    {
      name: `token (max ${defaults.max_tokens}, overlap ${defaults.overlap_tokens})`,
      chunker: createChunker(defaults),
    },
    {
      name: `semantic (max ${semanticConfig.max_tokens}, min ${semanticConfig.min_tokens}, offline embedder)`,
      chunker: createChunker(semanticConfig, { embedder }),
    },
  ];

  const rows: Row[] = [];
  for (const { name, chunker } of strategies) {
    for (const [textName, text] of Object.entries(texts)) {
      const times: number[] = [];
      const embedTimes: number[] = [];
      let chunks: Chunk[] = [];
      for (let r = 0; r < repeats; r++) {
        embedMs = 0;
        const t = performance.now();
        chunks = await chunker.chunk(text);
        times.push(performance.now() - t);
        embedTimes.push(embedMs);
      }
      const ms = median(times);
      const isSemantic = name.startsWith("semantic");
      rows.push({
        strategy: name,
        text: textName,
        mb: round(text.length / MB, 3),
        ms: round(ms, 1),
        mbPerS: round(text.length / MB / (ms / 1000), 2),
        embedMs: isSemantic ? round(median(embedTimes), 1) : null,
        chunks: chunks.length,
        meanTokens: round(chunks.reduce((sum, c) => sum + c.tokens, 0) / chunks.length, 1),
        maxTokens: Math.max(...chunks.map((c) => c.tokens)),
      });
    }
  }
  console.log(
    markdownTable(
      [
        "strategy",
        "text",
        "MB",
        "ms",
        "MB/s",
        "of which embedding ms",
        "chunks",
        "mean tokens",
        "max tokens",
      ],
      rows.map((r) => [
        r.strategy,
        r.text,
        fixed(r.mb, 2),
        fixed(r.ms, 0),
        fixed(r.mbPerS, 2),
        r.embedMs === null ? "—" : fixed(r.embedMs, 0),
        String(r.chunks),
        fixed(r.meanTokens, 0),
        String(r.maxTokens),
      ]),
    ),
  );
  console.log("");
  const loadAtEnd = printRunEnd(performance.now() - started);
  console.log(JSON.stringify({ machine, loadAtEnd, repeats, rows }));
}

await main();
