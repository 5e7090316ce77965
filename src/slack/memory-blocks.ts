import type { Button, KnownBlock } from "@slack/types";
import type { GraphData } from "../core/graph-types.js";
import { visibilityOf } from "../core/visibility.js";
import type { Lang } from "../text/language.js";
import type { ChannelType, Memory, MemoryScope, Owner } from "../core/types.js";
import { escapedClip, escapeMrkdwn, slackDate } from "./mrkdwn.js";
import { isFirstPerson } from "../extraction/normalize.js";
import { attributeLabel } from "../extraction/attribute-labels.js";
import { USER_NAMES } from "../graph/graph-port.js";

/**
 * What the Slack memory surfaces (App Home, `/memory`, the "Remember this" shortcut) need of the
 * memory lifecycle — the one owner of save and forget — in plain project types.
 */
export interface SlackMemoryPort {
  list(
    scope: MemoryScope,
    options: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: Memory[]; nextCursor: string | null }>;
  search(
    scope: MemoryScope,
    query: string,
    options: { k?: number },
  ): Promise<Array<{ id: string; relevant: boolean }>>;
  get(scope: MemoryScope, id: string): Promise<Memory | undefined>;
  /** A page of the user's memories visible in `scope`, newest first, and how many there are. */
  newest(
    scope: MemoryScope,
    page: { offset: number; limit: number },
  ): Promise<{ items: Memory[]; total: number }>;
  deleteIds(scope: MemoryScope, ids: readonly string[]): Promise<Memory[]>;
  /** Deletes every memory of the user, their graph and (with `history`) their conversations. */
  deleteAll?(
    scope: MemoryScope,
    options?: { history?: boolean },
  ): Promise<{ memories: number; conversations?: number }>;
  /** Forgets everywhere what autosave kept of one message of the user; returns what was forgotten. */
  forgetSavedFrom(scope: MemoryScope, message: { channelId: string; messageTs: string }): Promise<Memory[]>;
  findToForget(
    scope: MemoryScope,
    idOrQuery: string,
    options?: { limit?: number },
  ): Promise<{ meant?: Memory; candidates: Memory[] }>;
  /** Pins or unpins the user's memory so the retention sweep never expires it; false when not found. */
  pin?(scope: MemoryScope, id: string, options?: { pinned?: boolean }): Promise<boolean>;
  /** Which of `ids` the user pinned. */
  pinned?(owner: Owner, ids: readonly string[]): Promise<Set<string>>;
  save(
    scope: MemoryScope,
    input: {
      text: string;
      id?: string;
      timestamp?: number;
      channelId?: string;
      channelType?: ChannelType;
      source: "slack";
      extra?: Record<string, string | number | boolean>;
    },
  ): Promise<Memory & { stored: boolean }>;
}

/** What they need of the knowledge graph: the user's whole graph (App Home shows its current facts). */
export interface SlackGraphPort {
  snapshot(key: Owner): Promise<GraphData>;
}

/** Block Kit limits (https://docs.slack.dev/reference/block-kit/blocks): section text, button text. */
export const MAX_SECTION_CHARS = 3000;
export const MAX_BUTTON_CHARS = 75;
/** A memory's text as shown in one section (the rest of the section is its marks). */
export const MAX_SHOWN_MEMORY_CHARS = 2500;

/**
 * Where a Slack conversation is, as the project names it, from what Slack says of it: the
 * conversation's type when the payload has one (`channel_type` of an event), else its id — Slack's
 * DM ids begin with `D`, and only those are DMs (`im`); `G…` is a private channel or a group DM
 * (both private to that conversation: core/visibility.ts), anything else a channel. Never from the
 * conversation's name: a slash command or interaction carries a `channel_name` ("directmessage",
 * "mpdm-…") that does not decide what a conversation is.
 */
