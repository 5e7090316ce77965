import { resolve } from "node:path";
import { loadSettings } from "../../config/settings.js";
import { AppError } from "../../core/errors.js";
import { migrateState } from "../../app/state/migration.js";
import { isServerBackend, lockHolder, openStateEndpoint } from "../../app/state/state-endpoint.js";
import { EXIT_FAILED, EXIT_OK, parseCommandArgs, usageError } from "../args.js";
import type { Command } from "../command.js";
import type { CliContext } from "../context.js";
import { createProgress } from "../progress.js";

/** Default checkpoint file, in the working directory. */
export const DEFAULT_CHECKPOINT = "migrate-checkpoint.json";

/**
 * `migrate --to memory.toml [--to-data-dir D] [--to-database-url U] [--to-chroma-url C]` (and the same
 * `--from-…`, default: the current configuration): copies every owner's memories (with their vectors
 * when the embedders are the same, else embedded again), graphs, conversations, settings, pins and the
 * audit record, owner by owner with a checkpoint (a stopped run goes on; a second run changes nothing),
 * then verifies counts and checksums per owner on both sides. Refuses while an assistant holds the
 * source DATA_DIR unless `--online` and the source lives in servers (PostgreSQL + pgvector or a
 * Chroma server).
 */
export const migrateCommand: Command = {
  name: "migrate",
  synopsis:
    "migrate --to memory.toml [--to-data-dir D] [--to-database-url U] [--to-chroma-url C] [--from memory.toml] " +
    "[--from-data-dir D] [--from-database-url U] [--from-chroma-url C] [--online] [--checkpoint F] [--json]",
  summary: "Copy the whole state to another state and vector backend, resumable, verified per user.",
  readsStoredMemories: true,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      to: { type: "string" },
      "to-data-dir": { type: "string" },
      "to-database-url": { type: "string" },
      "to-chroma-url": { type: "string" },
      from: { type: "string" },
      "from-data-dir": { type: "string" },
      "from-database-url": { type: "string" },
      "from-chroma-url": { type: "string" },
      online: { type: "boolean", default: false },
      checkpoint: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const toGiven = [values.to, values["to-data-dir"], values["to-database-url"], values["to-chroma-url"]];
    if (toGiven.every((v) => v === undefined))
      throw usageError("--to (or another --to-… option) is required");
    const side = (p: "to" | "from") =>
      sideSettings(ctx, {
        toml: values[p],
        dataDir: values[`${p}-data-dir`],
        databaseUrl: values[`${p}-database-url`],
        chromaUrl: values[`${p}-chroma-url`],
      });
    const from = await side("from");
    const to = await side("to");
    const holder = await lockHolder(from.config);
    if (holder && !(values.online && isServerBackend(from.config, from.memory))) {
      throw new AppError(
        "data_dir_in_use",
        `an assistant runs on the source DATA_DIR (pid ${holder.pid} on ${holder.host}): stop it first` +
          (isServerBackend(from.config, from.memory) ? ", or pass --online" : " (its files have one writer)"),
      );
    }
    const source = await openStateEndpoint({
      config: from.config,
      memoryConfig: from.memory,
      logger: ctx.logger,
    });
    ctx.defer({ what: "close the migration's source", run: () => source.close() });
    const target = await openStateEndpoint({
      config: to.config,
      memoryConfig: to.memory,
      logger: ctx.logger,
    });
    ctx.defer({ what: "close the migration's target", run: () => target.close() });
    if (JSON.stringify(source.description) === JSON.stringify(target.description)) {
      throw usageError("the source and the target are the same");
    }
    const total = (await source.stack.store.owners()).reduce((sum, o) => sum + o.memories, 0);
    const progress = createProgress({ label: "migrate", total, output: ctx, plain: values.json });
    let report;
    try {
      report = await migrateState({
        source,
        target,
        checkpointFile: resolve(values.checkpoint ?? DEFAULT_CHECKPOINT),
        onMemories: (n) => progress.increment(n),
      });
    } finally {
      progress.stop();
    }
    const differing = report.verification.filter((v) => !v.equal);
    for (const v of report.verification) {
      ctx.err(
        `verify ${v.owner}: ${v.source.memories} memories ${v.source.checksum.slice(0, 12)} → ` +
          `${v.target.memories} ${v.target.checksum.slice(0, 12)}${v.equal ? "" : "  DIFFERENT"}`,
      );
    }
    const d = (e: typeof source) =>
      `${e.description.state} + ${e.description.index.kind} (${e.description.index.location})`;
    ctx.out(
      `migrated ${report.memories} memories of ${report.copied} users (${report.owners - report.copied} done before), ` +
        `${report.audit} audit events, from ${d(source)} to ${d(target)}` +
        `${report.reembedded ? ", embedded again" : ", vectors reused"}; verified ${report.verification.length - differing.length}/${report.verification.length} users`,
    );
    if (values.json) ctx.out(JSON.stringify(report));
    return differing.length > 0 ? EXIT_FAILED : EXIT_OK;
  },
};

/**
 * One side's configuration: the CLI's environment with the side's memory.toml, DATA_DIR, DATABASE_URL
 * and CHROMA_URL put over it (an empty value unsets a variable); nothing given: the current one.
 */
async function sideSettings(
  ctx: CliContext,
  side: { toml?: string; dataDir?: string; databaseUrl?: string; chromaUrl?: string },
) {
  if (Object.values(side).every((v) => v === undefined))
    return { config: ctx.config, memory: ctx.memoryConfig };
  const env: NodeJS.ProcessEnv = { ...ctx.env };
  const put = (key: string, value: string | undefined) => {
    if (value === undefined) return;
    if (value.trim() === "") delete env[key];
    else env[key] = value;
  };
  put("MEMORY_CONFIG", side.toml && resolve(side.toml));
  put("DATA_DIR", side.dataDir);
  put("DATABASE_URL", side.databaseUrl);
  put("CHROMA_URL", side.chromaUrl);
  return loadSettings(env);
}
