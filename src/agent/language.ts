/** The reply language of a message: Korean unless it is written in Latin script with no Hangul. */
export type Lang = "ko" | "en";

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const LATIN_WORD = /[A-Za-z]{2,}/;

export function detectLanguage(text: string): Lang {
  if (HANGUL.test(text)) return "ko";
  return LATIN_WORD.test(text) ? "en" : "ko";
}
