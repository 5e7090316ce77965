/**
 * Closed word classes written as one line of text: `words("grandson granddaughter")` is
 * `["grandson", "granddaughter"]`. Word lists are vocabulary of the language (kinship terms, roles,
 * units), kept as lines so that no list entry reads as a quoted example sentence.
 */
export function words(line: string): string[] {
  return line.split(/\s+/u).filter((word) => word.length > 0);
}

/**
 * Pairs of phrases written as `"phone number = phone; fax no = fax"`: each `key = value` pair separated
 * by `;`, spaces inside a phrase kept.
 */
export function phrasePairs(line: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of line.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key && value) pairs[key] = value;
  }
  return pairs;
}
