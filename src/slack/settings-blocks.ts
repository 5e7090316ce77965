import type { KnownBlock } from "@slack/types";
import { slackDate } from "./mrkdwn.js";
import type { AutosaveSettings } from "../autosave/autosave-settings.js";
import { AUTOSAVE_MODES, type AutosaveMode, type UserSettings } from "../core/user-settings.js";
import { button } from "./memory-blocks.js";

/** What the Slack surfaces need of the autosave settings (app/compose builds it). */
export type SlackSettingsPort = Pick<
  AutosaveSettings,
  "status" | "setMode" | "pause" | "resume" | "answerOffer"
>;

export const SETTINGS_ACTIONS = {
  /** App Home's select of the autosave mode. */
  mode: "home_autosave_mode",
  /** App Home's "resume" next to a paused conversation (value: channel, or channel:thread). */
  resume: "home_resume",
} as const;

const MAX_PAUSES_SHOWN = 5;

const MODE_LABELS: Record<AutosaveMode, string> = {
  on: "켜짐 · On",
  off: "꺼짐 · Off",
  ask: "먼저 물어보기 · Ask me first",
};

/** "자동저장: 켜짐 · On" and the paused conversations, one line each (for `/memory`). */
export function settingsStatusText(settings: UserSettings): string {
  const lines = [`*자동저장 (autosave):* ${MODE_LABELS[settings.autosave]}`];
  for (const p of settings.pauses)
    lines.push(`⏸ ${conversationLabel(p)} — ${whenLabel(p.until)}까지 기억 안 함 (paused until then)`);
  return lines.join("\n");
}

/** App Home's settings: the mode as a select, and each paused conversation with a resume button. */
export function settingsBlocks(settings: UserSettings): KnownBlock[] {
  const option = (mode: AutosaveMode) => ({
    text: { type: "plain_text" as const, text: MODE_LABELS[mode] },
    value: mode,
  });
  const blocks: KnownBlock[] = [
    {
      type: "section",
      text: {
        type: "mrkdwn",
        text: '*자동저장 (autosave)* — 말한 내용 중 유용한 것을 스스로 기억할지 (whether I keep useful things you tell me by myself). "기억해줘"는 항상 돼요.',
      },
      accessory: {
        type: "static_select",
        action_id: SETTINGS_ACTIONS.mode,
        options: AUTOSAVE_MODES.map(option),
        initial_option: option(settings.autosave),
      },
    } as KnownBlock,
  ];
  // A few at most: App Home has 100 blocks for everything.
  for (const p of settings.pauses.slice(0, MAX_PAUSES_SHOWN)) {
    blocks.push({
      type: "section",
      text: {
        type: "mrkdwn",
        text: `⏸ ${conversationLabel(p)} — ${whenLabel(p.until)}까지 기억하지 않아요 (paused)`,
      },
      accessory: button(
        "다시 기억 · Resume",
        SETTINGS_ACTIONS.resume,
        p.threadTs ? `${p.channelId}:${p.threadTs}` : p.channelId,
      ),
    } as KnownBlock);
  }
  return blocks;
}

/** The value of a resume button read back. */
export function conversationOfValue(value: string): { channelId: string; threadTs?: string } | undefined {
  const [channelId = "", threadTs] = value.split(":", 2);
  if (!channelId) return undefined;
  return threadTs ? { channelId, threadTs } : { channelId };
}

function conversationLabel(p: { channelId: string; threadTs?: string | undefined }): string {
  const where = p.channelId.startsWith("D") ? "DM" : `<#${p.channelId}>`;
  return p.threadTs ? `${where}의 스레드 (a thread)` : where;
}

function whenLabel(ms: number): string {
  return slackDate(ms, "minute");
}

/** A pause duration like `30m`, `2h`, `1d`, `90분`, `2시간`, `3일`; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,4})\s?(m|min|mins|minutes?|분|h|hr|hrs|hours?|시간|d|days?|일)$/iu.exec(text.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const minute = 60_000;
  if (unit.startsWith("m") || unit === "분") return n * minute;
  if (unit.startsWith("h") || unit === "시간") return n * 60 * minute;
  return n * 24 * 60 * minute;
}
