import type { MemoryScope } from "../core/types.js";
import { EntityTopics } from "./entity-topics.js";
import type { TopicsConfig } from "./pipeline-config.js";
import { TopicRegistry } from "./topic-registry.js";
import { RuleTopicExtractor, type TopicAssignment, type TopicContext } from "./topics.js";

/** What the labeler reads of a user's stored memories, to rebuild their registry on first use. */
export interface StoredTopics {
  /** Topics and texts of the user's memories (any order); may build their BM25 index from the store. */
  memoriesOf(scope: MemoryScope): Promise<Iterable<{ text: string; topics?: readonly string[] | undefined }>>;
}

/** Users whose registries are kept in memory; the least recently used are rebuilt when needed again. */
export const MAX_CACHED_USERS = 1000;
/** Stored memories an entity map is rebuilt from (learning is a rule extraction per memory). */
export const ENTITY_REBUILD_LIMIT = 500;

interface UserTopics {
  registry: TopicRegistry;
  entities: EntityTopics;
}

/**
 * Topic labels for every memory saved (memory/topics): the offline extractor with the user's topic
 * registry, so a new label folds into one they have ("work" into "업무"), and the names they tied to a
 * topic (별이 → pets). One per process, per-user state rebuilt from the stored memories on first use:
 * {@link prepare} loads it (async); the other methods are synchronous and, for a user not loaded (the
 * store was down), work from an empty state that is not kept.
 */
export class TopicLabeler {
  private readonly rules: RuleTopicExtractor;
  private readonly users = new Map<string, UserTopics>();

  constructor(
    readonly config: TopicsConfig,
    private readonly stored: StoredTopics,
  ) {
    this.rules = new RuleTopicExtractor(config);
  }

  /** The extractor's context for this user (registry and known names). */
  context(scope: MemoryScope): TopicContext {
    const user = this.userOf(scope);
    return { registry: user.registry, entityTopics: user.entities.map() };
  }

  /** Topics the rules find in `text` for this user, with confidences (not recorded). */
  suggest(scope: MemoryScope, text: string): TopicAssignment[] {
    return this.rules.extractSync(text, this.context(scope));
  }

  /** The user's most used labels (the filter's relevance). */
  active(scope: MemoryScope): string[] {
    return this.userOf(scope).registry.active();
  }

  /** Records the labels of a memory being saved (normalised into the user's) and learns its names. */
  record(scope: MemoryScope, text: string, labels: readonly string[]): string[] {
    const user = this.userOf(scope);
    user.entities.learn(text);
    return user.registry.record(labels).slice(0, this.config.max_topics_per_entry);
  }

  /**
   * Loads the user's state from their stored memories unless it is here already. Never throws: with
   * the store down the user is labelled by the rules alone this time, and loaded on a later call.
   */
  async prepare(scope: MemoryScope): Promise<void> {
    if (this.users.has(key(scope))) return;
    let memories: Array<{ text: string; topics?: readonly string[] | undefined }>;
    try {
      memories = [...(await this.stored.memoriesOf(scope))];
    } catch {
      return;
    }
    if (this.users.has(key(scope))) return; // loaded by a concurrent call meanwhile
    const registry = TopicRegistry.fromMemories(memories.map((m) => m.topics ?? []));
    const entities = new EntityTopics();
    for (const memory of memories.slice(-ENTITY_REBUILD_LIMIT)) entities.learn(memory.text);
    this.users.set(key(scope), { registry, entities });
    while (this.users.size > MAX_CACHED_USERS) this.users.delete(this.users.keys().next().value!);
  }

  /** Labels for a memory saved without any: the rules' suggestion, recorded. */
  label(scope: MemoryScope, text: string): string[] {
    if (!this.config.enabled) return [];
    return this.record(
      scope,
      text,
      this.suggest(scope, text).map((t) => t.label),
    );
  }

  /** Forgets the user's state (their memories were all deleted). */
  forgetUser(scope: Pick<MemoryScope, "teamId" | "userId"> | "all"): void {
    if (scope === "all") this.users.clear();
    else this.users.delete(key(scope));
  }

  private userOf(scope: MemoryScope): UserTopics {
    const k = key(scope);
    const cached = this.users.get(k);
    if (cached) {
      this.users.delete(k); // most recently used last
      this.users.set(k, cached);
      return cached;
    }
    // Not loaded ({@link prepare} not called, or the store down): an empty state, not kept.
    return { registry: TopicRegistry.fromMemories([]), entities: new EntityTopics() };
  }
}

function key(scope: Pick<MemoryScope, "teamId" | "userId">): string {
  return `${scope.teamId}\u0000${scope.userId}`;
}
