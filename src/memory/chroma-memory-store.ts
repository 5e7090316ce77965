import { ChromaVectorStore } from "@llamaindex/chroma";
import { Settings } from "@llamaindex/core/global";
import { FilterOperator, type MetadataFilter, type MetadataFilters } from "@llamaindex/core/vector-store";
import { Document, MetadataMode, type BaseNode } from "@llamaindex/core/schema";
import { SentenceSplitter, VectorStoreIndex, runTransformations } from "llamaindex";
import { AppError } from "../errors.js";
import type { Embedder } from "../llm/embedder.js";
import { EmbedderEmbedding } from "../llm/llamaindex-embedding.js";
import type { Memory, MemoryScope } from "../types.js";
import { fromMetadata, toMetadata } from "./memory-metadata.js";

/** Memories are short; a chunk this large keeps one memory in one Chroma row (one vector). */
const CHUNK_SIZE_TOKENS = 8192;
/** Rows per Chroma `get` page when listing or rebuilding. */
export const SCAN_PAGE_SIZE = 1000;

export interface VectorHit {
  memory: Memory;
  /** Cosine similarity (the collection is in cosine space). */
  similarity: number;
}

export interface ChromaMemoryStoreOptions {
  chromaUrl: string;
  embedder: Embedder;
  /** Collection name prefix; the embedder id is appended so models never share a collection. */
  collectionPrefix?: string;
  embedBatchSize?: number;
}

type Collection = Awaited<ReturnType<ChromaVectorStore["getCollection"]>>;

/**
 * Memory documents in Chroma through LlamaIndex: a `VectorStoreIndex` over a `ChromaVectorStore` whose
 * collection is in cosine space. Chroma is the source of truth for memory text. Works around the
 * adapter's broken delete (STACK-NOTES) by deleting on `ref_doc_id` through the collection.
 */
export class ChromaMemoryStore {
  private constructor(
    private readonly store: ChromaVectorStore,
    private readonly index: VectorStoreIndex,
    private readonly collection: Collection,
    private readonly embedding: EmbedderEmbedding,
    readonly collectionName: string,
  ) {}

