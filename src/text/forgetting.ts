/**
 * The speaker saying they forgot something ("아내 이름 까먹었어", "사물함 번호 잊어버렸어", "I forgot my
 * gate code"): said to an assistant with a memory, it asks for what was forgotten. speech-act.ts
 * reads it as a question, and the query's terms are what was forgotten, not the verb (tokenizer.ts).
 * Closed classes of each language; linear patterns.
 */

/** A Korean verb of forgetting closing the sentence (까먹었어, 잊어버렸네, 기억이 안 나, 생각 안 나요). */
const KO_FORGOT_END_RE =
  /\s(?:까먹었|까먹음|까먹어\s?버렸|잊어\s?버렸|잊었|(?:생각|기억)(?:이)?\s?안\s?나)[가-힣]{0,4}\s?[.!~ㅠㅜ]{0,4}$/u;
/** "I forgot …", "I can't remember …", "I don't remember …" opening the sentence. */
const EN_FORGOT_START_RE = /^\s{0,3}i\s{1,3}(?:forgot|(?:can't|cannot|can’t|don't|don’t)\s{1,3}remember)\s/iu;

/**
 * What `text` says the speaker forgot — the text without its verb of forgetting — or undefined when it
 * says no such thing. "아내 이름 까먹었어" → "아내 이름"; "I forgot my gate code" → "my gate code".
 */
export function forgottenThing(text: string): string | undefined {
  const ko = KO_FORGOT_END_RE.exec(text);
  if (ko !== null) return text.slice(0, ko.index).trim() || undefined;
  const en = EN_FORGOT_START_RE.exec(text);
  if (en !== null) return text.slice(en[0].length).trim() || undefined;
  return undefined;
}
