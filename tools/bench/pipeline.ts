/**
 * What the memory pipeline adds to a message: the user's nearest memories (one vector query with the
 * message's embedding, which recall computed anyway), the topics and the content filter — for a user
 * with 10k memories, offline embedder, no model. Side by side, in the same run: the filter and topics
 * alone (no vector index), and the cost of keeping a message (the save, done after the reply).
 *
 *   npm run bench:pipeline [-- --backend chroma|memory|sqlite-vec|pgvector --memories 10000
 *                              --messages 300 --rounds 3]
 *
 * Messages: kfilter-dev's texts (eval/kfilter-dev), as one user. Prints a table (median of the rounds'
 * p50/p95); the last line is one JSON object. Chunker throughput: `npx tsx tools/bench/chunker.ts`
 * (`npm run bench:pipeline` runs it after this).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { defaultMemoryConfig } from "../../src/config/settings.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { ContentFilter } from "../../src/autosave/content-filter.js";
import { MemoryPipeline } from "../../src/autosave/memory-pipeline.js";
import { TopicLabeler } from "../../src/autosave/topic-labeler.js";
import type { Turn } from "../../src/core/types.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { backendOption, startBenchBackend } from "./lib/memory-harness.js";
import { createRng } from "./lib/prng.js";
import { elapsedMs, medianOfRounds, round, summarize, type LatencySummary } from "./lib/stats.js";
import { generateMemories } from "./lib/synthetic-memories.js";
import { fixed, markdownTable } from "./lib/table.js";

const SCOPE = { teamId: "T-bench", userId: "U-bench", channelId: "D-bench", channelType: "im" as const };
const SAVE_BATCH = 1000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "chroma" },
      memories: { type: "string", default: "10000" },
      messages: { type: "string", default: "300" },
      rounds: { type: "string", default: "3" },
    },
  });
  const started = Date.now();
  const count = Number(values.memories);
  const rounds = Number(values.rounds);
  const texts = readFileSync("eval/kfilter-dev/messages.jsonl", "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { text: string }).text)
    .slice(0, Number(values.messages));
  console.log(describeMachine(machineInfo()));
  console.log(
    `pipeline per message: ${count} memories for the user, ${texts.length} messages, ${rounds} rounds`,
  );

  const backend = await startBenchBackend(backendOption(values.backend));
  try {
    const embedder = new OfflineEmbedder();
    const { search, lifecycle: memory } = await backend.open({ embedder, collectionPrefix: "pipe" });
    const config = defaultMemoryConfig().memory;
    const logger = pino({ level: "silent" });
    const memories = generateMemories(createRng(7), count);
    for (let i = 0; i < memories.length; i += SAVE_BATCH) {
      await memory.saveMany(
        SCOPE,
        memories.slice(i, i + SAVE_BATCH).map((m) => ({ text: m.text, source: "import" as const })),
      );
    }
    const labeler = new TopicLabeler(config.topics, search);
    const filter = new ContentFilter(config.filter);
    const pipeline = new MemoryPipeline({ memory, filter, labeler, logger });
    const vectors = await embedder.embed(texts);
    const turns: Turn[] = texts.map((text, i) => ({ ...SCOPE, text, eventId: `bench-${i}` }));
    labeler.active(SCOPE); // the registry is built once per user; not part of a message's cost

    const judged: LatencySummary[] = [];
    const filterOnly: LatencySummary[] = [];
    let kept = 0;
    for (let r = 0; r < rounds; r++) {
      const withIndex: number[] = [];
      const alone: number[] = [];
      for (const [i, turn] of turns.entries()) {
        let t0 = performance.now();
        const decision = await pipeline.judge(turn, vectors[i]);
        withIndex.push(elapsedMs(t0));
        if (r === 0 && decision.keep) kept += 1;
        t0 = performance.now();
        filter.decide({
          text: turn.text,
          now: Date.now(),
          topics: labeler.suggest(SCOPE, turn.text),
          activeTopics: labeler.active(SCOPE),
        });
        alone.push(elapsedMs(t0));
      }
      judged.push(summarize(withIndex));
      filterOnly.push(summarize(alone));
    }
    // Keeping a message (after the reply): the save through the lifecycle, graph-less here.
    const saves: number[] = [];
    for (const turn of turns.slice(0, 50)) {
      const t0 = performance.now();
      await memory.saveMany(SCOPE, [{ text: turn.text, source: "autosave", topics: [] }]);
      saves.push(elapsedMs(t0));
    }
    const judge = medianOfRounds(judged);
    const alone = medianOfRounds(filterOnly);
    const save = summarize(saves);
    console.log(
      markdownTable(
        ["step", "p50 ms", "p95 ms"],
        [
          [`nearest memories (${backend.kind}) + topics + filter`, fixed(judge.p50, 2), fixed(judge.p95, 2)],
          ["topics + filter alone (no vector index)", fixed(alone.p50, 2), fixed(alone.p95, 2)],
          ["keeping one (the save, after the reply)", fixed(save.p50, 2), fixed(save.p95, 2)],
        ],
      ),
    );
    console.log(`kept ${kept} of ${turns.length} messages in round 1`);
    const total = printRunEnd(Date.now() - started);
    console.log(
      JSON.stringify({
        memories: count,
        messages: turns.length,
        judge: { p50: round(judge.p50), p95: round(judge.p95) },
        filterAlone: { p50: round(alone.p50), p95: round(alone.p95) },
        save: { p50: round(save.p50), p95: round(save.p95) },
        kept,
        loadAverage: total,
      }),
    );
  } finally {
    await backend.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
