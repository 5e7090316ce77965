import { AppError } from "../core/errors.js";
import type { ChatMessage } from "../core/llm.js";
import type { Lang } from "../text/language.js";
import type { HistoryTurn } from "../core/history-types.js";

interface PromptText {
  system: string;
  instruction: string;
  previousHeader: string;
  conversationHeader: string;
  user: string;
  assistant: string;
}

/** The summary prompt in each language. Korean is the default. */
export const SUMMARY_PROMPTS: Record<Lang, PromptText> = {
  ko: {
    system: "너는 대화 기록을 요약하는 비서야. 요약문만 답하고 다른 말은 덧붙이지 마.",
    instruction:
      "다음 대화를 핵심 사실 위주로 2-3문장으로 요약해줘. 사람 이름, 날짜, 시간, 숫자, 금액, 장소, 가게 이름은 " +
      "원문 그대로 적어줘. [이전 요약]이 있으면 그 사실도 빠짐없이 새 요약에 합쳐줘. 인사나 잡담은 빼고, " +
      "요약문만 한국어로 답해줘.",
    previousHeader: "[이전 요약]",
    conversationHeader: "[대화]",
    user: "사용자",
    assistant: "비서",
  },
  en: {
    system: "You summarise chat logs. Reply with the summary only, nothing else.",
    instruction:
      "Summarise the following conversation in 2-3 sentences of key facts. Keep names, dates, times, numbers, " +
      "amounts, places and shop names exactly as written. If there is a [Previous summary], carry every fact " +
      "of it into the new summary. Leave out greetings and small talk, and reply with the summary only, in English.",
    previousHeader: "[Previous summary]",
    conversationHeader: "[Conversation]",
    user: "User",
    assistant: "Assistant",
  },
};

/**
 * The chat request that asks for the new rolling summary: the previous summary (if any) plus the newly
 * aged turns, in the conversation's language.
 */
export function buildSummaryPrompt(options: {
  previousSummary?: string | undefined;
  turns: HistoryTurn[];
  language: Lang;
}): ChatMessage[] {
  const text = SUMMARY_PROMPTS[options.language];
  const sections = [text.instruction];
  const previous = options.previousSummary?.trim();
  if (previous) sections.push(`${text.previousHeader}\n${previous}`);
  const lines = options.turns.map((turn) => {
    const said = [`${text.user}: ${turn.user}`];
    if (turn.assistant !== "") said.push(`${text.assistant}: ${turn.assistant}`);
    return said.join("\n");
  });
  sections.push(`${text.conversationHeader}\n${lines.join("\n")}`);
  return [
    { role: "system", content: text.system },
    { role: "user", content: sections.join("\n\n") },
  ];
}

/** What a summary request asked for, read back from its messages (for offline summarisers and tests). */
export interface ParsedSummaryPrompt {
  language: Lang;
  previousSummary?: string;
  turns: Array<{ user: string; assistant: string }>;
}

/** Reads back a request built by {@link buildSummaryPrompt}; undefined when it is not one. */
export function parseSummaryPrompt(messages: ChatMessage[]): ParsedSummaryPrompt | undefined {
  const content = messages.findLast((m) => m.role === "user")?.content ?? "";
  for (const language of ["ko", "en"] as const) {
    const text = SUMMARY_PROMPTS[language];
    if (!content.startsWith(text.instruction)) continue;
    const marker = `\n\n${text.conversationHeader}\n`;
    const at = content.indexOf(marker);
    if (at < 0) return undefined;
    const head = content.slice(text.instruction.length, at);
    const previousStart = head.indexOf(`${text.previousHeader}\n`);
    const previousSummary =
      previousStart >= 0 ? head.slice(previousStart + text.previousHeader.length + 1).trim() : undefined;
    const turns = parseTurns(content.slice(at + marker.length), text);
    return { language, ...(previousSummary ? { previousSummary } : {}), turns };
  }
  return undefined;
}

function parseTurns(body: string, text: PromptText): Array<{ user: string; assistant: string }> {
  const turns: Array<{ user: string; assistant: string }> = [];
  let side: "user" | "assistant" = "user";
  for (const line of body.split("\n")) {
    const last = turns.at(-1);
    if (line.startsWith(`${text.user}: `)) {
      turns.push({ user: line.slice(text.user.length + 2), assistant: "" });
      side = "user";
    } else if (line.startsWith(`${text.assistant}: `) && last) {
      last.assistant = line.slice(text.assistant.length + 2);
      side = "assistant";
    } else if (last) {
      last[side] += `\n${line}`; // a message that spans lines
    }
  }
  return turns;
}

const CODE_FENCE = /^```[a-z]*\n?|\n?```$/g;
const LABEL_PREFIX = /^(요약|summary)\s*[:：]\s*/i;

/**
 * The summary text from a model reply: trimmed, without code fences or a leading "요약:" / "Summary:".
 * Throws AppError `llm_bad_output` when nothing is left.
 */
export function cleanSummaryReply(content: string): string {
  const text = content.trim().replace(CODE_FENCE, "").trim().replace(LABEL_PREFIX, "").trim();
  if (text === "") throw new AppError("llm_bad_output", "the model returned an empty summary");
  return text;
}
