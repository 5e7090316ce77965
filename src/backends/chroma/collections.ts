import type { ChromaVectorStore } from "@llamaindex/chroma";
import type { ChromaClient as CurrentChromaClient, EmbeddingFunction } from "chromadb";
import { AppError } from "../../core/errors.js";
import type { Owner } from "../../core/types.js";
import type { SimilarityMetric } from "../../core/vector-index.js";
import { sha256Hex } from "../common/sql-names.js";
import type { EmbedderEmbedding } from "./llamaindex-embedding.js";

/** Rows per Chroma `get` page when scanning; collections per `listCollections` page. */
export const SCAN_PAGE_SIZE = 1000;

/** The collection of all of a user's memories; the others are named by visibility. */
export const ALL = "all";

export type Collection = Awaited<ReturnType<ChromaVectorStore["getCollection"]>>;
export type ChromaClient = ReturnType<ChromaVectorStore["client"]>;
/** A collection through the current `chromadb` client, which sends vectors base64-encoded. */
export type WriteCollection = Awaited<ReturnType<CurrentChromaClient["getCollection"]>>;

/** The collection metadata key Chroma reads ef_search from at creation. */
const SEARCH_EF = "hnsw:search_ef";

/** Chroma's HNSW space per metric; its distances are 1 − cos, 1 − dot and the squared L2. */
const SPACE: Record<SimilarityMetric, "cosine" | "ip" | "l2"> = {
  cosine: "cosine",
  dot_product: "ip",
  euclidean: "l2",
};

/** The current client's collections: the index always passes its vectors, so nothing is embedded there. */
const NO_EMBEDDING_FUNCTION: EmbeddingFunction = {
  name: "none",
  generate: () => Promise.reject(new Error("ChromaVectorIndex passes its vectors: nothing to embed")),
};

/** One collection: through LlamaIndex's client (reads, deletes) and, once written, the current client's. */
interface OpenCollection {
  collection: Collection;
  writer?: Promise<WriteCollection>;
}

/** One Chroma call within the configured bound (see chroma-calls.ts). */
export type ChromaCall = <T>(what: string, fn: () => Promise<T>) => Promise<T>;

/**
 * The namespace's collections: their names, which exist, and their handles.
 *
 * Names are `<namespace><sha256(team, user)[:24]>_<sha256("all" or the visibility)[:12]>`. Collections
 * a process has not created itself are found by listing (cached per process, listed again when a
 * user's memories are listed and no collection of theirs is known, and by `owners`): a user another
 * process (a replica, the CLI) gave a first collection is seen when their BM25 index is next built.
 * Collections are created in the metric's HNSW space with the index's ef_search.
 */
export class ChromaCollections {
  private readonly open = new Map<string, Promise<OpenCollection>>();
  private names: Promise<Set<string>> | undefined;
  /** Users whose collections another process changed: listed again before their next use. */
  private readonly relist = new Set<string>();

  constructor(
    private readonly client: ChromaClient,
    /** The current `chromadb` client: writes and configuration changes. */
    private readonly current: CurrentChromaClient,
    private readonly embedding: EmbedderEmbedding,
    /** Every collection starts with it: `<namespace>__`. */
    private readonly namespace: string,
    private readonly settings: {
      metric: SimilarityMetric;
      efSearch?: number | undefined;
      embedderId: string;
    },
    private readonly call: ChromaCall,
  ) {}

  /** `<namespace><sha256(team, user)[:24]>_<sha256("all" or the visibility)[:12]>`. */
  nameOf(owner: Owner, visibility: string): string {
    return `${this.userPrefix(owner)}${sha256Hex(visibility, 12)}`;
  }

  /** The user's collections, in name order. */
  async of(owner: Owner): Promise<string[]> {
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

  /** The user's `all` collection, or undefined when they have none (with `refresh`: listed again first). */
  async allOf(owner: Owner, options: { refresh?: boolean } = {}): Promise<Collection | undefined> {
    const name = this.nameOf(owner, ALL);
    let known = (await this.of(owner)).includes(name);
    if (!known && options.refresh) known = (await this.refreshNames()).has(name);
    return known ? (await this.get(name)).collection : undefined;
  }

  /** Every user's `all` collection, in name order (with `refresh`: listed again first). */
  async everyAll(options: { refresh?: boolean } = {}): Promise<string[]> {
    const names = options.refresh ? await this.refreshNames() : await this.allNames();
    const suffix = `_${sha256Hex(ALL, 12)}`;
    return [...names].filter((n) => n.endsWith(suffix)).sort();
  }

  /** Names of this namespace's collections: listed once, then kept up to date by this process. */
  allNames(): Promise<Set<string>> {
    this.names ??= this.listNames().catch((err: unknown) => {
      this.names = undefined; // listed again on the next call
      throw err;
    });
    return this.names;
  }

  /** An existing collection (AppError `store_failed` if there is none), or with `create` one made if missing. */
  async get(name: string, options: { create?: boolean } = {}): Promise<OpenCollection> {
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

  /** The collection (created if missing) through the current client, opened once per process. */
  async writer(name: string): Promise<WriteCollection> {
    const opened = await this.get(name, { create: true });
    if (!opened.writer) {
      opened.writer = this.call("open", () =>
        this.current.getCollection({ name, embeddingFunction: NO_EMBEDDING_FUNCTION }),
      );
      opened.writer.catch(() => (opened.writer = undefined)); // retried on the next write
    }
    return opened.writer;
  }

  /** Deletes a collection (already gone, as another process may have dropped it: dropped all the same). */
  async drop(name: string): Promise<void> {
    this.open.delete(name);
    (await this.allNames()).delete(name);
    await this.call("delete", () => this.client.deleteCollection({ name }).catch(ignoreNotFound));
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

  /** Forgets every open handle (the names stay). */
  close(): void {
    this.open.clear();
  }

  private userPrefix(owner: Owner): string {
    return `${this.namespace}${sha256Hex(`${owner.teamId}\u0000${owner.userId}`, 24)}_`;
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

  private async listNames(): Promise<Set<string>> {
    const names = new Set<string>();
    for (let offset = 0; ; offset += SCAN_PAGE_SIZE) {
      const page = await this.call("list", () =>
        this.client.listCollections({ limit: SCAN_PAGE_SIZE, offset }),
      );
      for (const name of page) if (name.startsWith(this.namespace)) names.add(name);
      if (page.length < SCAN_PAGE_SIZE) return names;
    }
  }

  private async openCollection(name: string): Promise<OpenCollection> {
    // Created in the metric's space, with the index's HNSW settings (Chroma reads them at creation).
    const space = SPACE[this.settings.metric];
    const { efSearch, embedderId } = this.settings;
    const collection = await this.call(
      "open",
      () =>
        this.client.getOrCreateCollection({
          name,
          metadata: {
            "hnsw:space": space,
            ...(efSearch !== undefined ? { [SEARCH_EF]: efSearch } : {}),
            embedder: embedderId,
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
    await this.call("configure", async () => {
      const current = await this.current.getCollection({
        name: collection.name,
        embeddingFunction: NO_EMBEDDING_FUNCTION,
      });
      await current.modify({ configuration: { hnsw: { ef_search: efSearch } } });
      await collection.modify({ metadata: { ...metadata, [SEARCH_EF]: efSearch } });
    });
  }
}

/** Rethrows anything but Chroma's "not found". */
export function ignoreNotFound(err: unknown): undefined {
  if ((err as Error | undefined)?.name !== "ChromaNotFoundError") throw err;
  return undefined;
}
