import type { App, BlockAction, RespondFn, webApi } from "@slack/bolt";
import { slackDate } from "../mrkdwn.js";
import type { KnownBlock } from "@slack/types";
import type { Logger } from "../../logging/logger.js";
import { AppError, toAppError } from "../../core/errors.js";
import { detectLanguage, type Lang } from "../../text/language.js";
import { plainFromSlack } from "../incoming-text.js";
import { hasWords } from "../../text/tokenizer.js";
import type { Memory, MemoryScope } from "../../core/types.js";
import { matchesQuery } from "../../core/ports.js";
import {
  button,
  escapeMrkdwn,
  escapedClip,
  memoryBlocks,
  scopeIn,
  type SlackMemoryPort,
} from "../memory-blocks.js";
import { MAX_PAUSE_MS, MIN_PAUSE_MS, type AutosaveMode } from "../../core/user-settings.js";
import { parseDuration, settingsStatusText, type SlackSettingsPort } from "../settings-blocks.js";
import { aboutBlocks, type SlackAboutPort } from "../about-blocks.js";
import { isoDay } from "../../util/dates.js";
import { everythingAbout } from "../../agent/intents.js";
import { MAX_FORGET_ALL } from "../../core/ports.js";

/** The slash command's name (the manifest's `slash_commands`). */
export const MEMORY_COMMAND = "/memory";
/** Results shown by `/memory search` and `/memory list` (two blocks each). */
export const COMMAND_RESULTS = 10;
/** Memories per page while `/memory export` reads them all. */
const EXPORT_PAGE = 500;
/** Longest query accepted (the rest of a paste is not a query). */
const MAX_QUERY_CHARS = 500;

export const COMMAND_ACTIONS = {
  forgetOne: "memory_forget_pick",
  forgetAll: "memory_forget_all",
  cancel: "memory_forget_cancel",
} as const;

export interface MemoryCommandDeps {
  memory: SlackMemoryPort;
  logger: Logger;
  /** Autosave on/off/ask and pauses (`/memory autosave`, `pause`, `resume`); without it they are unknown. */
  settings?: SlackSettingsPort | undefined;
  /** `/memory about`: what it knows about the user; without it the sub-command is unknown. */
  about?: SlackAboutPort | undefined;
}

type Parsed =
  | { kind: "help" }
  | { kind: "search" | "forget"; query: string }
  | { kind: "list" | "export" | "about" }
  | { kind: "pin" | "unpin"; id: string }
  | { kind: "resume" }
  | { kind: "autosave"; mode: AutosaveMode | undefined; word: string }
  | { kind: "pause"; duration: string }
  | { kind: "unknown"; word: string };

/** `/memory autosave <word>`: the mode each word names. */
const AUTOSAVE_WORDS: ReadonlyMap<string, AutosaveMode> = new Map<string, AutosaveMode>([
  ["on", "on"],
  ["켜기", "on"],
  ["켜", "on"],
  ["off", "off"],
  ["끄기", "off"],
  ["꺼", "off"],
  ["ask", "ask"],
  ["물어보기", "ask"],
]);

/** `/memory <sub> <args>`: English or Korean sub-command names. */
export function parseMemoryCommand(text: string): Parsed {
  const trimmed = text.trim();
  if (!trimmed) return { kind: "help" };
  const [head = "", ...rest] = trimmed.split(/\s+/);
  const query = rest.join(" ").trim();
  switch (head.toLowerCase()) {
    case "help":
    case "도움말":
      return { kind: "help" };
    case "search":
    case "검색":
      return { kind: "search", query };
    case "list":
    case "목록":
      return { kind: "list" };
    case "forget":
    case "잊기":
    case "잊어줘":
      return { kind: "forget", query };
    case "export":
    case "내보내기":
      return { kind: "export" };
    case "about":
    case "me":
    case "나":
    case "내정보":
      return { kind: "about" };
    case "pin":
    case "고정":
      return { kind: "pin", id: query };
    case "unpin":
    case "고정해제":
      return { kind: "unpin", id: query };
    case "autosave":
    case "자동저장":
      return { kind: "autosave", mode: AUTOSAVE_WORDS.get(query.toLowerCase()), word: query };
    case "pause":
    case "멈추기":
    case "일시정지":
      return { kind: "pause", duration: query };
    case "resume":
    case "재개":
    case "다시":
      return { kind: "resume" };
    default:
      return { kind: "unknown", word: head };
  }
}

