/**
 * Chat requests about what the assistant keeps by itself, in Korean and English: autosave on, off or
 * ask ("앞으로 자동으로 기억하지 마", "stop remembering things automatically"), a pause of this
 * conversation ("이 대화는 기억하지 마", "don't remember this") and its end ("다시 기억해", "resume").
 *
 * The message is read by a sticky tokeniser into words (letters, digits and apostrophes) and
 * separators (spaces and end punctuation), each piece found once where the previous ended — linear
 * in the message — and anything else (a link, an emoji, a long text) makes it no such request. The
 * words are then looked up whole: Korean spaced any way (the words joined without spaces), English
 * case-insensitively. Only these fixed phrases count, so "X 기억하지 마" about something else stays a
 * message for the model.
 */
import type { AutosaveMode } from "../core/user-settings.js";
import type { Lang } from "../text/language.js";

export type SettingsIntent =
  { kind: "autosave"; mode: AutosaveMode } | { kind: "pause" } | { kind: "resume" };

/** Longest message read as such a request (the phrases are short). */
const MAX_CHARS = 80;

/** A word, or a run of spaces and end punctuation (sticky: read where the previous piece ended). */
const PIECE = /([\p{L}\p{N}'’]+)|([\s.,!?~…]+)/uy;

/** The message's words, lower-cased; undefined when it holds anything but words and separators. */
export function settingsWords(text: string): string[] | undefined {
  if (text.length > MAX_CHARS) return undefined;
  const words: string[] = [];
  PIECE.lastIndex = 0;
  while (PIECE.lastIndex < text.length) {
    const piece = PIECE.exec(text);
    if (!piece) return undefined;
    if (piece[1] !== undefined) words.push(piece[1].toLowerCase().replace(/’/gu, "'"));
  }
  return words;
}

/** Every phrase from each start followed by each end, spaces removed (Korean is spaced any way). */
function koPhrases(starts: readonly string[], ends: readonly string[]): string[] {
  return starts.flatMap((s) => ends.map((e) => `${s}${e}`.replace(/\s/gu, "")));
}

const KO_FROM_NOW = ["", "앞으로", "앞으로는", "이제", "이제부터", "지금부터"];
const KO_DONT = ["지 마", "지 마요", "지 마세요", "지 말아 줘", "지 말아 주세요", "지 말아요", "지 말 것"];
const KO_AUTOSAVE = ["자동 저장", "자동저장", "자동 기억"];

const KO: ReadonlyMap<string, SettingsIntent> = new Map<string, SettingsIntent>([
  ...koPhrases(KO_FROM_NOW, [
    ...koPhrases(["자동으로 기억하", "자동으로 저장하", "알아서 기억하", "알아서 저장하"], KO_DONT),
    ...koPhrases(KO_AUTOSAVE, [" 꺼", " 꺼 줘", " 꺼 주세요", " 끄기", " 끄기로", " 그만"]),
  ]).map((p) => [p, { kind: "autosave", mode: "off" }] as const),
  ...koPhrases(KO_FROM_NOW, [
    ...koPhrases(KO_AUTOSAVE, [" 켜", " 켜 줘", " 켜 주세요", " 켜기"]),
    ...koPhrases(["자동으로 기억해", "알아서 기억해"], ["", " 줘", " 주세요", "도 돼"]),
  ]).map((p) => [p, { kind: "autosave", mode: "on" }] as const),
  ...koPhrases(KO_FROM_NOW, [
    ...koPhrases(KO_AUTOSAVE, [" 물어보기", " 물어봐", " 전에 물어봐", " 전에 물어봐 줘"]),
    ...koPhrases(
      ["기억하기 전에 ", "저장하기 전에 ", "기억하기 전에 먼저 ", "자동으로 기억하기 전에 "],
      ["물어봐", "물어봐 줘", "물어봐 주세요", "물어보기"],
    ),
  ]).map((p) => [p, { kind: "autosave", mode: "ask" }] as const),
  ...koPhrases(
    [
      "이 대화는 ",
      "이 대화 ",
      "이 대화도 ",
      "이 스레드는 ",
      "이 스레드 ",
      "여기서는 ",
      "여기는 ",
      "지금부터 ",
    ],
    [...koPhrases(["기억하", "저장하"], KO_DONT), "기억 금지", "기억 멈춰", "기억 중지"],
  ).map((p) => [p, { kind: "pause" }] as const),
  ...koPhrases(
    ["다시 ", "이 대화 다시 ", "이제 다시 ", "다시 자동으로 "],
    ["기억해", "기억해 줘", "기억해 주세요", "기억해도 돼", "기억해도 돼요", "기억하기", "기억 시작"],
  ).map((p) => [p, { kind: "resume" }] as const),
  ...["기억 재개", "기억재개", "자동 저장 재개"].map(
    (p) => [p.replace(/\s/gu, ""), { kind: "resume" }] as const,
  ),
]);

/** English phrases, words joined by one space; "please" at either end is dropped before the lookup. */
const EN: ReadonlyMap<string, SettingsIntent> = new Map<string, SettingsIntent>([
  ...[
    "stop remembering things automatically",
    "stop remembering automatically",
    "stop saving things automatically",
    "don't remember things automatically",
    "do not remember things automatically",
    "dont remember things automatically",
    "don't save things automatically",
    "turn off autosave",
    "turn autosave off",
    "autosave off",
    "disable autosave",
    "stop autosaving",
    "stop autosave",
  ].map((p) => [p, { kind: "autosave", mode: "off" }] as const),
  ...[
    "turn on autosave",
    "turn autosave on",
    "autosave on",
    "enable autosave",
    "remember things automatically",
    "start remembering things automatically",
    "remember things automatically again",
    "resume remembering automatically",
    "resume remembering things automatically",
    "start remembering automatically",
    "turn autosave back on",
    "autosave back on",
  ].map((p) => [p, { kind: "autosave", mode: "on" }] as const),
  ...[
    "ask before remembering",
    "ask me before remembering",
    "ask before remembering things",
    "ask me before remembering things",
    "ask before saving",
    "ask me before saving",
    "autosave ask",
    "ask before autosaving",
    "ask me before autosaving",
  ].map((p) => [p, { kind: "autosave", mode: "ask" }] as const),
  ...["don't", "do not", "dont"]
    .flatMap((neg) => ["", " conversation", " thread", " chat"].map((what) => `${neg} remember this${what}`))
    .concat([
      "pause memory",
      "pause remembering",
      "pause autosave",
      "stop remembering this conversation",
      "stop remembering this thread",
      "don't remember anything here",
      "off the record",
    ])
    .map((p) => [p, { kind: "pause" }] as const),
  ...[
    "resume",
    "resume memory",
    "resume remembering",
    "resume autosave",
    "remember again",
    "start remembering again",
    "you can remember again",
    "back on the record",
  ].map((p) => [p, { kind: "resume" }] as const),
]);

/** The settings request a chat message makes, or undefined. */
export function parseSettingsIntent(text: string): SettingsIntent | undefined {
  const words = settingsWords(text);
  if (!words || words.length === 0) return undefined;
  const ko = KO.get(words.join(""));
  if (ko) return ko;
  const start = words[0] === "please" ? 1 : 0;
  const end = words.at(-1) === "please" ? words.length - 1 : words.length;
  return EN.get(words.slice(start, end).join(" "));
}

/** How a mode reads in a reply or a status line. */
export function autosaveModeLabel(mode: AutosaveMode, lang: Lang): string {
  if (lang === "en") return mode === "on" ? "on" : mode === "off" ? "off" : "ask first";
  return mode === "on" ? "켜짐" : mode === "off" ? "꺼짐" : "먼저 물어보기";
}

export function autosaveSetReply(mode: AutosaveMode, lang: Lang): string {
  if (lang === "en") {
    if (mode === "off")
      return 'OK — I won\'t remember things by myself any more. Say "remember: …" when you want something kept.';
    if (mode === "ask")
      return "OK — before I keep something by myself I'll ask you (only you see the question; it lapses after a day).";
    return "OK — I'll remember useful things you tell me by myself again (📝 marks them).";
  }
  if (mode === "off")
    return '알겠어요. 앞으로는 자동으로 기억하지 않을게요. 남기고 싶은 건 "기억해줘: …"라고 말해 주세요.';
  if (mode === "ask")
    return "알겠어요. 자동으로 기억하기 전에 먼저 물어볼게요 (나에게만 보이고, 하루가 지나면 사라져요).";
  return "알겠어요. 다시 유용한 내용은 자동으로 기억할게요 (📝 표시).";
}

/** The reply to a pause: what is paused, and until when (ISO time, UTC). */
export function pausedReply(lang: Lang, until: number, thread: boolean): string {
  const when = new Date(until).toISOString().slice(0, 16).replace("T", " ");
  if (lang === "en")
    return `⏸ Paused: I won't remember anything from this ${thread ? "thread" : "conversation"} until ${when} UTC, or until you say "resume". "remember: …" still works.`;
  return `⏸ 이 ${thread ? "스레드" : "대화"}는 ${when} (UTC)까지 기억하지 않을게요. "다시 기억해"라고 하면 바로 다시 기억해요. "기억해줘: …"는 그대로 돼요.`;
}

export function resumedReply(lang: Lang, wasPaused: boolean): string {
  if (lang === "en")
    return wasPaused
      ? "▶️ Resumed: I'll remember things from this conversation again."
      : "This conversation wasn't paused — I'm remembering as usual.";
  return wasPaused
    ? "▶️ 다시 이 대화를 기억할게요."
    : "이 대화는 멈춰 있지 않았어요. 평소처럼 기억하고 있어요.";
}

export function settingsUnavailableReply(lang: Lang): string {
  return lang === "en"
    ? "Sorry, I couldn't change that setting just now; please try again."
    : "죄송해요, 지금은 설정을 바꾸지 못했어요. 잠시 후 다시 시도해 주세요.";
}
