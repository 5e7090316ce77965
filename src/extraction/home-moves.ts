/**
 * The speaker's home, and a note that says they moved: a question about where one lives or what one
 * pays for it ("요즘 사는 곳이 어디였지", "what's my address now?"), a note about one's home ("원룸 월세
 * 50", "dorm room 214"), and a note that says one moved ("이사 끝!! 새 주소는 …", "moved into a flat in
 * …"). A move changes every fact of the old home at once — its address, its rent, its room — while the
 * move note names none of the old home's words, so no word test ties the two: recall's recency step
 * asks these (memory/search/recency.ts), and the keyword search looks for the move's words beside a home
 * question's (memory/search/query-words.ts). The same holds for the place one works at, which moves
 * too ("사무실 위치가 어디더라" and a later "회사 이전 완료, 새 주소 …"). Word lists are closed classes of
 * the two languages. Pure.
 */
import { words } from "../text/word-list.js";
import { stripSearchSuffixes } from "../text/korean.js";
import { messageWords } from "./content-words.js";
import { isKinship } from "./rule-common.js";

/** What one lives in: the nouns that make a note or a question about one's home. */
const KOREAN_HOME_NOUNS: ReadonlySet<string> = new Set(
  words(
    "집 우리집 내집 새집 자취방 자취집 원룸 투룸 쓰리룸 오피스텔 아파트 빌라 주택 기숙사 고시원 고시텔 " +
      "셰어하우스 쉐어하우스 하숙집 하숙 월셋집 전셋집 신혼집 사택 관사",
  ),
);
const ENGLISH_HOME_NOUNS: ReadonlySet<string> = new Set(
  words("home house apartment apt flat dorm dormitory condo goshiwon sharehouse"),
);

/** Korean words that say one lives somewhere (살고 있음, 사는 곳, 거주). */
const KOREAN_LIVING_WORDS: ReadonlySet<string> = new Set(words("살고 살아 살아요 사는곳 거주 거주지"));
/** Korean 사는 ("who lives"; also "who buys") names one's home only before a place noun. */
const KOREAN_LIVING_ADNOMINAL = "사는";
const KOREAN_LIVING_PLACES: ReadonlySet<string> = new Set(words("곳 데 집 동네 동"));
const ENGLISH_LIVING_WORDS: ReadonlySet<string> = new Set(words("live lives living reside"));

/** An address: one's home when one's own (내 주소, my new address). */
const ADDRESS_WORDS: ReadonlySet<string> = new Set(words("주소 address"));
const FIRST_PERSON_OWNERS: ReadonlySet<string> = new Set(words("내 나의 제 저의 우리 우리집 my our home"));
/** Words that may stand between the owner and the address ("my new address", "내 새 주소"). */
const ADDRESS_MODIFIERS: ReadonlySet<string> = new Set(
  words("지금 현재 요즘 새 바뀐 current new present home"),
);

/** What a question about one's home asks for: where it is, which 동, its rent; 몇 before 호, 동, 층. */
const KOREAN_HOME_ASKS: ReadonlySet<string> = new Set(words("어디 어느 주소 동 월세 집세 방세"));
const KOREAN_HOW_MANY = "몇";
const KOREAN_ROOM_COUNTERS: readonly string[] = words("호 동 층");
const ENGLISH_HOME_ASKS: ReadonlySet<string> = new Set(words("where which address rent"));
/** The rent of a home: a question that asks it is answered by a move note that gives it ({@link namesRent}). */
const RENT_WORDS: ReadonlySet<string> = new Set(words("월세 집세 방세 관리비 rent"));

