import type { Memory } from "../../core/types.js";
import { EXIT_OK, intOption, parseCommandArgs, userScopeOption } from "../args.js";
import type { Command } from "../command.js";
import { oneLine } from "./search-command.js";

/** Memories per page when `--limit` is not given, and the most one page may hold. */
export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 1000;

/**
 * `list`: one page of the user's memories, one per line (`id  ISO time  channel type  text`), then
 * `next: --cursor C` when there are more. `--json`: `{"items":[...],"nextCursor":C|null}`.
 */
export const listCommand: Command = {
  name: "list",
  synopsis: "list --user U [--limit N] [--cursor C] [--team T] [--json]",
  summary: "List one page of a user's memories.",
  readsStoredMemories: true,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      user: { type: "string" },
      limit: { type: "string" },
      cursor: { type: "string" },
      team: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const limit = intOption(values.limit, "limit", {
      min: 1,
      max: MAX_LIST_LIMIT,
      fallback: DEFAULT_LIST_LIMIT,
    });
    const scope = userScopeOption(values);

    const { memory, lifecycle } = await ctx.openStack();
    const page = await memory.list(scope, { limit, cursor: values.cursor });
    // An operator's read of a person's memories is recorded, as the admin API's is (ids only).
    await lifecycle.recordRead(
      scope,
      page.items.map((m) => m.id),
      "cli",
    );
    if (values.json) {
      ctx.out(JSON.stringify({ items: page.items.map(toJson), nextCursor: page.nextCursor }));
      return EXIT_OK;
    }
    if (page.items.length === 0) ctx.out("no memories");
    for (const m of page.items) {
      ctx.out(`${m.id}  ${new Date(m.timestamp).toISOString()}  ${m.channelType}  ${oneLine(m.text)}`);
    }
    if (page.nextCursor) ctx.out(`next: --cursor ${page.nextCursor}`);
    return EXIT_OK;
  },
};

function toJson(m: Memory): Record<string, unknown> {
  return {
    id: m.id,
    text: m.text,
    timestamp: new Date(m.timestamp).toISOString(),
    channelId: m.channelId,
    channelType: m.channelType,
    source: m.source,
    ...(m.extra ? { extra: m.extra } : {}),
  };
}
