import type { Logger } from "../logging/logger.js";
import type { Memory, MemoryScope, Turn } from "../core/types.js";
import type { Lang } from "../text/language.js";
import { classifySpeechAct } from "../text/speech-act.js";
import { detectSecret } from "../text/secrets.js";
import { DEFAULT_PAUSE_MS, type UserSettingsStore } from "../core/user-settings.js";
import {
  isExcludedSave,
  MAX_FORGET_ALL,
  type HistoryPort,
  type MemoryPort,
  type MessagePipeline,
} from "../core/ports.js";
import { parseForgetChoice, parseIntent, type Intent } from "./intents.js";
import { type AboutMeService, isAboutMeRequest } from "./about-me.js";
import {
  excludedSaveReply,
  forgetAllOfReply,
  forgetCancelledReply,
  forgetEverythingInDmReply,
  forgetEverythingQuestion,
  forgotEverythingReply,
  forgetFinishedReply,
  forgottenReply,
  notKeptNowReply,
  helpReply,
  nothingKeptHereReply,
  nothingToForgetReply,
  nothingToRememberReply,
  othersWordsReply,
  proposedForgetReply,
  quote,
  rememberedReply,
  whichNumberReply,
  whichToForgetReply,
} from "./messages.js";
import type { PendingForgets } from "./pending-forgets.js";
import type { PersonWork } from "./person-work.js";
import { contentTokens } from "../text/tokenizer.js";
import {
  autosaveSetReply,
  parseSettingsIntent,
  pausedReply,
  resumedReply,
  settingsUnavailableReply,
} from "./settings-intents.js";
import type { ForgetPlan, Reply } from "./turn-handler.js";

/**
 * How long ago the memory kept last in a conversation may have been kept for "방금 거 잊어줘" / "forget
 * that" to delete it at once; an older one is listed and asked about.
 */
export const JUST_NOW_MS = 10 * 60 * 1000;

/**
 * How long a forget request waits for the person's earlier turns (still being answered, or kept by the
 * memory pipeline: an autosave after a model's reply embeds and classifies the message): long enough
 * for a slow model or embedder, short enough that a stuck one does not hold the answer.
 */
const FORGET_WAITS_FOR_PIPELINE_MS = 15_000;

/**
 * How long a question, "그거 기억해줘" or "about me" waits for the person's earlier turns before reading
 * their memories: what they said a moment ago is then read; a slow model or pipeline costs this at most.
 */
export const RECALL_WAITS_FOR_PIPELINE_MS = 5_000;

/** One turn as a chat command sees it. */
export interface CommandContext {
  turn: Turn;
  scope: MemoryScope;
  /** The message's language (an answer to a forget question goes on in the question's). */
  lang: Lang;
  /** When the message was received (ms since the epoch): a memory kept by it is dated so. */
  at: number;
  /** Told, and waited for, right before the turn deletes memories (`TurnHooks.onForgetting`). */
  beforeDelete?: ((plan: ForgetPlan) => Promise<void>) | undefined;
}

export interface ChatCommandDeps {
  memory: MemoryPort;
  /** Each person's autosave mode and paused conversations; the setting commands are off without it. */
  settings?: UserSettingsStore | undefined;
  about?: AboutMeService | undefined;
  /** Told when a secret is kept on request (a bare value said next to correct it is held too). */
  pipeline?: MessagePipeline | undefined;
  /** What "그거 기억해줘" reads the person's previous statement from. */
  history?: HistoryPort | undefined;
  forgetQuestions: PendingForgets;
  /**
   * Whether a model reads the messages that are no command: a plain "delete …" is then the model's to
   * read; without one it can only mean a memory.
   */
  modelReads: boolean;
  /**
   * The person's work in progress (agent-service.ts). `settle` waits (at most `waitMs`) for the memory
   * pipeline's work on their earlier turns: a forget request reads what was kept, and "방금 거 잊어줘"
   * right after a reply must find the memory its message is still becoming; "about me" reads what was
   * said just before. What a forget could not wait for is `unsettled`, and its autosave is `veto`ed.
   */
  work: Pick<PersonWork, "settle" | "unsettled" | "veto">;
  /** ms since the epoch. */
  now: () => number;
  log: Logger;
}

/**
 * Whether a message is one {@link ChatCommands.answer} may take as a chat command by its words alone
 * (an answer to an open forget question aside): such a message is the person's request, never a
 * memory for the pipeline to consider.
 */
export function isChatCommand(text: string): boolean {
  return parseIntent(text) !== undefined || parseSettingsIntent(text) !== undefined || isAboutMeRequest(text);
}

/**
 * The chat commands, answered without the model: help, remember, forget (and the answer to "which one
 * should I forget?"), the autosave settings and "what do you know about me". The one owner of what
 * each does; agent-service.ts asks here first and gives the model what is no command.
 */