  static async create(options: ChromaMemoryStoreOptions): Promise<ChromaMemoryStore> {
    const collectionName = collectionNameFor(options.collectionPrefix ?? "memories", options.embedder.id);
    const embedding = new EmbedderEmbedding(options.embedder, options.embedBatchSize ?? 64);
    const store = new ChromaVectorStore({
      collectionName,
      chromaClientParams: { path: options.chromaUrl },
      embeddingModel: embedding,
    });
    let collection: Collection;
    try {
      // Create it in cosine space before the adapter's getOrCreateCollection (which passes no metadata).
      collection = (await store.client().getOrCreateCollection({
        name: collectionName,
        metadata: { "hnsw:space": "cosine", embedder: options.embedder.id },
      })) as Collection;
    } catch (err) {
      throw new AppError(
        "store_failed",
        `Chroma at ${options.chromaUrl} is unreachable: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
    const space = (collection.metadata as Record<string, unknown> | undefined)?.["hnsw:space"];
    if (space !== "cosine") {
      throw new AppError(
        "store_failed",
        `Chroma collection ${collectionName} is not in cosine space (${String(space)})`,
      );
    }
    const index = await Settings.withEmbedModel(embedding, () => VectorStoreIndex.fromVectorStore(store));
    return new ChromaMemoryStore(store, index, collection, embedding, collectionName);
  }

  /**
   * Saves memories; an existing id of the same owner is replaced (delete, then insert: no duplicate
   * rows). The delete is scoped to the owner, so a caller-given id (the CLI import) can never remove
   * another user's or team's memory that happens to have the same id.
   */
  async upsert(memories: Memory[]): Promise<void> {
    if (memories.length === 0) return;
    await this.wrap("upsert", async () => {
      const idsByOwner = new Map<string, { scope: MemoryScope; ids: string[] }>();
      for (const m of memories) {
        const key = JSON.stringify([m.teamId, m.userId]);
        const entry = idsByOwner.get(key) ?? { scope: { teamId: m.teamId, userId: m.userId }, ids: [] };
        entry.ids.push(m.id);
        idsByOwner.set(key, entry);
      }
      for (const { scope, ids } of idsByOwner.values()) {
        await this.collection.delete({ where: this.ownerWhere(scope, { ref_doc_id: { $in: ids } }) });
      }
      const docs = memories.map((m) => {
        const metadata = toMetadata(m);
        const keys = Object.keys(metadata);
        return new Document({
          id_: m.id,
          text: m.text,
          metadata,
          excludedEmbedMetadataKeys: keys,
          excludedLlmMetadataKeys: keys,
        });
      });
      const splitter = new SentenceSplitter({ chunkSize: CHUNK_SIZE_TOKENS, chunkOverlap: 0 });
      const nodes = (await runTransformations(docs, [splitter])) as BaseNode[];
      await this.index.insertNodes(nodes);
    });
  }

  /** Nearest memories to `vector` within the scope filters, one hit per memory, best first. */
  async query(options: {
    vector: number[];
    teamId: string;
    userId: string;
    visibilities?: string[] | undefined;
    topK: number;
  }): Promise<VectorHit[]> {
    return this.wrap("query", async () => {
      const filters: MetadataFilter[] = [
        { key: "user_id", value: options.userId, operator: FilterOperator.EQ },
        { key: "team_id", value: options.teamId, operator: FilterOperator.EQ },
      ];
      if (options.visibilities) {
        filters.push({ key: "visibility", value: options.visibilities, operator: FilterOperator.IN });
      }
      const result = await this.store.query({
        queryEmbedding: options.vector,
        similarityTopK: options.topK,
        filters: { filters } satisfies MetadataFilters,
        mode: "default" as never,
      });
      const best = new Map<string, VectorHit>();
      (result.nodes ?? []).forEach((node, i) => {
        const id = node.sourceNode?.nodeId ?? node.id_;
        const similarity = result.similarities[i] ?? 0;
        const seen = best.get(id);
        if (seen && seen.similarity >= similarity) return;
        const memory = fromMetadata(id, node.getContent(MetadataMode.NONE), node.metadata);
        best.set(id, { memory, similarity });
      });
      return [...best.values()].sort((a, b) => b.similarity - a.similarity);
    });
  }

  /** The embedding of a query text, through the same model as the stored vectors. */
  embedQuery(text: string): Promise<number[]> {
    return this.wrap("embed", () => this.embedding.getTextEmbedding(text));
  }

  async get(scope: MemoryScope, id: string): Promise<Memory | undefined> {
    const [memory] = await this.page({
      where: this.ownerWhere(scope, { ref_doc_id: id }),
      limit: 1,
      offset: 0,
    });
    return memory;
  }

  /** One page of a user's memories in Chroma's order; `offset` is the paging cursor. */
  list(scope: MemoryScope, options: { limit: number; offset: number }): Promise<Memory[]> {
    return this.page({ where: this.ownerWhere(scope), ...options });
  }

  async delete(scope: MemoryScope, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.wrap("delete", () =>
      this.collection.delete({ where: this.ownerWhere(scope, { ref_doc_id: { $in: ids } }) }),
    );
  }

  async deleteAll(scope: MemoryScope): Promise<void> {
    await this.wrap("delete", () => this.collection.delete({ where: this.ownerWhere(scope) }));
  }

  /** Every memory of every user, page by page (for rebuilding derived indexes at start). */
  async *scan(pageSize = SCAN_PAGE_SIZE): AsyncGenerator<Memory[]> {
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.page({ limit: pageSize, offset });
      if (page.length > 0) yield page;
      if (page.length < pageSize) return;
    }
  }

  async count(): Promise<number> {
    return this.wrap("count", () => this.collection.count());
  }

  private async page(options: {
    where?: Record<string, unknown>;
    limit: number;
    offset: number;
  }): Promise<Memory[]> {
    return this.wrap("get", async () => {
      const rows = await this.collection.get({
        ...(options.where ? { where: options.where as never } : {}),
        include: ["documents", "metadatas"] as never,
        limit: options.limit,
        offset: options.offset,
      });
      return rows.ids.map((rowId, i) => {
        const meta = (rows.metadatas[i] ?? {}) as Record<string, unknown>;
        const id =
          typeof meta.ref_doc_id === "string" && meta.ref_doc_id !== "None" ? meta.ref_doc_id : rowId;
        return fromMetadata(id, rows.documents[i] ?? "", meta);
      });
    });
  }

  private ownerWhere(scope: MemoryScope, extra?: Record<string, unknown>): Record<string, unknown> {
    const clauses: Record<string, unknown>[] = [{ user_id: scope.userId }, { team_id: scope.teamId }];
    if (extra) clauses.push(extra);
    return { $and: clauses };
  }

  private async wrap<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError("store_failed", `Chroma ${what} failed: ${(err as Error).message}`, { cause: err });
    }
  }
}

/** Chroma names allow [a-zA-Z0-9._-], 3–512 characters, starting and ending alphanumeric. */
export function collectionNameFor(prefix: string, embedderId: string): string {
  return `${prefix}_${embedderId}`
    .replace(/[^a-zA-Z0-9._-]+/g, "_")
    .replace(/^[^a-zA-Z0-9]+|[^a-zA-Z0-9]+$/g, "")
    .slice(0, 200);
}
