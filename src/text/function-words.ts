/**
 * Words that carry nothing of a message's content, for the content filter's density and novelty: the
 * search's function words (text/tokenizer.ts: deictics, the first person, light verbs, English
 * function words) and the intensifiers, interjections and discourse markers people add to a chat line
 * (진짜, 완전, 참고로, honestly, anyway).
 */
import { isFunctionWord } from "./tokenizer.js";

const FILLERS: ReadonlySet<string> = new Set([
  "좀",
  "그냥",
  "진짜",
  "정말",
  "완전",
  "너무",
  "참",
  "아",
  "오",
  "음",
  "또",
  "참고",
  "참고로",
  "앗",
  "엇",
  "헐",
  "아참",
  "미안",
  "아니",
  "아니다",
  "it's",
  "i'm",
  "just",
  "really",
  "very",
  "honestly",
  "anyway",
  "actually",
  "sorry",
  "oops",
  "again",
  "reminder",
  "fyi",
  "btw",
]);

/** True for a lower-case word that says nothing of the content (see the module comment). */
export function isFillerWord(word: string): boolean {
  return FILLERS.has(word) || isFunctionWord(word);
}
