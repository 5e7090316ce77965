/**
 * What a statement carries, for the content filter's score: how dense it is in lasting information
 * (values, names, people and pets, habits, likes, identity), how much of it is a passing moment (a
 * mood, the weather, today, a laugh), and whether it is a plan, a decision or a commitment.
 *
 * Every rule is a lexical class or a shape — now-words, mood adjectives, exclamative endings, habit
 * adverbs, kinship terms, plan and decision verbs — in Korean and English; none names a topic of any
 * data set. Linear in the text.
 */
import { TITLE_WORDS } from "../extraction/words/people.js";
import { hasBatchim, isHangulSyllable } from "../text/korean.js";
import { isFillerWord } from "../text/function-words.js";
import { TOPIC_WORDS } from "./topic-lexicon.js";
import { valueKeys } from "./value-keys.js";

/** The evidence found in a statement (each a weighted count). */
export interface ContentEvidence {
  /** Lasting information: values, names, people, habits, likes, identity, plans. */
  lasting: number;
  /** A passing moment: now-words, moods, weather, exclamations, laughter. */
  passing: number;
  /** Plans, decisions and commitments (0–1). */
  actionability: number;
  /** Words that are neither phatic nor function words. */
  contentWords: number;
  /** Distinct content words / content words (1 when there are none). */
  diversity: number;
}

/** Evidence weights. */
export const EVIDENCE = {
  value: 2,
  quotedName: 1.5,
  firstPerson: 0.75,
  person: 1,
  habit: 1,
  stance: 1.5,
  identity: 1,
  possession: 1,
  memoEnding: 0.5,
  copulaEnding: 0.5,
  action: 1.5,
  change: 1,
  nowWord: 1,
  mood: 1.5,
  weather: 1,
  exclamative: 1,
  crying: 0.5,
  laughter: 0.3,
  narrative: 0.5,
} as const;

/** Most the values add: a message of ten dates is not ten times as lasting. */
const MAX_VALUE_EVIDENCE = 4;

/**
 * Dates, times and measures said as "now" or "since": the moment of speaking, not a value. This list
 * and the other word lists below that are pairs hold their Korean and English words apart: each half is
 * small enough for the ReDoS analyser to show linear, and no text matches both halves, so the counts add.
 */
