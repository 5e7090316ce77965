import { createHash, randomUUID } from "node:crypto";
import { ChromaVectorStore } from "@llamaindex/chroma";
import { ChromaClient as CurrentChromaClient, type EmbeddingFunction } from "chromadb";
import { AppError } from "../../core/errors.js";
import { withRetry } from "../../util/retry.js";
import type { Embedder } from "../../core/embedder.js";
import { EmbedderEmbedding } from "./llamaindex-embedding.js";
import type { Memory, Owner } from "../../core/types.js";
import { fromRow, toRowMetadata } from "./memory-metadata.js";
import {
  embedInBatches,
  indexNamespace,
  ownerKey,
  similarityFrom,
  type OwnerCount,
  sortOwners,
  type SimilarityMetric,
  type VectorHit,
  type VectorIndex,
  type VectorIndexInfo,
  type VectorQuery,
} from "../../core/vector-index.js";
import { isAllowed, PRIVATE, visibilityOf } from "../../core/visibility.js";

/** Rows per Chroma `get` page when scanning; collections per `listCollections` page. */
export const SCAN_PAGE_SIZE = 1000;

export interface ChromaVectorIndexOptions {
  chromaUrl: string;
  embedder: Embedder;
  /**
   * The collections' namespace (see indexNamespace); default: from `collectionPrefix`, the embedder
   * id and the metric. The user's hash and the visibility's hash are appended per collection.
   */
  namespace?: string;
  /** Collection name prefix when no `namespace` is given (default "memories"). */
  collectionPrefix?: string;
  embedBatchSize?: number;
  /** Default cosine. Collections are created in the matching HNSW space (cosine, ip, l2). */
  metric?: SimilarityMetric;
  /** HNSW search breadth set on every collection (Chroma's default 100 when absent). */
  efSearch?: number;
  /**
   * Upper bound on one Chroma call (default {@link DEFAULT_CHROMA_TIMEOUT_MS}): a frozen Chroma must
   * not hold a reply, a save or a health check forever. A write that times out may still land; the
   * journal applies it again, and applying is idempotent.
   */
  timeoutMs?: number;
  /** Bytes per write call, about; default {@link WRITE_CALL_BYTES} (for a Chroma with a lower payload limit). */
  writeCallBytes?: number;
}

/** Connecting at start: 7 more tries, 0.25 s doubling to 4 s (about 15 s in all). */
const CONNECT_RETRY = { retries: 7, minMs: 250, maxMs: 4000 } as const;

/** Default bound on one Chroma call. */
export const DEFAULT_CHROMA_TIMEOUT_MS = 10_000;

type Collection = Awaited<ReturnType<ChromaVectorStore["getCollection"]>>;
type ChromaClient = ReturnType<ChromaVectorStore["client"]>;
/** A collection through the current `chromadb` client, which sends vectors base64-encoded. */
type WriteCollection = Awaited<ReturnType<CurrentChromaClient["getCollection"]>>;

/** The collection metadata key Chroma reads ef_search from at creation. */
const SEARCH_EF = "hnsw:search_ef";

/**
 * Rows a Chroma write call carries at most: under the largest batch the server takes (5,461 for the
 * bundled server; {@link ChromaVectorIndex} asks it and keeps the smaller).
 */
export const WRITE_CALL_ROWS = 5000;

/**
 * Bytes a write call carries at most, about (vectors base64-encoded, the metadata as JSON): Chroma
 * answers 413 to a request over 40 MiB (its `max_payload_size_bytes`), and 5,000 memories of 4,000
 * Korean characters are 60 MB.
 */
export const WRITE_CALL_BYTES = 16 * 1024 * 1024;

/** The current client's collections: this store always passes its vectors, so nothing is embedded there. */
const NO_EMBEDDING_FUNCTION: EmbeddingFunction = {
  name: "none",
  generate: () => Promise.reject(new Error("ChromaVectorIndex passes its vectors: nothing to embed")),
};

/**
 * What Chroma's local server answers while another request holds its SQLite write lock past its busy
 * timeout (a large write beside a small one): nothing was done, and another try soon succeeds.
 */
const DATABASE_LOCKED = /database is locked/i;
/** Tries after a "database is locked", 0.1 s doubling to 2 s (about 5 s in all, within the call's bound). */
const LOCKED_RETRY = { retries: 6, minMs: 100, maxMs: 2000 } as const;

