/**
 * The English event rule: what a date in a clause is the date of ("the lease renews on May 6", "Ana
 * starts school on Sept 4", "Pip turns 4 on Aug 9", "go-live pushed to Jun 4"). Each regex is anchored
 * and the clause is short, so it is read in linear time.
 */
import { containsHangul } from "../text/korean.js";
import { words as wordList } from "../text/word-list.js";
import { execAfterHead } from "../text/trim.js";
import { FIRST_PERSON_EN } from "./normalize.js";
import { isKinship, type ClauseRule } from "./rule-common.js";
import { MAX_EN_ATTRIBUTE_WORDS, ownRelative, withoutArticle, words } from "./rule-english.js";
import { EN_EVENT_VERBS, EN_MOVE_VERBS } from "./rule-patterns.js";

/** "is planned for", "is set for": an event's date. */
const SCHEDULED_RE = / (?:is|are|was) (?:scheduled|set|planned|booked|moved|pushed) (?:for|to)$/iuy;
/** "my visa", "our lease": a thing of the speaker's, up to three words. */
const MY_THING_RE = /^(?:my|our) ([\p{L}-]+(?: [\p{L}-]+){0,2})$/iu;
/** "… turns 3 on" before a date: a birthday. */
const TURNS_AGE_RE = / turns \d{1,3}(?: on)?$/iuy;
/** "Jun and I", "we", "I": a subject that has the speaker in it. */
const WITH_SPEAKER_RE = /^(?:i|we|.+ and i)$/iu;

/** Event verbs that take what starts or ends as their object ("starts school"), with their base forms. */
const OBJECT_EVENT_VERBS: ReadonlyMap<string, string> = new Map(
  wordList("starts:starts start:starts begins:begins begin:begins ends:ends end:ends").map((pair) => {
    const [form = "", verb = ""] = pair.split(":");
    return [form, verb];
  }),
);
/** Words before an object that only say whose or which it is ("his new job" → new job). */
const OBJECT_DETERMINER_RE = /^(?:his|her|their|my|our|its|the|a|an) /iu;

/**
 * "Emma starts school on", "I begin my new job on" before a date: the subject's date of the object's
 * start or end — (Emma, school start date), (I, new job start date). Read by words, so in linear time.
 */
function objectEvent(before: string): { subject: string; attribute: string } | undefined {
  const parts = before.split(" ");
  if (/^(?:on|by)$/iu.test(parts.at(-1) ?? "")) parts.pop();
  const at = parts.findIndex(
    (word, i) => i > 0 && i < parts.length - 1 && OBJECT_EVENT_VERBS.has(word.toLowerCase()),
  );
  if (at < 0) return undefined;
  const subject = parts.slice(0, at).join(" ");
  const object = parts
    .slice(at + 1)
    .join(" ")
    .replace(OBJECT_DETERMINER_RE, "");
  const attribute = EN_EVENT_VERBS[OBJECT_EVENT_VERBS.get((parts[at] ?? "").toLowerCase()) ?? ""];
  if (
    attribute === undefined ||
    words(object) > MAX_EN_ATTRIBUTE_WORDS ||
    words(subject) > MAX_EN_ATTRIBUTE_WORDS
  )
    return undefined;
  // "start" without its -s has I or we (or a plural) for subject: "the kids start school on".
  if (WITH_SPEAKER_RE.test(subject)) return { subject: FIRST_PERSON_EN, attribute: `${object} ${attribute}` };
  if (/ and /iu.test(subject)) return undefined;
  return { subject: withoutArticle(ownRelative(subject)), attribute: `${object} ${attribute}` };
}

/** "Zoom team plan renews on May 6", "Board retreat is on Feb 9", "go-live pushed to Jun 4". */
export const englishEvent: ClauseRule = ({ text, typed, state }) => {
  const date = typed.find((value) => value.kind === "date");
  if (date === undefined) return false;
  const before = text.slice(0, date.start).trim();
  if (containsHangul(before)) return false;
  // "Bori turns 5 on May 2": the day one turns a year older is a birthday.
  const turns = execAfterHead(before, TURNS_AGE_RE);
  if (turns !== null) return state.emit(ownRelative(turns[1] ?? ""), "birthday", date.value);
  for (const [verb, attribute] of Object.entries(EN_EVENT_VERBS)) {
    const match = new RegExp(`^(.+?) ${verb}(?: on| by)?$`, "iu").exec(before);
    if (match === null) continue;
    // "Jun and I got married on …": the speaker's date; two others name no one entity.
    if (WITH_SPEAKER_RE.test(match[1] ?? "")) return state.emit(FIRST_PERSON_EN, attribute, date.value);
    if (/ and /iu.test(match[1] ?? "")) return false;
    // "my visa expires on …": the date is mine, of that thing (I, visa expiry date, …).
    const mine = MY_THING_RE.exec(match[1] ?? "");
    if (mine !== null && !isKinship(mine[1] ?? ""))
      return state.emit(FIRST_PERSON_EN, `${mine[1] ?? ""} ${attribute}`, date.value);
    return state.emit(withoutArticle(ownRelative(match[1] ?? "")), attribute, date.value);
  }
  const transitive = objectEvent(before);
  if (transitive !== undefined) return state.emit(transitive.subject, transitive.attribute, date.value);
  const scheduled = execAfterHead(before, SCHEDULED_RE);
  if (scheduled !== null) return state.emit(withoutArticle(scheduled[1] ?? ""), "date", date.value);
  const on = /^(.+?)(?: (?:is|are|was))? (on|due|by)$/iu.exec(before);
  if (on !== null && on[1] !== undefined) {
    const attribute = (on[2] ?? "").toLowerCase() === "on" ? "date" : "due date";
    return state.emit(withoutArticle(on[1]), attribute, date.value);
  }
  const move = new RegExp(`^(.+) (\\S+) (?:${EN_MOVE_VERBS.join("|")})(?: back)? (?:to|until)$`, "iu").exec(
    before,
  );
  if (move !== null) return state.emit(move[1] ?? "", `${move[2] ?? ""} date`, date.value);
  return false;
};
