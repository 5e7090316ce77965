import { createInterface } from "node:readline/promises";
import type { TurnHandler } from "../agent/turn-handler.js";
import { toAppError } from "../core/errors.js";
import { withoutControlChars } from "../text/control-chars.js";
import { inSet, trimEndWhile } from "../text/trim.js";

export interface ConsoleChatOptions {
  agent: TurnHandler;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Lines printed before the first prompt (mode, model state, how to connect Slack). */
  banner: string[];
  userId?: string;
  teamId?: string;
  /**
   * Lines that arrive together ({@link PASTE_GAP_MS} apart at most) are one message: a text pasted at a
   * terminal (an address over three lines), which no one types that fast. For a terminal only: piped
   * input arrives all at once and is a line a message.
   */
  joinPastes?: boolean;
}

/** Longest gap between two lines of one paste: a terminal delivers a paste in one read. */
export const PASTE_GAP_MS = 25;

/** The identity of the person at the terminal in local mode. */
export const LOCAL_USER = { teamId: "local", userId: "local-user", channelId: "console" } as const;

/**
 * A terminal chat through the same AgentService as Slack, for trying the assistant without a
 * workspace. Resolves when the input ends or the user leaves (/quit, exit: {@link LEAVE_WORDS}).
 */
export async function runConsoleChat(options: ConsoleChatOptions): Promise<void> {
  const rl = createInterface({ input: options.input, output: options.output, terminal: false });
  // Nothing printed drives the terminal: a memory's text may hold an escape sequence someone typed.
  const write = (line: string) => options.output.write(`${withoutControlChars(line)}\n`);
  for (const line of options.banner) write(line);
  let n = 0;
  options.output.write("> ");
  for await (const raw of messages(rl, options.joinPastes === true)) {
    // A key's escape sequence (an arrow, a colour pasted in) is no part of what was said; a paste's
    // line breaks are.
    const text = raw
      .split("\n")
      .map((line) => withoutControlChars(line))
      .join("\n")
      .trim();
    if (leavesChat(text)) break;
    if (isOtherCommand(text)) write(`bot: ${otherCommandReply(text)}`);
    else if (text) {
      n += 1;
      // A note that comes before the reply (the agent answered without a model, after the memory
      // pipeline decided) waits for it: a reply that says what it kept needs no second line.
      let notes: string[] | undefined = [];
      const note = (line: string) => (notes ? notes.push(line) : write(line));
      try {
        const reply = await options.agent.handle(
          {
            teamId: options.teamId ?? LOCAL_USER.teamId,
            userId: options.userId ?? LOCAL_USER.userId,
            channelId: LOCAL_USER.channelId,
            channelType: "im",
            text,
            eventId: `console-${Date.now()}-${n}`,
            receivedAt: Date.now(),
          },
          {
            onAutosaved: (memory) => note(`📝 (kept as a memory: "${memory.text}")`),
            onSecretHeld: () =>
              note("🔒 (not kept: it looks like a password, a code or a card or account number)"),
          },
        );
        write(`bot: ${reply.text}`);
        if (reply.mode !== "remembered") for (const line of notes) write(line);
      } catch (err) {
        const e = toAppError(err);
        write(`bot: (error ${e.code}) ${e.message}`);
        for (const line of notes ?? []) write(line);
      } finally {
        notes = undefined;
      }
    }
    options.output.write("> ");
  }
  rl.close();
}

/**
 * The first lines, when they arrive within this of the chat's start, were typed while the assistant
 * was starting, each with its Enter: they come in one read, as a paste does, but no one pastes before
 * the prompt shows.
 */
export const TYPED_AHEAD_MS = 1000;

/**
 * The input's messages: its lines, or with `joinPastes` the lines that arrived together, joined — but
 * for the lines typed ahead of the prompt ({@link TYPED_AHEAD_MS}), each its own message.
 */
async function* messages(lines: AsyncIterable<string>, joinPastes: boolean): AsyncGenerator<string> {
  const startedAt = Date.now();
  let firstBatch = true;
  const source = lines[Symbol.asyncIterator]();
  // A line asked for but not yet come when the paste's gap ran out: the next message's first.
  let waiting: Promise<IteratorResult<string>> | undefined;
  for (;;) {
    const first = await (waiting ?? source.next());
    waiting = undefined;
    if (first.done === true) return;
    const paste = [first.value];
    // Only the first lines can be typed ahead: later ones are typed, or pasted, at a prompt.
    const typedAhead = firstBatch && Date.now() - startedAt < TYPED_AHEAD_MS;
    firstBatch = false;
    let ended = false;
    while (joinPastes) {
      const next = source.next();
      const more = await Promise.race([
        next,
        new Promise<undefined>((resolve) => setTimeout(resolve, PASTE_GAP_MS)),
      ]);
      if (more === undefined) {
        waiting = next;
        break;
      }
      if (more.done === true) {
        ended = true;
        break;
      }
      paste.push(more.value);
    }
    if (typedAhead) yield* paste;
    else yield paste.join("\n");
    if (ended) return;
  }
}

/**
 * Words that end the chat when they are the whole line, with or without a slash or a closing mark: what
 * people type to leave a terminal program (/quit, exit, quit, 종료, 나가기). Never a memory: no one
 * tells an assistant to keep the one word "exit".
 */
const LEAVE_WORDS: ReadonlySet<string> = new Set(["quit", "exit", "종료", "나가기"]);

const isClosingMark = inSet(".!");

function leavesChat(text: string): boolean {
  if (text.length > MAX_LEAVE_CHARS) return false;
  const word = trimEndWhile(text.toLowerCase(), isClosingMark);
  return LEAVE_WORDS.has(word.startsWith("/") ? word.slice(1) : word);
}

/** Longer than any of {@link LEAVE_WORDS} with its marks: a message, not a way out. */
const MAX_LEAVE_CHARS = 12;

/** The commands the agent answers itself in any surface ("/help"); the chat answers /quit and /exit. */
const AGENT_COMMANDS: ReadonlySet<string> = new Set(["/help", "/도움말"]);

/**
 * A line that is a slash command other than the chat's own: Slack's (`/memory list`) or a typo. It is
 * answered here, not read as a question ("/memory" found nothing) nor kept as a memory.
 */
function isOtherCommand(text: string): boolean {
  const head = text.split(/\s/u, 1)[0] ?? "";
  return /^\/[\p{L}-]+$/u.test(head) && !AGENT_COMMANDS.has(head.toLowerCase());
}

/** Says which command this chat does not have, and the words that do the same here. */
function otherCommandReply(text: string): string {
  const head = text.split(/\s/u, 1)[0] ?? "";
  return [
    `${head}: 여기(터미널)에는 없는 명령이에요. 말로 해 주세요: "나에 대해 뭘 알아?", "잊어줘: …", "기억해줘: …" — /help, /quit.`,
    `${head} is not a command here (the terminal chat). Just say it: "what do you know about me?", "forget …", "remember: …" — /help, /quit.`,
  ].join("\n");
}
