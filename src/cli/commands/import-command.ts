import { readFile } from "node:fs/promises";
import { AppError } from "../../core/errors.js";
import { EXIT_FAILED, EXIT_OK, idOption, parseCommandArgs, required, teamOption } from "../args.js";
import { saveInBatches } from "../batch-save.js";
import type { Command } from "../command.js";
import { parseImportLines } from "../import-lines.js";
import { createProgress } from "../progress.js";

/**
 * `import --file F.jsonl`: validates every line, reports each bad one with its line number (and
 * skips it), saves the rest in batches, prints `imported N, skipped M`; exits 1 if any line was bad.
 * With `--json` the last stdout line is `{"imported","skipped","errors":[{"line","message"}]}`.
 */
export const importCommand: Command = {
  name: "import",
  synopsis: "import --file F.jsonl [--user U] [--team T] [--json]",
  summary: "Import JSON lines {id?, user_id?, text, ts?, metadata?}; re-importing replaces by id.",
  readsStoredMemories: true,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      file: { type: "string" },
      user: { type: "string" },
      team: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const file = required(values.file, "file");
    const user = values.user === undefined ? undefined : idOption(values.user, "user");
    const teamId = teamOption(values.team);
    const text = await readFile(file, "utf8").catch((err: unknown) => {
      throw new AppError("bad_request", `cannot read ${file}: ${(err as Error).message}`, { cause: err });
    });

    const parsed = parseImportLines({ text, team: teamId, user });
    for (const problem of parsed.errors) ctx.err(`${file}:${problem.line}: skipped: ${problem.message}`);
    for (const problem of parsed.replaced) ctx.err(`${file}:${problem.line}: replaced: ${problem.message}`);
    if (parsed.ignoredFields.length > 0) ctx.err(`ignored fields: ${parsed.ignoredFields.join(", ")}`);

    let imported = 0;
    if (parsed.rows.length > 0) {
      const stack = await ctx.openStack();
      const progress = createProgress({
        label: "import",
        total: parsed.rows.length,
        output: ctx,
        plain: values.json,
      });
      try {
        imported = await saveInBatches({
          memory: stack.lifecycle,
          teamId,
          rows: parsed.rows,
          onSaved: (n) => progress.increment(n),
        });
      } finally {
        progress.stop();
      }
    }

    const skipped = parsed.errors.length;
    ctx.out(`imported ${imported}, skipped ${skipped}`);
    if (values.json) ctx.out(JSON.stringify({ imported, skipped, errors: parsed.errors }));
    return skipped > 0 ? EXIT_FAILED : EXIT_OK;
  },
};
