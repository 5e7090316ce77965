import type { AppErrorCode } from "../errors.js";
import type { Lang } from "../text/language.js";

/** Short, friendly replies for a failed turn, by language. Never silence. */
export function failureReply(lang: Lang, code: AppErrorCode | undefined): string {
  const llmDown = code === "llm_unavailable" || code === "llm_timeout";
  if (lang === "en") {
    return llmDown
      ? "Sorry, I can't reach my language model right now (it is offline or too slow). Please try again in a moment."
      : "Sorry, something went wrong while I was answering. Please try again in a moment.";
  }
  return llmDown
    ? "죄송해요, 지금 언어 모델에 연결할 수 없어요 (꺼져 있거나 응답이 너무 느려요). 잠시 후 다시 시도해 주세요."
    : "죄송해요, 답변하는 중에 문제가 생겼어요. 잠시 후 다시 시도해 주세요.";
}
