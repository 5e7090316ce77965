/**
 * Finding which of a user's entities a message talks about, and formatting their facts as lines
 * ("뭉치: 생일 = 10월 27일") for the model's context.
 */
import { charCount, foldText } from "../text/korean.js";
import { messageWordKeys, messageWords, namedOtherwise } from "./content-words.js";
import {
  ENGLISH_FIRST_PERSON,
  FIRST_PERSON_EN,
  FIRST_PERSON_KO,
  KOREAN_FIRST_PERSON,
  entityDisplayName,
} from "./normalize.js";

/** Names shorter than this match only as a whole word ("나" must not match inside "하나"). */
export const MIN_SUBSTRING_CHARS = 2;
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/**
 * The names (as given) mentioned in `message`, longest first. A name counts when its folded form occurs
 * in the folded message (spaces ignored for multi-word names) at a place not already covered by a longer
 * name, so "달결커피" wins over "달결" in "달결커피 담당자". One-character names ("나", "I") must be a
 * whole word, and first-person words ("내", "my") mention 나 / I. A one-word name is also mentioned by
 * another word for the same thing (content-words.ts `namedOtherwise`: "wife" for 아내).
 */
export function findMentionedEntities(options: { names: readonly string[]; message: string }): string[] {
  const message = foldText(options.message);
  const compactMessage = message.replace(/ /gu, "");
  const words = new Set(message.split(/[\s.,!?~:;()[\]"']+/u).filter((w) => w.length > 0));
  // Read as the graph reads a name: "콩이" is 콩 when 콩 is a name it knows (normalize.ts).
  const knownNames = new Set(options.names.map(foldText));
  const wordStems = new Set([...words].map((w) => foldText(entityDisplayName(w, { knownNames }))));
  // A first-person word ("내", "my") mentions 나 / I.
  const mentionsMe = [...words].some((w) => KOREAN_FIRST_PERSON.has(w) || ENGLISH_FIRST_PERSON.has(w));
  const covered = new Array<boolean>(compactMessage.length).fill(false);
  const sorted = [...new Set(options.names)].sort((a, b) => charCount(b) - charCount(a));
  const mentioned: string[] = [];
  let messageKeys: ReadonlySet<string> | undefined;
  for (const name of sorted) {
    const folded = foldText(name);
    if (folded.length === 0) continue;
    // Named by another word for the same thing, maybe in the other language ("wife" for 아내).
    messageKeys ??= new Set(messageWords(options.message).flatMap(messageWordKeys));
    if (namedOtherwise(folded, messageKeys)) {
      mentioned.push(name);
      continue;
    }
    if (charCount(folded) < MIN_SUBSTRING_CHARS) {
      const isMe = name === FIRST_PERSON_KO || name === FIRST_PERSON_EN;
      if (wordStems.has(folded) || words.has(folded) || (isMe && mentionsMe)) mentioned.push(name);
      continue;
    }
    const compactName = folded.replace(/ /gu, "");
    const spans = occurrences(compactMessage, compactName);
    const free = spans.filter((start) => covered.slice(start, start + compactName.length).some((c) => !c));
    if (free.length === 0) continue;
    for (const start of spans) covered.fill(true, start, start + compactName.length);
    mentioned.push(name);
  }
  return mentioned;
}

/** One fact of an entity, for display. */
export interface FactLine {
  attribute: string;
  value: string;
  /** ms since the epoch. */
  createdAt: number;
  current: boolean;
  supersededAt?: number;
  sourceMemoryId?: string;
}

/**
 * Lines like "뭉치: 생일 = 10월 27일", one per attribute; several current values are joined with ", ".
 */
export function formatFactLines(entity: string, facts: readonly FactLine[]): string[] {
  const byAttribute = new Map<string, string[]>();
  for (const fact of facts) {
    const values = byAttribute.get(fact.attribute) ?? [];
    if (!values.includes(fact.value)) values.push(fact.value);
    byAttribute.set(fact.attribute, values);
  }
  return [...byAttribute].map(([attribute, values]) => `${entity}: ${attribute} = ${values.join(", ")}`);
}
