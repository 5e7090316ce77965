import type { App, BlockAction, webApi } from "@slack/bolt";
import { slackDate } from "../mrkdwn.js";
import type { Button, KnownBlock } from "@slack/types";
import type { Logger } from "../../logging/logger.js";
import { z } from "zod";
import type { Memory, MemoryScope } from "../../core/types.js";
import { matchesQuery } from "../../core/ports.js";
import {
  button,
  clip,
  currentFacts,
  escapedClip,
  factSections,
  forgetConfirm,
  forgetEverythingConfirm,
  memoryBlocks,
  type SlackGraphPort,
  type SlackMemoryPort,
} from "../memory-blocks.js";
import { AUTOSAVE_MODES, type AutosaveMode } from "../../core/user-settings.js";
import type { AuditAction, AuditActor, AuditLog, StoredAuditEvent } from "../../core/audit.js";
import { mainLanguage } from "../../text/language.js";
import { aboutBlocks, type SlackAboutPort } from "../about-blocks.js";
import {
  conversationOfValue,
  SETTINGS_ACTIONS,
  settingsBlocks,
  type SlackSettingsPort,
} from "../settings-blocks.js";
import { retryRateLimited } from "../rate-limit.js";

/** Memories on one page of App Home (three blocks each with the pin row: far below Slack's 100 blocks per view). */
export const HOME_PAGE_SIZE = 10;
/** Facts shown on App Home (newest first), packed into as few sections as fit. */
export const HOME_MAX_FACTS = 30;
/** Search results on App Home (all relevant ones, paged). */
const HOME_SEARCH_K = 50;
/** Longest search text (Slack's plain_text_input allows 3,000; a query needs far less). */
const MAX_QUERY_CHARS = 500;

export const HOME_ACTIONS = {
  search: "home_search",
  page: "home_page",
  forget: "home_forget",
  pin: "home_pin",
  clear: "home_clear",
  /** Shows one memory (a fact's source, from "About you"), to fix or forget it. */
  focus: "home_focus",
  /** Forgets every memory of the user, behind a confirmation dialog. */
  forgetEverything: "home_forget_everything",
} as const;

/** What the view remembers between actions (`private_metadata`). */
const homeStateSchema = z.object({
  q: z.string().max(MAX_QUERY_CHARS).default(""),
  page: z.number().int().min(0).max(10_000).default(0),
  /** One memory shown alone (its id). */
  focus: z.string().max(128).optional(),
});
type HomeState = z.infer<typeof homeStateSchema>;

function parseState(text: string | undefined): HomeState {
  try {
    return homeStateSchema.parse(JSON.parse(text || "{}"));
  } catch {
    return { q: "", page: 0 };
  }
}

export interface AppHomeDeps {
  memory: SlackMemoryPort;
  graph: SlackGraphPort;
  /** Autosave on/off/ask and paused conversations, shown (and changed) at the top. */
  settings?: SlackSettingsPort | undefined;
  logger: Logger;
  /** The durable inbox: an App Home event is done once published (not replayed after a restart). */
  inbox?: { answered(eventId: string): Promise<void> } | undefined;
  /** "About you" at the top: the user's facts and most used memories. */
  about?: SlackAboutPort | undefined;
  /** "Recent changes": the user's own audit events (who saved, forgot, expired or read what, by id). */
  audit?: Pick<AuditLog, "page"> | undefined;
}

/**
 * App Home, "what I remember": the user's own memories (newest first, or the matches of a search),
 * paged, each with a forget button behind a confirmation; and the current facts of their knowledge
 * graph. App Home is seen by its user alone, so it shows all of their memories (as a DM does) and
 * marks where each may be recalled. Forgetting goes through the memory lifecycle: memory, BM25 and
 * graph facts at once.
 */
