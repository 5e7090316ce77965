import { AppError } from "../../errors.js";
import { EXIT_OK, parseCommandArgs, required, usageError, userScopeOption } from "../args.js";
import type { Command } from "../command.js";

/**
 * `delete --id ID` deletes one memory (error if the user has none with that id); `delete --all --yes`
 * deletes all of the user's memories (`--yes` is required so a typo cannot wipe them). Prints
 * `deleted N`; `--json`: `{"deleted":N}`.
 */
export const deleteCommand: Command = {
  name: "delete",
  synopsis: "delete --user U (--id ID | --all --yes) [--team T] [--json]",
  summary: "Delete one memory, or all of a user's memories.",
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      user: { type: "string" },
      id: { type: "string" },
      all: { type: "boolean", default: false },
      yes: { type: "boolean", default: false },
      team: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const scope = userScopeOption(values);
    if ((values.id === undefined) === !values.all) throw usageError("give exactly one of --id ID or --all");
    if (values.all && !values.yes)
      throw usageError("--all deletes every memory of the user: add --yes to confirm");

    // deleteAll counts from the BM25 index, so it needs the rebuild; deleting by id does not.
    const { memory } = await ctx.openStack({ rebuildKeywordIndexes: values.all });
    let deleted: number;
    if (values.all) {
      deleted = await memory.deleteAll(scope);
    } else {
      const id = required(values.id, "id");
      if (!(await memory.delete(scope, id))) {
        throw new AppError("not_found", `user ${scope.userId} of team ${scope.teamId} has no memory ${id}`);
      }
      deleted = 1;
    }
    ctx.out(values.json ? JSON.stringify({ deleted }) : `deleted ${deleted}`);
    return EXIT_OK;
  },
};