/** A write call's time bound is the configured one per this many bytes it carries. */
const TIMEOUT_BYTES = 4 * 1024 * 1024;
/** The `all` collection's metadata key holding the owner's memories version ({@link ChromaVectorIndex.version}). */
const VERSION_KEY = "memories_version";

/** Chroma's HNSW space per metric; its distances are 1 − cos, 1 − dot and the squared L2. */
const SPACE: Record<SimilarityMetric, "cosine" | "ip" | "l2"> = {
  cosine: "cosine",
  dot_product: "ip",
  euclidean: "l2",
};

/** One collection: through LlamaIndex's client (reads, deletes) and, once written, the current client's. */
interface OpenCollection {
  collection: Collection;
  writer?: Promise<WriteCollection>;
}

/** Users' collections asked at once by {@link ChromaVectorIndex.owners}. */
const OWNERS_CONCURRENCY = 8;

/** Texts per embedding request when the options name none. */
const DEFAULT_EMBED_BATCH = 64;

/** The collection of all of a user's memories; the others are named by visibility. */
const ALL = "all";

/**
 * Memories in Chroma, one row per memory in the compact format (`toRowMetadata`), collections in the
 * metric's HNSW space; reads and deletes go through LlamaIndex's `ChromaVectorStore` client, writes
 * through the current `chromadb` client. Chroma is the source of truth.
 *
 * Chroma 1.0 answers a metadata-filtered query by scanning the matching rows (docs/benchmarks.md,
 * `tools/bench/chroma-query.ts`), so a collection shared by users and filtered on `user_id` (or on
 * visibility in a channel) grows linearly with the data. Here no query carries a
 * filter. Per (embedder, team, user): an `all` collection holds every memory of the user (a recall in
 * a DM asks it), and each non-private visibility — `channel:<id>`, `shared` — has a collection with a
 * copy of its memories and their vectors (a recall in a channel asks that channel's and the shared
 * one). What was said in a DM exists only in `all`, which a channel recall never reads. Isolation is
 * structural; every row still holds its memory's user, team and channel, and every read checks them.
 *
 * Collections a process has not created itself are found by listing (cached per process, listed
 * again when a user's memories are listed and no collection of theirs is known, and by `owners`): a
 * user another process (a replica, the CLI) gave a first collection is seen when their BM25 index is
 * next built.
 */
export class ChromaVectorIndex implements VectorIndex {
  private readonly open = new Map<string, Promise<OpenCollection>>();
  private names: Promise<Set<string>> | undefined;
  /** Users whose collections another process changed: listed again before their next use. */
  private readonly relist = new Set<string>();
  readonly info: VectorIndexInfo;
  private readonly metric: SimilarityMetric;

  /** The current `chromadb` client: writes and configuration changes. */
  private readonly current: CurrentChromaClient;
  private maxRows: Promise<number> | undefined;

  private constructor(
    private readonly client: ChromaClient,
    private readonly options: ChromaVectorIndexOptions,
    private readonly embedding: EmbedderEmbedding,
    /** Every collection of this store starts with it: `<namespace>__`. */
    readonly namespace: string,
  ) {
    this.metric = options.metric ?? "cosine";
    const url = new URL(options.chromaUrl);
    this.current = new CurrentChromaClient({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
      ssl: url.protocol === "https:",
    });
    this.info = {
      kind: "chroma",
      namespace,
      metric: this.metric,
      location: options.chromaUrl,
      efSearch: options.efSearch ?? null,
    };
  }

  static async create(options: ChromaVectorIndexOptions): Promise<ChromaVectorIndex> {
    const namespace = `${
      options.namespace ??
      indexNamespace(options.collectionPrefix ?? "memories", options.embedder.id, options.metric ?? "cosine")
    }__`;
    const embedding = new EmbedderEmbedding(options.embedder, options.embedBatchSize ?? DEFAULT_EMBED_BATCH);
    // A store bound to no memory collection, for its client (list, delete, heartbeat).
    const client = new ChromaVectorStore({
      collectionName: `${namespace}catalog`,
      chromaClientParams: { path: options.chromaUrl },
      embeddingModel: embedding,
    }).client();
    const store = new ChromaVectorIndex(client, options, embedding, namespace);
    // A Chroma restarting beside the app (a deploy, a crash) gets ~15 s before the start gives up.
    await withRetry(() => store.wrap("connect", () => client.heartbeat()), CONNECT_RETRY);
    // The collection names, listed now while Chroma answers. This also initialises the client (its
    // tenant and database): the chromadb client keeps a first initialisation that failed for good, so
    // one first made during an outage (a BM25 build listing a user) would fail every later listing.
    await store.allNames();
    return store;
  }

