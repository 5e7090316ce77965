import { createHash } from "node:crypto";
import { z } from "zod";
import { memorySchema } from "../../core/memory-schema.js";
import { AUDIT_ACTIONS, AUDIT_ACTORS, type AuditEvent } from "../../core/audit.js";
import { entityNodeSchema, relationSchema } from "../../core/graph-schema.js";
import type { GraphData } from "../../core/graph-types.js";
import { conversationRecordSchema } from "../../core/history-record-schema.js";
import type { ConversationRecord } from "../../core/history-types.js";
import type { Memory, Owner } from "../../core/types.js";
import type { UserSettings } from "../../core/user-settings.js";
import type { MemoryWithVector } from "../../core/vector-index.js";

/**
 * The whole state of a deployment as typed records, one owner (team, user) at a time: what a backup
 * holds line by line (docs/backup-format.md) and what a migration copies. Vectors travel with their
 * memories; checksums leave them out (each engine keeps float32 of its own precision) and are taken
 * over canonical JSON in an order-independent way, so two backends holding the same state agree.
 */

/** The name in a backup's header line. */
export const ARCHIVE_FORMAT = "slack-assistant-state";
/** The format's version: a reader refuses a newer one. */
export const ARCHIVE_VERSION = 1;

/** Everything one owner has (their conversations are the ones that name them among `userIds`). */
export interface OwnerState {
  owner: Owner;
  memories: MemoryWithVector[];
  /** Their knowledge graph, superseded relations (`current: false`) included; undefined when empty. */
  graph?: GraphData | undefined;
  conversations: ConversationRecord[];
  /** Their settings when not the defaults. */
  settings?: UserSettings | undefined;
  /** Ids of their pinned memories. */
  pins: string[];
}

/** One line of a backup between the header and the trailer. */
export type StateRecord =
  | { type: "memory"; memory: Memory; vector?: number[] | undefined }
  | { type: "graph"; owner: Owner; graph: GraphData }
  | { type: "conversation"; owner: Owner; conversation: ConversationRecord }
  | { type: "settings"; owner: Owner; settings: UserSettings }
  | { type: "pins"; owner: Owner; ids: string[] }
  | { type: "audit"; event: AuditEvent };

const ownerSchema = z.object({ teamId: z.string().min(1), userId: z.string().min(1) });

const storedMemorySchema = memorySchema.strict();

const settingsSchema = z.object({
  autosave: z.enum(["on", "off", "ask"]),
  pauses: z.array(
    z.object({ channelId: z.string(), threadTs: z.string().optional(), until: z.number() }).passthrough(),
  ),
});

/** What a line of a backup may be (the header and trailer are read on their own). */
export const stateRecordSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("memory"), memory: storedMemorySchema, vector: z.array(z.number()).optional() }),
  z.object({
    type: z.literal("graph"),
    owner: ownerSchema,
    graph: z.object({ nodes: z.array(entityNodeSchema), relations: z.array(relationSchema) }),
  }),
  z.object({ type: z.literal("conversation"), owner: ownerSchema, conversation: conversationRecordSchema }),
  z.object({ type: z.literal("settings"), owner: ownerSchema, settings: settingsSchema }),
  z.object({ type: z.literal("pins"), owner: ownerSchema, ids: z.array(z.string()) }),
  z.object({
    type: z.literal("audit"),
    event: z.object({
      at: z.number(),
      actor: z.enum(AUDIT_ACTORS),
      action: z.enum(AUDIT_ACTIONS),
      ids: z.array(z.string()),
      owner: ownerSchema,
    }),
  }),
]);

/** An owner's state as records, in the order a backup writes them. */
export function recordsOf(state: OwnerState): StateRecord[] {
  const { owner } = state;
  const out: StateRecord[] = state.memories.map(({ memory, vector }) => ({ type: "memory", memory, vector }));
  if (state.graph) out.push({ type: "graph", owner, graph: state.graph });
  for (const conversation of state.conversations) out.push({ type: "conversation", owner, conversation });
  if (state.settings) out.push({ type: "settings", owner, settings: state.settings });
  if (state.pins.length > 0) out.push({ type: "pins", owner, ids: state.pins });
  return out;
}

/** What a verification compares per owner. */
export interface OwnerSummary {
  memories: number;
  relations: number;
  conversations: number;
  /** sha256 (hex) over the owner's state, vectors left out (see {@link ownerChecksum}). */
  checksum: string;
}

/** `<team>/<user>`: how an owner is named in trailers, checkpoints and reports. */
export function ownerLabel(owner: Owner): string {
  return `${owner.teamId}/${owner.userId}`;
}

/**
 * The owner's counts and checksum: sha256 of the sorted sha256s of each item's canonical JSON (keys
 * sorted) — memories without vectors, graph nodes and relations, conversations, settings, pins — so
 * neither the engine's order nor its float precision changes it.
 */
export function summarise(state: OwnerState): OwnerSummary {
  const items: string[] = [];
  for (const { memory } of state.memories) items.push(digest(["memory", memory]));
  for (const node of state.graph?.nodes ?? []) items.push(digest(["node", node]));
  for (const relation of state.graph?.relations ?? []) items.push(digest(["relation", relation]));
  for (const conversation of state.conversations) items.push(digest(["conversation", conversation]));
  if (state.settings) items.push(digest(["settings", state.settings]));
  items.push(digest(["pins", [...state.pins].sort()]));
  return {
    memories: state.memories.length,
    relations: state.graph?.relations.length ?? 0,
    conversations: state.conversations.length,
    checksum: createHash("sha256").update(items.sort().join("\n")).digest("hex"),
  };
}

function digest(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

/** JSON with object keys sorted at every level (undefined members left out, as JSON.stringify does). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}
