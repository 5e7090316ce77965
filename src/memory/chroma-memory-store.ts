import { createHash } from "node:crypto";
import { ChromaVectorStore } from "@llamaindex/chroma";
import { Settings } from "@llamaindex/core/global";
import { Document, MetadataMode, type BaseNode } from "@llamaindex/core/schema";
import { FilterOperator, type MetadataFilters } from "@llamaindex/core/vector-store";
import { SentenceSplitter, VectorStoreIndex, runTransformations } from "llamaindex";
import { AppError } from "../errors.js";
import type { Embedder } from "../llm/embedder.js";
import { EmbedderEmbedding } from "../llm/llamaindex-embedding.js";
import type { Memory, MemoryScope } from "../types.js";
import { fromMetadata, toMetadata, visibilityOf } from "./memory-metadata.js";

/** Memories are short; a chunk this large keeps one memory in one Chroma row (one vector). */
const CHUNK_SIZE_TOKENS = 8192;
/** Rows per Chroma `get` page when listing or rebuilding. */
export const SCAN_PAGE_SIZE = 1000;
/**
 * In a channel, the vector query first asks for this many times `topK` nearest memories without a
 * filter and keeps the visible ones; only when too few are visible does it run the (slower, see
 * below) filtered query.
 */
export const CHANNEL_OVERFETCH = 4;

export interface VectorHit {
  memory: Memory;
  /** Cosine similarity (the collections are in cosine space). */
  similarity: number;
}

export interface ChromaMemoryStoreOptions {
  chromaUrl: string;
  embedder: Embedder;
  /** Collection name prefix; the embedder id and the user's hash are appended. */
  collectionPrefix?: string;
  embedBatchSize?: number;
}

type Collection = Awaited<ReturnType<ChromaVectorStore["getCollection"]>>;
type ChromaClient = ReturnType<ChromaVectorStore["client"]>;

/** One user's collection, its LlamaIndex store and index. */
interface UserCollection {
  store: ChromaVectorStore;
  index: VectorStoreIndex;
  collection: Collection;
}

/**
 * Memory documents in Chroma through LlamaIndex: per user, a `VectorStoreIndex` over a
 * `ChromaVectorStore` whose collection is in cosine space. Chroma is the source of truth.
 *
 * One collection per (embedder, team, user): Chroma 1.0 answers a metadata-filtered query by scanning
 * the matching rows, which made a shared collection filtered on `user_id` grow linearly with the
 * user's memories (115 ms at 20k rows against 4 ms unfiltered, bench/chroma-query.ts); a collection
 * of one's own is queried through its HNSW index with no filter, and isolation is structural. Rows
 * still carry `user_id`/`team_id`, and every read checks them.
 *
 * Works around the adapter's broken delete (STACK-NOTES) by deleting on `ref_doc_id` through the
 * collection.
 */
export class ChromaMemoryStore {
  private readonly users = new Map<string, Promise<UserCollection>>();

  private constructor(
    private readonly client: ChromaClient,
    private readonly options: ChromaMemoryStoreOptions,
    private readonly embedding: EmbedderEmbedding,
    /** Every collection of this store starts with it: `<prefix>_<embedder id>__`. */
    readonly namespace: string,
  ) {}

  static async create(options: ChromaMemoryStoreOptions): Promise<ChromaMemoryStore> {
    const namespace = `${collectionNameFor(options.collectionPrefix ?? "memories", options.embedder.id)}__`;
    const embedding = new EmbedderEmbedding(options.embedder, options.embedBatchSize ?? 64);
    // A store not bound to a user's collection, for its client (list, delete, heartbeat).
    const client = new ChromaVectorStore({
      collectionName: `${namespace}catalog`,
      chromaClientParams: { path: options.chromaUrl },
      embeddingModel: embedding,
    }).client();
    const store = new ChromaMemoryStore(client, options, embedding, namespace);
    await store.wrap("connect", () => client.heartbeat());
    return store;
  }

