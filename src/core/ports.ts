import type { AuditActor } from "./audit.js";
import { isAppError } from "./errors.js";
import type { Memory, MemoryScope, Turn } from "./types.js";
import type { AutosaveOffer } from "./user-settings.js";

/**
 * Most memories "forget everything about X" lists and forgets at once (`findToForget`'s `limit`): a
 * reply, a question's ids and a Slack button hold that many (a search's most, `MAX_SEARCH_K`); more
 * are found by asking again.
 */
export const MAX_FORGET_ALL = 50;

/** A memory recalled for a message, with its fused score. */
export interface RecalledMemory {
  id: string;
  text: string;
  timestamp: number;
  score: number;
  /**
   * Who wrote the text when it is someone else's message the user saved ("Remember this" keeps the
   * author); undefined for the user's own words.
   */
  author?: string | undefined;
  /**
   * Recalled only as what was said just before or after a relevant memory (its conversation's
   * context): it does not clear the relevance gate itself. The model reads it as context; an answer
   * without a model leaves it out.
   */
  byContext?: true | undefined;
  /**
   * The id of an older recalled memory that states the same fact and that this one, newer, was ranked
   * above: what the older one says of it is out of date.
   */
  supersedes?: string | undefined;
}

/** What a forget request did: deleted the memory clearly meant, or found several and deleted none. */
export interface ForgetOutcome {
  deleted: Memory[];
  /** When nothing was deleted: the memories that match (visible in the scope), to ask which. */
  candidates: Memory[];
}

/**
 * What the agent needs of long-term memory. Every call is scoped: in a channel, memories said in a
 * DM can be neither found, shown nor deleted.
 */
export interface MemoryPort {
  /**
   * The user's memories relevant to `query` in `scope` (only those above the relevance threshold),
   * narrowed to a topic when given; `queryVector` is the message's embedding when already computed.
   */
  recall(
    scope: MemoryScope,
    query: string,
    options?: { topic?: string | undefined; queryVector?: number[] | null | undefined },
  ): Promise<RecalledMemory[]>;
  /** The embedding of a message (once per message: recall and the pipeline share it); undefined when down. */
  embed(text: string): Promise<number[] | undefined>;
  /**
   * Saves what the user asked to keep. `key` (the turn's event id) makes a repeated turn save nothing
   * twice. `stored: false`: kept (journaled, searchable by words) but not in the vector store yet.
   * Text that `[memory.filter] exclude_patterns` matches is refused ({@link isExcludedSave}).
   * `actor`: who asked, for the audit (`user` by default; the model's `remember` tool says `tool`).
   */
  remember(
    scope: MemoryScope,
    text: string,
    at: number,
    key?: string,
    actor?: AuditActor,
  ): Promise<Memory & { stored: boolean }>;
  /** Deletes the memory with this id, or the one clearly meant by the text; else lists the candidates. */
  forget(scope: MemoryScope, idOrQuery: string): Promise<ForgetOutcome>;
  /**
   * What "forget <idOrQuery>" means in `scope`, deleting nothing: the memory clearly meant (if one
   * is) and every relevant candidate. What a proposal of the model is built from.
   */
  findToForget(
    scope: MemoryScope,
    idOrQuery: string,
    /** How many candidates at most: a handful by default, {@link MAX_FORGET_ALL} for "everything about X". */
    options?: { limit?: number },
  ): Promise<{ meant?: Memory; candidates: Memory[] }>;
  /** Deletes these memories (those visible in `scope`); returns what was deleted. */
  deleteIds(scope: MemoryScope, ids: readonly string[]): Promise<Memory[]>;
  /** The memory kept last in the scope's conversation (its channel), if any: what "방금 거" points at. */
  latestHere(scope: MemoryScope): Promise<Memory | undefined>;
  /**
   * Deletes every memory of the scope's user (wherever it was said) and their knowledge graph; with
   * `history`, their conversations too. Returns how many of each went.
   */
  deleteAll(
    scope: MemoryScope,
    options?: { history?: boolean },
  ): Promise<{ memories: number; conversations?: number }>;
  /** The user's memories most often recalled and used in their turns, visible in `scope`, most first. */
  mostUsed(scope: MemoryScope, limit: number): Promise<Array<Memory & { uses: number }>>;
  /** The user's newest memories visible in `scope`, newest first (at most `limit`). */
  latest(scope: MemoryScope, limit: number): Promise<Memory[]>;
}

/** `details.reason` of the AppError `bad_request` of a save refused by `exclude_patterns`. */
export const EXCLUDED_SAVE = "excluded";

/**
 * Whether a search result matches the query itself: it clears the relevance gate by its own words or
 * vector, not only as a relevant memory's conversation neighbour (`byContext`). What a person is shown
 * as found (App Home, `/memory search`) or asked to pick for deletion must match; a neighbour is
 * context for a model, and listing it for a forget could delete what the person never named.
 */
export function matchesQuery(result: { relevant: boolean; byContext?: true | undefined }): boolean {
  return result.relevant && result.byContext !== true;
}