export function register(app: App, deps: AppHomeDeps): void {
  const publish = async (
    client: webApi.WebClient,
    scope: MemoryScope,
    state: HomeState,
    notice?: string,
  ): Promise<void> => {
    const view = await buildHomeView(deps, scope, state, notice);
    await retryRateLimited(() => client.views.publish({ user_id: scope.userId, view }));
  };

  app.event("app_home_opened", async ({ event, body, client, context }) => {
    const eventId = (body as { event_id?: string }).event_id;
    if (event.tab === "home") {
      const teamId = context.teamId ?? (body as { team_id?: string }).team_id ?? "";
      await publish(client, { teamId, userId: event.user }, parseState(event.view?.private_metadata));
    }
    // Done: an App Home event is not replayed after a restart (the next opening publishes again).
    if (eventId) await deps.inbox?.answered(eventId).catch(() => undefined);
  });

  app.action<BlockAction>(HOME_ACTIONS.search, async ({ ack, body, action, client }) => {
    await ack();
    const value = action.type === "plain_text_input" ? (action.value ?? "") : "";
    await publish(client, homeScope(body), { q: clip(value.trim(), MAX_QUERY_CHARS), page: 0 });
  });

  app.action<BlockAction>(HOME_ACTIONS.clear, async ({ ack, body, client }) => {
    await ack();
    await publish(client, homeScope(body), { q: "", page: 0 });
  });

  app.action<BlockAction>(HOME_ACTIONS.focus, async ({ ack, body, action, client }) => {
    await ack();
    const id = action.type === "button" ? clip(action.value ?? "", 128) : "";
    await publish(client, homeScope(body), { q: "", page: 0, ...(id ? { focus: id } : {}) });
  });

  app.action<BlockAction>(HOME_ACTIONS.page, async ({ ack, body, action, client }) => {
    await ack();
    const value = action.type === "button" ? action.value : undefined;
    await publish(client, homeScope(body), parseState(value));
  });

  app.action<BlockAction>(HOME_ACTIONS.pin, async ({ ack, body, action, client }) => {
    await ack();
    // value: `pin:<id>` or `unpin:<id>`.
    const value = action.type === "button" ? (action.value ?? "") : "";
    const [verb, ...rest] = value.split(":");
    const id = rest.join(":");
    const scope = homeScope(body);
    const done = id ? ((await deps.memory.pin?.(scope, id, { pinned: verb === "pin" })) ?? false) : false;
    const notice = !done
      ? "이미 잊은 기억이에요 (already forgotten)."
      : verb === "pin"
        ? "📌 고정했어요: 보존 기간이 지나도 잊지 않아요 (pinned: it never expires)."
        : "고정을 풀었어요 (unpinned).";
    await publish(client, scope, parseState(body.view?.private_metadata), notice);
  });

  app.action<BlockAction>(SETTINGS_ACTIONS.mode, async ({ ack, body, action, client }) => {
    await ack();
    const value = action.type === "static_select" ? action.selected_option.value : "";
    const mode = AUTOSAVE_MODES.find((m): m is AutosaveMode => m === value);
    const scope = homeScope(body);
    if (mode && deps.settings) await deps.settings.setMode(scope, mode);
    await publish(client, scope, parseState(body.view?.private_metadata));
  });

  app.action<BlockAction>(SETTINGS_ACTIONS.resume, async ({ ack, body, action, client }) => {
    await ack();
    const conversation = action.type === "button" ? conversationOfValue(action.value ?? "") : undefined;
    const scope = homeScope(body);
    if (conversation && deps.settings) await deps.settings.resume(scope, conversation);
    await publish(client, scope, parseState(body.view?.private_metadata));
  });

  app.action<BlockAction>(HOME_ACTIONS.forget, async ({ ack, body, action, client }) => {
    await ack();
    const id = action.type === "button" ? (action.value ?? "") : "";
    const scope = homeScope(body);
    // The user's own memory only: the lifecycle finds ids within the user's scope, nobody else's.
    const deleted = id ? await deps.memory.deleteIds(scope, [id]) : [];
    // The memory shown alone is gone: back to the list it was opened from.
    const { focus, ...listed } = parseState(body.view?.private_metadata);
    const state: HomeState = focus === id ? listed : { ...listed, ...(focus ? { focus } : {}) };
    const notice =
      deleted.length > 0
        ? `🗑 잊었어요 (forgotten): "${escapedClip(deleted[0]!.text.replace(/\s+/g, " "), 200)}"`
        : "이미 잊은 기억이에요 (already forgotten).";
    deps.logger.info(
      { teamId: scope.teamId, userId: scope.userId, deleted: deleted.length },
      "forgotten from App Home",
    );
    await publish(client, scope, state, notice);
  });

  app.action<BlockAction>(HOME_ACTIONS.forgetEverything, async ({ ack, body, client }) => {
    await ack();
    const scope = homeScope(body);
    // Confirmed in Slack's dialog; App Home is the user's own page, so everything of theirs may go.
    const result = await deps.memory.deleteAll?.(scope, { history: true });
    deps.logger.info(
      { teamId: scope.teamId, userId: scope.userId, ...result },
      "everything forgotten from App Home",
    );
    const notice = result
      ? `🗑 전부 잊었어요: 기억 ${result.memories}개, 대화 ${result.conversations ?? 0}개 (everything forgotten).`
      : "지금은 전부 잊을 수 없어요 (not available).";
    await publish(client, scope, { q: "", page: 0 }, notice);
  });
}

/** The App Home user: everything of theirs, as in a DM (only they see App Home). */
function homeScope(body: BlockAction): MemoryScope {
  return { teamId: body.team?.id ?? body.user.team_id ?? "", userId: body.user.id };
}

/**
 * The user's memories for a page: newest first, or the relevant matches of `q`. A page past the last
 * (its last memory just forgotten) shows the last page instead; `page` is the one shown.
 */