/** `/memory` help, in both languages. */
export function memoryCommandHelp(): string {
  return [
    "*`/memory` — 내 기억 관리 (manage your memories)*",
    "• `/memory search <검색어>` — 기억 검색 (search)",
    "• `/memory list` — 최근 기억 (recent memories)",
    "• `/memory about` (`나`) — 나에 대해 아는 것: 사실과 자주 쓰인 기억 (what it knows about you)",
    "• `/memory forget <id 또는 검색어>` — 기억 잊기; 여러 개면 물어봐요 (forget; asks when several match)",
    "• `/memory pin <id>` / `/memory unpin <id>` — 기억 고정: 보존 기간이 지나도 잊지 않아요 (pin: never expires)",
    "• `/memory export` — 내 기억 전체를 JSON Lines 파일로 DM에 보내요 (all your memories as a file, in a DM)",
    "• `/memory autosave on|off|ask` (`자동저장 켜기|끄기|물어보기`) — 자동저장 켜기·끄기·먼저 물어보기 (autosave on, off, or ask me first)",
    "• `/memory pause [30m|2h|1d]` (`멈추기`) — 이 대화를 잠시 기억하지 않기, 기본 24시간 (pause this conversation; 24 h by default)",
    "• `/memory resume` (`재개`) — 다시 기억하기 (resume)",
    "답은 나에게만 보여요. 채널에서는 그 채널에서 말한 기억만 보여요 — 전부 보려면 DM이나 App Home에서 쓰세요.",
    "Answers are visible to you only. In a channel only that channel's memories show — use a DM or App Home to see all.",
  ].join("\n");
}

/**
 * `/memory`: help, search, list, forget (with a confirmation when the request matches several) and
 * export (a JSON Lines file sent to the user's DM with the bot). Acked at once; the work runs after the
 * ack and answers ephemerally through the command's `response_url`. In a channel the command sees only
 * that channel's memories (the one visibility rule): a DM's memory never appears there, even to its owner.
 */
export function register(app: App, deps: MemoryCommandDeps): void {
  app.command(MEMORY_COMMAND, async ({ command, ack, respond, client }) => {
    await ack();
    const scope = scopeIn(command.team_id, command.user_id, command.channel_id);
    const text = plainFromSlack(command.text ?? "");
    const parsed = parseMemoryCommand(text);
    const lang: Lang = detectLanguage(text);
    try {
      await runCommand(parsed, { scope, lang, respond, client, deps });
    } catch (err) {
      const appError = toAppError(err);
      deps.logger.warn({ err: appError, command: parsed.kind }, "/memory failed");
      await respond({
        response_type: "ephemeral",
        text:
          appError.code === "bad_request"
            ? `⚠️ ${escapeMrkdwn(appError.message)}`
            : "죄송해요, 처리하지 못했어요. 잠시 후 다시 시도해 주세요. (Sorry, that failed; please try again.)",
      });
    }
  });

  app.action<BlockAction>(COMMAND_ACTIONS.forgetOne, async ({ ack, body, action, respond }) => {
    await ack();
    const id = action.type === "button" ? (action.value ?? "") : "";
    await forgetChosen(deps, actionScope(body), id ? [id] : [], respond);
  });

  app.action<BlockAction>(COMMAND_ACTIONS.forgetAll, async ({ ack, body, action, respond }) => {
    await ack();
    const ids = action.type === "button" ? (action.value ?? "").split(",").filter(Boolean) : [];
    await forgetChosen(deps, actionScope(body), ids.slice(0, 10), respond);
  });

  app.action<BlockAction>(COMMAND_ACTIONS.cancel, async ({ ack, respond }) => {
    await ack();
    await respond({
      response_type: "ephemeral",
      replace_original: true,
      text: "알겠어요, 아무것도 지우지 않았어요. (OK, nothing was forgotten.)",
    });
  });
}