/** Whether `err` is a save refused because the text matches `[memory.filter] exclude_patterns`. */
export function isExcludedSave(err: unknown): boolean {
  return isAppError(err, "bad_request") && err.details?.["reason"] === EXCLUDED_SAVE;
}

export interface FactsOptions {
  /**
   * Memories known to be out of date (a newer recalled memory supersedes each): a fact the question
   * asks for that was taken from one of them is left out, so an answer never leads with a value the
   * user has since changed. Their other facts stay (the newer memory restated only what is asked).
   * A promise is awaited after the graph's own reads: recall and the graph run at once.
   */
  staleMemories?: ReadonlySet<string> | Promise<ReadonlySet<string>> | undefined;
  /**
   * Filled with the memories the facts shown were taken from: an answer built on them is taken out of
   * the history when one of them is forgotten.
   */
  shownSources?: Set<string> | undefined;
}

/** What the agent needs of the knowledge graph. */
export interface GraphPort {
  /**
   * Current facts about the entities named in `text`, as lines like "뭉치: 생일 = 10월 27일"; the user's
   * own under "나" or "you" (the language of `text`).
   */
  facts(scope: MemoryScope, text: string, options?: FactsOptions): Promise<string[]>;
  /** Current facts about one entity; `shownSources` is filled as {@link FactsOptions.shownSources} is. */
  entityFacts(scope: MemoryScope, name: string, shownSources?: Set<string>): Promise<string[]>;
  /**
   * Every current fact that may be shown in `scope`, grouped by entity, the user's own first under
   * "나" or "you" (`lang`); each fact names the memory it came from, when known.
   */
  profile(scope: MemoryScope, lang: "ko" | "en"): Promise<ProfileGroup[]>;
  /**
   * Which of these memories gave a fact that has since changed (a newer value, or a later memory that
   * said it changed), as far as may be shown in `scope`.
   */
  changedMemories(scope: MemoryScope, memoryIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/** One entity's current facts in a person's profile ("what do you know about me"). */
export interface ProfileGroup {
  entity: string;
  /** The person themself. */
  self: boolean;
  facts: Array<{ attribute: string; value: string; at: number; memoryId?: string | undefined }>;
}

/** One earlier exchange of a conversation, as the prompt shows it. */
export interface PastTurn {
  /** Who wrote `user`; undefined when the record does not say (an old thread turn: not the speaker). */
  userId?: string | undefined;
  user: string;
  /** The assistant's answer; "" when there was none. */
  assistant: string;
}

/** Header of the rolling summary in the prompt (the history renders it; the agent names it). */
export const SUMMARY_HEADER = "[이전 대화 요약]";

/** A conversation's history for the prompt: its rolling summary and its verbatim turns, oldest first. */
export interface PromptHistory {
  /** The model's summary of the older turns (it paraphrases everyone who spoke). */
  summary?: string | undefined;
  turns: PastTurn[];
  /** A channel thread: several people may speak, so every message is labelled with its writer. */
  shared: boolean;
}

/** What the agent needs of conversation history. */
export interface HistoryPort {
  /** The history of the turn's conversation, fitted to the history token budget. */
  context(turn: Turn): Promise<PromptHistory>;
  /**
   * Records a finished turn; `forgotten` texts (memories the turn forgot) are kept out of it. An
   * `offRecord` turn (its writer paused the conversation) is held only while it is recent, never
   * summarised.
   */
  record(
    turn: Turn,
    reply: string,
    forgotten?: readonly string[],
    /** `memoryIds`: the memories shown to the model for `reply` (history's turn `memoryIds`). */
    options?: { offRecord?: boolean; memoryIds?: readonly string[] | undefined },
  ): Promise<void>;
  /** The recorded turn became the memories `ids` (autosave, after its reply): history's `memoryIds`. */
  noteMemories?(turn: Turn, ids: readonly string[]): Promise<void>;
}

/**
 * The memory pipeline as the agent sees it: every message that is not a command is considered, after
 * the reply, for autosave (chunker → topics → content filter; memory/pipeline).
 */
export interface MessagePipeline {
  consider(turn: Turn, options: PipelineHooks & { vector?: number[] | undefined }): Promise<void>;
  /**
   * A secret was said in the turn's conversation outside the pipeline (kept at its author's explicit
   * request, with a warning): a message right after it that only gives a value in its place is held as
   * the secret it is, as after a secret the pipeline held itself.
   */
  secretSaid?(turn: Turn): void;
}

/** What the caller hears of the pipeline's outcome for a message. */
export interface PipelineHooks {
  /** The message was kept as a memory. */
  onAutosaved?: ((memory: Memory) => void) | undefined;
  /** The message would have been kept, but its author asks first (autosave `ask`): offered instead. */
  onOffered?: ((offer: AutosaveOffer) => void) | undefined;
  /**
   * The message holds what looks like a secret (a password, a PIN, a one-time code, a card or account
   * number, a key): the content filter does not keep it, whatever else it says.
   */
  onSecretHeld?: (() => void) | undefined;
  /**
   * Asked right before the message is kept or offered: false keeps and offers nothing (its author
   * asked to forget it while it was being judged).
   */
  stillWanted?: (() => boolean) | undefined;
}
