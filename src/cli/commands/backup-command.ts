import { resolve } from "node:path";
import { openStateEndpoint } from "../../app/state/state-endpoint.js";
import { writeArchive } from "../../app/state/state-archive.js";
import { EXIT_OK, parseCommandArgs, required } from "../args.js";
import type { Command } from "../command.js";

/**
 * `backup --out FILE`: the whole state — memories with their vectors, graphs (superseded facts
 * too), conversations, settings, pins, the audit record — as one gzip-compressed JSON Lines file
 * (docs/backup-format.md). Reads only, so it runs beside the assistant; each owner is read
 * consistently. Prints the counts (with `--json`, the trailer as its last line).
 */
export const backupCommand: Command = {
  name: "backup",
  synopsis: "backup --out FILE.jsonl.gz [--json]",
  summary: "Write the whole state (memories with vectors, graphs, history, settings) to one archive.",
  readsStoredMemories: true,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      out: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const file = resolve(required(values.out, "out"));
    const endpoint = await openStateEndpoint({
      config: ctx.config,
      memoryConfig: ctx.memoryConfig,
      logger: ctx.logger,
    });
    ctx.defer({ what: "close the backup's source", run: () => endpoint.close() });
    const trailer = await writeArchive(endpoint, file, (owner, summary) => {
      if (!values.json) ctx.err(`backup: ${owner.teamId}/${owner.userId} ${summary.memories} memories`);
    });
    const c = trailer.counts;
    ctx.out(
      `backed up ${c.memories} memories of ${c.owners} users, ${c.graphs} graphs, ` +
        `${c.conversations} conversations, ${c.audit} audit events to ${file}`,
    );
    if (values.json) ctx.out(JSON.stringify({ file, ...trailer }));
    return EXIT_OK;
  },
};