/** 이사 (a move) said to be done or settled: 이사 끝, 이사 완료, 이사 확정, 이사 했어. */
const MOVE_NOUN = "이사";
const MOVE_DONE_STARTS: readonly string[] = words("끝 완료 확정 했 함 왔 옴 갔 감 마침 마쳤 들어왔");
/** 입주 (moving in) said done the same way. */
const MOVE_IN_NOUN = "입주";
/** Workplaces that move too: "사무실 이사 완료" is the office's move, not the speaker's. */
const MOVING_WORKPLACES: ReadonlySet<string> = new Set(
  words("사무실 작업실 가게 매장 회사 연구실 사무소 연습실 학원 병원 공장 센터 지점 스튜디오 공방"),
);
/** English: "moved in", "moved into …", "moved to …", said by the speaker or with no subject. */
const ENGLISH_MOVE_VERBS: ReadonlySet<string> = new Set(words("moved"));
const ENGLISH_MOVE_PARTICLES: ReadonlySet<string> = new Set(words("in into to"));
/** What may stand right before the speaker's "moved": the speaker, or an adverb of the moment. */
const ENGLISH_MOVE_SUBJECTS: ReadonlySet<string> = new Set(
  words("i we ve finally just officially already today yesterday"),
);

/** A capitalised English word: a name, unless it opens the text or is "I". */
const CAPITALISED_WORD_RE = /(?<=\s)[A-Z][a-z]+/gu;
/** Korean endings of a person's name or title: 민수씨, 지은님, 민수네 (민수's family). */
const KOREAN_PERSON_ENDINGS: readonly string[] = words("씨 님 네");

/**
 * Whether `words` (lower-cased words of `text`) name someone other than the speaker: a kinship word
 * (동생, 엄마, my sister), a word ending as a person's name does (민수씨, 지은님, 민수네), or, in the
 * text, a capitalised English word past its first ("where does Mira live?", "Suji moved to …").
 */
function namesAnotherPerson(text: string, lowered: readonly string[]): boolean {
  if (lowered.some((word) => isKinship(word) || isKinship(stripSearchSuffixes(word)))) return true;
  if (lowered.some((word) => word.length > 1 && KOREAN_PERSON_ENDINGS.some((end) => word.endsWith(end))))
    return true;
  const names = new Set(Array.from(text.matchAll(CAPITALISED_WORD_RE), ([name]) => name.toLowerCase()));
  return lowered.some((word) => names.has(word));
}

/** The words of a text, each without its Korean particles and endings. */
function stems(text: string): string[] {
  return messageWords(text).map((word) => stripSearchSuffixes(word));
}

/** Whether the words hold a home noun or say one lives somewhere (a Korean compound ends in one: 투룸집). */
function namesHome(raw: readonly string[], bare: readonly string[]): boolean {
  return bare.some(
    (word, i) =>
      KOREAN_HOME_NOUNS.has(word) ||
      ENGLISH_HOME_NOUNS.has(word) ||
      KOREAN_LIVING_WORDS.has(raw[i] as string) ||
      ENGLISH_LIVING_WORDS.has(word) ||
      (raw[i] === KOREAN_LIVING_ADNOMINAL && KOREAN_LIVING_PLACES.has(bare[i + 1] ?? "")),
  );
}

/** Whether an address word stands after a first-person owner, with only modifiers between. */
function namesOwnAddress(bare: readonly string[]): boolean {
  return bare.some((word, i) => {
    if (!ADDRESS_WORDS.has(word)) return false;
    for (let j = i - 1; j >= 0; j--) {
      const before = bare[j] as string;
      if (FIRST_PERSON_OWNERS.has(before)) return true;
      if (!ADDRESS_MODIFIERS.has(before)) return false;
    }
    return false;
  });
}

/**
 * Whether a question asks about the speaker's home: it names one's home (a home noun, a word of living
 * there, one's own address) and asks where it is, which 동 or room, or its rent ("자취방 월세 얼마야",
 * "where am I living now?"). "집 와이파이 비번" names a home and asks for something else in it.
 */
export function asksAboutHome(query: string): boolean {
  const raw = messageWords(query);
  const bare = raw.map((word) => stripSearchSuffixes(word));
  if (!namesHome(raw, bare) && !namesOwnAddress(bare)) return false;
  if (namesAnotherPerson(query, raw)) return false;
  return bare.some(
    (word, i) =>
      KOREAN_HOME_ASKS.has(word) ||
      KOREAN_HOME_ASKS.has(raw[i] as string) ||
      ENGLISH_HOME_ASKS.has(word) ||
      ENGLISH_LIVING_WORDS.has(word) ||
      (word.startsWith(KOREAN_HOW_MANY) &&
        KOREAN_ROOM_COUNTERS.some((counter) =>
          (word.slice(KOREAN_HOW_MANY.length) || (raw[i + 1] ?? "")).startsWith(counter),
        )),
  );
}

