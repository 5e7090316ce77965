import type { ChannelType, Owner } from "./types.js";

/**
 * What autosave does with a person's messages: keep what the content filter keeps (`on`, the
 * default), keep nothing (`off`), or offer it first and keep it only when the person says so (`ask`).
 * An explicit "기억해줘" is kept whatever the setting.
 */
export type AutosaveMode = "on" | "off" | "ask";
export const AUTOSAVE_MODES: readonly AutosaveMode[] = ["on", "off", "ask"];
export const DEFAULT_AUTOSAVE_MODE: AutosaveMode = "on";

/** A pause lasts this long unless resumed earlier or given another duration. */
export const DEFAULT_PAUSE_MS = 24 * 60 * 60 * 1000;
/** Shortest pause accepted (`/memory pause 1m`). */
export const MIN_PAUSE_MS = 60 * 1000;
/** Longest pause accepted (`/memory pause 30d`). */
export const MAX_PAUSE_MS = 30 * 24 * 60 * 60 * 1000;
/** An autosave offer (`ask`) lapses after this long: nothing is kept. */
export const OFFER_TTL_MS = 24 * 60 * 60 * 1000;

/** One conversation: a DM or channel, or one thread of it. */
export interface ConversationRef {
  channelId: string;
  /** A thread; undefined for the whole DM or channel. */
  threadTs?: string | undefined;
}

/** A pause of autosave (and so of graph extraction from autosaved messages) in one conversation. */
export interface ConversationPause extends ConversationRef {
  /** ms since the epoch; the pause has ended after this. */
  until: number;
}

/** One person's settings in one workspace, as read (lapsed pauses left out). */
export interface UserSettings {
  autosave: AutosaveMode;
  pauses: ConversationPause[];
}

/**
 * A message autosave would have kept, offered to its author instead (`ask`): kept only when they
 * press Keep before `expiresAt`. Holds the message's text until then, like the conversation history.
 */
export interface AutosaveOffer extends Owner {
  id: string;
  channelId: string;
  channelType: ChannelType;
  threadTs?: string | undefined;
  text: string;
  /** The message's time (ms since the epoch): the memory's timestamp when kept. */
  at: number;
  expiresAt: number;
  /** The filter's score breakdown, kept as the memory's `filter_*` metadata. */
  extra?: Record<string, string | number | boolean> | undefined;
}

/**
 * Per-person settings kept in the shared state (a JSON file per person embedded, PostgreSQL tables
 * for replicas), so every replica and a restart see the same: the autosave mode, the paused
 * conversations and the pending autosave offers.
 */
export interface UserSettingsStore {
  /** The person's settings at `now` (defaults when none were set). */
  get(owner: Owner, now: number): Promise<UserSettings>;
  setAutosave(owner: Owner, mode: AutosaveMode): Promise<void>;
  /** Pauses one conversation until `pause.until` (replacing an earlier pause of it). */
  pause(owner: Owner, pause: ConversationPause): Promise<void>;
  /**
   * Ends the pauses covering this conversation (its own, and its channel's when it is a thread);
   * whether one was running at `now`.
   */
  resume(owner: Owner, conversation: ConversationRef, now: number): Promise<boolean>;
  addOffer(offer: AutosaveOffer): Promise<void>;
  /** Removes and returns the person's offer `id`, if it is there and has not lapsed at `now`. */
  takeOffer(owner: Owner, id: string, now: number): Promise<AutosaveOffer | undefined>;
}

/** The key of a conversation: the channel, or the channel and thread. */
export function conversationKey(conversation: ConversationRef): string {
  return conversation.threadTs
    ? `${conversation.channelId}:${conversation.threadTs}`
    : conversation.channelId;
}

/** Whether `pause` covers a message in `at`: its channel paused as a whole, or its own thread. */
export function pauseCovers(pause: ConversationRef, at: ConversationRef): boolean {
  return pause.channelId === at.channelId && (pause.threadTs === undefined || pause.threadTs === at.threadTs);
}

/**
 * The pause covering a message in `at` (its channel paused as a whole, or its thread), if one is
 * running at `now`.
 */
export function pauseCovering(
  pauses: readonly ConversationPause[],
  at: ConversationRef,
  now: number,
): ConversationPause | undefined {
  return pauses.find((p) => p.until > now && pauseCovers(p, at));
}
