import type { Memory, Turn } from "../core/types.js";
import type { AutosaveOffer } from "../core/user-settings.js";

/** What a front end may hear about a turn while it is answered. */
export interface TurnHooks {
  /** The turn waits for the model behind others (called at most once). */
  onQueued?: () => void;
  /** The memory pipeline kept the message as a memory (after the reply). */
  onAutosaved?: (memory: Memory) => void;
  /** The memory pipeline offered the message instead of keeping it (the author's autosave is `ask`). */
  onOffered?: (offer: AutosaveOffer) => void;
  /** The memory pipeline did not keep the message because it looks like a secret (after the reply). */
  onSecretHeld?: () => void;
  /**
   * The model's answer as it is generated (streamed from the model): pieces of the reply's text, in
   * order. Chat commands and answers from memory alone come only whole, as the reply.
   */
  onText?: (piece: string) => void;
  /**
   * The turn is about to delete memories (a forget request, or the yes to a forget question): called,
   * and waited for, right before. A front end that answers turns again after a crash writes it down
   * (ids only), so the turn answered again finishes that deletion and confirms it
   * ({@link TurnHandler.finishForget}) instead of finding nothing left to forget.
   */
  onForgetting?: (plan: ForgetPlan) => Promise<void>;
}

/** The memories a turn deletes: these ids, or every memory of its person (a forget-everything yes). */
export type ForgetPlan = { ids: string[] } | { all: true };

/** What front ends (Slack, console) need from the agent: one turn in, one reply out. */
export interface TurnHandler {
  handle(turn: Turn, hooks?: TurnHooks): Promise<Reply>;
  /**
   * A turn whose reply was posted before a restart, but whose memory pipeline may not have ended (a
   * crash, or a stop past its time): the message is considered for autosave again, as after its reply.
   * Keeping is idempotent per turn, so a pipeline that had ended keeps nothing twice.
   */
  reconsider?(turn: Turn): Promise<void>;
  /**
   * A turn that was deleting memories when the process stopped (`TurnHooks.onForgetting`): the
   * deletion is done again (deleting is idempotent) and confirmed, in place of answering the message.
   */
  finishForget?(turn: Turn, plan: ForgetPlan): Promise<Reply>;
}

export interface Reply {
  text: string;
  /**
   * How the reply was made: by the model, from memory alone (no model reachable), by saving a memory,
   * or by a chat command (help, forget).
   */
  mode: "llm" | "recall-only" | "remembered" | "command";
  /** Texts of memories this turn forgot: shown to the user once, kept out of the history. */
  forgotten?: string[];
  /** Memories shown to the model for this reply (history's `memoryIds`). */
  memoryIds?: string[];
  /**
   * Memories the model proposed to forget (deleted only when the user confirms: by answering the
   * reply's question, or by a front end's buttons). The reply's text asks already.
   */
  forgetProposal?: { ids: string[] };
  /**
   * Ends when the memory pipeline's work on the turn (autosave, after the reply) has: a front end that
   * keeps turns across a crash (Slack's inbox) keeps this one until then. Undefined when there is none.
   */
  considered?: Promise<void>;
}