  /** Saves memories; an existing id is replaced (delete, then insert: no duplicate rows). */
  async upsert(memories: Memory[]): Promise<void> {
    const byUser = new Map<string, Memory[]>();
    for (const m of memories) byUser.set(userKey(m), [...(byUser.get(userKey(m)) ?? []), m]);
    for (const group of byUser.values()) {
      const { collection, index } = await this.forUser(group[0]!);
      await this.wrap("upsert", async () => {
        await collection.delete({ where: { ref_doc_id: { $in: group.map((m) => m.id) } } });
        const docs = group.map((m) => {
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
        await index.insertNodes(nodes);
      });
    }
  }

  /**
   * Nearest memories of the user to `vector`, one hit per memory, best first. With `visibilities`
   * (a channel), only memories of those visibilities.
   */
  async query(options: {
    vector: number[];
    teamId: string;
    userId: string;
    visibilities?: string[] | undefined;
    topK: number;
  }): Promise<VectorHit[]> {
    if (!(await this.exists(options))) return [];
    const { store } = await this.forUser(options);
    const { visibilities, topK } = options;
    const owned = (hit: VectorHit) =>
      hit.memory.userId === options.userId && hit.memory.teamId === options.teamId;
    if (!visibilities) return (await this.nearest(store, options.vector, topK)).filter(owned);
    const visible = (hit: VectorHit) => owned(hit) && visibilities.includes(visibilityOf(hit.memory));
    const wide = await this.nearest(store, options.vector, topK * CHANNEL_OVERFETCH);
    const kept = wide.filter(visible);
    if (kept.length >= topK || wide.length < topK * CHANNEL_OVERFETCH) return kept.slice(0, topK);
    const filters: MetadataFilters = {
      filters: [{ key: "visibility", value: visibilities, operator: FilterOperator.IN }],
    };
    return (await this.nearest(store, options.vector, topK, filters)).filter(visible);
  }

  /** The embedding of a query text, through the same model as the stored vectors. */
  embedQuery(text: string): Promise<number[]> {
    return this.wrap("embed", () => this.embedding.getTextEmbedding(text));
  }

  async get(scope: MemoryScope, id: string): Promise<Memory | undefined> {
    if (!(await this.exists(scope))) return undefined;
    const { collection } = await this.forUser(scope);
    const [memory] = await this.page(collection, { where: { ref_doc_id: id }, limit: 1, offset: 0 });
    return memory;
  }

  /** One page of a user's memories in Chroma's order; `offset` is the paging cursor. */
  async list(scope: MemoryScope, options: { limit: number; offset: number }): Promise<Memory[]> {
    if (!(await this.exists(scope))) return [];
    return this.page((await this.forUser(scope)).collection, options);
  }

  async delete(scope: MemoryScope, ids: string[]): Promise<void> {
    if (ids.length === 0 || !(await this.exists(scope))) return;
    const { collection } = await this.forUser(scope);
    await this.wrap("delete", () => collection.delete({ where: { ref_doc_id: { $in: ids } } }));
  }

  /** Deletes all of the user's memories (their collection). */
  async deleteAll(scope: MemoryScope): Promise<void> {
    const name = this.collectionName(scope);
    this.users.delete(userKey(scope));
    if (!(await this.collectionNames()).includes(name)) return;
    await this.wrap("delete", () => this.client.deleteCollection({ name }));
  }

  /** Every memory of every user, page by page (for rebuilding derived indexes at start). */
  async *scan(pageSize = SCAN_PAGE_SIZE): AsyncGenerator<Memory[]> {
    for (const name of await this.collectionNames()) {
      const collection = await this.wrap(
        "get",
        () => this.client.getCollection({ name } as never) as Promise<Collection>,
      );
      for (let offset = 0; ; offset += pageSize) {
        const page = await this.page(collection, { limit: pageSize, offset });
        if (page.length > 0) yield page;
        if (page.length < pageSize) break;
      }
    }
  }

  /** Rows of one user (a memory is one row unless it is longer than a chunk). */
  async count(scope: MemoryScope): Promise<number> {
    if (!(await this.exists(scope))) return 0;
    const { collection } = await this.forUser(scope);
    return this.wrap("count", () => collection.count());
  }

  /** Whether Chroma answers. Never throws. */
  async ping(): Promise<boolean> {
    return this.client.heartbeat().then(
      () => true,
      () => false,
    );
  }

  /** Deletes every collection of this store's namespace (a throw-away eval namespace, tests). */
  async dropAll(): Promise<number> {
    const names = await this.collectionNames();
    for (const name of names) await this.wrap("delete", () => this.client.deleteCollection({ name }));
    this.users.clear();
    return names.length;
  }

  /** The collection of one user: `<namespace><sha256(team, user)[:24]>`. */
  collectionName(scope: Pick<MemoryScope, "teamId" | "userId">): string {
    const digest = createHash("sha256")
      .update(`${scope.teamId}\u0000${scope.userId}`)
      .digest("hex")
      .slice(0, 24);
    return `${this.namespace}${digest}`;
  }

  private async nearest(
    store: ChromaVectorStore,
    vector: number[],
    topK: number,
    filters?: MetadataFilters,
  ): Promise<VectorHit[]> {
    const result = await this.wrap("query", () =>
      store.query({
        queryEmbedding: vector,
        similarityTopK: topK,
        mode: "default" as never,
        ...(filters ? { filters } : {}),
      }),
    );
    const best = new Map<string, VectorHit>();
    (result.nodes ?? []).forEach((node, i) => {
      const id = node.sourceNode?.nodeId ?? node.id_;
      const similarity = result.similarities[i] ?? 0;
      const seen = best.get(id);
      if (seen && seen.similarity >= similarity) return;
      best.set(id, {
        memory: fromMetadata(id, node.getContent(MetadataMode.NONE), node.metadata),
        similarity,
      });
    });
    return [...best.values()].sort((a, b) => b.similarity - a.similarity);
  }

  /** Whether the user has a collection (reads don't create one). */
  private async exists(scope: Pick<MemoryScope, "teamId" | "userId">): Promise<boolean> {
    if (this.users.has(userKey(scope))) return true;
    return (await this.collectionNames()).includes(this.collectionName(scope));
  }

  private forUser(scope: Pick<MemoryScope, "teamId" | "userId">): Promise<UserCollection> {
    const key = userKey(scope);
    let handle = this.users.get(key);
    if (!handle) {
      handle = this.open(this.collectionName(scope));
      handle.catch(() => this.users.delete(key)); // a failed open is retried on the next call
      this.users.set(key, handle);
    }
    return handle;
  }

  private async open(name: string): Promise<UserCollection> {
    const store = new ChromaVectorStore({
      collectionName: name,
      chromaClientParams: { path: this.options.chromaUrl },
      embeddingModel: this.embedding,
    });
    // Create it in cosine space before the adapter's getOrCreateCollection (which passes no metadata).
    const collection = await this.wrap(
      "open",
      () =>
        store.client().getOrCreateCollection({
          name,
          metadata: { "hnsw:space": "cosine", embedder: this.options.embedder.id },
        }) as Promise<Collection>,
    );
    const space = (collection.metadata as Record<string, unknown> | undefined)?.["hnsw:space"];
    if (space !== "cosine") {
      throw new AppError(
        "store_failed",
        `Chroma collection ${name} is not in cosine space (${String(space)})`,
      );
    }
    const index = await Settings.withEmbedModel(this.embedding, () =>
      VectorStoreIndex.fromVectorStore(store),
    );
    return { store, index, collection };
  }

  private async collectionNames(): Promise<string[]> {
    const names: string[] = [];
    for (let offset = 0; ; offset += SCAN_PAGE_SIZE) {
      const page = await this.wrap("list", () =>
        this.client.listCollections({ limit: SCAN_PAGE_SIZE, offset }),
      );
      names.push(...page.filter((name) => name.startsWith(this.namespace)));
      if (page.length < SCAN_PAGE_SIZE) return names;
    }
  }

  private async page(
    collection: Collection,
    options: { where?: Record<string, unknown>; limit: number; offset: number },
  ): Promise<Memory[]> {
    return this.wrap("get", async () => {
      const rows = await collection.get({
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

  private async wrap<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError("store_failed", `Chroma ${what} failed: ${(err as Error).message}`, { cause: err });
    }
  }
}

function userKey(scope: Pick<MemoryScope, "teamId" | "userId">): string {
  return `${scope.teamId}\u0000${scope.userId}`;
}

/** Chroma names allow [a-zA-Z0-9._-], 3–512 characters, starting and ending alphanumeric. */
export function collectionNameFor(prefix: string, embedderId: string): string {
  return `${prefix}_${embedderId}`
    .replace(/[^a-zA-Z0-9._-]+/g, "_")
    .replace(/^[^a-zA-Z0-9]+|[^a-zA-Z0-9]+$/g, "")
    .slice(0, 200);
}
