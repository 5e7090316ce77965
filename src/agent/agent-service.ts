import { delay } from "../util/delay.js";
import type { Logger } from "../logging/logger.js";
import { AppError, isAppError, toAppError } from "../core/errors.js";
import type { ChatMessage, Llm } from "../core/llm.js";
import type { Memory, MemoryScope, Turn } from "../core/types.js";
import { detectLanguage, type Lang } from "../text/language.js";
import { parseIntent } from "./intents.js";
import { AboutMeService } from "./about-me.js";
import {
  acknowledgedReply,
  failureReply,
  notedReply,
  proposedForgetReply,
  secretHeldReply,
} from "./messages.js";
import { clipAnswer, clipMessage, MAX_ANSWER_CHARS, promptMessage } from "./message-limit.js";
import { asksForWork, classifySpeechAct, phaticKind } from "../text/speech-act.js";
import { typedText } from "../text/control-chars.js";
import { namesValueOnlyIn, tokenize } from "../text/tokenizer.js";
import { PendingForgets } from "./pending-forgets.js";
import type { ForgetQuestionStore } from "../core/forget-questions.js";
import { PersonWork } from "./person-work.js";
import { pauseCovering, type UserSettingsStore } from "../core/user-settings.js";
import type {
  GraphPort,
  HistoryPort,
  MemoryPort,
  MessagePipeline,
  PromptHistory,
  RecalledMemory,
} from "../core/ports.js";
import { buildMessages, recallOnlyReply } from "./prompt.js";
import { runTool, TOOL_SPECS } from "./tools.js";
import type { ForgetPlan, Reply, TurnHandler, TurnHooks } from "./turn-handler.js";
import { ChatCommands, isChatCommand, RECALL_WAITS_FOR_PIPELINE_MS } from "./chat-commands.js";

/**
 * Longest wait for the message's embedding before recall goes on by words alone (BM25): a slow
 * embedder must not hold the reply. The embedding still serves the memory pipeline after the reply.
 */
export const RECALL_EMBED_WAIT_MS = 2_000;

/** Model ↔ tool round trips in one turn before the model must answer without tools. */
export const MAX_TOOL_ROUNDS = 3;

export interface AgentServiceOptions {
  /** Undefined when no model is reachable (local mode): answers come from memory alone. */
  llm?: Llm | undefined;
  memory?: MemoryPort | undefined;
  graph?: GraphPort | undefined;
  history?: HistoryPort | undefined;
  /** What decides, after the reply, whether a message becomes a memory by itself (autosave). */
  pipeline?: MessagePipeline | undefined;
  /** Each person's autosave mode and paused conversations, changed by chat ("이 대화는 기억하지 마"). */
  settings?: UserSettingsStore | undefined;
  /**
   * Where "which one should I forget?" waits for its answer: this process's memory by default, PostgreSQL
   * with replicas (the user's next message may reach another replica).
   */
  forgetQuestions?: ForgetQuestionStore | undefined;
  /** "What do you know about me" (shared with `/memory about` and App Home); built from the above when absent. */
  about?: AboutMeService | undefined;
  logger: Logger;
  now?: () => Date;
}

/**
 * One turn: build the context (history, graph facts, recalled memories), ask the model with tools,
 * and write what should be kept. Works on plain project types only.
 */
export class AgentService implements TurnHandler {
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly forgetQuestions: PendingForgets;
  /** Each person's turns being answered and pipeline jobs, which their later turns wait for. */
  private readonly work = new PersonWork();
  /** Undefined without a memory: every message is then the model's. */
  private readonly commands: ChatCommands | undefined;

  constructor(private readonly options: AgentServiceOptions) {
    this.log = options.logger.child({ component: "agent" });
    this.now = options.now ?? (() => new Date());
    this.forgetQuestions = new PendingForgets(options.forgetQuestions, () => this.now().getTime());
    const { memory, graph, llm } = options;
    this.commands =
      memory &&
      new ChatCommands({
        memory,
        settings: options.settings,
        about: options.about ?? new AboutMeService({ memory, graph, llm }),
        pipeline: options.pipeline,
        history: options.history,
        forgetQuestions: this.forgetQuestions,
        modelReads: llm !== undefined,
        work: this.work,
        now: () => this.now().getTime(),
        log: this.log,
      });
  }

