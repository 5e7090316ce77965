import type { ChannelType, Memory, MemoryScope } from "./types.js";

/**
 * The one visibility rule of the project: where a memory (or a graph fact derived from it) may be
 * shown. Every reader — memory recall (vector and BM25), graph facts, the agent's tools, the admin
 * API — asks this module; none decides on its own.
 *
 * A memory's visibility is where it was said:
 * - `private`: in a DM (`im`). Shown only where everything of the user's is visible (a DM, App Home,
 *   the admin API), never in any other conversation.
 * - `channel:<id>`: in that conversation other than a DM — a public channel, a private channel or a
 *   group DM alike. Shown there and where everything of the user's is visible; never in any other
 *   conversation. A private channel's or group DM's memory is thereby private to that conversation.
 * - `shared`: explicitly shared (`metadata.shared = true`). Shown everywhere to its owner.
 *
 * Stored data keeps its meaning: a group DM's memory written before group DMs had their own
 * `channel:<id>` carries `private` in the stores that keep the visibility (Chroma, pgvector, BM25
 * snapshots) and is read as such — shown in DMs only, never in a channel.
 *
 * Who is asking is a {@link MemoryScope}: a user of a team, and where they are. A scope without a
 * channel type (the admin API, the CLI, App Home) or in a DM sees all of the user's memories; any
 * other conversation sees its own and the shared ones, unless the deployment allows DM memories in
 * channels. Whether a conversation is a DM comes from Slack's id and type (memory-blocks.ts
 * `channelTypeOf`), never from its name.
 */

export const PRIVATE = "private";
export const SHARED = "shared";

/** `channel:<id>`: said in that conversation (a channel, a private channel or a group DM). */
export function channelVisibility(channelId: string): string {
  return `channel:${channelId}`;
}

/** The conversations other than a DM; a type not known here (or a DM) is private. */
const CONVERSATIONS: ReadonlySet<string> = new Set<ChannelType>(["channel", "group", "mpim"]);

/** Where a memory may be shown, from where it was said (and `extra.shared`). */
export function visibilityOf(memory: {
  channelType: ChannelType | string;
  channelId: string;
  extra?: Memory["extra"];
}): string {
  if (memory.extra?.shared === true) return SHARED;
  return CONVERSATIONS.has(memory.channelType) && memory.channelId
    ? channelVisibility(memory.channelId)
    : PRIVATE;
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

/**
 * What may be shown wherever something said with `visibility` is shown: all of the user's for
 * `private` (shown only where all is), that conversation's and the shared for `channel:<id>`, the
 * shared alone for `shared` (shown everywhere). What is derived from a note and a stored fact together
 * reads only such facts, so that it is no more visible than they are (graph/speaker-facts.ts).
 */
export function visibleWherever(visibility: string): readonly string[] | undefined {
  if (visibility === PRIVATE) return undefined;
  return visibility === SHARED ? [SHARED] : [visibility, SHARED];
}

/** Whether any of `visibilities` is in `allowed` (undefined: everything is allowed). */
export function isAllowed(visibilities: readonly string[], allowed: readonly string[] | undefined): boolean {
  return allowed === undefined || visibilities.some((v) => allowed.includes(v));
}