const NOW_WORDS_RE = [
  /(?:^|\s)(?:오늘|오늘은|오늘도|오늘따라|방금|아까|어제|어젯밤|아침부터|아직도|이번\s?주|요새)(?=\s|$|[,.!~])/gu,
  /\b(?:today|tonight|yesterday(?:'s)?|this\s+(?:morning|week|afternoon|evening)|right\s+now|since\s+\d{1,2}\s?(?:am|pm)?|all\s+day|lately)\b/giu,
] as const;
/** Moods and body states, Korean stems and English words. */
const MOOD_RE =
  /힘들|힘드|피곤|졸려|졸리|배고|녹초|정신없|죽겠|추워|춥|더워|덥|얼었|꽁꽁|지쳤|지친|짜증|심심|우울|신나|신났|설레|떨려|다행|아깝|멘붕|현타|빡세|기분|행복|슬퍼|외로|답답|\b(?:tired|exhausted|brutal|dead|blur|venting|vent|ugh|sleepy|hungry|bored|stressed|annoyed|freezing|sore|awful|crazy|rough|busy)\b/giu;
const WEATHER_RE =
  /(?:^|\s)(?:비|눈)(?:\s?(?:온다|와|오네|오는|내려))|날씨|미세먼지|장마|우산|\b(?:weather|rain(?:ing|y)?|snow(?:ing)?|humid|cold\s+today|hot\s+today)\b/giu;
/** Korean exclamative and narrative sentence endings (힘드네요, 좋더라고요, 끝났다, 잔다). */
const KO_EXCLAMATIVE_END_RE =
  /(?:네요|네|구나|군요|더라고요|더라구요|더라|겠다|잖아|잖아요|었다|았다|였다|했다|는다)$/u;
/** Connective endings that chain a story (왔는데, 떨어서, 다녀오니까). */
const KO_NARRATIVE_RE = /[가-힣](?:는데|은데|니까|으니|더니|지만|면서)(?=\s|$|[,.])/gu;
const CRYING_RE = /[ㅠㅜ]{1,}/gu;
const LAUGH_RE = /[ㅋㅎ]{2,}|\b(?:lol|lmao|haha+|hehe)\b/giu;
/** A name written in quotes: a shop, a product, a club. */
const QUOTED_NAME_RE = /'[^'\n]{2,40}'|"[^"\n]{2,40}"|‘[^’\n]{2,40}’|“[^”\n]{2,40}”/gu;
/** The speaker as the subject or owner: 나/내/저/제 (with particles), I/my/I'm. */
const FIRST_PERSON_RE =
  /(?:^|\s)(?:나|내|저|제|난|전|저는|나는|제가|내가)(?=\s)|\b(?:i|i'm|i've|my|i'd|i'll)\b/iu;
/** Habits and standing rules: every, always, usually, only. */
const HABIT_RE =
  /매일|매주|매달|매월|매년|매번|항상|늘|평소|보통|무조건|꼭|주말마다|마다|\b(?:every|always|usually|never|daily|weekly|monthly|twice|once\s+a)\b/giu;
/**
 * A Korean frequency: a period, 에, a count of times ("일주일에 한 번", "한 달에 두 번", "3일에 1회"),
 * or 주/하루 and a count ("주 2회", "하루 세 번") — a habit said by its rate.
 */
const KO_FREQUENCY_RE =
  /(?:(?:하루|일주일|한\s?주|한\s?달|달|일\s?년|한\s?해|\d{1,2}\s?(?:일|주|개월|달|년))에|(?:^|\s)(?:주|하루|월|연))\s?(?:한|두|세|네|다섯|\d{1,2})\s?(?:번(?!호|지)|회|차례)/gu;
/** "X만" after a word: only X (decaf만, 믹스커피만, 이하로만) — a standing choice. */
const ONLY_RE = /(?<=[가-힣a-z])(?:로)?만(?=\s|,|$)/gu;
/** "N 있음/있어요": the speaker has something (an allergy, a condition, a pet). */
const POSSESSION_RE = /(?<=[가-힣]\s)있(?:음|어요|어|습니다|어서|고)(?=\s|,|$|[.!~])/u;
/** A changed fact (바뀜, 이제, 미뤄짐, moved, no longer …): the words of novelty.ts's update check. */
const CHANGE_RE =
  /바뀌|바뀜|바꿨|바꿈|변경|미뤄|미뤘|밀림|밀렸|옮김|옮겼|올랐|올려|인상|취소|연장|이제|더\s?이상|괜찮대|아니래|\b(?:moved|changed|switched|no longer|anymore|pushed|postponed|rescheduled|cancell?ed|renewed)\b/giu;
/** Likes, dislikes, diets and allergies. */
const STANCE_RE = [
  /좋아|싫어|싫음|극혐|별로|못\s?먹|안\s?먹|잘\s?먹|만\s?(?:마셔|먹어|써|마심|먹음|씀)|선호|알레르기|알러지/gu,
  /\b(?:prefer|love|hate|like|dislike|allergic|allergy|can't\s+stand|don't\s+(?:eat|drink)|vegan|vegetarian)\b/giu,
] as const;
/** Who the speaker is: where they work, study or live; what they are. */
const IDENTITY_RE = [
  /근무|다님|다녀(?![오와왔올옴])|다니|일해|담당|소속|살아|살고|사셔|사심|산다|거주|출신|전공|학년|[0-9]년생/gu,
  /\b(?:work(?:s|ing)?\s+(?:at|for|in|remotely)|live(?:s)?\s+in|i'm\s+an?|major|graduate|born)\b/giu,
] as const;
/** A memo-style nominal ending (다님, 있음, 못 먹음, 결정함) at a clause end. */
const MEMO_END_RE = /[가-힣](?:음|임|함|됨|님|심|짐|움|함)(?=\s|$|[,.~!]|ㅋ|ㅎ)/u;
/** The copula or a plain "is" closing a statement (B형이야, 약사예요, 입니다). */
const COPULA_END_RE = /(?:이야|야|이에요|예요|에요|입니다|이다|이래요|래요)(?=\s*$|[,.!~])/u;
/** Plans, decisions and commitments. */
const ACTION_RE = [
  /기로\s?(?:함|했|해|했어|했음|했어요|했습니다|하다)|기로함|결정|정했|정함|정해|예약|예정|목표|할\s?거|할\s?게|할게|갈\s?거|예매|접수|신청|약속|맡기로|등록/gu,
  /\b(?:i\s*will|i'll|i'm\s+going\s+to|going\s+to|let's|promised|booked|decided|plan(?:ning)?\s+to|will\s+\w+|scheduled|signed|committed|agreed|told\s+\w+\s+i'd|skipping)\b/giu,
] as const;
const DEADLINE_RE = /까지|\b(?:by|due|until|before)\b/iu;

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;

/**
 * The evidence in a statement (see {@link EVIDENCE} for the weights).
 *
 * @example contentEvidence("다솜 생일 6월 16일").lasting > 0
 * @example contentEvidence("아 졸려 죽겠다").passing > 0
 */
export function contentEvidence(text: string): ContentEvidence {
  const words = (text.match(WORD_RE) ?? []).map((w) => w.toLowerCase()).filter((w) => !isFillerWord(w));
  const distinct = new Set(words);
  // "since 4am", "오늘": the moment of speaking, not a value to keep.
  const values = valueKeys(NOW_WORDS_RE.reduce((rest, words) => rest.replace(words, " "), text)).size;
  const action = count(text, ACTION_RE);
  const people = words.filter((w) => isPerson(w)).length;
  const lasting =
    Math.min(MAX_VALUE_EVIDENCE, EVIDENCE.value * values) +
    EVIDENCE.quotedName * count(text, QUOTED_NAME_RE) +
    (FIRST_PERSON_RE.test(text) ? EVIDENCE.firstPerson : 0) +
    EVIDENCE.person * Math.min(2, people) +
    EVIDENCE.habit *
      Math.min(2, count(text, HABIT_RE) + count(text, KO_FREQUENCY_RE) + count(text, ONLY_RE)) +
    EVIDENCE.stance * Math.min(2, count(text, STANCE_RE)) +
    EVIDENCE.identity * Math.min(2, count(text, IDENTITY_RE)) +
    (POSSESSION_RE.test(text) ? EVIDENCE.possession : 0) +
    EVIDENCE.change * Math.min(1, count(text, CHANGE_RE)) +
    (MEMO_END_RE.test(text) ? EVIDENCE.memoEnding : 0) +
    (COPULA_END_RE.test(text) ? EVIDENCE.copulaEnding : 0) +
    EVIDENCE.action * Math.min(2, action);
  const passing =
    EVIDENCE.nowWord * count(text, NOW_WORDS_RE) +
    EVIDENCE.mood * Math.min(3, count(text, MOOD_RE)) +
    EVIDENCE.weather * Math.min(2, count(text, WEATHER_RE)) +
    EVIDENCE.exclamative * exclamativeEnds(text) +
    EVIDENCE.crying * Math.min(2, count(text, CRYING_RE)) +
    EVIDENCE.laughter * Math.min(2, count(text, LAUGH_RE)) +
    EVIDENCE.narrative * Math.min(3, count(text, KO_NARRATIVE_RE));
  const datedOrDue = values > 0 || DEADLINE_RE.test(text);
  return {
    lasting,
    passing,
    actionability: action === 0 ? 0 : Math.min(1, 0.6 + (datedOrDue ? 0.4 : 0) + 0.2 * (action - 1)),
    contentWords: words.length,
    diversity: words.length === 0 ? 1 : distinct.size / words.length,
  };
}

/** The matches of `patterns` in `text`, summed (a list never has two patterns that match the same text). */
function count(text: string, patterns: RegExp | readonly RegExp[]): number {
  let n = 0;
  for (const pattern of Array.isArray(patterns) ? patterns : [patterns]) {
    pattern.lastIndex = 0;
    for (const _ of text.matchAll(pattern)) n++;
  }
  return n;
}

/** Family, pets and people by their title (팀장님, 사장님): the people a memory is about. */
const PEOPLE_WORDS: ReadonlySet<string> = new Set([
  ...TOPIC_WORDS["family"]!.strong,
  ...TOPIC_WORDS["pets"]!.strong,
  ...TITLE_WORDS,
]);

function isPerson(word: string): boolean {
  const bare = word.replace(/(?:님|씨)?(?:이|은|는|가|랑|이랑|한테|의|도|를|을|네)?$/u, "");
  return PEOPLE_WORDS.has(bare) || PEOPLE_WORDS.has(word);
}

/**
 * Sentences ending like an exclamation or a diary line: 힘드네요, 좋더라고요, 끝났다, 잔다, 정신없다. A
 * plain -다 counts after a syllable with a final consonant (없다, 잔다), so nouns like 바다 do not.
 */
function exclamativeEnds(text: string): number {
  let n = 0;
  for (const sentence of text.split(/[.!?\n]+|\s{2,}|ㅋ+|ㅎ+|ㅠ+/u)) {
    const words = sentence.trim().split(/\s+/u);
    const last = words[words.length - 1] ?? "";
    if (KO_EXCLAMATIVE_END_RE.test(last)) n++;
    else if (
      last.length >= 2 &&
      last.endsWith("다") &&
      hasBatchim(last[last.length - 2]) &&
      isHangulSyllable(last[0])
    )
      n++;
  }
  return n;
}