async function pageOf(
  memory: SlackMemoryPort,
  scope: MemoryScope,
  state: HomeState,
): Promise<{ items: Memory[]; total: number; page: number }> {
  const shown = (total: number): number =>
    Math.min(state.page, Math.max(0, Math.ceil(total / HOME_PAGE_SIZE) - 1));
  if (state.focus) {
    // Only the user's own memory: the lifecycle reads within the user's scope, nobody else's.
    const one = await memory.get(scope, state.focus);
    return { items: one ? [one] : [], total: one ? 1 : 0, page: 0 };
  }
  if (state.q) {
    const found = (await memory.search(scope, state.q, { k: HOME_SEARCH_K })).filter(matchesQuery);
    const page = shown(found.length);
    const ids = found.slice(page * HOME_PAGE_SIZE, (page + 1) * HOME_PAGE_SIZE).map((r) => r.id);
    const items = (await Promise.all(ids.map((id) => memory.get(scope, id)))).filter(
      (m): m is Memory => m !== undefined,
    );
    return { items, total: found.length, page };
  }
  // Newest first whatever the store's order: the page asked for, moved back when it is past the end.
  const first = await memory.newest(scope, { offset: state.page * HOME_PAGE_SIZE, limit: HOME_PAGE_SIZE });
  const page = shown(first.total);
  if (page === state.page) return { items: first.items, total: first.total, page };
  const back = await memory.newest(scope, { offset: page * HOME_PAGE_SIZE, limit: HOME_PAGE_SIZE });
  return { items: back.items, total: back.total, page };
}

