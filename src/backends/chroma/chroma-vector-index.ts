import { randomUUID } from "node:crypto";
import { ChromaVectorStore } from "@llamaindex/chroma";
import { ChromaClient as CurrentChromaClient } from "chromadb";
import type { Embedder } from "../../core/embedder.js";
import type { Memory, Owner } from "../../core/types.js";
import {
  indexNamespace,
  ownerKey,
  type OwnerCount,
  sortOwners,
  type SimilarityMetric,
  type MemoryWithVector,
  type UpsertOptions,
  type VectorHit,
  type VectorIndex,
  type VectorIndexInfo,
  type VectorQuery,
} from "../../core/vector-index.js";
import { isAllowed, PRIVATE, visibilityOf } from "../../core/visibility.js";
import { withRetry } from "../../util/retry.js";
import { checkVectorCount, pick, scanPageSize, vectorsToStore } from "../common/port-contract.js";
import { callChroma, CONNECT_RETRY, DEFAULT_CHROMA_TIMEOUT_MS } from "./chroma-calls.js";
import {
  ALL,
  ChromaCollections,
  type ChromaClient,
  type Collection,
  ignoreNotFound,
  SCAN_PAGE_SIZE,
} from "./collections.js";
import { EmbedderEmbedding } from "./llamaindex-embedding.js";
import { toRowMetadata } from "./memory-metadata.js";
import { nearestRows, pageRows, pageRowsWithVectors } from "./row-reads.js";
import {
  rowBytes,
  rowsByCollection,
  splitWriteCalls,
  TIMEOUT_BYTES,
  WRITE_CALL_BYTES,
  WRITE_CALL_ROWS,
} from "./write-calls.js";

export { DEFAULT_CHROMA_TIMEOUT_MS, SCAN_PAGE_SIZE, splitWriteCalls, WRITE_CALL_BYTES, WRITE_CALL_ROWS };

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

/** The `all` collection's metadata key holding the owner's memories version ({@link ChromaVectorIndex.version}). */
const VERSION_KEY = "memories_version";

/** Users' collections asked at once by {@link ChromaVectorIndex.owners}. */
const OWNERS_CONCURRENCY = 8;

/** Texts per embedding request when the options name none. */
const DEFAULT_EMBED_BATCH = 64;

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
 * Which collections exist, and their handles: collections.ts.
 */
