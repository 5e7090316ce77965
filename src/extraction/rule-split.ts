/**
 * Splitting a clause into the predicates it chains: "두리는 비숑이고 올해 네 살이에요" says two things
 * of 두리, "나 갑각류 알레르기 있어서 새우는 못 먹어" states a fact and then a consequence. Each part is read on
 * its own; a part after the first speaks of the subject the first one named (the text's topic).
 */
import {
  charCount,
  hasBatchim,
  isHangulSyllable,
  lastChar,
  stripParticle,
  TOPIC_PARTICLES,
} from "../text/korean.js";
import { entityDisplayName, FIRST_PERSON_KO } from "./normalize.js";
import { breedOf, hasTopicParticle } from "./rule-common.js";
import { NAME_WORDS } from "./words/attributes.js";

/** One part of a clause, and whether an earlier part of the same clause named its subject. */
export interface ClausePart {
  tokens: string[];
  continued: boolean;
}

/** The topic "X는" of a chain may follow an owner and a kind ("우리 집 강아지 두리는"). */
const MAX_TOPIC_INDEX = 4;
/** "꼬미는 비글이고 생일은 …": a copula's connective form ends a predicate after a topic. */
const CONNECTIVE_COPULA_RE = /^(.+?)(이고|고)$/u;
/** Auxiliary verbs after a -고 form: "살고 있어", "먹고 싶어", "하고 계셔". */
const AUXILIARY_VERB_RE = /^(?:있|계|싶|말|보|나서)/u;
/** "알레르기 있어서 …", "망원동에 있는데 …": having or being somewhere, then a reason or a contrast. */
const EXISTENCE_CONNECTIVE_RE = /^있(?:어서|는데|으니까|으니|지만|고)$/u;
/** "간호사라서 …", "학생인데 …", "주말이니까 …": a copula, then a reason or a contrast. */
const COPULA_CONNECTIVE_RE = /^(.+?)(이라서|라서|인데|이니까)$/u;

/**
 * The parts of a clause. A chain is cut after a connective copula that follows a topic ("X는 A이고 B"),
 * or after a connective of "있다" or of the copula anywhere ("… 있어서 …", "… 간호사라서 …"); the
 * connective of the cut word becomes the plain ending where it surely is one ("비숑이고" → "비숑이야",
 * "있어서" → "있어"), so each part reads as a statement.
 */
export function splitPredicates(tokens: readonly string[]): ClausePart[] {
  const topicAt = tokens.findIndex(
    (token, i) => i <= MAX_TOPIC_INDEX && (hasTopicParticle(token) || isFirstPerson(token)),
  );
  const parts: ClausePart[] = [];
  let start = 0;
  for (let i = 0; i < tokens.length - 1; i += 1) {
    const token = tokens[i] ?? "";
    const plain =
      topicAt >= 0 && i > topicAt && !AUXILIARY_VERB_RE.test(tokens[i + 1] ?? "")
        ? (plainReason(token) ??
          (i === topicAt + 1 && namesNext(tokens[topicAt] ?? "") ? plainName(token) : undefined) ??
          plainCopula(token, topicAt === 0 || breedOf(token) !== undefined))
        : plainReason(token);
    if (plain === undefined) continue;
    parts.push({ tokens: [...tokens.slice(start, i), plain], continued: parts.length > 0 });
    start = i + 1;
  }
  parts.push({ tokens: tokens.slice(start), continued: parts.length > 0 });
  return parts;
}

function isFirstPerson(token: string): boolean {
  return entityDisplayName(token) === FIRST_PERSON_KO;
}

/** True when the copula's 이 may follow `stem` (a final consonant, or a Latin letter or digit). */
function takesI(stem: string): boolean {
  const last = lastChar(stem);
  return !isHangulSyllable(last) || hasBatchim(last);
}

/** True when a bare copula (야, 라서) may follow `stem`: a noun of two syllables or more ending in a vowel. */
function takesBareCopula(stem: string): boolean {
  const last = lastChar(stem);
  return isHangulSyllable(last) && !hasBatchim(last) && charCount(stem) >= 2;
}

/**
 * The cut word of a copula chain: "비숑이고" → "비숑이야" (이고 after a final consonant is the copula).
 * A bare 고 also ends verbs ("모르고", "마치고"), so "말티즈고" cuts the chain only after a topic that opens
 * the clause ("곰이는 말티즈고 …") or when it names a breed, and stays as it is: the rules read "말티즈고"
 * themselves.
 */
function plainCopula(token: string, topicFirst: boolean): string | undefined {
  const match = CONNECTIVE_COPULA_RE.exec(token);
  if (match === null) return undefined;
  const stem = match[1] ?? "";
  if (match[2] === "이고" && takesI(stem)) return `${stem}이야`;
  return topicFirst ? token : undefined;
}

/** "이름은", "성함은": the topic word after which a name follows. */
function namesNext(topic: string): boolean {
  const word = stripParticle(topic, TOPIC_PARTICLES);
  return word !== topic && NAME_WORDS.has(word);
}

/**
 * The cut word right after "이름은" when more follows: a name, so a final 고 after a vowel is the
 * copula's connective ("두부고 세 살이야" is "두부이고 …") and the part reads "두부야". A name that ends in
 * 고 itself keeps it when the clause ends there ("이름은 탱고"), and says it twice when it goes on
 * ("탱고고 …"). A verb's -고 ("모르고") is no name and the rules read it as they do now.
 */
function plainName(token: string): string | undefined {
  const match = CONNECTIVE_COPULA_RE.exec(token);
  if (match === null) return undefined;
  const stem = match[1] ?? "";
  if (match[2] === "이고") return takesI(stem) ? `${stem}이야` : undefined;
  return takesBareCopula(stem) && !/다$/u.test(stem) ? `${stem}야` : undefined;
}

/** "있어서" → "있어", "간호사라서" → "간호사야", "학생인데" → "학생이야"; undefined otherwise. */
function plainReason(token: string): string | undefined {
  if (EXISTENCE_CONNECTIVE_RE.test(token)) return "있어";
  const match = COPULA_CONNECTIVE_RE.exec(token);
  if (match === null) return undefined;
  const stem = match[1] ?? "";
  const ending = match[2] ?? "";
  const fits = ending.startsWith("이") ? takesI(stem) : ending === "인데" || takesBareCopula(stem);
  return fits ? `${stem}이야` : undefined;
}
