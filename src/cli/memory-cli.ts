/**
 * `npm run memory -- <command>`: import, search, list, delete and evaluate long-term memories from
 * the terminal, through the same lifecycle and search (Chroma + BM25) the assistant uses.
 *
 * Exit status: 0 done, 1 failed (one `error: …` line on stderr, or an import with bad lines),
 * 2 bad arguments or configuration (with the usage text).
 */
import { pathToFileURL } from "node:url";
import { loadSettings } from "../config/settings.js";
import { AppError, isAppError, toAppError } from "../core/errors.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, isUsageError, usageError } from "./args.js";
import type { Command } from "./command.js";
import { backupCommand } from "./commands/backup-command.js";
import { restoreCommand } from "./commands/restore-command.js";
import { migrateCommand } from "./commands/migrate-command.js";
import { deleteCommand } from "./commands/delete-command.js";
import { evalCommand } from "./commands/eval-command.js";
import { evalFilterCommand } from "./commands/eval-filter-command.js";
import { importCommand } from "./commands/import-command.js";
import { listCommand } from "./commands/list-command.js";
import { searchCommand } from "./commands/search-command.js";
import { createCliContext, DEFAULT_TEAM, type CliContext, type CliOutput } from "./context.js";

/** Every subcommand, in usage order. */
export const COMMANDS: readonly Command[] = [
  importCommand,
  searchCommand,
  listCommand,
  deleteCommand,
  evalCommand,
  evalFilterCommand,
  backupCommand,
  restoreCommand,
  migrateCommand,
];

/** The usage text: one synopsis and summary per command, then the environment it reads. */
export function usage(): string {
  const lines = ["usage: npm run memory -- <command> [options]", "", "commands:"];
  for (const command of COMMANDS) lines.push(`  ${command.synopsis}`, `      ${command.summary}`);
  lines.push(
    "",
    `--team defaults to "${DEFAULT_TEAM}". --json prints machine-readable output (its last line is one JSON object).`,
    "Reads the app's environment (and .env): CHROMA_URL (unset: a local Chroma under DATA_DIR/chroma),",
    "EMBEDDER=auto|ollama|offline, OLLAMA_HOST, OLLAMA_EMBED_MODEL, VECTOR_NAMESPACE_PREFIX, LOG_LEVEL.",
  );
  return lines.join("\n");
}

/** Runs one CLI invocation (`argv` without node and the script) and resolves to the exit status. */
export async function runMemoryCli(options: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  output: CliOutput;
}): Promise<number> {
  const { output } = options;
  const [name, ...rest] = options.argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    (name === undefined ? output.err : output.out)(usage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  let ctx: CliContext | undefined;
  // On Ctrl-C or SIGTERM: run the clean-ups (drop the eval collection, stop a local Chroma) and leave
  // with the conventional 128 + signal number.
  const onSignal = (code: number) => (): void => {
    void (ctx?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  };
  const onSigint = onSignal(130);
  const onSigterm = onSignal(143);
  process.once("SIGINT", onSigint);
  process.once("SIGTERM", onSigterm);
  let code: number;
  try {
    code = await runCommand({ command, name, rest, env: options.env, output, setContext: (c) => (ctx = c) });
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigterm);
  }
  const cleanedUp = (await ctx?.close()) ?? true;
  return cleanedUp || code !== EXIT_OK ? code : EXIT_FAILED;
}

async function runCommand(a: {
  command: Command | undefined;
  name: string;
  rest: string[];
  env: NodeJS.ProcessEnv;
  output: CliOutput;
  setContext: (ctx: CliContext) => void;
}): Promise<number> {
  const { command, output } = a;
  try {
    if (!command) throw usageError(`unknown command ${JSON.stringify(a.name)}`);
    if (a.rest.includes("--help") || a.rest.includes("-h")) {
      output.out(`usage: npm run memory -- ${command.synopsis}\n  ${command.summary}`);
      return EXIT_OK;
    }
    const { config, memory, env } = await loadSettings(a.env);
    if (command.readsStoredMemories && memory.memory.vector.index_type === "memory") {
      throw new AppError(
        "config_invalid",
        `memory.vector.index_type: "memory" keeps memories inside one process, so \`${command.name}\` would ` +
          'see none; use "chroma", "sqlite-vec" or "pgvector"',
      );
    }
    const ctx = createCliContext({
      config,
      memory,
      logLevelSet: Boolean(env["LOG_LEVEL"]),
      output,
      env: a.env,
    });
    a.setContext(ctx);
    return await command.run(ctx, a.rest);
  } catch (err) {
    output.err(`error: ${toAppError(err).message.split("\n")[0]}`);
    if (isUsageError(err)) {
      output.err("");
      output.err(command ? `usage: npm run memory -- ${command.synopsis}` : usage());
      return EXIT_USAGE;
    }
    return isAppError(err, "config_invalid") ? EXIT_USAGE : EXIT_FAILED;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const output: CliOutput = {
    out: (line) => void process.stdout.write(`${line}\n`),
    err: (line) => void process.stderr.write(`${line}\n`),
    stderrIsTty: process.stderr.isTTY === true,
  };
  runMemoryCli({ argv: process.argv.slice(2), env: process.env, output }).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = EXIT_FAILED;
    },
  );
}
