import type { Context, Hono } from "hono";
import { z } from "zod";
import { AppError } from "../core/errors.js";
import type { MemoryLifecycle } from "../memory/lifecycle/memory-lifecycle.js";
import { MAX_DOCUMENT_CHARS, MAX_MEMORY_CHARS } from "../memory/lifecycle/save-input.js";
import { MAX_SEARCH_K, type SearchResult } from "../memory/search/memory-search.js";
import type { Memory } from "../core/types.js";
import { intParam, jsonBody, memoryIdSchema, parseOr400, scopeOf } from "./validation.js";

const MAX_LIST_LIMIT = 500;

/**
 * Fields of a memory's admin view ({@link memoryView}) that a POST's metadata may not set: they are the
 * memory's own (its owner, its id, its origin), and extra metadata beside them would read as them.
 * channel_id, channel_type and timestamp set the memory's fields themselves.
 */
const OWN_FIELDS: ReadonlySet<string> = new Set(["doc_id", "user_id", "team_id", "time", "source", "topics"]);

const metadataValue = z.union([z.string().max(500), z.number().finite(), z.boolean()]);
const addBody = z.object({
  text: z
    .string({ message: "is required and must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(MAX_DOCUMENT_CHARS, `must be at most ${MAX_DOCUMENT_CHARS} characters`),
  metadata: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "keys must be identifiers"), metadataValue)
    .refine((m) => Object.keys(m).length <= 20, "at most 20 keys")
    .refine((m) => !Object.keys(m).some((key) => OWN_FIELDS.has(key)), {
      message: "keys must not name a memory's own fields (doc_id, user_id, team_id, time, source, topics)",
    })
    .optional(),
});

/** Keys of `metadata` in a POST that set the memory's own fields instead of extra metadata. */
const channelTypeSchema = z.enum(["im", "mpim", "channel", "group"]);

/** The admin view of a memory: `{ id, doc, meta }`, meta in Chroma's snake_case. */
export function memoryView(memory: Memory): { id: string; doc: string; meta: Record<string, unknown> } {
  return {
    id: memory.id,
    doc: memory.text,
    // Extra metadata first: the memory's own fields win over any extra key of the same name.
    meta: {
      ...memory.extra,
      doc_id: memory.id,
      user_id: memory.userId,
      team_id: memory.teamId,
      timestamp: memory.timestamp,
      time: new Date(memory.timestamp).toISOString(),
      channel_id: memory.channelId,
      channel_type: memory.channelType,
      source: memory.source,
      ...(memory.topics?.length ? { topics: memory.topics } : {}),
    },
  };
}

/** The admin view of one search result: the fused score, and each retriever's rank (1-based) and raw score. */
export function searchResultView(r: SearchResult): SearchResultView {
  return {
    id: r.id,
    doc: r.text,
    score: r.score,
    relevant: r.relevant,
    ranks: { vector: r.ranks.vector ?? null, bm25: r.ranks.keyword ?? null },
    scores: { vector: r.similarity ?? null, bm25: r.keywordScore ?? null },
    timestamp: r.timestamp,
  };
}

export interface SearchResultView {
  id: string;
  doc: string;
  score: number;
  relevant: boolean;
  ranks: { vector: number | null; bm25: number | null };
  scores: { vector: number | null; bm25: number | null };
  timestamp: number;
}

/**
 * `?q=…&k=5&topic=` of a search: q 1–MAX_MEMORY_CHARS characters, k 1–MAX_SEARCH_K (without it,
 * `defaultK`: the deployment's `[memory.vector] top_k` / RECALL_TOP_K); a 400 otherwise.
 */
export function searchParams(
  c: Context,
  defaultK: number,
): { q: string; k: number; topic: string | undefined } {
  const q = c.req.query("q")?.trim();
  if (!q) throw new AppError("bad_request", "q must not be empty", { details: { field: "q" } });
  if (q.length > MAX_MEMORY_CHARS)
    throw new AppError("bad_request", `q must be at most ${MAX_MEMORY_CHARS} characters`);
  const k = intParam(c, "k", { min: 1, max: MAX_SEARCH_K, default: defaultK });
  const topic = c.req.query("topic")?.trim() || undefined;
  return { q, k, topic };
}

