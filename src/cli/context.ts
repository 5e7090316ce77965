import { resolve } from "node:path";
import type { Logger } from "../logging/logger.js";
import type { Config } from "../config/config.js";
import type { MemoryConfig } from "../config/memory-config.js";
import { createLogger } from "../logging/logger.js";
import { HistoryService } from "../history/index.js";
import { createMemoryStack, type MemoryStack, type MemoryStackOptions } from "../app/memory-stack.js";
import { openSharedState, type SharedState } from "../app/shared-state.js";
import { DataDirLock } from "../util/data-dir-lock.js";

/** Team of memories made without Slack: the same as the local console chat's (`LOCAL_USER.teamId`). */
export const DEFAULT_TEAM = "local";

/** Where a command writes: `out` is stdout (results, JSON), `err` is stderr (progress, problems). */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
  /** Whether stderr is a terminal (progress bars) or a pipe/file (plain progress lines). */
  stderrIsTty: boolean;
}

/** What a command gets: the parsed config, a stderr logger, output, and the memory stack on demand. */
export interface CliContext extends CliOutput {
  config: Config;
  logger: Logger;
  /**
   * Builds the memory stack with the conversation history and graphs of the app (DATA_DIR files, or
   * PostgreSQL with DATABASE_URL), so forgetting and deleting reach them as in the app, and publishes
   * every change to the change feed, so a running assistant sees it. Vectors: CHROMA_URL; unset, the
   * bundled Chroma of the assistant running on DATA_DIR (from its lock file), else one started here.
   * Stopped by {@link close}.
   */
  openStack(options?: Omit<MemoryStackOptions, "logger">): Promise<MemoryStack>;
  /**
   * Registers clean-up that must run however the command ends (normally, by an error, or by Ctrl-C),
   * before the stacks stop; e.g. dropping the eval's throw-away collection.
   */
  defer(cleanup: Cleanup): void;
  /**
   * Runs the deferred clean-ups (last first), then stops every stack this context opened. Each failure
   * is printed as one `error: …` line; resolves to false if any failed. Idempotent.
   */
  close(): Promise<boolean>;
}

/** One clean-up step: a short description for the error line, and the work. */
export interface Cleanup {
  what: string;
  run(): Promise<void>;
}

/**
 * Builds the context. Logs go to stderr as JSON so stdout stays clean for `--json`; without an
 * explicit LOG_LEVEL the CLI logs warnings only (the app's `info` start-up lines are noise here).
 */
export function createCliContext(options: {
  config: Config;
  /** memory.toml (chunker, topics, filter). */
  memory: MemoryConfig;
  logLevelSet: boolean;
  output: CliOutput;
}): CliContext {
  const logger = createLogger({
    level: options.logLevelSet ? options.config.LOG_LEVEL : "warn",
    destination: process.stderr,
    pretty: false,
  });
  const stacks: MemoryStack[] = [];
  const dataDir = resolve(options.config.DATA_DIR);
  let state: Promise<SharedState> | undefined;
  const cleanups: Cleanup[] = [];
  const output = options.output;
  return {
    ...output,
    config: options.config,
    logger,
    async openStack(stackOptions = {}) {
      if (state === undefined) {
        state = openSharedState({ config: options.config, dataDir, logger, listen: false });
      }
      const shared = await state;
      const running = options.config.CHROMA_URL ? undefined : await DataDirLock.holder(dataDir);
      const config = running?.chromaUrl
        ? { ...options.config, CHROMA_URL: running.chromaUrl }
        : options.config;
      // No summariser: the CLI only forgets and deletes.
      const historyLogger = logger.child({ component: "history" });
      const stack = await createMemoryStack(config, {
        history: new HistoryService({ store: shared.history, logger: historyLogger }),
        memoryConfig: options.memory,
        graphStores: shared.graphs,
        changes: shared.changes,
        ...stackOptions,
        logger,
      });
      stacks.push(stack);
      return stack;
    },
    defer(cleanup) {
      cleanups.push(cleanup);
    },
    async close() {
      const opened = state;
      state = undefined;
      const steps: Cleanup[] = [
        ...cleanups.splice(0).reverse(),
        ...stacks
          .splice(0)
          .reverse()
          .map((stack) => ({ what: "stop Chroma", run: () => stack.stop() })),
        ...(opened ? [{ what: "close the shared state", run: async () => (await opened).close() }] : []),
      ];
      let ok = true;
      for (const step of steps) {
        await step.run().catch((err: unknown) => {
          ok = false;
          output.err(`error: could not ${step.what}: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
      return ok;
    },
  };
}