export function channelTypeOf(channelId: string, slackType?: string): ChannelType {
  if (channelId.startsWith("D")) return "im";
  // Slack's own type, but never "im" for a conversation whose id is not a DM's.
  if (slackType === "mpim" || slackType === "group" || slackType === "channel") return slackType;
  return channelId.startsWith("G") ? "group" : "channel";
}

/** The scope of a user acting in a conversation: outside a DM only what may be shown there. */
export function scopeIn(teamId: string, userId: string, channelId: string | undefined): MemoryScope {
  if (!channelId) return { teamId, userId };
  return { teamId, userId, channelId, channelType: channelTypeOf(channelId) };
}

// A memory's text is escaped by the one owner of Slack escaping (src/slack/mrkdwn.ts).
export { escapeMrkdwn, escapedClip };

/** A text cut to `max` characters with "…" (never more: Slack refuses longer texts). */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Where a memory may be recalled, for its owner: a DM's in their DMs (and App Home), a conversation's
 * other than a DM — a channel, a private channel or a group DM — in that conversation alone, and never
 * to anyone but its owner (core/visibility.ts). One label for all three: nothing in the payload of a
 * mention or a slash command tells a private channel with a `C…` id from a public one, and the label
 * says where, not who else reads the conversation.
 */
export function whereLabel(memory: Memory, lang: Lang): string {
  const visibility = visibilityOf(memory);
  if (visibility === "shared") return lang === "en" ? "🌐 shared" : "🌐 공유됨";
  if (visibility.startsWith("channel:")) {
    // A link only for a Slack id: an imported memory's channel id is any text.
    const id = memory.channelId ?? "";
    const channel = /^[A-Z0-9_]+$/.test(id) ? `<#${id}>` : `#${escapeMrkdwn(id)}`;
    return lang === "en" ? `💬 only in ${channel}` : `💬 ${channel} 대화에서만`;
  }
  return lang === "en" ? "🔒 private (DM)" : "🔒 나만 (DM)";
}

/** The marks under a memory: date, topics, where it may be shown, who wrote it (shortcut), its id. */
export function memoryMarks(memory: Memory, lang: Lang): string {
  // The day in the viewer's own time zone (Slack renders it).
  const marks = [`📅 ${slackDate(memory.timestamp)}`];
  if (memory.topics?.length) marks.push(`🏷 ${memory.topics.map(escapeMrkdwn).join(", ")}`);
  marks.push(whereLabel(memory, lang));
  const author = memory.extra?.["author"];
  const permalink = memory.extra?.["permalink"];
  if (typeof author === "string" && /^[UW][A-Z0-9]+$/.test(author))
    marks.push(lang === "en" ? `✍️ <@${author}>` : `✍️ <@${author}>님의 메시지`);
  if (typeof permalink === "string" && /^https:\/\/[^\s<>|]+$/.test(permalink))
    marks.push(`<${permalink}|${lang === "en" ? "original" : "원본"}>`);
  marks.push(`\`${memory.id}\``);
  return marks.join("  ·  ");
}

/** A memory as a section (its text, escaped and clipped) and a context line of its marks. */
export function memoryBlocks(memory: Memory, lang: Lang, accessory?: Button): KnownBlock[] {
  const section = {
    type: "section",
    text: { type: "mrkdwn", text: escapedClip(memory.text, MAX_SHOWN_MEMORY_CHARS) },
    ...(accessory ? { accessory } : {}),
  } as KnownBlock;
  return [
    section,
    {
      type: "context",
      elements: [{ type: "mrkdwn", text: clip(memoryMarks(memory, lang), MAX_SECTION_CHARS) }],
    },
  ];
}

/** A button, its text clipped to Slack's limit. */
export function button(
  text: string,
  actionId: string,
  value: string,
  extra: Record<string, unknown> = {},
): Button {
  return {
    type: "button",
    text: { type: "plain_text", text: clip(text, MAX_BUTTON_CHARS), emoji: true },
    action_id: actionId,
    value,
    ...extra,
  } as Button;
}

