import { resolve } from "node:path";
import type { Logger } from "../logging/logger.js";
import type { Config } from "../config/config.js";
import type { MemoryConfig } from "../config/memory-config.js";
import { AppError } from "../core/errors.js";
import type { Embedder } from "../core/embedder.js";
import { ChromaVectorIndex } from "../backends/chroma/chroma-vector-index.js";
import { startChromaServer } from "../backends/chroma/chroma-server.js";
import { InMemoryVectorIndex } from "../backends/in-process/in-memory-vector-index.js";
import { SqliteVecVectorIndex } from "../backends/sqlite-vec/sqlite-vec-vector-index.js";
import { PgvectorVectorIndex } from "../backends/pgvector/pgvector-vector-index.js";
import { indexNamespace, type VectorIndex, type VectorIndexOptions } from "../core/vector-index.js";

export type VectorSettings = MemoryConfig["memory"]["vector"];

/** An opened index and how to stop it (and whatever it started: the bundled Chroma server). */
export interface OpenedVectorIndex {
  index: VectorIndex;
  stop(): Promise<void>;
}

/**
 * Opens the vector index `[memory.vector] index_type` names:
 *
 * - `chroma`: CHROMA_URL, or the chromadb package's own server started under `DATA_DIR/chroma`;
 * - `memory`: in this process, nothing persisted;
 * - `sqlite-vec`: the local file `DATA_DIR/vectors.sqlite` (no server);
 * - `pgvector`: PostgreSQL with pgvector at DATABASE_URL.
 *
 * The namespace is VECTOR_NAMESPACE_PREFIX (or `namespacePrefix`: the eval's throw-away one), the
 * embedder id and the metric (see indexNamespace).
 */
export async function openVectorIndex(options: {
  config: Config;
  vector: VectorSettings;
  embedder: Embedder;
  logger: Logger;
  namespacePrefix?: string | undefined;
}): Promise<OpenedVectorIndex> {
  const { config, vector, embedder, logger } = options;
  const base: VectorIndexOptions = {
    embedder,
    embedBatchSize: config.EMBED_BATCH_SIZE,
    metric: vector.similarity_metric,
    efSearch: vector.ef_search,
    namespace: indexNamespace(
      options.namespacePrefix ?? config.VECTOR_NAMESPACE_PREFIX,
      embedder.id,
      vector.similarity_metric,
    ),
    timeoutMs: config.STORAGE_TIMEOUT_MS,
  };
  switch (vector.index_type) {
    case "chroma":
      return openChroma(config, base, logger);
    case "memory": {
      const index = await InMemoryVectorIndex.open(base);
      logger.warn('index_type "memory": memories are kept in this process only and lost when it stops');
      return { index, stop: () => index.close() };
    }
    case "sqlite-vec": {
      const index = await SqliteVecVectorIndex.open({
        ...base,
        path: resolve(config.DATA_DIR, "vectors.sqlite"),
      });
      return { index, stop: () => index.close() };
    }
    case "pgvector":
      return openPgVector(config, base, logger);
  }
}

async function openPgVector(
  config: Config,
  base: VectorIndexOptions,
  logger: Logger,
): Promise<OpenedVectorIndex> {
  if (!config.DATABASE_URL) {
    throw new AppError(
      "config_invalid",
      'memory.vector.index_type "pgvector" needs DATABASE_URL (postgres://user:password@host:5432/db)',
      { details: { key: "DATABASE_URL" } },
    );
  }
  const index = await PgvectorVectorIndex.open({ ...base, databaseUrl: config.DATABASE_URL });
  // A table from an earlier version gets the indexes it lacks while the app runs.
  index
    .addMissingIndexes()
    .then((built) => {
      if (built.length > 0) logger.info({ indexes: built }, "pgvector: missing HNSW indexes built");
    })
    .catch((err: unknown) =>
      logger.warn({ err }, "pgvector: a missing HNSW index could not be built (next start tries again)"),
    );
  return { index, stop: () => index.close() };
}

async function openChroma(
  config: Config,
  base: VectorIndexOptions,
  logger: Logger,
): Promise<OpenedVectorIndex> {
  let stopServer: (() => Promise<void>) | undefined;
  let chromaUrl = config.CHROMA_URL;
  if (!chromaUrl) {
    const chroma = await startChromaServer({
      path: resolve(config.DATA_DIR, "chroma"),
      logger: logger.child({ component: "chroma" }),
    });
    stopServer = () => chroma.stop();
    chromaUrl = chroma.url;
  }
  try {
    const index = await ChromaVectorIndex.create({ ...base, chromaUrl });
    return {
      index,
      stop: async () => {
        await index.close();
        await stopServer?.();
      },
    };
  } catch (err) {
    await stopServer?.();
    throw err;
  }
}