  async handle(said: Turn, hooks: TurnHooks = {}): Promise<Reply> {
    // What every surface hands over is read as typed text (control-chars.ts `typedText`): no control
    // characters, which say nothing and would be kept and quoted back (an escape sequence, a
    // bidirectional override); composed Hangul, so "잊어줘" pasted as separate jamo is a forget request
    // and a password so written is one; ASCII digits for full-width ones.
    const turn = { ...said, text: typedText(said.text) };
    // The person's turns still being answered go before this one for what reads their state (recall,
    // forget, "그거 기억해줘"): each counts until its reply is recorded and its pipeline job, if any, is
    // registered (`PersonWork.settle`).
    return this.work.turn(turn, () => this.handleTurn(turn, hooks));
  }

  private async handleTurn(turn: Turn, hooks: TurnHooks): Promise<Reply> {
    const lang = detectLanguage(turn.text);
    const scope = scopeOf(turn);
    const at = turn.receivedAt ?? this.now().getTime();
    // Filled by `answer` for a message that is not a command: what the pipeline gets after the reply.
    const candidate: { vector?: Promise<number[] | undefined>; is?: boolean } = {};
    let reply: Reply;
    try {
      reply = await this.answer(turn, { scope, lang, at, hooks, candidate });
    } catch (err) {
      // Nothing the user said is lost: the turn is kept in history with the apology they will see.
      const offRecord = await this.pausedHere(turn);
      await this.options.history
        ?.record(turn, failureReply(lang, toAppError(err).code), [], { offRecord })
        .catch((recordErr: unknown) =>
          this.log.warn({ err: recordErr, eventId: turn.eventId }, "could not record a failed turn"),
        );
      if (candidate.is) void this.considerLater(turn, candidate.vector, hooks);
      throw err;
    }
    // Read after the reply: the turn that pauses the conversation is itself off the record.
    const offRecord = await this.pausedHere(turn);
    await this.options.history?.record(turn, reply.text, reply.forgotten, {
      offRecord,
      memoryIds: reply.memoryIds,
    });
    if (candidate.is) return { ...reply, considered: this.considerLater(turn, candidate.vector, hooks) };
    return reply;
  }

  async finishForget(said: Turn, plan: ForgetPlan): Promise<Reply> {
    const turn = { ...said, text: typedText(said.text) };
    const commands = this.commands;
    if (!commands) return this.handle(turn);
    return this.work.turn(turn, async () => {
      const reply = await commands.finishForget(
        { scope: scopeOf(turn), lang: detectLanguage(turn.text) },
        plan,
      );
      const offRecord = await this.pausedHere(turn);
      await this.options.history?.record(turn, reply.text, reply.forgotten, { offRecord });
      return reply;
    });
  }

  async reconsider(said: Turn): Promise<void> {
    const turn = { ...said, text: typedText(said.text) };
    // What the turn's answer took for a command was never the pipeline's ("기억해줘: …" was kept as
    // asked); an answer to a forget question ("1", "네") says nothing the filter would keep.
    if (!this.options.memory || isChatCommand(turn.text)) return;
    await this.considerLater(turn, this.options.memory.embed(clipMessage(turn.text)), {});
  }

  /**
   * Whether the turn's writer has paused its conversation: its history is then held only while the
   * conversation needs it. Unreadable settings count as paused, as the pipeline counts them as off:
   * the turn is still held while recent, only never summarised.
   */
  private async pausedHere(turn: Turn): Promise<boolean> {
    const settings = this.options.settings;
    if (!settings) return false;
    const now = this.now().getTime();
    try {
      const current = await settings.get(turn, now);
      return pauseCovering(current.pauses, turn, now) !== undefined;
    } catch (err) {
      this.log.warn({ err, eventId: turn.eventId }, "settings unavailable: turn kept off the record");
      return true;
    }
  }