/** Whether a text names a home's rent: a question that asks for it, a move note that gives it. */
export function namesRent(text: string): boolean {
  return stems(text).some((word) => RENT_WORDS.has(word));
}

/** Whether a note is about one's home: it names it, or one's address, or says one moved. */
export function isHomeNote(text: string): boolean {
  const raw = messageWords(text);
  const bare = raw.map((word) => stripSearchSuffixes(word));
  return (
    namesHome(raw, bare) ||
    bare.some((word) => ADDRESS_WORDS.has(word) || RENT_WORDS.has(word)) ||
    statesHomeMove(text)
  );
}

/**
 * Whether a note says the speaker moved home, or settled the move: 이사 or 입주 said done or settled
 * ("드디어 이사 끝", "이사 확정!! 다음 달부터 …", "입주 완료"), or the verb itself (이사함, 이사했어,
 * 이사왔어), not after a workplace that moved ("사무실 이사 완료"), nor in a note that names another
 * person first ("엄마 이사 끝났대"); "moved in", "moved into …", "moved to …" with the speaker or no one
 * before it ("I finally moved into …", not "the standup moved to 10am"). 이사님 (a director) and 이삿짐 (the
 * things moved) are no move.
 */
export function statesHomeMove(text: string): boolean {
  const raw = messageWords(text);
  return raw.some((word, i) => {
    if (namesAnotherPerson(text, raw.slice(0, i))) return false;
    const next = raw[i + 1] ?? "";
    const previous = raw[i - 1];
    const workplace = previous !== undefined && MOVING_WORKPLACES.has(stripSearchSuffixes(previous));
    for (const noun of [MOVE_NOUN, MOVE_IN_NOUN]) {
      if (!word.startsWith(noun) || workplace) continue;
      const rest = word.slice(noun.length);
      if (rest === "" && MOVE_DONE_STARTS.some((start) => next.startsWith(start))) return true;
      if (rest !== "" && MOVE_DONE_STARTS.some((start) => rest.startsWith(start))) return true;
    }
    return (
      ENGLISH_MOVE_VERBS.has(word) &&
      ENGLISH_MOVE_PARTICLES.has(next) &&
      (previous === undefined || ENGLISH_MOVE_SUBJECTS.has(previous))
    );
  });
}

/** Words the keyword search looks for beside a home question's own: the move's ({@link statesHomeMove}). */
export const HOME_MOVE_SEARCH_WORDS: readonly string[] = words("이사 입주 moved");

/**
 * Places one works at, one group per thing under its several names: the office (회사, 사무실, office),
 * a shop (가게, 매장, store), a studio, a lab, an academy. A question about one of them is answered by a
 * move of any name of the group ("회사 주소" / "사무실 이사 완료"). A hospital or a centre one goes to
 * is not here: "병원 옮김" says one changed hospitals, which other rules read.
 */
const WORKPLACE_GROUPS: readonly (readonly string[])[] = [
  words("회사 사무실 직장 오피스 일터 근무지 사무소 office company workplace"),
  words("가게 매장 점포 shop store"),
  words("작업실 스튜디오 공방 studio workshop"),
  words("연구실 lab"),
  words("학원 academy"),
  words("공장 factory"),
];
const WORKPLACE_OF_WORD: ReadonlyMap<string, number> = new Map(
  WORKPLACE_GROUPS.flatMap((group, i) => group.map((word): [string, number] => [word, i])),
);

/** A workplace question asks where it is: its address or place right after its name, or 어디. */
const KOREAN_PLACE_ASKS: ReadonlySet<string> = new Set(words("주소 위치"));
const KOREAN_WHERE = "어디";
const ENGLISH_PLACE_ASKS: ReadonlySet<string> = new Set(words("address location"));
const ENGLISH_WHERE: ReadonlySet<string> = new Set(words("where where's wheres"));
/** What may stand between "where" and the workplace: "where is our new office". */
const ENGLISH_WHERE_FILLERS: ReadonlySet<string> = new Set(words("is are was the my our new current now"));
/** 이전 (relocation) beside 이사: "사무실 이전 완료"; alone it is also "before", so it counts only said done. */
const RELOCATION_NOUN = "이전";
/** Words that may stand between a workplace and its move: where it went ("성수로", "to Seongsu"). */
const KOREAN_DESTINATION_ENDINGS: readonly string[] = words("로 으로");
const ENGLISH_MOVE_AUXILIARIES: ReadonlySet<string> = new Set(words("has have just finally officially"));

