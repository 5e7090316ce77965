/**
 * Clause rules about roles, titles and lists of people: "PM은 윤채원님이 맡음", "새 PM은 Daniel Cho",
 * "노지훈 대리는 마케팅팀 소속이에요", "원장님 최윤호", "심사위원 한정우, 오경택, 신유리 교수님",
 * "지도교수님 한정우 교수님".
 */
import { isRole, MAX_SUBJECT_WORDS, predicateOf, TEAM_WORDS } from "./rule-subject.js";
import { isHangulSyllable, stripParticle, TOPIC_PARTICLES, TOPIC_SUBJECT_PARTICLES } from "../text/korean.js";
import { cleanValue } from "./normalize.js";
import {
  hasSubjectParticle,
  hasTopicParticle,
  isKoreanPersonName,
  isPersonName,
  type ClauseRule,
} from "./rule-common.js";
import { NON_ENTITY_WORDS, TITLE_WORDS } from "./rule-words.js";

/** "PM은 윤채원님이 맡음" → (윤채원, 역할, PM). */
export const roleTaken: ClauseRule = ({ tokens, state }) => {
  const verbAt = tokens.findIndex((token, i) => i >= 2 && token.startsWith("맡"));
  if (verbAt < 2) return false;
  const person = tokens[verbAt - 1] ?? "";
  const role = tokens[verbAt - 2] ?? "";
  if (!hasTopicParticle(role) || stripParticle(person, ["이", "가"]) === person) return false;
  return state.emit(person, "역할", stripParticle(role, TOPIC_PARTICLES));
};

/** "새 PM은 Daniel Cho" → (Daniel Cho, 역할, PM): a role named first, then who holds it. */
export const roleIsPerson: ClauseRule = ({ tokens, state }) => {
  if (tokens.length > MAX_SUBJECT_WORDS + 2) return false;
  // "이제 우리 팀장은 구태린님": adverbs and whose team it is come before the role.
  const words = tokens.filter((word) => !TEAM_WORDS.has(word) && !NON_ENTITY_WORDS.has(word));
  const [roleToken = "", ...rest] = words;
  const role = stripParticle(roleToken, TOPIC_PARTICLES);
  const bareRole = role.replace(/님$/u, "");
  if (role === roleToken || !isRole(bareRole) || rest.length === 0 || rest.length > 2) return false;
  const phrase = cleanValue(rest.join(" "));
  // "팀장님은 오승현 부장님이야": the person, not their title.
  const [name = "", title] = phrase.split(" ");
  const person = title !== undefined && TITLE_WORDS.has(title.replace(/님$/u, "")) ? name : phrase;
  if (!isPersonName(person)) return false;
  return state.emit(person, "역할", bareRole);
};

/**
 * "노지훈 대리는 마케팅팀 소속이에요" → (노지훈, 직함, 대리), (노지훈, 소속, 마케팅팀): a title after a
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
 * "원장님 최윤호" after a business: (business, 원장, 최윤호); "심사위원 한정우, 오경택, 신유리 교수님" after
 * an event: one fact per person, the later names continuing the list.
 */
export const roleThenName: ClauseRule = ({ tokens, state }) => {
  if (tokens.length < 2 || tokens.length > 3 || state.topic === undefined) return false;
  const role = (tokens[0] ?? "").replace(/님$/u, "");
  const [name = "", title] = tokens.slice(1);
  if (!isRoleNoun(role)) return false;
  // "원장님 최윤호", "담당 백승호 팀장", "담당 최 실장님" (a surname with a title).
  const titled = title !== undefined && TITLE_WORDS.has(title.replace(/님$/u, ""));
  if (title !== undefined && !titled) return false;
  const surname = [...name].length === 1 && isHangulSyllable(name);
  if (!isKoreanPersonName(name) && !(titled && surname)) return false;
  const emitted = state.emit(state.topic, role, tokens.slice(1).join(" "));
  if (emitted) state.list = { entity: state.topic, attribute: role };
  return emitted;
};

/** "…, 오경택, 신유리 교수님": a bare name (with its title) continues the list of the clause before. */
export const listContinuation: ClauseRule = ({ tokens, state }) => {
  const { list } = state;
  const [name = "", title] = tokens;
  if (list === undefined || tokens.length > 2 || !isKoreanPersonName(name)) return false;
  if (title !== undefined && !TITLE_WORDS.has(title.replace(/님$/u, ""))) return false;
  return state.emit(list.entity, list.attribute, name);
};

/** "지도교수님 한정우 교수님" → (한정우, 직함, 지도교수님): a role, the person, their title. */
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
