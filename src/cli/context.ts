import type { Logger } from "../logging/logger.js";
import type { Config } from "../config/config.js";
import type { MemoryConfig } from "../config/memory-config.js";
import { createLogger } from "../logging/logger.js";
import { composeCli, type CliStackOptions } from "../app/compose-cli.js";
import type { MemoryStack } from "../app/memory-stack.js";

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
  /** memory.toml as loaded (backup, restore and migrate open stacks of their own from it). */
  memoryConfig: MemoryConfig;
  /** The environment the CLI was started with (migrate's target starts from it). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Builds a memory stack through the CLI's composition (app/compose-cli.ts); stopped by {@link close}. */
  openStack(options?: CliStackOptions): Promise<MemoryStack>;
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
  env?: NodeJS.ProcessEnv;
}): CliContext {
  const logger = createLogger({
    level: options.logLevelSet ? options.config.LOG_LEVEL : "warn",
    destination: process.stderr,
    pretty: false,
  });
  const stacks: MemoryStack[] = [];
  const composition = composeCli({ config: options.config, memoryConfig: options.memory, logger });
  const cleanups: Cleanup[] = [];
  const output = options.output;
  return {
    ...output,
    config: options.config,
    memoryConfig: options.memory,
    env: options.env ?? {},
    logger,
    async openStack(stackOptions = {}) {
      const stack = await composition.openStack(stackOptions);
      stacks.push(stack);
      return stack;
    },
    defer(cleanup) {
      cleanups.push(cleanup);
    },
    async close() {
      const steps: Cleanup[] = [
        ...cleanups.splice(0).reverse(),
        ...stacks
          .splice(0)
          .reverse()
          .map((stack) => ({ what: "stop Chroma", run: () => stack.stop() })),
        { what: "close the shared state", run: () => composition.close() },
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