/** The workplace group of a word (a stem; an English plural too: "moved offices"), if it names one. */
function workplaceOf(word: string): number | undefined {
  return (
    WORKPLACE_OF_WORD.get(word) ??
    (/^[a-z]+s$/u.test(word) ? WORKPLACE_OF_WORD.get(word.slice(0, -1)) : undefined)
  );
}

/**
 * Which place one works at a question asks the whereabouts of (an index into the groups: compare it
 * with {@link statesWorkplaceMove}'s): a workplace word followed by 주소, 위치 or 어디 ("회사 주소 어디였더라",
 * "사무실 어디였지"), or by "address", "location", or after "where" ("where is our office now?") — not
 * one of another person ("동생 회사 주소"), nor something in it ("회사 주차 어디").
 */
export function asksAboutWorkplace(query: string): number | undefined {
  const raw = messageWords(query);
  const bare = raw.map((word) => stripSearchSuffixes(word));
  if (namesAnotherPerson(query, raw)) return undefined;
  for (const [i, word] of bare.entries()) {
    const group = workplaceOf(word);
    if (group === undefined) continue;
    const next = bare[i + 1] ?? "";
    if (KOREAN_PLACE_ASKS.has(next) || next.startsWith(KOREAN_WHERE) || ENGLISH_PLACE_ASKS.has(next))
      return group;
    for (let j = i - 1; j >= 0; j--) {
      const before = bare[j] as string;
      if (ENGLISH_WHERE.has(before)) return group;
      if (!ENGLISH_WHERE_FILLERS.has(before)) break;
    }
  }
  return undefined;
}

/** Whether a note names a workplace of `group` ({@link asksAboutWorkplace}). */
export function isWorkplaceNote(text: string, group: number): boolean {
  return stems(text).some((word) => workplaceOf(word) === group);
}

/**
 * Whether a note says that a workplace of `group` moved: its name, at most one word of where to after
 * it ("성수로"), then 이사 or 이전 said done ("사무실 이사 완료", "회사 성수로 이전했어", "가게 이전
 * 끝"); or its name and "moved" ("the office moved to Seongsu", "office has moved"), or "moved offices".
 * Not a workplace of someone the note names first ("남편 회사 이사 끝났대").
 */
export function statesWorkplaceMove(text: string, group: number): boolean {
  const raw = messageWords(text);
  const bare = raw.map((word) => stripSearchSuffixes(word));
  return bare.some((word, i) => {
    if (namesAnotherPerson(text, raw.slice(0, i))) return false;
    if (word === "moved" && workplaceOf(bare[i + 1] ?? "") === group) return true;
    if (workplaceOf(word) !== group) return false;
    let at = i + 1;
    const destination = raw[at] ?? "";
    if (
      KOREAN_DESTINATION_ENDINGS.some((end) => destination.length > end.length && destination.endsWith(end))
    )
      at++;
    if (saysMoveDone(raw[at] ?? "", raw[at + 1] ?? "")) return true;
    let verb = i + 1;
    if (ENGLISH_MOVE_AUXILIARIES.has(bare[verb] ?? "")) verb++;
    return bare[verb] === "moved";
  });
}

/** Whether a word (and the next) say 이사 or 이전 done: "이사 완료", "이전했어", "이사함". */
function saysMoveDone(word: string, next: string): boolean {
  return [MOVE_NOUN, RELOCATION_NOUN].some((noun) => {
    if (!word.startsWith(noun)) return false;
    const rest = word.slice(noun.length);
    return MOVE_DONE_STARTS.some((start) => (rest === "" ? next : rest).startsWith(start));
  });
}

/** Words the keyword search looks for beside a workplace question's own ({@link statesWorkplaceMove}). */
export const WORKPLACE_MOVE_SEARCH_WORDS: readonly string[] = words("이사 이전 moved");
