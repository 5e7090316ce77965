import type { Logger } from "../logging/logger.js";
import type { Memory, Owner } from "../core/types.js";
import {
  DEFAULT_PAUSE_MS,
  MAX_PAUSE_MS,
  MIN_PAUSE_MS,
  type AutosaveMode,
  type ConversationRef,
  type UserSettings,
  type UserSettingsStore,
} from "../core/user-settings.js";
import type { MemoryPipeline } from "./memory-pipeline.js";

/** What pressing Keep or Discard on an autosave offer did. */
export type OfferOutcome = { kind: "kept"; memory: Memory } | { kind: "discarded" } | { kind: "gone" };

/**
 * The person-facing side of autosave's settings, for the surfaces that show and change them (App
 * Home, `/memory`, an offer's buttons): read and set the mode, pause and resume a conversation, and
 * answer an offer. The pipeline reads the same store before it judges a message.
 */
export class AutosaveSettings {
  private readonly now: () => number;

  constructor(
    private readonly options: {
      store: UserSettingsStore;
      /** Keeps an accepted offer; without it (autosave disabled in memory.toml) Keep keeps nothing. */
      pipeline?: MemoryPipeline | undefined;
      logger: Logger;
      now?: () => number;
    },
  ) {
    this.now = options.now ?? Date.now;
  }

  status(owner: Owner): Promise<UserSettings> {
    return this.options.store.get(owner, this.now());
  }

  async setMode(owner: Owner, mode: AutosaveMode): Promise<void> {
    await this.options.store.setAutosave(owner, mode);
    this.options.logger.info(
      { teamId: owner.teamId, userId: owner.userId, autosave: mode },
      "autosave setting changed",
    );
  }

  /** Pauses a conversation for `ms` (default a day, at most {@link MAX_PAUSE_MS}); returns its end. */
  async pause(owner: Owner, conversation: ConversationRef, ms = DEFAULT_PAUSE_MS): Promise<number> {
    const until = this.now() + Math.min(Math.max(ms, MIN_PAUSE_MS), MAX_PAUSE_MS);
    await this.options.store.pause(owner, { ...conversation, until });
    return until;
  }

  resume(owner: Owner, conversation: ConversationRef): Promise<boolean> {
    return this.options.store.resume(owner, conversation, this.now());
  }

  /**
   * Keep (or, `keep: false`, Discard) the person's offer `id`: taken from the store first, so it is
   * answered once; a Keep that fails to save puts it back.
   */
  async answerOffer(owner: Owner, id: string, keep: boolean): Promise<OfferOutcome> {
    const offer = await this.options.store.takeOffer(owner, id, this.now());
    if (!offer) return { kind: "gone" };
    const pipeline = this.options.pipeline;
    if (!keep || !pipeline) return { kind: "discarded" };
    try {
      return { kind: "kept", memory: await pipeline.keepOffer(offer) };
    } catch (err) {
      await this.options.store.addOffer(offer).catch(() => undefined);
      throw err;
    }
  }
}