/** Block Kit's confirmation dialog before forgetting a memory. */
export function forgetConfirm(memory: Memory, lang: Lang): Record<string, unknown> {
  const quoted = clip(memory.text.replace(/\s+/g, " "), 200);
  return lang === "en"
    ? {
        title: { type: "plain_text", text: "Forget this?" },
        text: {
          type: "plain_text",
          text: `"${quoted}" will be forgotten everywhere (memory, search, facts).`,
        },
        confirm: { type: "plain_text", text: "Forget" },
        deny: { type: "plain_text", text: "Cancel" },
        style: "danger",
      }
    : {
        title: { type: "plain_text", text: "이 기억을 잊을까요?" },
        text: { type: "plain_text", text: `"${quoted}" — 기억, 검색, 사실 어디에서도 지워져요.` },
        confirm: { type: "plain_text", text: "잊기" },
        deny: { type: "plain_text", text: "취소" },
        style: "danger",
      };
}

/** Block Kit's confirmation dialog before forgetting everything (App Home: the user's own page). */
export function forgetEverythingConfirm(): Record<string, unknown> {
  return {
    title: { type: "plain_text", text: "전부 잊을까요? · Forget all?" },
    text: {
      type: "plain_text",
      text: "모든 기억과 그 기억에서 나온 사실, 대화 기록까지 지워지고 되돌릴 수 없어요. (Every memory, its facts and your conversation history are deleted; this cannot be undone.)",
    },
    confirm: { type: "plain_text", text: "전부 잊기 · Forget all" },
    deny: { type: "plain_text", text: "취소 · Cancel" },
    style: "danger",
  };
}

/** One current fact of the graph, for display. */
export interface FactView {
  entity: string;
  attribute: string;
  value: string;
  at: number;
  /**
   * Every source was said outside a DM (a channel, a private channel or a group DM) or shared: the
   * fact may be shown where it was said too. Not "shared": a group DM's fact stays in that group DM.
   */
  shared: boolean;
}

/** The current facts of a user's graph, newest first. */
export function currentFacts(graph: GraphData): FactView[] {
  const names = new Map(graph.nodes.map((n) => [n.id, n.name]));
  return graph.relations
    .filter((r) => r.properties.current)
    .map((r) => {
      const sources = r.properties.sources ?? [];
      const at = Math.max(r.properties.createdAt, ...sources.map((s) => s.at));
      const visibilities = r.properties.visibilities ?? sources.map((s) => s.visibility);
      return {
        entity: names.get(r.source) ?? r.source,
        attribute: r.label,
        value: names.get(r.target) ?? r.target,
        at,
        shared: visibilities.length > 0 && visibilities.every((v) => v !== "private"),
      };
    })
    .sort((a, b) => b.at - a.at);
}

/**
 * Fact lines packed into sections of at most {@link MAX_SECTION_CHARS} characters each, in `lang`: the
 * user's own facts under "나" / "you" (graph-port.ts `USER_NAMES`), attributes named in that language
 * where a name is known (attribute-labels.ts).
 */
export function factSections(facts: FactView[], lang: Lang): KnownBlock[] {
  const lines = facts.map((f) => {
    const entity = isFirstPerson(f.entity) ? USER_NAMES[lang] : f.entity;
    const attribute = attributeLabel(f.attribute, lang);
    const shared = f.shared ? (lang === "en" ? ", also where it was said" : ", 말한 대화에서도 보임") : "";
    return `• *${escapedClip(entity, 100)}* — ${escapedClip(attribute, 100)}: ${escapedClip(f.value, 300)}  _(${slackDate(f.at)}${shared})_`;
  });
  const sections: KnownBlock[] = [];
  let current = "";
  for (const line of lines) {
    if (current && current.length + line.length + 1 > MAX_SECTION_CHARS) {
      sections.push({ type: "section", text: { type: "mrkdwn", text: current } });
      current = "";
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) sections.push({ type: "section", text: { type: "mrkdwn", text: current } });
  return sections;
}