export class ChatCommands {
  constructor(private readonly deps: ChatCommandDeps) {}

  /**
   * The person's turns in this conversation that a forget of `query` could not wait for (their work
   * still running after the bounded wait) and that share a word with it: vetoed, so their autosave keeps
   * nothing. Their texts, which the reply quotes: so only this conversation's (a DM's words never reach
   * a channel's reply).
   */
  private vetoNaming(turn: Turn, query: string): string[] {
    const words = new Set(contentTokens(query));
    const naming = this.deps.work
      .unsettled(turn)
      .filter((t) => t.channelId === turn.channelId && t.teamId === turn.teamId)
      .filter((t) => contentTokens(t.text).some((word) => words.has(word)));
    this.deps.work.veto(naming);
    return naming.map((t) => t.text);
  }

  /** Deletes the person's memories `ids`, once the front end has heard of it (`beforeDelete`). */
  private async delete(
    { scope, beforeDelete }: Pick<CommandContext, "scope" | "beforeDelete">,
    ids: string[],
  ): Promise<Memory[]> {
    await beforeDelete?.({ ids });
    return this.deps.memory.deleteIds(scope, ids);
  }

  /**
   * Finishes a deletion a turn had begun when the process stopped (`TurnHandler.finishForget`): what
   * is still there is deleted now and quoted; what was deleted before the stop is counted.
   */
  async finishForget(
    { scope, lang }: Pick<CommandContext, "scope" | "lang">,
    plan: ForgetPlan,
  ): Promise<Reply> {
    if ("all" in plan) {
      const result = await this.deps.memory.deleteAll(scope, { history: true });
      const text =
        result.memories > 0 ? forgotEverythingReply(lang, result) : forgetFinishedReply(lang, plan);
      return { text, mode: "command" };
    }
    const deleted = await this.deps.memory.deleteIds(scope, plan.ids);
    if (deleted.length > 0) return forgotReply(lang, deleted);
    return { text: forgetFinishedReply(lang, { memories: plan.ids.length }), mode: "command" };
  }

  /** Keeps `text` as asked ("기억해줘: …"), or asks what to keep when there is none. */
  private async rememberExplicitly(
    { turn, scope, lang, at }: CommandContext,
    text: string | undefined,
  ): Promise<Reply> {
    if (!text) return { text: nothingToRememberReply(lang), mode: "command" };
    let saved: Awaited<ReturnType<MemoryPort["remember"]>>;
    try {
      saved = await this.deps.memory.remember(scope, text, at, turn.eventId);
    } catch (err) {
      // The operator's "never save" patterns refuse it: say so rather than fail the turn.
      if (isExcludedSave(err)) return { text: excludedSaveReply(lang), mode: "command" };
      throw err;
    }
    // Asked for explicitly, so kept — but a secret gets a warning (autosave never keeps one), and a
    // bare value said next to put it right ("아니 5678이야") is that secret too: held, not autosaved.
    const secret = detectSecret(text) !== undefined;
    if (secret) this.deps.pipeline?.secretSaid?.(turn);
    return {
      text: rememberedReply(lang, text, saved.stored, secret),
      mode: "remembered",
      memoryIds: [saved.id],
    };
  }

  /**
   * The person's own last message in this conversation that told something (speech-act.ts: a
   * statement, no request of the assistant's own): what "그거 기억해줘" points at. Undefined when the
   * history holds none (or there is no history).
   */
  private async previousStatement(turn: Turn): Promise<string | undefined> {
    const history = await this.deps.history?.context(turn);
    const own = (history?.turns ?? []).filter((past) => past.userId === turn.userId);
    for (let i = own.length - 1; i >= 0; i -= 1) {
      const said = own[i]!.user;
      if (parseIntent(said) === undefined && classifySpeechAct(said) === "statement") return said;
    }
    return undefined;
  }