export class ChromaVectorIndex implements VectorIndex {
  readonly info: VectorIndexInfo;
  private readonly metric: SimilarityMetric;
  private readonly collections: ChromaCollections;

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
    this.collections = new ChromaCollections(
      client,
      this.current,
      embedding,
      namespace,
      { metric: this.metric, efSearch: options.efSearch, embedderId: options.embedder.id },
      (what, fn) => this.wrap(what, fn),
    );
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
    await store.collections.allNames();
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
  async upsert(memories: Memory[], options: UpsertOptions = {}): Promise<void> {
    const given = options.vectors;
    checkVectorCount(memories.length, given);
    const byUser = new Map<string, number[]>();
    memories.forEach((m, i) => {
      const list = byUser.get(ownerKey(m));
      if (list) list.push(i);
      else byUser.set(ownerKey(m), [i]);
    });
    for (const at of byUser.values()) {
      const group = at.map((i) => memories[i]!);
      const owner = group[0]!;
      // Not bounded by the Chroma timeout: the embedder bounds each of its requests (EMBED_TIMEOUT_MS).
      const vectors = await vectorsToStore(
        this.options.embedder,
        group,
        this.options.embedBatchSize ?? DEFAULT_EMBED_BATCH,
        pick(given, at),
      );
      const replaced = group.filter((m) => !options.fresh?.has(m.id)).map((m) => m.id);
      if (replaced.length > 0) {
        await this.stamp(owner); // see delete
        await this.deleteRows(owner, replaced);
      }
      const metadatas = group.map(toRowMetadata);
      const sizes = metadatas.map((meta, i) => rowBytes(vectors[i]!, meta));
      const bytesOf = (i: number) => sizes[i]!;
      const limits = {
        rows: await this.callRows(),
        bytes: this.options.writeCallBytes ?? WRITE_CALL_BYTES,
      };
      // The collections are independent: their writes are sent together.
      await Promise.all(
        [...rowsByCollection(group)].map(async ([visibility, rows]) => {
          const writer = await this.collections.writer(this.collectionName(owner, visibility));
          for (const call of splitWriteCalls(rows, bytesOf, limits)) {
            const bytes = call.reduce((sum, i) => sum + bytesOf(i), 0);
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
    const existing = await this.collections.of(options);
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
        this.nearest((await this.collections.get(name)).collection, options.vector, fetch),
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
      (await this.collections.of(owner)).map(async (name) =>
        this.page((await this.collections.get(name)).collection, {
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
    const all = await this.collections.allOf(owner, { refresh: true });
    return all ? this.page(all, options) : [];
  }

  /** The `list` page with each row's stored vector. */
  async listWithVectors(
    owner: Owner,
    options: { limit: number; offset: number },
  ): Promise<MemoryWithVector[]> {
    const all = await this.collections.allOf(owner, { refresh: true });
    return all ? pageRowsWithVectors((what, fn) => this.wrap(what, fn), all, options) : [];
  }

  async delete(owner: Owner, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    // Stamped before as well: a listing taken from now on is not kept as current if this process
    // dies before the stamp after (a forgotten text must not live on in another process's snapshot).
    await this.stamp(owner);
    await this.deleteRows(owner, ids);
    await this.stamp(owner);
  }

  /**
   * The owner's memories version: a token in their `all` collection's metadata, replaced after every
   * write ({@link stamp}); read afresh each time (other processes write too). Undefined when they
   * have no collection this process knows of (no listing of every collection for it: a user another
   * process gave a first collection gets a version once `list` has found it), or one not written
   * since versions came in.
   */
  async version(owner: Owner): Promise<string | undefined> {
    const all = await this.collections.allOf(owner);
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
    for (const name of await this.collections.of(owner)) await this.collections.drop(name);
  }

  /** Every memory of every user, page by page (whole-namespace reads; BM25 is built per user from `list`). */
  async *scan(pageSize = SCAN_PAGE_SIZE): AsyncGenerator<Memory[]> {
    const size = scanPageSize(pageSize);
    for (const name of await this.collections.everyAll()) {
      const { collection } = await this.collections.get(name);
      for (let offset = 0; ; offset += size) {
        const page = await this.page(collection, { limit: size, offset });
        if (page.length > 0) yield page;
        if (page.length < size) break;
      }
    }
  }

  /** Rows of one user (a memory is one row unless it is longer than a chunk). */
  async count(owner: Owner): Promise<number> {
    const all = await this.collections.allOf(owner);
    return all ? this.wrap("count", () => all.count()) : 0;
  }

  /**
   * Every user with memories: the `all` collections (listed afresh: other processes create them too),
   * each asked for one row (the owner, from its metadata) and its count, a few at a time.
   */
  async owners(): Promise<OwnerCount[]> {
    const names = await this.collections.everyAll({ refresh: true });
    const out: OwnerCount[] = [];
    for (let at = 0; at < names.length; at += OWNERS_CONCURRENCY) {
      const found = await Promise.all(
        names.slice(at, at + OWNERS_CONCURRENCY).map(async (name) => {
          const { collection } = await this.collections.get(name);
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
    this.collections.close();
  }

  /** Deletes every collection of this store's namespace (a throw-away eval namespace, tests). */
  async dropAll(): Promise<number> {
    const names = [...(await this.collections.allNames())];
    for (const name of names) await this.collections.drop(name);
    return names.length;
  }

  /** `<namespace><sha256(team, user)[:24]>_<sha256("all" or the visibility)[:12]>`. */
  collectionName(owner: Owner, visibility: string): string {
    return this.collections.nameOf(owner, visibility);
  }

  /**
   * Another process (a replica, the CLI) changed the owner's memories: it may have created or dropped
   * their collections, so the names kept here are listed again before the owner's next use (`"all"`:
   * every name, and every open handle).
   */
  invalidate(owner: Owner | "all"): void {
    this.collections.invalidate(owner);
  }

  /** Deletes the rows of these memories from every collection of the owner (no stamp). */
  private async deleteRows(owner: Owner, ids: string[]): Promise<void> {
    await Promise.all(
      (await this.collections.of(owner)).map(async (name) => {
        const { collection } = await this.collections.get(name);
        await this.wrap("delete", () => collection.delete({ where: { ref_doc_id: { $in: ids } } }));
      }),
    );
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

  /**
   * Replaces the owner's memories version after a write to their rows (the write is done; a crash
   * before this is replayed from the journal, which stamps again). The collection's other metadata
   * (space, ef_search, embedder) is sent unchanged: Chroma replaces metadata whole.
   */
  private async stamp(owner: Owner): Promise<void> {
    const name = this.collectionName(owner, ALL);
    if (!(await this.collections.of(owner)).includes(name)) return;
    const { collection } = await this.collections.get(name);
    const metadata = { ...(collection.metadata ?? {}), [VERSION_KEY]: randomUUID() };
    await this.wrap("stamp", () => collection.modify({ metadata: metadata as never }));
  }

  private nearest(collection: Collection, vector: number[], topK: number): Promise<VectorHit[]> {
    return nearestRows((what, fn) => this.wrap(what, fn), collection, this.metric, vector, topK);
  }

  private page(
    collection: Collection,
    options: { where?: Record<string, unknown>; limit: number; offset: number },
  ): Promise<Memory[]> {
    return pageRows((what, fn) => this.wrap(what, fn), collection, options);
  }

  /**
   * One Chroma call within `times` the configured timeout (a large write gets one per
   * {@link TIMEOUT_BYTES}), tried again while the server says its database is locked (chroma-calls.ts).
   */
  private wrap<T>(what: string, fn: () => Promise<T>, times = 1): Promise<T> {
    const timeoutMs = (this.options.timeoutMs ?? DEFAULT_CHROMA_TIMEOUT_MS) * Math.max(1, times);
    return callChroma(what, fn, timeoutMs);
  }
}
