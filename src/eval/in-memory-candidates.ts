/**
 * The tuning scripts' in-memory recall: every user's memories in their own BM25 index (as the app
 * keeps them, all built here at once) and their offline-embedder vectors searched exactly; for each
 * query, each retriever's top {@link CANDIDATES_PER_RETRIEVER} candidates, ready for `rankHybrid`. No
 * Chroma; the conversation context only with `context` (each user's memories per channel in time order,
 * captured conversation, as the CLI's `eval` command ingests them). The production path is `npm run
 * memory -- eval --set DIR --ablate`.
 */
import { cosineSimilarity } from "../core/embedder.js";
import { OfflineEmbedder } from "../llm/offline-embedder.js";
import { conversationContext } from "../memory/search/conversation-context.js";
import {
  CANDIDATES_PER_RETRIEVER,
  type ConversationContext,
  type KeywordCandidate,
  type VectorCandidate,
} from "../memory/search/hybrid-ranking.js";
import { KeywordIndex } from "../memory/search/keyword-index.js";
import type { MemoryRow, QueryRow } from "./recall-metrics.js";

export interface QueryCandidates {
  query: QueryRow;
  keyword: KeywordCandidate[];
  vector: VectorCandidate[];
  /** The user's conversation context, when asked for. */
  context?: ConversationContext;
}

export async function inMemoryCandidates(
  memories: MemoryRow[],
  queries: QueryRow[],
  options: { context?: boolean } = {},
): Promise<QueryCandidates[]> {
  const embedder = new OfflineEmbedder();
  const vectors = await embedder.embed(memories.map((m) => m.text));
  const users = new Map<
    string,
    { index: KeywordIndex; entries: Array<{ memory: MemoryRow; vector: number[] }> }
  >();
  const userOf = (userId: string) => {
    let user = users.get(userId);
    if (!user) users.set(userId, (user = { index: new KeywordIndex(), entries: [] }));
    return user;
  };
  memories.forEach((memory, i) => {
    const user = userOf(memory.user_id);
    user.index.add([
      {
        id: memory.id,
        text: memory.text,
        timestamp: Date.parse(memory.ts),
        // As the CLI's `eval` command ingests them: one DM and one channel per user, imported notes.
        channelId: `${memory.channel_type === "im" ? "D" : "C"}-${memory.user_id}`,
        channelType: memory.channel_type,
        source: "import",
      },
    ]);
    user.entries.push({ memory, vector: vectors[i]! });
  });
  const queryVectors = await embedder.embed(queries.map((q) => q.query));
  return queries.map((query, i) => {
    const { index, entries } = userOf(query.user_id);
    const keyword = index.search(query.query, { limit: CANDIDATES_PER_RETRIEVER }).map((hit) => {
      const doc = index.get(hit.id);
      return {
        id: hit.id,
        score: hit.score,
        coverage: hit.coverage,
        timestamp: doc?.timestamp ?? 0,
        text: doc?.text ?? "",
      };
    });
    const vector = entries
      .map((e) => ({
        id: e.memory.id,
        similarity: cosineSimilarity(queryVectors[i]!, e.vector),
        timestamp: Date.parse(e.memory.ts),
        text: e.memory.text,
      }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, CANDIDATES_PER_RETRIEVER);
    return options.context === true
      ? { query, keyword, vector, context: conversationContext(index, () => true) }
      : { query, keyword, vector };
  });
}
