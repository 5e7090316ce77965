/**
 * Clause rules about roles, titles and lists of people: "QA는 서이든님이 맡음", "새 QA는 Ella Park",
 * "한도경 주임은 회계팀 소속이에요", "원장님 방태섭", "심사위원 문태윤, 강지오, 배슬아 교수님",
 * "지도교수님 문태윤 교수님".
 */
import { isRole, predicateOf, TEAM_WORDS } from "./rule-predicate.js";
import {
  foldText,
  isHangulSyllable,
  stripParticle,
  TOPIC_PARTICLES,
  TOPIC_SUBJECT_PARTICLES,
} from "../text/korean.js";
import { cleanValue } from "./normalize.js";
import {
  hasSubjectParticle,
  hasTopicParticle,
  isKinship,
  isKoreanPersonName,
  isLexiconNoun,
  isOrgUnit,
  isPersonName,
  type ClauseRule,
} from "./rule-common.js";
import { NON_ENTITY_WORDS } from "./words/function-words.js";
import { NOW_WORDS, valueChangedTo } from "./words/value-words.js";
import { CHANGE_VERB_RE } from "./rule-patterns.js";
import { OCCUPATION_HEADS, occupationAttribute, TITLE_WORDS } from "./words/people.js";

/** Honorific words after a name that are no title of their own ("류하진 선생님", "연다빈 님"). */
export const HONORIFIC_WORD_RE = /^(?:선생님|쌤|님|씨|고객님)$/u;
/** One word of a name written in Hangul, as foreign names are ("올리비아", "벡"). */
const TRANSLITERATED_NAME_WORD_RE = /^[가-힣]{1,5}$/u;
/** Two or three capitalised Latin words ("Ella Park", "Hugo Reyes"). */
const LATIN_NAME_RE = /^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){1,2}$/u;

/** "QA는 서이든님이 맡음" → (서이든, 역할, QA). */
export const roleTaken: ClauseRule = ({ tokens, state }) => {
  const verbAt = tokens.findIndex((token, i) => i >= 2 && token.startsWith("맡"));
  if (verbAt < 2) return false;
  const person = tokens[verbAt - 1] ?? "";
  const role = tokens[verbAt - 2] ?? "";
  if (!hasTopicParticle(role) || stripParticle(person, ["이", "가"]) === person) return false;
  return state.emit(person, "역할", stripParticle(role, TOPIC_PARTICLES));
};

/** Words before a role that say which one it is, not whose: "새로 온 직원은", "이번 신입 인턴은". */
const ROLE_MODIFIER_RE = /^(?:새로|온|들어온|새로운|신입|신규|새|이번|이제|새로 온)$/u;
/** "재무팀 신입 인턴은", "우리 팀 새 디자이너는": at most three words before the role. */
const MAX_ROLE_PREFIX_WORDS = 3;
/** A role, the person and a title are a short clause; a longer one says more than who holds a role. */
const MAX_ROLE_CLAUSE_WORDS = 6;

/**
 * "새 QA는 Ella Park" → (Ella Park, 역할, QA); "우리 과장님은 염태오 과장님이야" → (염태오, 직함, 과장);
 * "재무팀 신입 인턴은 올리비아 벡 씨예요" → (올리비아 벡, 역할, 인턴) and (…, 소속, 재무팀): a
 * role named first, then who holds it. A unit before the role is the person's 소속.
 */
export const roleIsPerson: ClauseRule = ({ tokens, state, korean }) => {
  if (tokens.length > MAX_ROLE_CLAUSE_WORDS) return false;
  const roleAt = tokens.findIndex((token) => hasTopicParticle(token));
  if (roleAt < 0 || roleAt > MAX_ROLE_PREFIX_WORDS) return false;
  const role = stripParticle(tokens[roleAt] ?? "", TOPIC_PARTICLES).replace(/님$/u, "");
  const attribute = roleAttribute(role, korean);
  if (attribute === undefined) return false;
  const prefix = tokens.slice(0, roleAt);
  const units = prefix.filter(isOrgUnit);
  const modifiers = prefix.filter((word) => !isOrgUnit(word));
  if (units.length > 1 || !modifiers.every(isRoleModifier)) return false;
  const person = personPhrase(tokens.slice(roleAt + 1));
  if (person === undefined) return false;
  // "우리 팀 새 디자이너는 …": a new member's place in a team is a role, whatever the noun.
  const inTeam = modifiers.some((word) => TEAM_WORDS.has(word));
  const emitted = state.emit(person, inTeam && attribute === "직업" ? "역할" : attribute, role);
  for (const unit of units) state.emit(person, korean ? "소속" : "team", unit);
  if (emitted) state.topic = person;
  return emitted;
};