  private async answer(
    turn: Turn,
    {
      scope,
      lang,
      at,
      hooks,
      candidate,
    }: {
      scope: MemoryScope;
      lang: Lang;
      at: number;
      hooks: TurnHooks;
      candidate: { vector?: Promise<number[] | undefined>; is?: boolean };
    },
  ): Promise<Reply> {
    const beforeDelete = hooks.onForgetting;
    const command = await this.commands?.answer({ turn, scope, lang, at, beforeDelete });
    if (command) return command;
    const query = clipMessage(turn.text);
    if (query !== turn.text)
      this.log.info({ eventId: turn.eventId, chars: turn.text.length }, "message cut to MAX_MESSAGE_CHARS");
    // One embedding of the message serves recall and, after the reply, the memory pipeline.
    // A slow embedder does not hold the reply: past RECALL_EMBED_WAIT_MS recall goes on by words alone,
    // and the pipeline, after the reply, waits for the same embedding.
    const embedding = this.options.memory?.embed(query) ?? Promise.resolve(undefined);
    // null: no vector in time (or the embedder down): the vector half sits this one out.
    const queryVector = (await Promise.race([embedding, delay(RECALL_EMBED_WAIT_MS)])) ?? null;
    candidate.is = true;
    candidate.vector = embedding;
    const { llm } = this.options;
    // Without a model, a message that tells rather than asks is answered with what became of it; one
    // that asks for work (a draft, a poem) hears that it needs the model when memory holds nothing.
    const act = classifySpeechAct(turn.text);
    const tells = act === "statement" || act === "phatic";
    const offline = { asksForWork: asksForWork(turn.text) };
    if (!llm && tells) return this.noted(turn, { lang, embedding, hooks, candidate });
    // What the person told a moment ago is recalled too: a question right after a statement waits
    // (briefly) for the pipeline still keeping it ("락커 이제 102번" then "락커 몇 번이야?").
    await this.work.settle(turn, RECALL_WAITS_FOR_PIPELINE_MS);
    const recalled =
      this.options.memory?.recall(scope, query, { queryVector }) ?? Promise.resolve<RecalledMemory[]>([]);
    // Every memory shown to the model for this reply: recalled, the graph facts' sources, its tools'.
    const shown = new Set<string>();
    // A fact taken from a memory that a newer recalled one supersedes is out of date: the graph reads
    // while recall runs and takes recall's answer last (a failed recall fails the turn through
    // `recalled` itself; the graph then sees no stale memory).
    const staleMemories = recalled.then(
      (memories) => new Set(memories.flatMap((m) => (m.supersedes ? [m.supersedes] : []))),
      () => new Set<string>(),
    );
    const [memories, facts, history] = await Promise.all([
      recalled,
      this.options.graph?.facts(scope, query, { staleMemories, shownSources: shown }) ??
        Promise.resolve<string[]>([]),
      this.options.history?.context(turn) ?? Promise.resolve<PromptHistory>({ turns: [], shared: false }),
    ]);
    for (const m of memories) shown.add(m.id);
    // The memories the reply rests on, for the history: forgetting one takes the reply out of it.
    const memoryIds = (): string[] => [...shown];
    if (!llm)
      return {
        text: recallOnlyReply(lang, memories, facts, { ...offline, timeZone: turn.timeZone }),
        mode: "recall-only",
        memoryIds: memoryIds(),
      };
    const text = promptMessage(turn.text);
    const messages = buildMessages({
      lang,
      now: this.now(),
      timeZone: turn.timeZone,
      userId: turn.userId,
      text,
      history,
      facts,
      memories,
    });
    // What the model's `remember` may keep words of: the speaker's own messages, nobody else's.
    const ownMessages = [text, ...history.turns.filter((t) => t.userId === turn.userId).map((t) => t.user)];
    const proposals: Memory[] = [];
    try {
      const answer = await this.converse(llm, messages, {
        scope,
        at,
        eventId: turn.eventId,
        hooks,
        candidate,
        ownMessages,
        proposals,
        shown,
      });
      if (proposals.length === 0) return { text: answer, mode: "llm", memoryIds: memoryIds() };
      // A message the model read as asking to drop a memory ("또리 생일 정보는 이제 필요 없어") is no memory
      // itself; one that also gives a new value of it ("락커 102번으로 옮겼어" for "락커 58번") is.
      if (!givesNewValue(turn.text, proposals)) candidate.is = false;
      // The model may only propose a forget: the user confirms it by answering the question (the
      // "which one should I forget?" flow) or, in Slack, with the buttons posted under the reply.
      await this.forgetQuestions.ask(
        turn,
        proposals.map((m) => m.id),
        lang,
      );
      return {
        text: `${answer}\n\n${proposedForgetReply(lang, proposals)}`,
        mode: "llm",
        forgetProposal: { ids: proposals.map((m) => m.id) },
        memoryIds: memoryIds(),
      };
    } catch (err) {
      // The model down, too slow, or answering nothing usable (an empty message): say so, and give
      // what memory and the graph hold (every mode).
      if (
        isAppError(err, "llm_unavailable") ||
        isAppError(err, "llm_timeout") ||
        isAppError(err, "llm_bad_output")
      ) {
        this.log.warn({ err, eventId: turn.eventId }, "model unavailable; answering from memory alone");
        // A plain "delete …" was the model's to read; without it, it can only mean a memory.
        const wipe = parseIntent(turn.text, { wipes: true });
        if (this.commands && wipe !== undefined) {
          const wiped = await this.commands.run({ turn, scope, lang, at, beforeDelete }, wipe);
          if (wiped) return wiped;
        }
        if (tells) return this.noted(turn, { lang, embedding, hooks, candidate });
        return {
          text: recallOnlyReply(lang, memories, facts, { ...offline, timeZone: turn.timeZone }),
          mode: "recall-only",
          memoryIds: memoryIds(),
        };
      }
      throw err;
    }
  }

