import type { CliContext } from "./context.js";

/** One `memory <name>` subcommand. */
export interface Command {
  name: string;
  /** Synopsis line(s) for the usage text, e.g. `import --file F.jsonl [--user U] [--team T] [--json]`. */
  synopsis: string;
  /** One sentence on what it does. */
  summary: string;
  /**
   * Works on the memories the assistant keeps, so it needs an index that outlives this process: with
   * `index_type = "memory"` it stops with a config error instead of working on an empty index.
   */
  readsStoredMemories: boolean;
  /** Runs with the arguments after the command name; resolves to the exit status. */
  run(ctx: CliContext, args: string[]): Promise<number>;
}
