import type { ConversationRecord, HistoryStore } from "../core/history-types.js";

/**
 * Conversation records in a Map, for tests and the local console mode. Records are copied in and out,
 * so callers never share the store's objects. `mutate` is synchronous, so each update is atomic here.
 */
export class InMemoryHistoryStore implements HistoryStore {
  private readonly records = new Map<string, ConversationRecord>();

  async get(id: string): Promise<ConversationRecord | undefined> {
    const record = this.records.get(id);
    return record ? structuredClone(record) : undefined;
  }

  async update(
    id: string,
    mutate: (current: ConversationRecord | undefined) => ConversationRecord | undefined,
  ): Promise<ConversationRecord | undefined> {
    const current = this.records.get(id);
    const next = mutate(current ? structuredClone(current) : undefined);
    if (next === undefined) return current ? structuredClone(current) : undefined;
    this.records.set(id, structuredClone(next));
    return structuredClone(next);
  }

  async delete(id: string): Promise<boolean> {
    return this.records.delete(id);
  }

  async listByUser(userId: string): Promise<ConversationRecord[]> {
    return [...this.records.values()]
      .filter((r) => r.userIds.includes(userId))
      .map((r) => structuredClone(r));
  }

  async idsUpdatedBefore(cutoff: number): Promise<string[]> {
    return [...this.records.values()].filter((r) => r.updatedAt < cutoff).map((r) => r.id);
  }
}
