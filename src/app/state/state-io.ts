import type { AuditEvent } from "../../core/audit.js";
import { AppError } from "../../core/errors.js";
import type { GraphData } from "../../core/graph-types.js";
import type { Owner } from "../../core/types.js";
import { DEFAULT_AUTOSAVE_MODE } from "../../core/user-settings.js";
import { ownerKey, sortOwners, type MemoryWithVector } from "../../core/vector-index.js";
import type { StateEndpoint } from "./state-endpoint.js";
import type { OwnerState } from "./state-records.js";

/**
 * Reading an endpoint's whole state owner by owner, and writing it to another: the state stream of
 * backups, restores and migrations. Memories are written only through the lifecycle's bulk
 * {@link MemoryLifecycle.restore}; graphs, history, settings, pins and the audit through the shared
 * state's own stores.
 */

/** Memories per page read from a store, and per lifecycle write. */
export const STATE_PAGE_SIZE = 500;
/** Tries at a consistent read of one owner before giving up (their memories kept changing). */
export const CONSISTENT_READ_TRIES = 10;
/** Pause before another try at a consistent read, times the tries so far (writes come in bursts). */
const RETRY_PAUSE_MS = 50;
/** Audit events per page read. */
const AUDIT_PAGE = 1000;

/**
 * Every owner with state: those with memories (the vector index) and those named by a conversation,
 * by team then user. A graph or settings of an owner with neither are not found.
 */
export async function listOwners(endpoint: StateEndpoint): Promise<Owner[]> {
  const owners = new Map<string, Owner>();
  for (const o of await endpoint.stack.store.owners())
    owners.set(ownerKey(o), { teamId: o.teamId, userId: o.userId });
  const history = endpoint.shared.history;
  for (const id of await history.idsUpdatedBefore(Number.MAX_SAFE_INTEGER)) {
    const record = await history.get(id);
    for (const userId of record?.userIds ?? []) {
      const owner = { teamId: record!.key.teamId, userId };
      owners.set(ownerKey(owner), owner);
    }
  }
  return sortOwners([...owners.values()].map((o) => ({ ...o, memories: 0 }))).map(({ teamId, userId }) => ({
    teamId,
    userId,
  }));
}

/**
 * One owner's state, consistent while others write: read twice around the memories (their count, and
 * the store's version where it has one) until both readings agree, at most {@link CONSISTENT_READ_TRIES}
 * times (then AppError `conflict`).
 */
export async function readOwner(
  endpoint: StateEndpoint,
  owner: Owner,
  now = Date.now(),
): Promise<OwnerState> {
  const store = endpoint.stack.store;
  const mark = async () => `${await store.count(owner)}:${(await store.version?.(owner)) ?? ""}`;
  for (let attempt = 0; attempt < CONSISTENT_READ_TRIES; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS * attempt));
    const before = await mark();
    const memories: MemoryWithVector[] = [];
    for (let offset = 0; ; offset += STATE_PAGE_SIZE) {
      const page = await store.listWithVectors(owner, { limit: STATE_PAGE_SIZE, offset });
      memories.push(...page);
      if (page.length < STATE_PAGE_SIZE) break;
    }
    const state = await readRest(endpoint, owner, memories, now);
    if ((await mark()) === before && new Set(memories.map((m) => m.memory.id)).size === memories.length)
      return state;
  }
  throw new AppError(
    "store_failed",
    `the memories of ${owner.teamId}/${owner.userId} kept changing while read`,
  );
}

async function readRest(
  endpoint: StateEndpoint,
  owner: Owner,
  memories: MemoryWithVector[],
  now: number,
): Promise<OwnerState> {
  const { shared } = endpoint;
  const graphStore = shared.graphs.forUser(owner);
  const nodes = await graphStore.get();
  const relations = (await graphStore.getTriplets({ includeHistory: true })).map(([, relation]) => relation);
  const graph: GraphData | undefined = nodes.length > 0 ? { nodes, relations } : undefined;
  const conversations = (await shared.history.listByUser(owner.userId))
    .filter((c) => c.key.teamId === owner.teamId)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const settings = await shared.settings.get(owner, now);
  const custom = settings.autosave !== DEFAULT_AUTOSAVE_MODE || settings.pauses.length > 0;
  const pins = [
    ...(await shared.pins.pinned(
      owner,
      memories.map((m) => m.memory.id),
    )),
  ].sort();
  return { owner, memories, graph, conversations, settings: custom ? settings : undefined, pins };
}

/** Every audit event, oldest first. */
export async function readAudit(endpoint: StateEndpoint): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await endpoint.shared.audit.page({ limit: AUDIT_PAGE, cursor });
    for (const { seq: _seq, ...event } of page.items) events.push(event);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return events.reverse();
}

/** Whether the endpoint holds nothing a restore could collide with: no memory, conversation or audit event. */
export async function isEmpty(endpoint: StateEndpoint): Promise<boolean> {
  if ((await endpoint.stack.store.owners()).length > 0) return false;
  if ((await endpoint.shared.history.idsUpdatedBefore(Number.MAX_SAFE_INTEGER)).length > 0) return false;
  return (await endpoint.shared.audit.page({ limit: 1 })).items.length === 0;
}

/**
 * Writes one owner's state to the endpoint, replacing what has the same ids (a rerun changes
 * nothing): memories through the lifecycle in pages (with their vectors when `reuseVectors`, else
 * embedded again by the target's embedder), then the graph, conversations, settings and pins.
 * `onMemories(n)` is called after each page.
 */
export async function writeOwner(
  endpoint: StateEndpoint,
  state: OwnerState,
  options: { reuseVectors: boolean; onMemories?: (n: number) => void },
): Promise<void> {
  const { shared, stack } = endpoint;
  const { owner } = state;
  for (let at = 0; at < state.memories.length; at += STATE_PAGE_SIZE) {
    const page = state.memories.slice(at, at + STATE_PAGE_SIZE);
    const usable = options.reuseVectors && page.every((m) => m.vector.length > 0);
    await stack.lifecycle.restore(
      page.map((m) => m.memory),
      usable ? page.map((m) => m.vector) : undefined,
    );
    options.onMemories?.(page.length);
  }
  if (state.graph) {
    const { nodes, relations } = state.graph;
    await shared.graphs.forUser(owner).update((graph) => {
      graph.upsertNodes(nodes);
      graph.upsertRelations(relations);
    });
  }
  for (const conversation of state.conversations)
    await shared.history.update(conversation.id, () => conversation);
  if (state.settings) {
    await shared.settings.setAutosave(owner, state.settings.autosave);
    for (const pause of state.settings.pauses) await shared.settings.pause(owner, pause);
  }
  for (const id of state.pins) await shared.pins.pin(owner, id);
}

/** Appends audit events (oldest first), as they were. */
export async function writeAudit(endpoint: StateEndpoint, events: readonly AuditEvent[]): Promise<void> {
  for (let at = 0; at < events.length; at += AUDIT_PAGE) {
    await endpoint.shared.audit.append(events.slice(at, at + AUDIT_PAGE));
  }
}

/** Whether vectors of `from` can be stored by `to` as they are: the same embedder id and dimension. */
export function sameEmbedder(
  from: { id: string; dimension: number },
  to: { id: string; dimension: number },
): boolean {
  return from.id === to.id && from.dimension === to.dimension;
}
