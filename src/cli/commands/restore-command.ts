import { resolve } from "node:path";
import { openArchive } from "../../app/state/state-archive.js";
import { openStateEndpoint } from "../../app/state/state-endpoint.js";
import { isEmpty, readOwner, sameEmbedder, writeAudit, writeOwner } from "../../app/state/state-io.js";
import { ownerLabel, summarise } from "../../app/state/state-records.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, parseCommandArgs, required } from "../args.js";
import type { Command } from "../command.js";
import { createProgress } from "../progress.js";

/**
 * `restore --file FILE [--merge]`: writes a backup into the configured state and vector backend (any
 * of them). Refuses a target that holds memories, conversations or audit events (exit 2) unless
 * `--merge`, which replaces by id and adds the rest. Vectors are stored as they are when the target's
 * embedder is the backup's (same id and dimension), else embedded again. Ends by reading every
 * restored owner back and comparing counts and checksums with the backup's trailer (exit 1 on a
 * difference; with `--merge` an owner may hold more, so only missing owners count).
 */
export const restoreCommand: Command = {
  name: "restore",
  synopsis: "restore --file FILE.jsonl.gz [--merge] [--json]",
  summary: "Restore a backup into an empty target (any backend); --merge into one that is not empty.",
  readsStoredMemories: true,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      file: { type: "string" },
      merge: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    });
    const file = resolve(required(values.file, "file"));
    const archive = await openArchive(file);
    const endpoint = await openStateEndpoint({
      config: ctx.config,
      memoryConfig: ctx.memoryConfig,
      logger: ctx.logger,
    });
    ctx.defer({ what: "close the restore's target", run: () => endpoint.close() });
    if (!values.merge && !(await isEmpty(endpoint))) {
      ctx.err(
        "error: the target is not empty (it holds memories, conversations or audit events): " +
          "restore into an empty one, or add --merge to replace by id and keep the rest",
      );
      return EXIT_USAGE;
    }
    const reuseVectors = sameEmbedder(archive.header.embedder, endpoint.description.embedder);
    if (!reuseVectors) {
      ctx.err(
        `restore: the backup's embedder is ${archive.header.embedder.id}, this one ${endpoint.description.embedder.id}: ` +
          "memories are embedded again",
      );
    }
    let memories = 0;
    const restored: string[] = [];
    for await (const state of archive.owners()) {
      const progress = createProgress({
        label: `restore ${ownerLabel(state.owner)}`,
        total: state.memories.length,
        output: ctx,
        plain: values.json,
      });
      try {
        await writeOwner(endpoint, state, { reuseVectors, onMemories: (n) => progress.increment(n) });
      } finally {
        progress.stop();
      }
      memories += state.memories.length;
      restored.push(ownerLabel(state.owner));
    }
    await writeAudit(endpoint, archive.audit);
    const problems = await verify(endpoint, archive.trailer?.owners ?? {}, values.merge);
    for (const p of problems) ctx.err(`restore: ${p}`);
    ctx.out(
      `restored ${memories} memories of ${restored.length} users, ${archive.audit.length} audit events`,
    );
    if (values.json) ctx.out(JSON.stringify({ restored: memories, owners: restored.length, problems }));
    if (!archive.trailer)
      ctx.err("restore: the backup has no trailer (it was cut short): restored what it holds");
    return problems.length > 0 || !archive.trailer ? EXIT_FAILED : EXIT_OK;
  },
};

/** Each owner of the trailer read back from the target: what differs (nothing when all agree). */
async function verify(
  endpoint: Awaited<ReturnType<typeof openStateEndpoint>>,
  expected: Record<string, { memories: number; checksum: string }>,
  merge: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [label, want] of Object.entries(expected)) {
    const slash = label.indexOf("/");
    const owner = { teamId: label.slice(0, slash), userId: label.slice(slash + 1) };
    const got = summarise(await readOwner(endpoint, owner));
    if (merge ? got.memories < want.memories : got.checksum !== want.checksum) {
      problems.push(
        `${label}: ${got.memories} memories (checksum ${got.checksum.slice(0, 12)}), backup ${want.memories} (${want.checksum.slice(0, 12)})`,
      );
    }
  }
  return problems;
}
