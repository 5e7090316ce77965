import { readFile, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { AppError } from "../core/errors.js";
import { writeFileAtomic } from "../util/atomic-file.js";
import { KeyedMutex } from "../util/keyed-mutex.js";
import { safeFileName } from "../util/safe-name.js";
import { entityNodeSchema, relationSchema } from "../core/graph-schema.js";
import { GraphStoreBase } from "./graph-store-base.js";
import { InMemoryPropertyGraph } from "./property-graph.js";
import type { Owner } from "../core/types.js";
import type { GraphStores, PropertyGraphView, UserGraphStore } from "../core/graph-types.js";

/** Folder under DATA_DIR that holds one graph file per user. */
export const GRAPH_STORE_DIR = "graph_store";
/** Format version written into every graph file. */
export const GRAPH_FILE_VERSION = 1;

const graphFileSchema = z.object({
  version: z.literal(GRAPH_FILE_VERSION),
  teamId: z.string(),
  userId: z.string(),
  nodes: z.array(entityNodeSchema),
  relations: z.array(relationSchema),
});

/**
 * Every process-local writer of a graph file takes this lock (keyed by the file path), so two store
 * instances for the same user in one process still write one at a time.
 */
const sharedFileMutex = new KeyedMutex();

/**
 * The file holding one user's graph: `${dataDir}/graph_store/<safe name>.json`. The key is length-prefixed
 * so ("T1", "U/2") and ("T1/U", "2") never share a file, and {@link safeFileName} keeps any id inside the
 * folder.
 */
export function graphFilePath(options: Owner & { dataDir: string }): string {
  const folder = join(resolve(options.dataDir), GRAPH_STORE_DIR);
  const file = join(folder, safeFileName(`${options.teamId.length}:${options.teamId}:${options.userId}`));
  if (dirname(file) !== folder) {
    throw new AppError("internal", "Graph file name escaped its folder", { details: { file } });
  }
  return file;
}

/** Options of {@link JsonPropertyGraphStore}. */
export interface JsonPropertyGraphStoreOptions extends Owner {
  dataDir: string;
  /** Lock shared by writers; defaults to one process-wide lock keyed by file path. */
  mutex?: KeyedMutex;
}

/**
 * One user's property graph in one JSON file, like LlamaIndex's `SimplePropertyGraphStore` with
 * `persist()` / `from_persist_path()`.
 *
 * The graph is cached in memory and written through: every mutation runs under the file's lock, applies
 * the change to a copy, writes the copy atomically (temp file, fsync, rename) and only then swaps it in,
 * so a failed write changes neither disk nor memory. The cache is checked against the file's
 * inode/size/mtime before use, so a write by another instance is never overwritten with stale data.
 */
export class JsonPropertyGraphStore extends GraphStoreBase {
  /** Absolute path of this user's graph file. */
  readonly filePath: string;
  private readonly key: Owner;
  private readonly mutex: KeyedMutex;
  private graph: InMemoryPropertyGraph | undefined;
  private stamp: string | undefined;

  constructor(options: JsonPropertyGraphStoreOptions) {
    super();
    this.key = { teamId: options.teamId, userId: options.userId };
    this.filePath = graphFilePath(options);
    this.mutex = options.mutex ?? sharedFileMutex;
  }

  /** (Re)reads the file. A missing file is an empty graph; a damaged one throws AppError `store_failed`. */
  async load(): Promise<void> {
    await this.mutex.run(this.filePath, async () => {
      await this.reload();
    });
  }

  /** Writes the in-memory graph to the file (mutations already do this; useful after `load`). */
  async persist(): Promise<void> {
    await this.mutex.run(this.filePath, async () => {
      const graph = await this.current();
      const stamp = await this.write(graph);
      this.graph = graph;
      this.stamp = stamp;
    });
  }

  async update<T>(fn: (graph: PropertyGraphView) => T): Promise<T> {
    return this.mutex.run(this.filePath, async () => {
      const draft = (await this.current()).clone();
      const result = fn(draft);
      const stamp = await this.write(draft);
      this.graph = draft;
      this.stamp = stamp;
      return result;
    });
  }

  /** Deletes the user's file and empties the graph. */
  async drop(): Promise<void> {
    await this.mutex.run(this.filePath, async () => {
      await rm(this.filePath, { force: true });
      this.graph = new InMemoryPropertyGraph();
      this.stamp = await this.fileStamp();
    });
  }

  protected async current(): Promise<InMemoryPropertyGraph> {
    const stamp = await this.fileStamp();
    if (this.graph !== undefined && stamp === this.stamp) return this.graph;
    return this.reload(stamp);
  }

  private async reload(knownStamp?: string): Promise<InMemoryPropertyGraph> {
    const stamp = knownStamp ?? (await this.fileStamp());
    const graph = await this.readFromDisk();
    this.graph = graph;
    this.stamp = stamp;
    return graph;
  }

  /** Identifies one version of the file: a rename gives a new inode, a write a new mtime. */
  private async fileStamp(): Promise<string> {
    try {
      const info = await stat(this.filePath, { bigint: true });
      return `${info.ino}:${info.size}:${info.mtimeNs}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return "absent";
      throw new AppError("store_failed", "Cannot stat the graph file", {
        cause: err,
        details: { file: this.filePath },
      });
    }
  }

  private async readFromDisk(): Promise<InMemoryPropertyGraph> {
    let text: string;
    try {
      text = await readFile(this.filePath, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return new InMemoryPropertyGraph();
      throw new AppError("store_failed", "Cannot read the graph file", {
        cause: err,
        details: { file: this.filePath },
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new AppError("store_failed", `Graph file is not valid JSON; restore or delete ${this.filePath}`, {
        cause: err,
        details: { file: this.filePath },
      });
    }
    const parsed = graphFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError(
        "store_failed",
        `Graph file has an unexpected shape; restore or delete ${this.filePath}`,
        {
          cause: parsed.error,
          details: { file: this.filePath, issues: parsed.error.issues.slice(0, 5) },
        },
      );
    }
    if (parsed.data.teamId !== this.key.teamId || parsed.data.userId !== this.key.userId) {
      throw new AppError("store_failed", "Graph file belongs to another user", {
        details: { file: this.filePath },
      });
    }
    return InMemoryPropertyGraph.fromData(parsed.data);
  }

  /** Writes atomically and returns the new file's stamp. */
  private async write(graph: InMemoryPropertyGraph): Promise<string> {
    const body = { version: GRAPH_FILE_VERSION, ...this.key, ...graph.toData() };
    try {
      await writeFileAtomic(this.filePath, `${JSON.stringify(body, null, 1)}\n`);
    } catch (err) {
      throw new AppError("store_failed", "Cannot write the graph file", {
        cause: err,
        details: { file: this.filePath },
      });
    }
    return this.fileStamp();
  }
}

/** Every user's graph as a JSON file under `${dataDir}/graph_store/` (the embedded default). */
export class JsonGraphStores implements GraphStores {
  readonly kind = "json";

  constructor(private readonly dataDir: string) {}

  forUser(key: Owner): UserGraphStore {
    return new JsonPropertyGraphStore({ ...key, dataDir: this.dataDir });
  }
}