/** The user clicking, where the buttons are: in a channel only what may be shown there can go. */
function actionScope(body: BlockAction): MemoryScope {
  const teamId = body.team?.id ?? body.user.team_id ?? "";
  return scopeIn(teamId, body.user.id, body.channel?.id);
}

async function forgetChosen(
  deps: MemoryCommandDeps,
  scope: MemoryScope,
  ids: string[],
  respond: RespondFn,
): Promise<void> {
  const deleted = ids.length > 0 ? await deps.memory.deleteIds(scope, ids) : [];
  await respond({
    response_type: "ephemeral",
    replace_original: true,
    text:
      deleted.length > 0
        ? `🗑 잊었어요 (forgotten): ${deleted.map((m) => `"${escapedClip(m.text.replace(/\s+/g, " "), 200)}"`).join(", ")}`
        : "이미 잊었거나 여기서는 지울 수 없는 기억이에요. (Already forgotten, or not visible here.)",
  });
}

async function runCommand(
  parsed: Parsed,
  ctx: {
    scope: MemoryScope;
    lang: Lang;
    respond: RespondFn;
    client: webApi.WebClient;
    deps: MemoryCommandDeps;
  },
): Promise<void> {
  const { scope, lang, respond, deps } = ctx;
  const say = (text: string, blocks?: KnownBlock[]) =>
    respond({ response_type: "ephemeral", text, ...(blocks ? { blocks } : {}) });
  switch (parsed.kind) {
    case "help": {
      const status = deps.settings
        ? await deps.settings.status(scope).then(settingsStatusText, () => undefined)
        : undefined;
      return void (await say(status ? `${status}\n\n${memoryCommandHelp()}` : memoryCommandHelp()));
    }
    case "autosave":
    case "pause":
    case "resume":
      return void (await say(await changeSettings(parsed, ctx)));
    case "unknown":
      return void (await say(
        `알 수 없는 명령이에요 (unknown command): \`${escapedClip(parsed.word, 50)}\`\n\n${memoryCommandHelp()}`,
      ));
    case "search": {
      const query = needQuery(parsed.query, "search");
      const found = (await deps.memory.search(scope, query, { k: COMMAND_RESULTS })).filter(matchesQuery);
      const memories = await getAll(
        deps.memory,
        scope,
        found.map((r) => r.id),
      );
      const head =
        memories.length > 0
          ? `*"${escapedClip(query, 200)}"* — ${memories.length}개 찾았어요 (found)`
          : `"${escapedClip(query, 200)}"에 해당하는 기억이 없어요. (No memory matches.)`;
      return void (await say(head, listBlocks(head, memories, lang)));
    }
    case "list": {
      const { items: recent, total } = await deps.memory.newest(scope, { offset: 0, limit: COMMAND_RESULTS });
      const head =
        recent.length > 0
          ? `*최근 기억 (recent memories)* — ${recent.length}개${total > recent.length ? " (App Home에서 더 보기)" : ""}`
          : "아직 여기서 보이는 기억이 없어요. (No memories visible here yet.)";
      return void (await say(head, listBlocks(head, recent, lang)));
    }
    case "forget": {
      const asked = needQuery(parsed.query, "forget");
      // "/memory forget everything about Emma": every match is listed, none forgotten at once.
      const about = everythingAbout(asked);
      const query = about ?? asked;
      const found = await deps.memory.findToForget(
        scope,
        query,
        about === undefined ? {} : { limit: MAX_FORGET_ALL },
      );
      if (found.meant && about === undefined) {
        const deleted = await deps.memory.deleteIds(scope, [found.meant.id]);
        return void (await say(
          `🗑 잊었어요 (forgotten): ${deleted.map((m) => `"${escapedClip(m.text, 200)}"`).join(", ")}`,
        ));
      }
      if (found.candidates.length === 0)
        return void (await say(
          `"${escapedClip(query, 200)}"에 해당하는 기억을 찾지 못했어요. (Nothing matches.)`,
        ));
      // "Forget all" carries the ids in its value, which Slack caps: as many as it holds.
      const all = idsThatFit(found.candidates.map((m) => m.id));
      const head =
        about === undefined
          ? `여러 개가 있어요. 어떤 걸 잊을까요? (Several match — which one should I forget?)`
          : `"${escapedClip(query, 200)}"에 해당하는 기억 ${all.length}개예요. 모두 잊을까요? (${all.length} match — forget them all?)`;
      const blocks: KnownBlock[] = [{ type: "section", text: { type: "mrkdwn", text: head } }];
      for (const memory of found.candidates.slice(0, SHOWN_OF_ALL)) {
        blocks.push(
          ...memoryBlocks(
            memory,
            lang,
            button("잊기 · Forget", COMMAND_ACTIONS.forgetOne, memory.id, { style: "danger" }),
          ),
        );
      }
      blocks.push({
        type: "actions",
        elements: [
          button("전부 잊기 · Forget all", COMMAND_ACTIONS.forgetAll, all.join(","), {
            style: "danger",
          }),
          button("취소 · Cancel", COMMAND_ACTIONS.cancel, "cancel"),
        ],
      } as KnownBlock);
      return void (await say(head, blocks));
    }
    case "export":
      return void (await exportMemories(ctx));
    case "about": {
      if (!deps.about) return void (await say(`알 수 없는 명령이에요: \`about\`\n\n${memoryCommandHelp()}`));
      const answer = await deps.about.answer(scope, lang);
      const head = lang === "en" ? "*What I know about you*" : "*내가 아는 당신 (what I know about you)*";
      return void (await say(
        head,
        [
          { type: "section", text: { type: "mrkdwn", text: head } } as KnownBlock,
          ...aboutBlocks(answer, lang, { forget: COMMAND_ACTIONS.forgetOne }),
        ].slice(0, 40),
      ));
    }
    case "pin":
    case "unpin": {
      const pinned = parsed.kind === "pin";
      if (!parsed.id || /\s/.test(parsed.id))
        throw new AppError(
          "bad_request",
          `\`/memory ${parsed.kind}\` 뒤에 기억 id를 써 주세요 (give a memory id).`,
        );
      const done = (await deps.memory.pin?.(scope, parsed.id, { pinned })) ?? false;
      return void (await say(
        !done
          ? `\`${escapedClip(parsed.id, 100)}\` 기억을 여기서 찾지 못했어요. (No such memory visible here.)`
          : pinned
            ? "📌 고정했어요: 보존 기간이 지나도 잊지 않아요. (Pinned: it never expires.)"
            : "고정을 풀었어요. (Unpinned.)",
      ));
    }
  }
}

