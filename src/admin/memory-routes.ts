import { z } from "zod";
import { AppError } from "../errors.js";
import type { Router } from "../http/router.js";
import type { MemoryLifecycle } from "../memory/memory-lifecycle.js";
import { MAX_MEMORY_CHARS, MAX_SEARCH_K } from "../memory/memory-service.js";
import type { Memory, MemoryScope } from "../types.js";
import { idSchema, intParam, parseOr400 } from "./validation.js";

const MAX_LIST_LIMIT = 500;

const metadataValue = z.union([z.string().max(500), z.number().finite(), z.boolean()]);
const addBody = z.object({
  text: z
    .string({ message: "is required and must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(MAX_MEMORY_CHARS, `must be at most ${MAX_MEMORY_CHARS} characters`),
  metadata: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "keys must be identifiers"), metadataValue)
    .refine((m) => Object.keys(m).length <= 20, "at most 20 keys")
    .optional(),
});

/** Keys of `metadata` in a POST that set the memory's own fields instead of extra metadata. */
const channelTypeSchema = z.enum(["im", "mpim", "channel", "group"]);

/** The admin view of a memory: `{ id, doc, meta }`, meta in Chroma's snake_case. */
export function memoryView(memory: Memory): { id: string; doc: string; meta: Record<string, unknown> } {
  return {
    id: memory.id,
    doc: memory.text,
    meta: {
      doc_id: memory.id,
      user_id: memory.userId,
      team_id: memory.teamId,
      timestamp: memory.timestamp,
      time: new Date(memory.timestamp).toISOString(),
      channel_id: memory.channelId,
      channel_type: memory.channelType,
      source: memory.source,
      ...memory.extra,
    },
  };
}

/** `/admin/memory/*`: list, search, add, delete one, delete all (with confirm=true). */
export function registerMemoryRoutes(
  router: Router,
  deps: { memory: MemoryLifecycle; teamOf: (query: URLSearchParams) => string },
): void {
  const scopeOf = (params: Record<string, string>, query: URLSearchParams): MemoryScope => ({
    teamId: parseOr400(idSchema, deps.teamOf(query), "team"),
    userId: parseOr400(idSchema, params.userId, "userId"),
  });

  router.add("GET", "/admin/memory/list/:userId", async ({ params, query }) => {
    const scope = scopeOf(params, query);
    const limit = intParam(query, "limit", { min: 1, max: MAX_LIST_LIMIT, default: 50 });
    const page = await deps.memory.list(scope, { limit, cursor: query.get("cursor") ?? undefined });
    return { status: 200, body: { items: page.items.map(memoryView), nextCursor: page.nextCursor } };
  });

  router.add("GET", "/admin/memory/search/:userId", async ({ params, query }) => {
    const scope = scopeOf(params, query);
    const q = query.get("q")?.trim();
    if (!q) throw new AppError("bad_request", "q must not be empty", { details: { field: "q" } });
    if (q.length > MAX_MEMORY_CHARS)
      throw new AppError("bad_request", `q must be at most ${MAX_MEMORY_CHARS} characters`);
    const k = intParam(query, "k", { min: 1, max: MAX_SEARCH_K, default: 5 });
    const results = await deps.memory.search(scope, q, { k });
    return {
      status: 200,
      body: {
        query: q,
        k,
        results: results.map((r) => ({
          id: r.id,
          doc: r.text,
          score: r.score,
          relevant: r.relevant,
          ranks: { vector: r.ranks.vector ?? null, bm25: r.ranks.keyword ?? null },
          scores: { vector: r.similarity ?? null, bm25: r.keywordScore ?? null },
          timestamp: r.timestamp,
        })),
      },
    };
  });

  router.add("POST", "/admin/memory/:userId", async ({ params, query, json }) => {
    const scope = scopeOf(params, query);
    const body = parseOr400(addBody, await json(), "body");
    const { channel_id, channel_type, timestamp, ...extra } = body.metadata ?? {};
    const memory = await deps.memory.save(scope, {
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
    });
    return { status: 201, body: memoryView(memory) };
  });

  router.add("GET", "/admin/memory/:userId/:id", async ({ params, query }) => {
    const scope = scopeOf(params, query);
    const memory = await deps.memory.get(scope, parseOr400(idSchema, params.id, "id"));
    if (!memory) throw new AppError("not_found", `no memory ${params.id} for user ${scope.userId}`);
    return { status: 200, body: memoryView(memory) };
  });

  router.add("DELETE", "/admin/memory/:userId/:id", async ({ params, query }) => {
    const scope = scopeOf(params, query);
    const id = parseOr400(idSchema, params.id, "id");
    if (!(await deps.memory.delete(scope, id)))
      throw new AppError("not_found", `no memory ${id} for user ${scope.userId}`);
    return { status: 200, body: { deleted: id } };
  });

  router.add("DELETE", "/admin/memory/:userId", async ({ params, query }) => {
    const scope = scopeOf(params, query);
    if (query.get("confirm") !== "true") {
      throw new AppError("bad_request", "deleting all memories needs ?confirm=true", {
        details: { field: "confirm" },
      });
    }
    const result = await deps.memory.deleteAll(scope, { history: query.get("history") === "true" });
    return {
      status: 200,
      body: {
        deleted: result.memories,
        ...(result.conversations === undefined ? {} : { conversations: result.conversations }),
      },
    };
  });
}