  /**
   * The answer without a model to a message that tells rather than asks: the memory pipeline decides
   * now, before the reply, so the reply can say what it did — "📝 기억해 둘게요: …" when the message is
   * kept, that it was not and why when it looks like a secret, a short acknowledgement otherwise (or
   * when the pipeline fails: logged, the turn stands). The message is then not considered again after
   * the reply.
   */
  private async noted(
    turn: Turn,
    {
      lang,
      embedding,
      hooks,
      candidate,
    }: {
      lang: Lang;
      embedding: Promise<number[] | undefined>;
      hooks: TurnHooks;
      candidate: { is?: boolean };
    },
  ): Promise<Reply> {
    const pipeline = this.options.pipeline;
    if (!pipeline) return { text: acknowledgedReply(lang, phaticKind(turn.text)), mode: "recall-only" };
    candidate.is = false;
    let kept: Memory | undefined;
    let secret = false;
    try {
      let dropped: Promise<void> | undefined;
      await pipeline.consider(turn, {
        vector: await embedding,
        stillWanted: () => !this.work.isVetoed(turn),
        onAutosaved: (memory) => {
          // A forget asked for it while it was being saved (the pipeline slower than a forget waits).
          if (this.work.isVetoed(turn)) {
            dropped = this.dropVetoed(turn, memory);
            return;
          }
          kept ??= memory;
          hooks.onAutosaved?.(memory);
        },
        onOffered: hooks.onOffered,
        // Said in the reply itself, so not passed on as well.
        onSecretHeld: () => {
          secret = true;
        },
      });
      await dropped;
    } catch (err) {
      this.log.warn({ err, eventId: turn.eventId }, "memory pipeline failed");
    }
    if (kept) return { text: notedReply(lang, kept.text), mode: "remembered", memoryIds: [kept.id] };
    return {
      text: secret ? secretHeldReply(lang) : acknowledgedReply(lang, phaticKind(turn.text)),
      mode: "recall-only",
    };
  }

