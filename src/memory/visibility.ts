import type { ChannelType, Memory, MemoryScope } from "../types.js";

/**
 * The one visibility rule of the project: where a memory (or a graph fact derived from it) may be
 * shown. Every reader — memory recall (vector and BM25), graph facts, the agent's tools, the admin
 * API — asks this module; none decides on its own.
 *
 * A memory's visibility is where it was said:
 * - `private`: in a DM or a group DM. Shown only where everything of the user's is visible (a DM with
 *   the bot, the admin API), never in a channel.
 * - `channel:<id>`: in that channel. Shown there and in DMs.
 * - `shared`: explicitly shared (`metadata.shared = true`). Shown everywhere to its owner.
 *
 * Who is asking is a {@link MemoryScope}: a user of a team, and where they are. A scope without a
 * channel type (the admin API, the CLI) or in a DM sees all of the user's memories; a channel sees
 * its own and the shared ones, unless the deployment allows DM memories in channels.
 */

export const PRIVATE = "private";
export const SHARED = "shared";

/** `channel:<id>`: said in that channel. */
export function channelVisibility(channelId: string): string {
  return `channel:${channelId}`;
}

/** Where a memory may be shown, from where it was said (and `extra.shared`). */
export function visibilityOf(memory: {
  channelType: ChannelType | string;
  channelId: string;
  extra?: Memory["extra"];
}): string {
  if (memory.extra?.shared === true) return SHARED;
  if (memory.channelType === "channel" || memory.channelType === "group")
    return channelVisibility(memory.channelId);
  return PRIVATE;
}

/** The visibility rule of a deployment (ALLOW_DM_MEMORIES_IN_CHANNELS). */
export class VisibilityRule {
  constructor(readonly allowDmInChannels = false) {}

  /**
   * The visibilities a reader in `scope` may see, or undefined for "all of the user's" (a DM, the
   * admin API, the CLI).
   */
  allowedIn(scope: Pick<MemoryScope, "channelType" | "channelId">): readonly string[] | undefined {
    if (!scope.channelType || scope.channelType === "im" || this.allowDmInChannels) return undefined;
    return [channelVisibility(scope.channelId ?? ""), SHARED];
  }

  /**
   * Whether something with these visibilities (a memory has one, a graph fact one per source) may be
   * shown in `scope`. The owner is checked by the caller's keys; this rule is about where.
   */
  canSee(scope: Pick<MemoryScope, "channelType" | "channelId">, visibilities: readonly string[]): boolean {
    return isAllowed(visibilities, this.allowedIn(scope));
  }

  /** Whether `memory` belongs to the scope's user and may be shown where the scope is. */
  canSeeMemory(scope: MemoryScope, memory: Memory): boolean {
    return (
      memory.teamId === scope.teamId &&
      memory.userId === scope.userId &&
      this.canSee(scope, [visibilityOf(memory)])
    );
  }
}

/** Whether any of `visibilities` is in `allowed` (undefined: everything is allowed). */
export function isAllowed(visibilities: readonly string[], allowed: readonly string[] | undefined): boolean {
  return allowed === undefined || visibilities.some((v) => allowed.includes(v));
}