  /**
   * The reply to a chat command, or to an open forget question's answer; undefined when the message
   * is for the model.
   */
  async answer({
    turn,
    scope,
    lang: messageLang,
    at,
    beforeDelete,
  }: CommandContext): Promise<Reply | undefined> {
    const question = await this.deps.forgetQuestions.take(turn);
    const choice = question && parseForgetChoice(turn.text);
    // An answer to a question ("1", "ok") goes on in the question's language.
    const lang = question && choice ? question.lang : messageLang;
    if (question?.all && choice) {
      // "Forget everything?" is answered by a yes (or "전부"); numbers or a no keep everything.
      if (choice.kind !== "unclear" && choice.kind !== "all")
        return { text: forgetCancelledReply(lang), mode: "command" };
      await beforeDelete?.({ all: true });
      // What is still being kept is part of everything.
      this.deps.work.veto(this.deps.work.unsettled(turn));
      const result = await this.deps.memory.deleteAll(scope, { history: true });
      this.deps.log.info({ eventId: turn.eventId, ...result }, "the user forgot everything");
      return { text: forgotEverythingReply(lang, result), mode: "command" };
    }
    // A yes to a question of one memory, or to "forget all of these?", confirms what it listed.
    const confirmed = question?.confirm === true || question?.ids.length === 1;
    if (question && choice?.kind === "unclear" && !confirmed) {
      // A yes says nothing of which: the question stays open and says how to answer it.
      await this.deps.forgetQuestions.ask(turn, question.ids, lang);
      return { text: whichNumberReply(lang, question.ids.length), mode: "command" };
    }
    if (question && choice) {
      const ids =
        choice.kind === "all" || choice.kind === "unclear"
          ? question.ids
          : choice.kind === "pick"
            ? choice.numbers.map((n) => question.ids[n - 1]).filter((id): id is string => id !== undefined)
            : [];
      const deleted = ids.length > 0 ? await this.delete({ scope, beforeDelete }, ids) : [];
      return deleted.length > 0
        ? forgotReply(lang, deleted)
        : { text: forgetCancelledReply(lang), mode: "command" };
    }
    const settings = this.deps.settings;
    const setting = settings && parseSettingsIntent(turn.text);
    if (setting) return this.changeSetting(settings, turn, setting, lang);
    if (this.deps.about && isAboutMeRequest(turn.text)) {
      // What was said a moment ago is part of it.
      await this.deps.work.settle(turn, RECALL_WAITS_FOR_PIPELINE_MS);
      return { text: (await this.deps.about.answer(scope, lang)).text, mode: "command" };
    }
    // Without a model, "치과 건 지워" / "delete the dentist one" can only mean a memory.
    return this.run(
      { turn, scope, lang, at, beforeDelete },
      parseIntent(turn.text, { wipes: !this.deps.modelReads }),
    );
  }

  /**
   * What a chat command (intents.ts `parseIntent`) does; undefined for none. Also the model-down path's
   * reading of a plain "delete …" (agent-service.ts).
   */
  async run(
    { turn, scope, lang, at, beforeDelete }: CommandContext,
    intent: Intent | undefined,
  ): Promise<Reply | undefined> {
    switch (intent?.kind) {
      case "help":
        return {
          text: intent.lang ? helpReply(intent.lang) : `${helpReply("ko")}\n\n${helpReply("en")}`,
          mode: "command",
        };
      case "remember":
        return this.rememberExplicitly({ turn, scope, lang, at }, intent.text);
      case "rememberOthers":
        return { text: othersWordsReply(lang), mode: "command" };
      case "rememberLast":
        // "그거 기억해줘": what the person said before in this conversation, asked for explicitly —
        // once the turn that said it is recorded.
        await this.deps.work.settle(turn, FORGET_WAITS_FOR_PIPELINE_MS);
        return this.rememberExplicitly({ turn, scope, lang, at }, await this.previousStatement(turn));
      case "forgetAll":
        await this.deps.work.settle(turn, FORGET_WAITS_FOR_PIPELINE_MS);
        // Everything includes what was said in DMs, which nothing said in a channel may touch.
        if (scope.channelType !== "im") return { text: forgetEverythingInDmReply(lang), mode: "command" };
        await this.deps.forgetQuestions.ask(turn, [], lang, { all: true });
        return { text: forgetEverythingQuestion(lang), mode: "command" };
      case "forgetLast": {
        // "방금 거 잊어줘": the memory kept last here, at once when it was kept a moment ago; an older
        // one is asked about first (the request said "just now", and it is not), and so is one pointed
        // at by a pronoun alone ("forget it" may mean "never mind").
        await this.deps.work.settle(turn, FORGET_WAITS_FOR_PIPELINE_MS);
        const latest = await this.deps.memory.latestHere(scope);
        // Said here after that memory, and still being judged: that is what "just now" means.
        const pending = this.deps.work
          .unsettled(turn)
          .filter((t) => t.channelId === turn.channelId && t.threadTs === turn.threadTs)
          .at(-1);
        if (pending && (latest === undefined || (pending.receivedAt ?? Infinity) >= latest.timestamp)) {
          this.deps.work.veto([pending]);
          return notKeptReply(lang, [pending.text]);
        }
        if (latest === undefined) return { text: nothingKeptHereReply(lang), mode: "command" };
        if (intent.confirm !== true && this.deps.now() - latest.timestamp <= JUST_NOW_MS)
          return forgotReply(lang, await this.delete({ scope, beforeDelete }, [latest.id]));
        await this.deps.forgetQuestions.ask(turn, [latest.id], lang);
        return { text: proposedForgetReply(lang, [latest]), mode: "command" };
      }
      case "forget": {
        if (!intent.query) return { text: nothingToForgetReply(lang, ""), mode: "command" };
        await this.deps.work.settle(turn, FORGET_WAITS_FOR_PIPELINE_MS);
        if (intent.plain) {
          // "delete the dentist one" without a model: listed and asked; matching nothing, no command.
          const { candidates } = await this.deps.memory.findToForget(scope, intent.query);
          if (candidates.length === 0) return undefined;
          // One is confirmed by a yes; of several, a yes asks which (as for the model's proposals).
          await this.deps.forgetQuestions.ask(
            turn,
            candidates.map((m) => m.id),
            lang,
          );
          return { text: proposedForgetReply(lang, candidates), mode: "command" };
        }
        // What names the thing and is still being judged is not kept, whatever is found below.
        const unkept = this.vetoNaming(turn, intent.query);
        if (intent.all) {
          // "Forget everything about Emma": every relevant match, listed and forgotten after a yes.
          const { candidates } = await this.deps.memory.findToForget(scope, intent.query, {
            limit: MAX_FORGET_ALL,
          });
          if (candidates.length === 0)
            return unkept.length > 0
              ? notKeptReply(lang, unkept)
              : { text: nothingToForgetReply(lang, intent.query), mode: "command" };
          const ids = candidates.map((m) => m.id);
          await this.deps.forgetQuestions.ask(turn, ids, lang, { confirm: true });
          return { text: forgetAllOfReply(lang, intent.query, candidates), mode: "command" };
        }
        const outcome = await this.deps.memory.findToForget(scope, intent.query);
        if (outcome.meant)
          return forgotReply(lang, await this.delete({ scope, beforeDelete }, [outcome.meant.id]));
        if (outcome.candidates.length === 0)
          return unkept.length > 0
            ? notKeptReply(lang, unkept)
            : { text: nothingToForgetReply(lang, intent.query), mode: "command" };
        await this.deps.forgetQuestions.ask(
          turn,
          outcome.candidates.map((m) => m.id),
          lang,
        );
        return { text: whichToForgetReply(lang, outcome.candidates), mode: "command" };
      }
      default:
        return undefined;
    }
  }

