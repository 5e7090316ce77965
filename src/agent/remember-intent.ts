/**
 * Explicit "remember this" requests: "기억해줘: …", "… 기억해 둬", "remember that …". Returns the
 * text to store, or undefined when the message is not such a request. Questions such as "기억해?" or
 * "내가 뭐 기억해달라고 했지?" are not requests.
 */
const KO_TRIGGER = /\s*(?:을|를)?\s*기억\s*해\s*(?:줘요?|주세요|둬|두세요|놔|줄래|주라)[.!~]*\s*[:：]?\s*/u;
const EN_TRIGGER = /^\s*(?:please\s+)?remember(?:\s+that)?\s*[:,]?\s*/i;
const EDGE_PUNCTUATION = /^[\s:：,.\-–—]+|[\s:：,\-–—]+$/gu;

export function parseRememberRequest(text: string): string | undefined {
  let rest: string | undefined;
  if (KO_TRIGGER.test(text)) rest = text.replace(KO_TRIGGER, " ");
  else if (EN_TRIGGER.test(text)) rest = text.replace(EN_TRIGGER, "");
  if (rest === undefined) return undefined;
  const cleaned = rest.replace(EDGE_PUNCTUATION, "").replace(/\s+/g, " ").trim();
  return cleaned.length > 0 ? cleaned : undefined;
}
