import type { HistoryTurn } from "../core/history-types.js";
import { SUMMARY_HEADER } from "../core/ports.js";

/** Header of aged turns that are not summarised yet (shown verbatim, only when there are any). */
export const OLDER_TURNS_HEADER = "[이전 대화]";
/** Header of the last KEEP_RECENT_TURNS turns. */
export const RECENT_HEADER = "[최근 대화]";
/** Speaker labels of a rendered turn. */
export const USER_LABEL = "사용자";
export const ASSISTANT_LABEL = "비서";

const SECTION_SEPARATOR = "\n\n";
const TURN_SEPARATOR = "\n\n";

/** The parts of a history context that get rendered. */
export interface RenderableContext {
  summary?: string | undefined;
  olderTurns: HistoryTurn[];
  recent: HistoryTurn[];
}

/** One turn as `사용자: …\n비서: …` (the assistant line is left out when there was no reply). */
export function renderTurn(turn: HistoryTurn): string {
  const lines = [`${USER_LABEL}: ${turn.user}`];
  if (turn.assistant !== "") lines.push(`${ASSISTANT_LABEL}: ${turn.assistant}`);
  return lines.join("\n");
}

/**
 * The history as prompt text, or "" when there is none:
 *
 * ```text
 * [이전 대화 요약]
 * 상견례는 광화문 '청송재'에서 12시 반.
 *
 * [이전 대화]
 * 사용자: …
 * 비서: …
 *
 * [최근 대화]
 * 사용자: …
 * 비서: …
 * ```
 */
export function renderContext(context: RenderableContext): string {
  const sections: string[] = [];
  const summary = context.summary?.trim();
  if (summary) sections.push(`${SUMMARY_HEADER}\n${summary}`);
  if (context.olderTurns.length > 0) {
    sections.push(`${OLDER_TURNS_HEADER}\n${context.olderTurns.map(renderTurn).join(TURN_SEPARATOR)}`);
  }
  if (context.recent.length > 0) {
    sections.push(`${RECENT_HEADER}\n${context.recent.map(renderTurn).join(TURN_SEPARATOR)}`);
  }
  return sections.join(SECTION_SEPARATOR);
}