/** `/memory autosave …`, `pause …`, `resume` in the command's channel (a slash command has no thread). */
async function changeSettings(
  parsed: Extract<Parsed, { kind: "autosave" | "pause" | "resume" }>,
  { scope, deps }: { scope: MemoryScope; deps: MemoryCommandDeps },
): Promise<string> {
  const settings = deps.settings;
  if (!settings) throw new AppError("bad_request", "설정을 바꿀 수 없어요 (settings are not available).");
  const conversation = { channelId: scope.channelId ?? "" };
  switch (parsed.kind) {
    case "autosave": {
      if (!parsed.word) return settingsStatusText(await settings.status(scope));
      if (!parsed.mode)
        throw new AppError(
          "bad_request",
          "`/memory autosave on|off|ask` (`자동저장 켜기|끄기|물어보기`) 중 하나를 써 주세요 (one of on, off, ask).",
        );
      await settings.setMode(scope, parsed.mode);
      return `✅ ${settingsStatusText(await settings.status(scope))}`;
    }
    case "pause": {
      const ms = parsed.duration ? parseDuration(parsed.duration) : undefined;
      if (parsed.duration && ms === undefined)
        throw new AppError(
          "bad_request",
          "기간은 `30m`, `2h`, `1d`처럼 써 주세요 (a duration like 30m, 2h, 1d).",
        );
      // A pause the person did not ask for (a minute for "0m", a month for "999d") is refused, not bent.
      if (ms !== undefined && (ms < MIN_PAUSE_MS || ms > MAX_PAUSE_MS))
        throw new AppError(
          "bad_request",
          "멈추는 기간은 1분에서 30일 사이로 써 주세요 (a pause is 1 minute to 30 days).",
        );
      const until = await settings.pause(scope, conversation, ms);
      const when = slackDate(until, "minute");
      return `⏸ 이 대화는 ${when}까지 기억하지 않아요 — \`/memory resume\`으로 재개. (Paused here until ${when}; "기억해줘" still works.)`;
    }
    case "resume":
      return (await settings.resume(scope, conversation))
        ? "▶️ 다시 이 대화를 기억해요. (Resumed.)"
        : "이 대화는 멈춰 있지 않았어요. (This conversation was not paused.)";
  }
}