  /**
   * Saves memories; an existing id is replaced, wherever it was (delete from the user's collections,
   * then insert): no duplicate rows. Ids in `fresh` were just generated, cannot exist yet, and skip the
   * delete. Embeds once; the copies in visibility collections reuse the vectors. Rows are written in
   * the compact format (`toRowMetadata`) through the current `chromadb` client, which sends vectors
   * base64-encoded (LlamaIndex's bundled client sends them as JSON numbers), at most
   * {@link WRITE_CALL_ROWS} a call.
   */
  async upsert(memories: Memory[], options: { fresh?: ReadonlySet<string> } = {}): Promise<void> {
    const byUser = new Map<string, Memory[]>();
    for (const m of memories) {
      const list = byUser.get(ownerKey(m));
      if (list) list.push(m);
      else byUser.set(ownerKey(m), [m]);
    }
    for (const group of byUser.values()) {
      const owner = group[0]!;
      // Not bounded by the Chroma timeout: the embedder bounds each of its requests (EMBED_TIMEOUT_MS).
      const vectors = await embedInBatches(
        (texts) => this.options.embedder.embed(texts),
        group.map((m) => m.text),
        this.options.embedBatchSize ?? DEFAULT_EMBED_BATCH,
      );
      const replaced = group.filter((m) => !options.fresh?.has(m.id)).map((m) => m.id);
      if (replaced.length > 0) {
        await this.stamp(owner); // see delete
        await this.deleteRows(owner, replaced);
      }
      const metadatas = group.map(toRowMetadata);
      // A row's size in a request: a vector of n float32 is 4·⌈4n/3⌉ base64 characters.
      const sizes = metadatas.map(
        (meta, i) => 4 * Math.ceil((vectors[i]!.length * 4) / 3) + Buffer.byteLength(JSON.stringify(meta)),
      );
      const rowBytes = (i: number) => sizes[i]!;
      const all = group.map((_, i) => i);
      const byVisibility = new Map<string, number[]>([[ALL, all]]);
      for (const i of all) {
        const visibility = visibilityOf(group[i]!);
        if (visibility === PRIVATE) continue;
        const list = byVisibility.get(visibility);
        if (list) list.push(i);
        else byVisibility.set(visibility, [i]);
      }
      const limits = {
        rows: await this.callRows(),
        bytes: this.options.writeCallBytes ?? WRITE_CALL_BYTES,
      };
      // The collections are independent: their writes are sent together.
      await Promise.all(
        [...byVisibility].map(async ([visibility, rows]) => {
          const writer = await this.writer(this.collectionName(owner, visibility));
          for (const call of splitWriteCalls(rows, rowBytes, limits)) {
            const bytes = call.reduce((sum, i) => sum + rowBytes(i), 0);
            await this.wrap(
              "upsert",
              () =>
                writer.add({
                  ids: call.map((i) => group[i]!.id),
                  embeddings: call.map((i) => vectors[i]!),
                  metadatas: call.map((i) => metadatas[i]!),
                }),
              Math.ceil(bytes / TIMEOUT_BYTES),
            );
          }
        }),
      );
      await this.stamp(owner);
    }
  }

