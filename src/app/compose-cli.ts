import { resolve } from "node:path";
import type { Logger } from "../logging/logger.js";
import type { Config } from "../config/config.js";
import type { MemoryConfig } from "../config/memory-config.js";
import { HistoryService } from "../history/index.js";
import { DataDirLock } from "../util/data-dir-lock.js";
import { createMemoryStack, type MemoryStack, type MemoryStackOptions } from "./memory-stack.js";
import { openSharedState, type SharedState } from "./shared-state.js";

/** What a caller of the memory CLI's composition may set per stack (the eval: its own namespace). */
export type CliStackOptions = Omit<MemoryStackOptions, "logger">;

/** The memory CLI's parts: memory stacks over the app's state, opened on demand. */
export interface CliComposition {
  /**
   * Builds a memory stack with the conversation history and graphs of the app (DATA_DIR files, or
   * PostgreSQL with DATABASE_URL), so forgetting and deleting reach them as in the app, and publishing
   * every change to the change feed, so a running assistant sees it. Vectors: CHROMA_URL; unset, the
   * bundled Chroma of the assistant running on DATA_DIR (from its lock file), else one started here.
   * The caller stops each stack, then calls {@link close}.
   */
  openStack(options?: CliStackOptions): Promise<MemoryStack>;
  /** Closes the shared state, if a stack opened it. */
  close(): Promise<void>;
}

/** The composition of the memory CLI (the app's is compose.ts): nothing is opened until a stack is asked for. */
export function composeCli(options: {
  config: Config;
  memoryConfig: MemoryConfig;
  logger: Logger;
}): CliComposition {
  const { logger } = options;
  const dataDir = resolve(options.config.DATA_DIR);
  let state: Promise<SharedState> | undefined;
  return {
    async openStack(stackOptions = {}) {
      // The CLI only publishes changes; it listens to no one.
      state ??= openSharedState({ config: options.config, dataDir, logger, listen: false });
      const shared = await state;
      const running = options.config.CHROMA_URL ? undefined : await DataDirLock.holder(dataDir);
      const config = running?.chromaUrl
        ? { ...options.config, CHROMA_URL: running.chromaUrl }
        : options.config;
      // No summariser: the CLI only forgets and deletes.
      const history = new HistoryService({
        store: shared.history,
        logger: logger.child({ component: "history" }),
      });
      return createMemoryStack(config, {
        history,
        memoryConfig: options.memoryConfig,
        graphStores: shared.graphs,
        changes: shared.changes,
        // The app's audit (the CLI's saves, forgets and reads are events by `cli`), pins and tally;
        // not for a throw-away index (the eval's), which holds no one's memories.
        ...(stackOptions.indexOnly
          ? {}
          : { audit: shared.audit, pins: shared.pins, recalls: shared.recalls }),
        ...stackOptions,
        logger,
      });
    },
    async close() {
      const opened = state;
      state = undefined;
      if (opened) await (await opened).close();
    },
  };
}