  /**
   * "앞으로 자동으로 기억하지 마" / "이 대화는 기억하지 마" / "다시 기억해": the person's autosave mode,
   * or a pause of this conversation (its thread when it has one; a DM as a whole otherwise), for
   * {@link DEFAULT_PAUSE_MS} unless resumed. Kept in the shared settings, so every replica agrees.
   */
  private async changeSetting(
    settings: UserSettingsStore,
    turn: Turn,
    setting: NonNullable<ReturnType<typeof parseSettingsIntent>>,
    lang: Lang,
  ): Promise<Reply> {
    const conversation = { channelId: turn.channelId, threadTs: turn.threadTs };
    const now = this.deps.now();
    try {
      switch (setting.kind) {
        case "autosave":
          await settings.setAutosave(turn, setting.mode);
          this.deps.log.info({ eventId: turn.eventId, autosave: setting.mode }, "autosave setting changed");
          return { text: autosaveSetReply(setting.mode, lang), mode: "command" };
        case "pause": {
          const until = now + DEFAULT_PAUSE_MS;
          await settings.pause(turn, { ...conversation, until });
          this.deps.log.info({ eventId: turn.eventId, until }, "conversation paused");
          return { text: pausedReply(lang, until, turn.threadTs !== undefined), mode: "command" };
        }
        case "resume": {
          const was = await settings.resume(turn, conversation, now);
          this.deps.log.info({ eventId: turn.eventId, was }, "conversation resumed");
          return { text: resumedReply(lang, was), mode: "command" };
        }
      }
    } catch (err) {
      this.deps.log.warn({ err, eventId: turn.eventId }, "could not change a setting");
      return { text: settingsUnavailableReply(lang), mode: "command" };
    }
  }
}

/** The confirmation of forgotten memories; their texts stay out of the conversation history. */
function forgotReply(lang: Lang, deleted: Array<{ text: string }>): Reply {
  const texts = deleted.map((m) => m.text);
  // The reply quotes long texts by their start: that start leaves the history too.
  return { text: forgottenReply(lang, texts), mode: "command", forgotten: [...texts, ...texts.map(quote)] };
}

/** Messages still being judged that a forget asked for: not kept; their texts stay out of the history. */
function notKeptReply(lang: Lang, texts: string[]): Reply {
  return { text: notKeptNowReply(lang, texts), mode: "command", forgotten: [...texts, ...texts.map(quote)] };
}