  /**
   * The user's nearest memories to `vector`, one hit per memory, best first. With `visibilities`
   * (a channel), only memories of those visibilities.
   */
  async query(options: VectorQuery): Promise<VectorHit[]> {
    const { visibilities } = options;
    const existing = await this.collectionsOf(options);
    // Private memories have no collection of their own (they are only in `all`): asking for them
    // means asking `all` for more and keeping the allowed ones. The app never does (a channel asks
    // for its own and the shared); the contract allows it.
    const viaAll = !visibilities || visibilities.includes(PRIVATE);
    const names = (viaAll ? [ALL] : visibilities)
      .map((v) => this.collectionName(options, v))
      .filter((n) => existing.includes(n));
    const fetch = visibilities && viaAll ? options.topK * 4 : options.topK;
    const lists = await Promise.all(
      names.map(async (name) =>
        this.nearest((await this.collection(name)).collection, options.vector, fetch),
      ),
    );
    const minSimilarity = options.minSimilarity ?? -Infinity;
    const owned = (hit: VectorHit) =>
      hit.similarity >= minSimilarity &&
      hit.memory.userId === options.userId &&
      hit.memory.teamId === options.teamId &&
      isAllowed([visibilityOf(hit.memory)], visibilities);
    return lists
      .flat()
      .filter(owned)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, options.topK);
  }

  /** The embedding of a query text, through the same model as the stored vectors. */
  embedQuery(text: string): Promise<number[]> {
    return this.wrap("embed", () => this.embedding.getTextEmbedding(text));
  }

  async get(owner: Owner, id: string): Promise<Memory | undefined> {
    const found = await Promise.all(
      (await this.collectionsOf(owner)).map(async (name) =>
        this.page((await this.collection(name)).collection, {
          where: { ref_doc_id: id },
          limit: 1,
          offset: 0,
        }),
      ),
    );
    return found.flat()[0];
  }

  /**
   * One page of a user's memories in Chroma's order; `offset` is the paging cursor. A user this
   * process knows no collection of is looked up again (another process may have created it since).
   */
  async list(owner: Owner, options: { limit: number; offset: number }): Promise<Memory[]> {
    const all = await this.allOf(owner, { refresh: true });
    return all ? this.page(all, options) : [];
  }

  async delete(owner: Owner, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    // Stamped before as well: a listing taken from now on is not kept as current if this process
    // dies before the stamp after (a forgotten text must not live on in another process's snapshot).
    await this.stamp(owner);
    await this.deleteRows(owner, ids);
    await this.stamp(owner);
  }

  /** Deletes the rows of these memories from every collection of the owner (no stamp). */
  private async deleteRows(owner: Owner, ids: string[]): Promise<void> {
    await Promise.all(
      (await this.collectionsOf(owner)).map(async (name) => {
        const { collection } = await this.collection(name);
        await this.wrap("delete", () => collection.delete({ where: { ref_doc_id: { $in: ids } } }));
      }),
    );
  }

  /**
   * The owner's memories version: a token in their `all` collection's metadata, replaced after every
   * write ({@link stamp}); read afresh each time (other processes write too). Undefined when they
   * have no collection this process knows of (no listing of every collection for it: a user another
   * process gave a first collection gets a version once `list` has found it), or one not written
   * since versions came in.
   */
  async version(owner: Owner): Promise<string | undefined> {
    const all = await this.allOf(owner);
    if (!all) return undefined;
    const current = await this.wrap("version", () =>
      this.client
        .getCollection({ name: all.name, embeddingFunction: this.embedding as never })
        .catch((err: unknown) => {
          ignoreNotFound(err);
          // Another process dropped it (a delete-all): the owner has no memories.
          this.invalidate(owner);
          return undefined;
        }),
    );
    const version = (current?.metadata as Record<string, unknown> | undefined)?.[VERSION_KEY];
    return typeof version === "string" ? version : undefined;
  }

  /** Deletes all of the user's memories (their collections). */
  async deleteAll(owner: Owner): Promise<void> {
    for (const name of await this.collectionsOf(owner)) await this.drop(name);
  }

  /** Every memory of every user, page by page (whole-namespace reads; BM25 is built per user from `list`). */
  async *scan(pageSize = SCAN_PAGE_SIZE): AsyncGenerator<Memory[]> {
    const allNames = [...(await this.allNames())].filter((n) => n.endsWith(`_${hash(ALL, 12)}`)).sort();
    for (const name of allNames) {
      const { collection } = await this.collection(name);
      for (let offset = 0; ; offset += pageSize) {
        const page = await this.page(collection, { limit: pageSize, offset });
        if (page.length > 0) yield page;
        if (page.length < pageSize) break;
      }
    }
  }

  /** Rows of one user (a memory is one row unless it is longer than a chunk). */
  async count(owner: Owner): Promise<number> {
    const all = await this.allOf(owner);
    return all ? this.wrap("count", () => all.count()) : 0;
  }

  /**
   * Every user with memories: the `all` collections (listed afresh: other processes create them too),
   * each asked for one row (the owner, from its metadata) and its count, a few at a time.
   */
  async owners(): Promise<OwnerCount[]> {
    const names = [...(await this.refreshNames())].filter((n) => n.endsWith(`_${hash(ALL, 12)}`)).sort();
    const out: OwnerCount[] = [];
    for (let at = 0; at < names.length; at += OWNERS_CONCURRENCY) {
      const found = await Promise.all(
        names.slice(at, at + OWNERS_CONCURRENCY).map(async (name) => {
          const { collection } = await this.collection(name);
          const [first] = await this.page(collection, { limit: 1, offset: 0 });
          if (!first) return undefined;
          const memories = await this.wrap("count", () => collection.count());
          return { teamId: first.teamId, userId: first.userId, memories };
        }),
      );
      for (const owner of found) if (owner && owner.memories > 0) out.push(owner);
    }
    return sortOwners(out);
  }

  /** Whether Chroma answers. Never throws. */
  async ping(): Promise<boolean> {
    return this.client.heartbeat().then(
      () => true,
      () => false,
    );
  }

  /** Nothing to release: the Chroma client holds no connection between calls. */
  async close(): Promise<void> {
    this.open.clear();
  }

  /** Deletes every collection of this store's namespace (a throw-away eval namespace, tests). */
  async dropAll(): Promise<number> {
    const names = [...(await this.allNames())];
    for (const name of names) await this.drop(name);
    return names.length;
  }

  /** `<namespace><sha256(team, user)[:24]>_<sha256("all" or the visibility)[:12]>`. */
  collectionName(owner: Owner, visibility: string): string {
    return `${this.userPrefix(owner)}${hash(visibility, 12)}`;
  }

  private userPrefix(owner: Owner): string {
    return `${this.namespace}${hash(`${owner.teamId}\u0000${owner.userId}`, 24)}_`;
  }

  /** The user's `all` collection, or undefined when they have none (with `refresh`: listed again first). */
  private async allOf(owner: Owner, options: { refresh?: boolean } = {}): Promise<Collection | undefined> {
    const name = this.collectionName(owner, ALL);
    let known = (await this.collectionsOf(owner)).includes(name);
    if (!known && options.refresh) known = (await this.refreshNames()).has(name);
    return known ? (await this.collection(name)).collection : undefined;
  }

  /**
   * Lists the namespace's collections again and adds the new ones to the names kept here (none is
   * removed: a collection this process created meanwhile must not be forgotten).
   */
  private async refreshNames(): Promise<Set<string>> {
    const [known, listed] = await Promise.all([this.allNames(), this.listNames()]);
    for (const name of listed) known.add(name);
    return known;
  }

  /**
   * Another process (a replica, the CLI) changed the owner's memories: it may have created or dropped
   * their collections, so the names kept here are listed again before the owner's next use (`"all"`:
   * every name, and every open handle).
   */
  invalidate(owner: Owner | "all"): void {
    if (owner === "all") {
      this.names = undefined;
      this.open.clear();
      return;
    }
    this.relist.add(this.userPrefix(owner));
  }

  /** The user's collections, in name order. */
  private async collectionsOf(owner: Owner): Promise<string[]> {
    const prefix = this.userPrefix(owner);
    let names = await this.allNames();
    if (this.relist.delete(prefix)) {
      const listed = await this.listNames().catch((err: unknown) => {
        this.relist.add(prefix); // still to do
        throw err;
      });
      for (const name of [...names]) {
        if (name.startsWith(prefix) && !listed.has(name)) {
          names.delete(name);
          this.open.delete(name);
        }
      }
      for (const name of listed) names.add(name);
      names = await this.allNames();
    }
    return [...names].filter((n) => n.startsWith(prefix)).sort();
  }

  /** Names of this namespace's collections: listed once, then kept up to date by this process. */
  private allNames(): Promise<Set<string>> {
    this.names ??= this.listNames().catch((err: unknown) => {
      this.names = undefined; // listed again on the next call
      throw err;
    });
    return this.names;
  }

  private async listNames(): Promise<Set<string>> {
    const names = new Set<string>();
    for (let offset = 0; ; offset += SCAN_PAGE_SIZE) {
      const page = await this.wrap("list", () =>
        this.client.listCollections({ limit: SCAN_PAGE_SIZE, offset }),
      );
      for (const name of page) if (name.startsWith(this.namespace)) names.add(name);
      if (page.length < SCAN_PAGE_SIZE) return names;
    }
  }

  private async collection(name: string, options: { create?: boolean } = {}): Promise<OpenCollection> {
    let handle = this.open.get(name);
    if (!handle) {
      if (!options.create && !(await this.allNames()).has(name)) {
        throw new AppError("store_failed", `Chroma collection ${name} does not exist`);
      }
      handle = this.openCollection(name);
      handle.catch(() => this.open.delete(name)); // a failed open is retried on the next call
      this.open.set(name, handle);
    }
    const opened = await handle;
    (await this.allNames()).add(name);
    return opened;
  }

  private async openCollection(name: string): Promise<OpenCollection> {
    // Created in the metric's space, with this store's HNSW settings (Chroma reads them at creation).
    const space = SPACE[this.metric];
    const { efSearch } = this.options;
    const collection = await this.wrap(
      "open",
      () =>
        this.client.getOrCreateCollection({
          name,
          metadata: {
            "hnsw:space": space,
            ...(efSearch !== undefined ? { [SEARCH_EF]: efSearch } : {}),
            embedder: this.options.embedder.id,
          },
          embeddingFunction: this.embedding as never,
        }) as Promise<Collection>,
    );
    const metadata = (collection.metadata ?? {}) as Record<string, string | number | boolean>;
    if (metadata["hnsw:space"] !== space) {
      throw new AppError(
        "store_failed",
        `Chroma collection ${name} is not in ${space} space (${String(metadata["hnsw:space"])})`,
      );
    }
    if (efSearch !== undefined && metadata[SEARCH_EF] !== efSearch) {
      await this.setEfSearch(collection, metadata, efSearch);
    }
    return { collection };
  }

  /** Rows per write call: {@link WRITE_CALL_ROWS}, or the server's largest batch when smaller (5,461 here). */
  private callRows(): Promise<number> {
    this.maxRows ??= this.wrap("connect", () => this.current.getMaxBatchSize()).then(
      (max) => (max > 0 ? Math.min(max, WRITE_CALL_ROWS) : WRITE_CALL_ROWS),
      (err: unknown) => {
        this.maxRows = undefined; // asked again on the next write
        throw err;
      },
    );
    return this.maxRows;
  }

  /** The collection (created if missing) through the current client, opened once per process. */
  private async writer(name: string): Promise<WriteCollection> {
    const opened = await this.collection(name, { create: true });
    if (!opened.writer) {
      opened.writer = this.wrap("open", () =>
        this.current.getCollection({ name, embeddingFunction: NO_EMBEDDING_FUNCTION }),
      );
      opened.writer.catch(() => (opened.writer = undefined)); // retried on the next write
    }
    return opened.writer;
  }

  /**
   * Sets ef_search on a collection made with another value. Chroma 1.x reads the `hnsw:search_ef`
   * metadata only when a collection is created; later it takes a configuration change, which the
   * chromadb 1.x client under LlamaIndex cannot send, so the current client (the `chromadb` package)
   * sends it. The metadata is then updated too, so the next open sees the value and skips this.
   */
  private async setEfSearch(
    collection: Collection,
    metadata: Record<string, string | number | boolean>,
    efSearch: number,
  ): Promise<void> {
    await this.wrap("configure", async () => {
      const current = await this.current.getCollection({
        name: collection.name,
        embeddingFunction: NO_EMBEDDING_FUNCTION,
      });
      await current.modify({ configuration: { hnsw: { ef_search: efSearch } } });
      await collection.modify({ metadata: { ...metadata, [SEARCH_EF]: efSearch } });
    });
  }

  /**
   * Replaces the owner's memories version after a write to their rows (the write is done; a crash
   * before this is replayed from the journal, which stamps again). The collection's other metadata
   * (space, ef_search, embedder) is sent unchanged: Chroma replaces metadata whole.
   */
  private async stamp(owner: Owner): Promise<void> {
    const name = this.collectionName(owner, ALL);
    if (!(await this.collectionsOf(owner)).includes(name)) return;
    const { collection } = await this.collection(name);
    const metadata = { ...(collection.metadata ?? {}), [VERSION_KEY]: randomUUID() };
    await this.wrap("stamp", () => collection.modify({ metadata: metadata as never }));
  }

  private async drop(name: string): Promise<void> {
    this.open.delete(name);
    (await this.allNames()).delete(name);
    // Already gone (another process dropped it): dropped all the same.
    await this.wrap("delete", () => this.client.deleteCollection({ name }).catch(ignoreNotFound));
  }

  /**
   * A collection's nearest rows, one hit per memory. Queries the collection directly rather than
   * through `ChromaVectorStore.query`, which always asks Chroma for the stored embeddings too (20
   * vectors of JSON per recall) and rebuilds a node from `_node_content` per row; the rows are the
   * ones LlamaIndex wrote.
   */
  private async nearest(collection: Collection, vector: number[], topK: number): Promise<VectorHit[]> {
    const result = await this.wrap("query", () =>
      collection.query({
        queryEmbeddings: [vector],
        nResults: topK,
        include: ["distances", "documents", "metadatas"] as never,
      }),
    );
    const best = new Map<string, VectorHit>();
    (result.ids[0] ?? []).forEach((rowId, i) => {
      const meta = (result.metadatas[0]?.[i] ?? {}) as Record<string, unknown>;
      const id = memoryIdOf(rowId, meta);
      const similarity = this.similarity(Number(result.distances?.[0]?.[i] ?? Infinity));
      const seen = best.get(id);
      if (seen && seen.similarity >= similarity) return;
      best.set(id, { memory: fromRow(id, result.documents[0]?.[i], meta), similarity });
    });
    return [...best.values()];
  }

  /** Chroma's distance in the collection's space as the metric's similarity. */
  private similarity(distance: number): number {
    switch (this.metric) {
      case "cosine":
        return similarityFrom("cosine", distance);
      case "dot_product":
        return similarityFrom("dot_product", 1 - distance);
      case "euclidean":
        return similarityFrom("euclidean", Math.sqrt(Math.max(0, distance)));
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
        return fromRow(memoryIdOf(rowId, meta), rows.documents[i], meta);
      });
    });
  }

  /**
   * Runs one Chroma call within `times` the configured timeout (a large write gets one per
   * {@link TIMEOUT_BYTES}), tried again while the server says its database is locked; every failure
   * is AppError `store_failed` (or the embedder's `embed_failed`).
   */
  private async wrap<T>(what: string, fn: () => Promise<T>, times = 1): Promise<T> {
    const timeoutMs = (this.options.timeoutMs ?? DEFAULT_CHROMA_TIMEOUT_MS) * Math.max(1, times);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new AppError("store_failed", `Chroma ${what} timed out after ${timeoutMs} ms`, {
              details: { timeoutMs },
            }),
          ),
        timeoutMs,
      );
    });
    try {
      const attempts = withRetry(fn, LOCKED_RETRY, {
        shouldRetry: (err) => DATABASE_LOCKED.test((err as Error | undefined)?.message ?? ""),
      });
      return await Promise.race([attempts, timeout]);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError("store_failed", `Chroma ${what} failed: ${(err as Error).message}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Rows in write calls, in order: at most `limits.rows` rows and `limits.bytes` bytes a call (a row
 * larger than that alone goes alone).
 */
export function splitWriteCalls<T>(
  rows: readonly T[],
  bytesOf: (row: T) => number,
  limits: { rows: number; bytes: number },
): T[][] {
  const calls: T[][] = [];
  let call: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = bytesOf(row);
    if (call.length > 0 && (call.length >= limits.rows || bytes + size > limits.bytes)) {
      calls.push(call);
      call = [];
      bytes = 0;
    }
    call.push(row);
    bytes += size;
  }
  if (call.length > 0) calls.push(call);
  return calls;
}

/** The memory id of a row: LlamaIndex's `ref_doc_id` (the Document's id), else the row id. */
function memoryIdOf(rowId: string, meta: Record<string, unknown>): string {
  return typeof meta.ref_doc_id === "string" && meta.ref_doc_id !== "None" ? meta.ref_doc_id : rowId;
}

/** Rethrows anything but Chroma's "not found". */
function ignoreNotFound(err: unknown): undefined {
  if ((err as Error | undefined)?.name !== "ChromaNotFoundError") throw err;
  return undefined;
}

function hash(text: string, length: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}