/**
 * "이제 팀장님이 박영희로 바뀌었어", "담당이 윤서진 대리로 바뀜" → (박영희, 역할, 팀장): a role named first, with
 * 이/가 or 은/는, then the person who holds it now, with (으)로, then a verb of change. What the person
 * held before is passed on by the graph (apply-triplets.ts `positionsPassedOn`: the text says a change).
 */
export const roleChangedTo: ClauseRule = ({ tokens, state, korean }) => {
  if (tokens.length > MAX_ROLE_CLAUSE_WORDS) return false;
  const verbAt = tokens.findIndex((token, i) => i >= 2 && CHANGE_VERB_RE.test(token));
  if (verbAt < 2) return false;
  const roleAt = tokens.findIndex((token) => stripParticle(token, TOPIC_SUBJECT_PARTICLES) !== token);
  if (roleAt < 0 || roleAt > MAX_ROLE_PREFIX_WORDS || roleAt >= verbAt - 1) return false;
  if (!tokens.slice(0, roleAt).every(isRoleModifier)) return false;
  const role = stripParticle(tokens[roleAt] ?? "", TOPIC_SUBJECT_PARTICLES).replace(/님$/u, "");
  const attribute = roleAttribute(role, korean);
  if (attribute === undefined) return false;
  const last = valueChangedTo(tokens[verbAt - 1] ?? "", tokens[verbAt]);
  if (last === undefined) return false;
  const person = personPhrase([...tokens.slice(roleAt + 1, verbAt - 1), last]);
  if (person === undefined) return false;
  const emitted = state.emit(person, attribute, role);
  if (emitted) state.topic = person;
  return emitted;
};

/** "우리", "팀", "새로 온": a word before a role that only says which one it is. */
function isRoleModifier(word: string): boolean {
  return TEAM_WORDS.has(word) || NON_ENTITY_WORDS.has(word) || ROLE_MODIFIER_RE.test(word);
}

/**
 * The attribute a word for someone's position is stored under: a role in a team or a service (PM, 팀장,
 * 인턴, 베이비시터) is 역할, an occupation (세무사, 간호사) 직업, a rank or title (부장, 수간호사, 지도교수)
 * 직함; undefined for any other word.
 */
export function roleAttribute(word: string, korean: boolean): string | undefined {
  const bare = word.replace(/님$/u, "");
  const folded = foldText(bare);
  if (isRole(bare)) return korean ? "역할" : "role";
  if (OCCUPATION_HEADS.includes(folded)) return occupationAttribute(korean);
  if ([...TITLE_WORDS].some((title) => folded.endsWith(title))) return korean ? "직함" : "title";
  return undefined;
}

/**
 * The person a phrase names, without the title or honorific after it: "염태오 과장님이야" → 염태오, "올리비아
 * 벡씨예요" → 올리비아 벡, "Ella Park" → Ella Park. A name of two Hangul words needs the honorific
 * or title that marks it as a name. A word of "now" before it ("이제 김서연 팀장님이야") is no part of it.
 */
