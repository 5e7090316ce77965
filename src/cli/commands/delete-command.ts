import { AppError } from "../../core/errors.js";
import { EXIT_OK, parseCommandArgs, required, usageError, userScopeOption } from "../args.js";
import type { Command } from "../command.js";

/**
 * `delete --id ID` deletes one memory (error if the user has none with that id); `delete --all --yes`
 * deletes all of the user's memories and their knowledge graph (`--yes` is required so a typo cannot
 * wipe them); `--history` also deletes their conversation history. Every delete goes through the
 * memory lifecycle, so the graph facts of a deleted memory go with it. Prints
 * `deleted N`; `--json`: `{"deleted":N}`.
 */
export const deleteCommand: Command = {
  name: "delete",
  synopsis: "delete --user U (--id ID | --all --yes [--history]) [--team T] [--json]",
  summary: "Delete one memory, or all of a user's memories.",
  readsStoredMemories: true,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      user: { type: "string" },
      id: { type: "string" },
      all: { type: "boolean", default: false },
      yes: { type: "boolean", default: false },
      history: { type: "boolean", default: false },
      team: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const scope = userScopeOption(values);
    if ((values.id === undefined) === !values.all) throw usageError("give exactly one of --id ID or --all");
    if (values.all && !values.yes)
      throw usageError("--all deletes every memory of the user: add --yes to confirm");

    if (values.history && !values.all) throw usageError("--history goes with --all");
    const { lifecycle } = await ctx.openStack();
    let deleted: number;
    let conversations: number | undefined;
    if (values.all) {
      ({ memories: deleted, conversations } = await lifecycle.deleteAll(scope, {
        history: values.history,
        actor: "cli",
      }));
    } else {
      const id = required(values.id, "id");
      if (!(await lifecycle.delete(scope, id, { actor: "cli" }))) {
        throw new AppError("not_found", `user ${scope.userId} of team ${scope.teamId} has no memory ${id}`);
      }
      deleted = 1;
    }
    const result = { deleted, ...(conversations === undefined ? {} : { conversations }) };
    ctx.out(
      values.json
        ? JSON.stringify(result)
        : `deleted ${deleted}${conversations === undefined ? "" : `, ${conversations} conversations`}`,
    );
    return EXIT_OK;
  },
};