/** `/admin/memory/*`: list, search, add, delete one, delete all (with confirm=true). */
export function registerMemoryRoutes(
  app: Hono,
  deps: { memory: MemoryLifecycle; defaultTeam: string },
): void {
  app.get("/admin/memory/list/:userId", async (c) => {
    const scope = scopeOf(c, deps.defaultTeam);
    const limit = intParam(c, "limit", { min: 1, max: MAX_LIST_LIMIT, default: 50 });
    const page = await deps.memory.list(scope, { limit, cursor: c.req.query("cursor") });
    await deps.memory.recordRead(
      scope,
      page.items.map((m) => m.id),
      "admin-token",
    );
    return c.json({ items: page.items.map(memoryView), nextCursor: page.nextCursor });
  });

  app.get("/admin/memory/search/:userId", async (c) => {
    const scope = scopeOf(c, deps.defaultTeam);
    const { q, k, topic } = searchParams(c, deps.memory.recallTopK);
    const results = await deps.memory.search(scope, q, { k, topic });
    await deps.memory.recordRead(
      scope,
      results.map((r) => r.id),
      "admin-token",
    );
    return c.json({
      query: q,
      k,
      results: results.map(searchResultView),
    });
  });

  app.post("/admin/memory/:userId", jsonBody(addBody), async (c) => {
    const scope = scopeOf(c, deps.defaultTeam);
    const body = c.req.valid("json");
    const { channel_id, channel_type, timestamp, ...extra } = body.metadata ?? {};
    // "shared" decides where the memory may be recalled (core/visibility.ts): only true shares it, so
    // "yes" or 1 is refused rather than kept as a memory that says shared and is not.
    if (extra["shared"] !== undefined) parseOr400(z.boolean(), extra["shared"], "metadata.shared");
    // source "admin": the audit's actor is the admin token.
    const saved = await deps.memory.saveMany(scope, [
      {
        text: body.text,
        source: "admin",
        channelId: channel_id === undefined ? undefined : String(channel_id),
        channelType:
          channel_type === undefined
            ? undefined
            : parseOr400(channelTypeSchema, channel_type, "metadata.channel_type"),
        timestamp:
          timestamp === undefined
            ? undefined
            : parseOr400(z.number().int().positive(), timestamp, "metadata.timestamp"),
        extra,
      },
    ]);
    const first = saved[0]!;
    // stored false: kept (journaled, searchable by words) while Chroma or the embedder is down. A long
    // text is stored as chunks: the first is shown, with the ids of all of them.
    return c.json(
      {
        ...memoryView(first),
        stored: saved.every((m) => m.stored),
        ...(saved.length > 1 ? { chunks: saved.map((m) => m.id) } : {}),
      },
      201,
    );
  });

  app.get("/admin/topics/:userId", async (c) => {
    const scope = scopeOf(c, deps.defaultTeam);
    return c.json({ topics: await deps.memory.topicCounts(scope) });
  });

  app.get("/admin/memory/:userId/:id", async (c) => {
    const scope = scopeOf(c, deps.defaultTeam);
    const id = parseOr400(memoryIdSchema, c.req.param("id"), "id");
    const memory = await deps.memory.get(scope, id);
    if (!memory) throw new AppError("not_found", `no memory ${id} for user ${scope.userId}`);
    await deps.memory.recordRead(scope, [memory.id], "admin-token");
    return c.json(memoryView(memory));
  });

  app.delete("/admin/memory/:userId/:id", async (c) => {
    const scope = scopeOf(c, deps.defaultTeam);
    const id = parseOr400(memoryIdSchema, c.req.param("id"), "id");
    if (!(await deps.memory.delete(scope, id, { actor: "admin-token" })))
      throw new AppError("not_found", `no memory ${id} for user ${scope.userId}`);
    return c.json({ deleted: id });
  });

  app.delete("/admin/memory/:userId", async (c) => {
    const scope = scopeOf(c, deps.defaultTeam);
    if (c.req.query("confirm") !== "true") {
      throw new AppError("bad_request", "deleting all memories needs ?confirm=true", {
        details: { field: "confirm" },
      });
    }
    const result = await deps.memory.deleteAll(scope, {
      history: c.req.query("history") === "true",
      actor: "admin-token",
    });
    return c.json({
      deleted: result.memories,
      ...(result.conversations === undefined ? {} : { conversations: result.conversations }),
    });
  });
}