export function personPhrase(said: readonly string[]): string | undefined {
  const words = NOW_WORDS.has((said[0] ?? "").toLowerCase()) ? said.slice(1) : said;
  if (words.length === 0 || words.length > 3) return undefined;
  const cleaned = [...words.slice(0, -1), cleanValue(words[words.length - 1] ?? "")];
  const last = cleaned[cleaned.length - 1] ?? "";
  const titled =
    cleaned.length > 1 && (TITLE_WORDS.has(last.replace(/님$/u, "")) || HONORIFIC_WORD_RE.test(last));
  const names = titled ? cleaned.slice(0, -1) : cleaned;
  const lastName = names[names.length - 1] ?? "";
  const honored = titled || /(?:님|씨)$/u.test(lastName);
  const name = names.join(" ").replace(/(?<=\S)(?:님|씨)$/u, "");
  if (names.length === 1) return isPersonName(names[0] ?? "") ? name : undefined;
  if (names.length > 2) return undefined;
  if (LATIN_NAME_RE.test(name)) return name;
  // "올리비아 벡 씨", "아난야 라오 씨": a transliterated name, each word of Hangul syllables only — and
  // none a word for a relation, a title or a thing ("아들 담임 선생님" is the son's homeroom teacher).
  const hangulName = names.every((word) => {
    const bare = word.replace(/(?:님|씨)$/u, "");
    return (
      TRANSLITERATED_NAME_WORD_RE.test(bare) &&
      !isKinship(bare) &&
      !TITLE_WORDS.has(bare) &&
      !isLexiconNoun(bare)
    );
  });
  return honored && hangulName ? name : undefined;
}

/**
 * "한도경 주임은 회계팀 소속이에요" → (한도경, 직함, 주임), (한도경, 소속, 회계팀): a title after a
 * person's name is theirs, and the rest is said of the person.
 */
export const titledSubject: ClauseRule = (clause) => {
  const { tokens, state } = clause;
  const [person = "", titleToken = "", ...rest] = tokens;
  if (!isKoreanPersonName(person)) return false;
  const title = stripParticle(titleToken, TOPIC_SUBJECT_PARTICLES).replace(/님$/u, "");
  if (!hasSubjectParticle(titleToken) || !TITLE_WORDS.has(title) || !isKoreanPersonName(person)) return false;
  const emitted = state.emit(person, "직함", title);
  state.topic = person;
  return predicateOf(person, rest, clause) || emitted;
};

/**
 * "원장님 방태섭" after a business: (business, 원장, 방태섭); "심사위원 문태윤, 강지오, 배슬아 교수님" after
 * an event: one fact per person, the later names continuing the list.
 */
export const roleThenName: ClauseRule = ({ tokens, state }) => {
  if (tokens.length < 2 || tokens.length > 3 || state.topic === undefined) return false;
  const role = (tokens[0] ?? "").replace(/님$/u, "");
  const [name = "", title] = tokens.slice(1);
  if (!isRoleNoun(role)) return false;
  // "원장님 방태섭", "담당 왕상철 팀장", "담당 최 실장님" (a surname with a title).
  const titled = title !== undefined && TITLE_WORDS.has(title.replace(/님$/u, ""));
  if (title !== undefined && !titled) return false;
  const surname = [...name].length === 1 && isHangulSyllable(name);
  if (!isKoreanPersonName(name) && !(titled && surname)) return false;
  const emitted = state.emit(state.topic, role, tokens.slice(1).join(" "));
  if (emitted) state.list = { entity: state.topic, attribute: role };
  return emitted;
};

/** "…, 표성진, 길나연 교수님": a bare name (with its title) continues the list of the clause before. */
export const listContinuation: ClauseRule = ({ tokens, state }) => {
  const { list } = state;
  const [name = "", title] = tokens;
  if (list === undefined || tokens.length > 2 || !isKoreanPersonName(name)) return false;
  if (title !== undefined && !TITLE_WORDS.has(title.replace(/님$/u, ""))) return false;
  return state.emit(list.entity, list.attribute, name);
};

/** "지도교수님 문태윤 교수님" → (문태윤, 직함, 지도교수님): a role, the person, their title. */
export const roleNameTitle: ClauseRule = ({ tokens, state }) => {
  const [role = "", name = "", title = ""] = tokens;
  if (tokens.length !== 3 || !isKoreanPersonName(name) || !TITLE_WORDS.has(title.replace(/님$/u, "")))
    return false;
  const bareRole = role.replace(/님$/u, "");
  if (bareRole === title.replace(/님$/u, "") || ![...TITLE_WORDS].some((word) => bareRole.endsWith(word)))
    return false;
  const emitted = state.emit(name, "직함", role);
  if (emitted) state.topic = name;
  return emitted;
};

/** A noun naming someone's role towards an organisation or event ("원장", "심사위원", "담당자"). */
function isRoleNoun(word: string): boolean {
  return TITLE_WORDS.has(word) || /(?:위원|담당|담당자|담임|주치의|후임|멘토|지도교수)$/u.test(word);
}