/** The App Home view (`type: "home"`), at most 100 blocks whatever the user holds. */
export async function buildHomeView(
  deps: Pick<AppHomeDeps, "memory" | "graph" | "settings" | "about" | "audit">,
  scope: MemoryScope,
  state: HomeState,
  notice?: string,
): Promise<{ type: "home"; private_metadata: string; blocks: KnownBlock[] }> {
  const [page, graph, settings, changes] = await Promise.all([
    pageOf(deps.memory, scope, state),
    deps.graph.snapshot(scope).catch(() => ({ nodes: [], relations: [] })),
    deps.settings?.status(scope).catch(() => undefined),
    deps.audit
      ?.page({ limit: HOME_CHANGES, userId: scope.userId, teamId: scope.teamId })
      .then((p) => p.items)
      .catch(() => undefined),
  ]);
  // The page's own headings are in both languages; what is written from the memories (the about
  // section, labels of memories and facts) is in the language the person writes them in.
  const lang = mainLanguage(page.items.map((m) => m.text).join("\n"));
  const about =
    state.q || state.focus ? undefined : await deps.about?.answer(scope, lang).catch(() => undefined);
  const blocks: KnownBlock[] = [
    {
      type: "header",
      text: { type: "plain_text", text: "🧠 내가 기억하는 것 · What I remember", emoji: true },
    },
    {
      type: "context",
      elements: [
        {
          type: "mrkdwn",
          text: "이 화면은 나만 볼 수 있어요 (only you see this page). DM에서 말한 기억은 채널에서 보여 주지 않아요.",
        },
      ],
    },
  ];
  if (settings) blocks.push(...settingsBlocks(settings));
  if (notice) blocks.push({ type: "section", text: { type: "mrkdwn", text: clip(notice, 2900) } });
  if (about) {
    blocks.push({
      type: "header",
      text: { type: "plain_text", text: "🙋 나에 대해 · About you", emoji: true },
    });
    blocks.push(
      ...aboutBlocks(about, lang, {
        forget: HOME_ACTIONS.forget,
        focus: HOME_ACTIONS.focus,
        latestListedBelow: true,
      }),
    );
    blocks.push({ type: "divider" });
  }
  blocks.push({
    type: "input",
    block_id: "home_search_block",
    dispatch_action: true,
    label: { type: "plain_text", text: "기억 검색 · Search" },
    element: {
      type: "plain_text_input",
      action_id: HOME_ACTIONS.search,
      max_length: MAX_QUERY_CHARS,
      placeholder: { type: "plain_text", text: "예: 또리 생일 (Enter)" },
      ...(state.q ? { initial_value: state.q } : {}),
      dispatch_action_config: { trigger_actions_on: ["on_enter_pressed"] },
    },
  } as KnownBlock);
  const heading = state.focus
    ? "*이 기억 (this memory)* — 잊거나, 잊은 뒤 다시 알려 주면 고쳐져요 (forget it, or forget and tell me again to fix it)"
    : state.q
      ? `*"${escapedClip(state.q, 200)}"* 검색 결과 ${page.total}개 (results)`
      : `*최근 기억 (recent memories)* — ${page.total}개`;
  blocks.push({ type: "section", text: { type: "mrkdwn", text: heading } });
  if (state.q || state.focus)
    blocks.push({
      type: "actions",
      elements: [button("전체 보기 · Show all", HOME_ACTIONS.clear, "all")],
    } as KnownBlock);
  blocks.push({ type: "divider" });
  if (page.items.length === 0) {
    blocks.push({
      type: "section",
      text: {
        type: "mrkdwn",
        text: state.focus
          ? "이 기억은 이제 없어요 (this memory is gone)."
          : state.q
            ? "찾는 기억이 없어요 (no memory matches)."
            : '아직 기억이 없어요. DM으로 "기억해줘: …"라고 말하거나, 메시지의 "Remember this" 바로가기를 써 보세요.',
      },
    });
  }
  const pinned =
    (await deps.memory.pinned?.(
      scope,
      page.items.map((m) => m.id),
    )) ?? new Set<string>();
  for (const memory of page.items) {
    blocks.push(
      ...memoryBlocks(
        memory,
        lang,
        button("잊기 · Forget", HOME_ACTIONS.forget, memory.id, {
          style: "danger",
          confirm: forgetConfirm(memory, lang),
        }),
      ),
    );
    if (deps.memory.pin)
      blocks.push({
        type: "actions",
        elements: [
          pinned.has(memory.id)
            ? button("📌 고정 해제 · Unpin", HOME_ACTIONS.pin, `unpin:${memory.id}`)
            : button("📌 고정 · Pin", HOME_ACTIONS.pin, `pin:${memory.id}`),
        ],
      } as KnownBlock);
  }
  const nav: Button[] = [];
  if (page.page > 0)
    nav.push(
      button("◀ 이전 · Previous", HOME_ACTIONS.page, JSON.stringify({ q: state.q, page: page.page - 1 })),
    );
  if ((page.page + 1) * HOME_PAGE_SIZE < page.total)
    nav.push(button("다음 · Next ▶", HOME_ACTIONS.page, JSON.stringify({ q: state.q, page: page.page + 1 })));
  if (nav.length > 0) blocks.push({ type: "actions", elements: nav } as KnownBlock);
  if (deps.memory.deleteAll && !state.q && !state.focus && page.total > 0)
    blocks.push({
      type: "actions",
      elements: [
        button("🗑 전부 잊기 · Forget everything", HOME_ACTIONS.forgetEverything, "all", {
          style: "danger",
          confirm: forgetEverythingConfirm(),
        }),
      ],
    } as KnownBlock);

  const facts = currentFacts(graph);
  blocks.push({ type: "divider" });
  blocks.push({
    type: "header",
    text: { type: "plain_text", text: "📌 알고 있는 사실 · Known facts", emoji: true },
  });
  if (facts.length === 0) {
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: "아직 정리된 사실이 없어요 (no facts yet)." },
    });
  } else {
    blocks.push(...factSections(facts.slice(0, HOME_MAX_FACTS), lang));
    if (facts.length > HOME_MAX_FACTS)
      blocks.push({
        type: "context",
        elements: [{ type: "mrkdwn", text: `그 외 ${facts.length - HOME_MAX_FACTS}개 (and more)` }],
      });
  }
  if (changes && changes.length > 0) {
    blocks.push({ type: "divider" });
    blocks.push({
      type: "header",
      text: { type: "plain_text", text: "🕘 최근 변경 · Recent changes", emoji: true },
    });
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: clip(changes.map(changeLine).join("\n"), 2900) },
    });
  }
  return {
    type: "home",
    private_metadata: JSON.stringify(state.focus ? state : { ...state, page: page.page }),
    blocks,
  };
}

/** Audit events shown under "Recent changes" (newest first). */
export const HOME_CHANGES = 8;

const ACTION_WORDS: Record<AuditAction, string> = {
  save: "저장 (saved)",
  forget: "잊음 (forgotten)",
  "forget-all": "전부 잊음 (all forgotten)",
  expire: "만료 (expired)",
  read: "열람 (read)",
  pin: "고정 (pinned)",
  unpin: "고정 해제 (unpinned)",
};
const ACTOR_WORDS: Record<AuditActor, string> = {
  user: "나 (you)",
  autosave: "자동저장 (autosave)",
  tool: "비서 (the assistant)",
  "admin-token": "관리자 (an operator)",
  "console-session": "관리자 콘솔 (an operator)",
  sweep: "보존 기간 (retention)",
  cli: "관리 도구 (an operator's CLI)",
};

/** One audit event as a line: when, what, by whom, how many memories — never a text or id list. */
function changeLine(event: StoredAuditEvent): string {
  const count = event.ids.length > 0 ? ` · ${event.ids.length}개` : "";
  return `• ${slackDate(event.at, "minute")} · ${ACTION_WORDS[event.action]} · ${ACTOR_WORDS[event.actor]}${count}`;
}
