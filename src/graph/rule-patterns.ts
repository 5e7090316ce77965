/**
 * Patterns and small general Korean/English word lists used by the rule-based triplet extractor.
 * These are ordinary words of the language (titles, kinship terms, filler adverbs), never names from a
 * data set.
 */

/** Korean and English phone numbers: 010-1234-5678, 02-462-7719, 0507-1432-8816, 1588-2749, 01012345678. */
export const PHONE_RE =
  /(?<![\d-])(?:\+82[- ]?)?(?:0\d{1,3}-\d{3,4}-\d{4}|1[5-9]\d{2}-\d{4}|01\d{8,9})(?![\d-])/gu;

const KO_TIME = String.raw`(?:\s?(?:(?:오전|오후|아침|저녁|밤|새벽|낮)\s?)?\d{1,2}시(?:\s?(?:\d{1,2}분|반))?)?`;
/** A weekday after a date: "토요일", or a bare "토" as a word (not "(토)", which stays out of the value). */
const KO_WEEKDAY = String.raw`(?:\s?[월화수목금토일]요일|\s[월화수목금토일](?=\s|$|,))?`;
const KO_DATE = String.raw`(?:[음양]력\s?)?(?:\d{4}년\s?)?\d{1,2}월\s?\d{1,2}일${KO_WEEKDAY}${KO_TIME}`;
const ISO_DATE = String.raw`\d{4}[-.]\d{1,2}[-.]\d{1,2}`;
const EN_MONTH = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
const EN_DATE = String.raw`${EN_MONTH}\.? \d{1,2}(?:st|nd|rd|th)?(?:,? \d{4})?(?: at \d{1,2}(?::\d{2})?(?: ?[ap]m)?)?`;
/** A calendar date, optionally with weekday and time: "8월 9일", "9월 12일 토요일 1시", "Jun 22 at 19:10". */
export const DATE_RE = new RegExp(String.raw`(?<![\d])(?:${KO_DATE}|${ISO_DATE}|${EN_DATE})(?![\d])`, "gu");

const KO_NUMBER_WORDS = "한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|열한|열두|열세|열네|열다섯|스무";
/** A clock time without a date, with the weekdays it repeats on: "4시 40분", "화목 5시 반", "저녁 7시". */
export const TIME_RE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:[월화수목금토일](?:[/·,]?[월화수목금토일])*\s)?(?:(?:오전|오후|아침|저녁|밤|새벽|낮)\s?)?\d{1,2}시(?:\s?(?:\d{1,2}분|반))?`,
  "gu",
);
/** An age: "여섯 살", "6살", "6 years old". */
export const AGE_RE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(?:\d{1,3}|${KO_NUMBER_WORDS})\s?살|\d{1,3}[- ]years?[- ]old)`,
  "gu",
);
/** A body weight: "3.2kg", "4 kg", "5킬로". */
export const WEIGHT_RE = /(?<![\p{L}\d.])\d+(?:\.\d+)?\s?(?:kg|킬로)(?![\p{L}])/gu;

/** Words that name an address; the value then runs to the end of the sentence (it may hold commas). */
export const ADDRESS_WORDS = new Set(["주소", "주소는", "주소가", "address"]);

/** Words before a value that carry no meaning for the fact ("새 번호", "올해 여섯 살"). */
export const FILLER_WORDS = new Set([
  "새",
  "새로운",
  "바뀐",
  "변경된",
  "올해",
  "현재",
  "지금",
  "요즘",
  "이번",
  "원래",
  "new",
  "current",
  "now",
  "updated",
]);

/** Sentence-initial adverbs and conjunctions that are never an entity. */
export const NON_ENTITY_WORDS = new Set([
  "오늘",
  "내일",
  "어제",
  "모레",
  "그동안",
  "요즘",
  "지금",
  "이번",
  "다음",
  "저번",
  "아까",
  "방금",
  "그리고",
  "근데",
  "그런데",
  "그래서",
  "혹시",
  "원래",
  "진짜",
  "완전",
  "너무",
  "매달",
  "매일",
  "매주",
  "새",
  "앞으로",
  "당분간",
]);

/** Kinship and social-relation words ("동생 다인이" → 다인 is 동생). */
export const KINSHIP_WORDS = new Set([
  "동생",
  "남동생",
  "여동생",
  "언니",
  "오빠",
  "형",
  "누나",
  "엄마",
  "아빠",
  "어머니",
  "아버지",
  "어머님",
  "아버님",
  "할머니",
  "할아버지",
  "아들",
  "딸",
  "남편",
  "아내",
  "와이프",
  "친구",
  "조카",
  "사촌",
  "삼촌",
  "이모",
  "고모",
  "장모님",
  "장인어른",
  "시어머니",
  "시아버지",
  "사위",
  "며느리",
  "동료",
  "손주",
  "손자",
  "손녀",
]);

/** Job titles written after a person's name ("김태식 세무사님", "오세린 실장"). */
export const TITLE_WORDS = new Set([
  "세무사",
  "변호사",
  "법무사",
  "회계사",
  "실장",
  "대표",
  "원장",
  "선생",
  "교수",
  "팀장",
  "과장",
  "부장",
  "차장",
  "사장",
  "이사",
  "매니저",
  "기사",
  "디자이너",
  "코치",
  "간호사",
  "의사",
]);

/** Endings of a word that names a kind of business ("이사업체", "동물병원"); used for 분류. */
export const BUSINESS_SUFFIXES = [
  "업체",
  "병원",
  "학원",
  "가게",
  "식당",
  "카페",
  "회사",
  "매장",
  "센터",
  "약국",
  "미용실",
  "치과",
  "의원",
];

/** Keys whose value names the entity in `key: value` lines. */
export const NAME_KEYS = new Set([
  "업체명",
  "업체",
  "상호",
  "상호명",
  "가게명",
  "가게 이름",
  "회사명",
  "매장명",
  "이름",
  "성함",
  "name",
  "company",
  "business",
  "shop",
]);

/** Words introducing a person's name ("도현이 어머님 성함 정미숙"). */
export const NAME_INTRO_WORDS = new Set(["성함", "성함은", "이름", "이름은", "본명"]);

/** Verb stems of "changed/moved to": "Y로 바꿨어", "Y로 옮겼어요", "Y로 변경". */
export const CHANGE_VERB_RE = /^(?:바꿨|바꿈|바꾸|바뀌|바뀜|바뀐|옮겼|옮김|옮기|변경|이사|이전)/u;

/** Connective endings: a token ending in one is a clause of its own, not an entity ("말티즈고"). */
export const CONNECTIVE_ENDING_RE = /(?:고|며|서|는데|지만|니까)$/u;

/** Adverbial particles: a word ending in one is a place or time, not an entity ("정담세무에", "판교에서"). */
export const ADVERBIAL_PARTICLE_RE = /(?:에|에서|한테|에게|까지|부터)$/u;

/** English event verbs and the attribute their date becomes ("renews on March 3" → renewal date). */
export const EN_EVENT_VERBS: Record<string, string> = {
  renews: "renewal date",
  expires: "expiry date",
  starts: "start date",
  begins: "start date",
  ends: "end date",
  launches: "launch date",
  opens: "opening date",
  closes: "closing date",
  "is due": "due date",
};

/** English verbs of moving a date ("cutover pushed to Mar 13"). */
export const EN_MOVE_VERBS = ["pushed", "moved", "postponed", "delayed", "rescheduled", "slipped"];
