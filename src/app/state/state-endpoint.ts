import { resolve } from "node:path";
import type { Config } from "../../config/config.js";
import type { MemoryConfig } from "../../config/memory-config.js";
import type { Logger } from "../../logging/logger.js";
import { HistoryService } from "../../history/index.js";
import { DataDirLock, type LockHolder } from "../../util/data-dir-lock.js";
import { createMemoryStack, type MemoryStack } from "../memory-stack.js";
import { openSharedState, type SharedState } from "../shared-state.js";

/**
 * One side of a backup, restore or migration: a configuration (environment + memory.toml) opened as
 * the memory stack the CLI uses (no journal: a failure is reported at once) and the shared state it
 * names (DATA_DIR files, or PostgreSQL with DATABASE_URL).
 */
export interface StateEndpoint {
  stack: MemoryStack;
  shared: SharedState;
  /** What the header of a backup and a migration's report say about it (no credentials). */
  description: EndpointDescription;
  close(): Promise<void>;
}

export interface EndpointDescription {
  state: "embedded" | "postgres";
  /** DATA_DIR, resolved. */
  dataDir: string;
  index: { kind: string; namespace: string; location: string };
  embedder: { id: string; dimension: number };
}

/** Opens an endpoint; whatever was opened is closed again when a later step fails. */
export async function openStateEndpoint(options: {
  config: Config;
  memoryConfig: MemoryConfig;
  logger: Logger;
}): Promise<StateEndpoint> {
  const { logger } = options;
  const dataDir = resolve(options.config.DATA_DIR);
  const shared = await openSharedState({ config: options.config, dataDir, logger, listen: false });
  try {
    // The bundled Chroma of an assistant running on this DATA_DIR serves us too (one writer of its files).
    const running = options.config.CHROMA_URL ? undefined : await DataDirLock.holder(dataDir);
    const config = running?.chromaUrl ? { ...options.config, CHROMA_URL: running.chromaUrl } : options.config;
    const history = new HistoryService({
      store: shared.history,
      logger: logger.child({ component: "history" }),
    });
    const stack = await createMemoryStack(config, {
      history,
      memoryConfig: options.memoryConfig,
      graphStores: shared.graphs,
      changes: shared.changes,
      audit: shared.audit,
      pins: shared.pins,
      logger,
    });
    const { info } = stack.store;
    return {
      stack,
      shared,
      description: {
        state: shared.mode,
        dataDir,
        index: { kind: info.kind, namespace: info.namespace, location: info.location },
        embedder: { id: stack.embedder.id, dimension: stack.embedder.dimension },
      },
      async close() {
        await stack.stop();
        await shared.close();
      },
    };
  } catch (err) {
    await shared.close();
    throw err;
  }
}

/** The assistant holding DATA_DIR's lock, if one runs there. */
export function lockHolder(config: Config): Promise<LockHolder | undefined> {
  return DataDirLock.holder(resolve(config.DATA_DIR));
}

/**
 * Whether everything of this configuration lives in servers other processes share (PostgreSQL for the
 * state; pgvector or a Chroma server for the vectors): reading it while an assistant runs is safe.
 */
export function isServerBackend(config: Config, memoryConfig: MemoryConfig): boolean {
  const kind = memoryConfig.memory.vector.index_type;
  return (
    Boolean(config.DATABASE_URL) && (kind === "pgvector" || (kind === "chroma" && Boolean(config.CHROMA_URL)))
  );
}