function needQuery(query: string, what: "search" | "forget"): string {
  if (!query)
    throw new AppError(
      "bad_request",
      `\`/memory ${what}\` 뒤에 검색어를 써 주세요 (give a query): \`/memory ${what} 또리 생일\``,
    );
  if (query.length > MAX_QUERY_CHARS)
    throw new AppError("bad_request", `검색어는 ${MAX_QUERY_CHARS}자까지예요 (query too long).`);
  // "😀", "*", "%": nothing to search by; the vector half alone would list every memory.
  if (!hasWords(query))
    throw new AppError(
      "bad_request",
      "검색어에 글자나 숫자가 있어야 해요 (a query needs a letter or a digit): `/memory search 또리 생일`",
    );
  return query;
}

async function getAll(memory: SlackMemoryPort, scope: MemoryScope, ids: string[]): Promise<Memory[]> {
  return (await Promise.all(ids.map((id) => memory.get(scope, id)))).filter(
    (m): m is Memory => m !== undefined,
  );
}

function listBlocks(head: string, memories: Memory[], lang: Lang): KnownBlock[] {
  return [
    { type: "section", text: { type: "mrkdwn", text: head } },
    ...memories.flatMap((m) => memoryBlocks(m, lang)),
  ];
}

/**
 * All of the user's memories (every visibility: the file goes to their own DM with the bot) as JSON
 * Lines, uploaded with the Web API client's `filesUploadV2` (files.getUploadURLExternal, the upload,
 * files.completeUploadExternal) into that DM.
 */
async function exportMemories(ctx: {
  scope: MemoryScope;
  respond: RespondFn;
  client: webApi.WebClient;
  deps: MemoryCommandDeps;
}): Promise<void> {
  const { scope, respond, client, deps } = ctx;
  const owner: MemoryScope = { teamId: scope.teamId, userId: scope.userId };
  const lines: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.memory.list(owner, { limit: EXPORT_PAGE, cursor });
    for (const m of page.items) {
      lines.push(
        JSON.stringify({
          id: m.id,
          text: m.text,
          time: new Date(m.timestamp).toISOString(),
          channel_id: m.channelId,
          channel_type: m.channelType,
          source: m.source,
          topics: m.topics ?? [],
          ...(m.extra ? { metadata: m.extra } : {}),
        }),
      );
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const dm = await client.conversations.open({ users: scope.userId });
  const channel = dm.channel?.id;
  if (!channel) throw new AppError("slack_unavailable", "could not open a DM with the user");
  const date = isoDay(Date.now());
  await client.filesUploadV2({
    channel_id: channel,
    filename: `memories-${date}.jsonl`,
    title: `memories-${date}.jsonl`,
    // An empty export is still a file (Slack refuses a zero-length upload).
    content: lines.length > 0 ? `${lines.join("\n")}\n` : "\n",
    initial_comment: `내 기억 ${lines.length}개 (your ${lines.length} memories, JSON Lines)`,
  });
  await respond({
    response_type: "ephemeral",
    text: `📦 기억 ${lines.length}개를 DM으로 보냈어요. (Sent ${lines.length} ${lines.length === 1 ? "memory" : "memories"} to your DM as a JSON Lines file.)`,
  });
}

/** Memories a forget's list shows with their own buttons; "Forget all" covers the rest too. */
const SHOWN_OF_ALL = 10;
/** Longest value Slack takes in a button. */
const MAX_BUTTON_VALUE_CHARS = 2000;

/** The first of `ids` whose comma-joined list fits in one button's value. */
function idsThatFit(ids: readonly string[]): string[] {
  const fit: string[] = [];
  let length = 0;
  for (const id of ids) {
    length += id.length + (fit.length > 0 ? 1 : 0);
    if (length > MAX_BUTTON_VALUE_CHARS) break;
    fit.push(id);
  }
  return fit;
}