  /**
   * Hands the message to the memory pipeline once the reply is made: the reply never waits for it and
   * a pipeline failure never fails the turn (it is logged). A turn that failed is considered too — what
   * the user said is not lost because the model was down. Returns the job, which ends when the pipeline
   * has (`Reply.considered`).
   */
  private considerLater(
    turn: Turn,
    embedding: Promise<number[] | undefined> | undefined,
    hooks: TurnHooks,
  ): Promise<void> {
    const pipeline = this.options.pipeline;
    if (!pipeline) return Promise.resolve();
    // The turn's history is tagged with what it became before the job ends: a forget that waits for
    // the job finds the tag (forgetting it takes this turn's answer, or the summary folding it, out).
    const tags: Array<Promise<void>> = [];
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        await pipeline.consider(turn, {
          vector: await embedding,
          stillWanted: () => !this.work.isVetoed(turn),
          onAutosaved: (memory) => {
            // A forget asked for it while it was being saved: gone at once, and never marked 📝.
            if (this.work.isVetoed(turn)) {
              tags.push(this.dropVetoed(turn, memory));
              return;
            }
            hooks.onAutosaved?.(memory);
            const tagged = this.options.history?.noteMemories?.(turn, [memory.id]);
            if (tagged)
              tags.push(
                tagged.catch((err: unknown) =>
                  this.log.warn({ err, eventId: turn.eventId }, "could not tag the turn"),
                ),
              );
          },
          onOffered: hooks.onOffered,
          onSecretHeld: hooks.onSecretHeld,
        });
        await Promise.all(tags);
      })
      .catch((err: unknown) => this.log.warn({ err, eventId: turn.eventId }, "memory pipeline failed"));
    this.work.addJob(turn, job);
    return job;
  }

  /** Deletes what autosave kept of a turn a forget vetoed while it was being saved. */
  private async dropVetoed(turn: Turn, memory: Memory): Promise<void> {
    await this.options.memory
      ?.deleteIds(scopeOf(turn), [memory.id])
      .catch((err: unknown) =>
        this.log.warn({ err, eventId: turn.eventId }, "could not drop an autosave asked to be forgotten"),
      );
  }

  /** Waits for the memory pipeline's work on the turns answered so far (tests, shutdown). */
  drain(): Promise<void> {
    return this.work.drain();
  }

  /** The model ↔ tools loop, bounded by MAX_TOOL_ROUNDS. */
  private async converse(
    llm: Llm,
    messages: ChatMessage[],
    {
      scope,
      at,
      eventId,
      hooks,
      candidate,
      ownMessages,
      proposals,
      shown,
    }: {
      scope: MemoryScope;
      at: number;
      eventId: string;
      hooks: TurnHooks;
      candidate: { is?: boolean };
      ownMessages: readonly string[];
      proposals: Memory[];
      shown: Set<string>;
    },
  ): Promise<string> {
    const onQueued = hooks.onQueued ? () => hooks.onQueued?.() : undefined;
    // Streamed pieces stop where the answer is cut (message-limit.ts MAX_ANSWER_CHARS).
    let streamed = 0;
    const onText =
      hooks.onText &&
      ((piece: string) => {
        const room = MAX_ANSWER_CHARS - streamed;
        if (room <= 0) return;
        streamed += piece.length;
        hooks.onText?.(piece.length <= room ? piece : piece.slice(0, room));
      });
    const extra = {
      ...(onQueued ? { onQueued } : {}),
      ...(onText ? { onText } : {}),
      // A little past the cut, so that an answer stopped there is marked as cut ("…").
      maxChars: MAX_ANSWER_CHARS + 100,
    };
    for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
      const response = await llm.chat({ messages, tools: TOOL_SPECS, ...extra });
      if (response.toolCalls.length === 0) return nonEmpty(response.content);
      messages.push({ role: "assistant", content: response.content, toolCalls: response.toolCalls });
      for (const call of response.toolCalls) {
        const result = await runTool({
          call,
          scope,
          at,
          key: `${eventId}:${round}`,
          memory: this.options.memory,
          graph: this.options.graph,
          ownMessages,
          proposals,
          shown,
          // The model kept a memory of the message: the pipeline must not autosave it too. A refused or
          // failed `remember` leaves the message to the pipeline (a proposed forget: see `answer`).
          onSaved: () => {
            candidate.is = false;
          },
        });
        this.log.debug({ tool: call.name }, "tool called");
        messages.push({ role: "tool", content: result, toolName: call.name });
      }
    }
    const final = await llm.chat({ messages, ...extra });
    return nonEmpty(final.content);
  }
}

/**
 * Whether `text` names a value (a term with a digit) that none of `memories` holds: a new value of what
 * they say, not only a wish to drop them.
 */
function givesNewValue(text: string, memories: readonly Memory[]): boolean {
  const said = new Set(tokenize(text));
  return memories.every((m) => namesValueOnlyIn(said, said, new Set(tokenize(m.text))));
}

/** Whose memories a turn reads and writes, and where it is said. */
function scopeOf(turn: Turn): MemoryScope {
  return {
    teamId: turn.teamId,
    userId: turn.userId,
    channelId: turn.channelId,
    channelType: turn.channelType,
  };
}

/**
 * Slack refuses an empty message; an empty answer is a model failure, reported as such. A long one is
 * cut (message-limit.ts `clipAnswer`).
 */
function nonEmpty(content: string): string {
  const text = content.trim();
  if (!text) throw new AppError("llm_bad_output", "the model answered with an empty message");
  return clipAnswer(text);
}
