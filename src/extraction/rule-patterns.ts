import { phrasePairs } from "../text/word-list.js";
import { PAST_TENSE_SYLLABLE_CLASS } from "../text/korean.js";
/**
 * Value shapes and word-form patterns of the rule-based triplet extractor.
 *
 * Values are recognised by their form (a phone number, a date, an amount, an e-mail address, a measure),
 * never by knowing them; word forms (a connective ending, an adverbial particle, a verb ending) tell a
 * clause's parts apart. Every pattern is linear in its input: no nested or adjacent unbounded
 * quantifiers over the same characters, and starts are anchored by look-behinds.
 */

/**
 * Korean and English phone numbers: 010-1234-5678, 02-418-6630, 0507-1388-2054, 1644-3172, 01012345678, and
 * international ones with a country code: +1-604-555-0187, +44 20 7946 0958.
 */
export const PHONE_RE =
  /(?<![\d-])(?:(?:\+82[- ]?)?(?:0\d{1,3}-\d{3,4}-\d{4}|1[5-9]\d{2}-\d{4}|01\d{8,9})|\+\d{1,3}(?:[- ]\d{1,4}){2,4})(?![\d-])/gu;

const KO_TIME = String.raw`(?:\s?(?:(?:오전|오후|아침|저녁|밤|새벽|낮)\s?)?\d{1,2}시(?:\s?(?:\d{1,2}분|반))?)?`;
/** A weekday after a date: "토요일", or a bare "토" as a word (not "(토)", which stays out of the value). */
const KO_WEEKDAY = String.raw`(?:\s?[월화수목금토일]요일|\s[월화수목금토일](?=\s|$|,))?`;
const KO_DATE = String.raw`(?:[음양]력\s?)?(?:\d{4}년\s?)?\d{1,2}월\s?\d{1,2}일${KO_WEEKDAY}${KO_TIME}`;
const ISO_DATE = String.raw`\d{4}[-.]\d{1,2}[-.]\d{1,2}`;
/** Month/day as chat writes it ("5/30", "10/15"): a month 1–12 and a day 1–31, nothing else of digits or slashes around. */
const SLASH_DATE = String.raw`(?<!/)(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?![/.]?\d)`;
const EN_MONTH = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)`;
const EN_DATE = String.raw`${EN_MONTH}\.? \d{1,2}(?:st|nd|rd|th)?(?:,? \d{4})?(?: at \d{1,2}(?::\d{2})?(?: ?[ap]m)?)?`;
/** A calendar date, optionally with weekday and time: "8월 9일", "5월 17일 일요일 3시", "5/30", "Aug 3 at 18:45". */
export const DATE_RE = new RegExp(
  String.raw`(?<![\d\p{L}])(?:${KO_DATE}|${ISO_DATE}|${SLASH_DATE}${KO_TIME}|${EN_DATE})(?![\d])`,
  "gu",
);

const KO_NUMBER_WORDS = "한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|열한|열두|열세|열네|열다섯|스무";
/** A clock time without a date, with the weekdays it repeats on: "4시 40분", "화목 5시 반", "저녁 7시". */
export const TIME_RE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:[월화수목금토일](?:[/·,]?[월화수목금토일]){0,6}\s)?(?:(?:오전|오후|아침|저녁|밤|새벽|낮)\s?)?\d{1,2}시(?:\s?(?:\d{1,2}분|반))?`,
  "gu",
);
/** An age: "여섯 살", "6살", "6 years old". */
export const AGE_RE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(?:\d{1,3}|${KO_NUMBER_WORDS})\s?살|\d{1,3}[- ]years?[- ]old)`,
  "gu",
);
/**
 * A body weight: "3.2kg", "4 kg", "5킬로", and with a particle after it ("4.5kg으로", "5킬로는"); not the
 * start of a longer Latin word or of 킬로미터, a length.
 */
export const WEIGHT_RE = /(?<![\p{L}\d.])\d{1,4}(?:\.\d{1,3})?\s?(?:kg|킬로)(?![A-Za-z]|미터)/gu;
/** A length or height: "128cm", "1.8m", "30 mm", and with a particle after it ("130cm으로"). */
export const LENGTH_RE = /(?<![\p{L}\d.])\d{1,4}(?:\.\d{1,3})?\s?(?:cm|mm|센치|센티)(?![A-Za-z])/gu;
/**
 * An amount of money, with the period or unit it is paid by: "12만원", "월 12만원", "1회에 6만원", "시간당
 * 2만원", "173,400원", "1만2천원", "$120", "2,150,000원". A number has at most nine digits, or at most six
 * groups between commas ("999,999,999,999,999,999원"): every quantifier is bounded, so each start position costs
 * a bounded number of steps and a scan of the text is linear.
 */
export const AMOUNT_RE =
  /(?<![\p{L}\d.,])(?:(?:월|매달|매월|연|주|1회|회당|시간당|인당|1인당|\d{1,2}(?:박|시간|회|인)에|하루에?)\s?)?(?:\d{1,3}(?:,\d{3}){1,5}|\d{1,9})(?:\.\d{1,2})?(?:\s?억)?(?:\s?\d{0,4}만)?(?:\s?\d{0,4}천)?\s?원|(?<![\p{L}\d])\$\d{1,9}(?:,\d{3}){0,5}(?:\.\d{2})?/gu;
/** A value that includes a clock time ("5월 17일 일요일 3시", "매주 일요일 9시", "Aug 3 at 18:45"). */
export const HAS_CLOCK_TIME_RE = /\d\s*시|\d:\d\d/u;

/** "수요일", "화목", "월수금", "일욜": weekdays alone as one word, as a schedule names them. */
export const WEEKDAYS_WORD_RE = /^(?:[월화수목금토일]요일|[월화수목금토일]{1,7}|[월화수목금토일]욜)$/u;

/** Which week before its weekdays: 매주, 격주, 다음주, 셋째주, 둘째 (one word, part of when). */
export const WEEK_WORD_RE =
  /^(?:매주|격주|이번주|다음주|담주|다다음주|저번주|지난주|(?:첫|둘|셋|넷|다섯)째주?|마지막주?)$/u;
/** The period or unit an amount is paid by ("1회에 6만원", "시간당 2만원"): the amount is a rate. */
export const RATE_PREFIX_RE =
  /^(?:월|매달|매월|연|주|1회|회당|시간당|인당|1인당|\d{1,2}(?:박|시간|회|인)에|하루에?)\s/u;
/** A school year: "중2", "고3", "대학교 2학년", "3학년". */
export const GRADE_RE =
  /(?<![\p{L}\d])(?:(?:(?:초등학교|중학교|고등학교|대학교|대학원|초등|중학|고등|대학)\s?)?\d학년|[초중고]\d(?![\d\p{L}]))/gu;
/**
 * A short number after the word that names it: "내선 3301", "내선번호는 3301입니다", "PHS 5512", "extension은
 * 2210", "ext. 215". Without such a word a bare number says nothing of what it is, so it is not a value.
 */
export const CODE_RE =
  /(?<=(?:^|\s)(?:내선(?:번호)?|[Ee]xt(?:ension)?\.?|PHS|phs|호출번호|[Pp]ager)(?:은|는|이|가|:)?(?:\s번호[는가]?)?\s)\d{2,6}(?![\d-])/gu;
/**
 * A Korean car's number plate ("38누 5092", "127모4863"): two or three digits, the one syllable of the
 * plate's use (the closed set plates use), four digits.
 */
export const PLATE_RE =
  /(?<![\d\p{L}])\d{2,3}[가나다라마바사아자거너더러머버서어저고노도로모보소오조구누두루무부수우주하허호배] ?\d{4}(?!\d)/gu;
/** An e-mail address. The look-behind lets a match start only at the beginning of a run of word characters. */
export const EMAIL_RE = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}/gu;

/**
 * Verb and adjective modifiers that end like a topic particle ("다니는 병원", "좋아하는 꽃", "같은 거", "끝나는
 * 시간", "쉬는 날"): they modify the noun after them and are never a topic. By ending where no noun ends
 * so (하는, 있는), else by the whole verb where a noun may end in the same syllables (끝나는 but not 나는
 * or 유나는; 다니는 but not 언니는; 열리는 but not 또리는). A verb of one syllable that many nouns end in
 * (사 회사, 가 휴가, 오 라디오, 타 기타, 드 카드, 보 정보, 주 맥주) is a modifier as a word of its own
 * ("자주 가는", "매일 타는") or after the 아/어 form of another verb it is joined to (들어가는, 찾아오는,
 * 도와주는, 알려주는, 나가는).
 */
export const MODIFIER_END_RE =
  /(?:하는|다니는|있는|없는|먹는|쓰는|되는|받는|맡는|(?:^|[아어와워려러쳐해내나])[사가오타드보주]는|[같좋높많적작낮넓깊짧싫남젊맑밝얇굵]은|끝나는|만나는|떠나는|일어나는|태어나는|닫는|쉬는|끝내는|보내는|찾는|신는|입는|맡기는|키우는|부르는|모르는|고르는|열리는|걸리는|빌리는|내리는|올리는|바꾸는)$/u;

/** Verb stems of "changed/moved to": "Y로 바꿨어", "Y로 옮겼어요", "Y로 변경". */
export const CHANGE_VERB_RE = /^(?:바꿨|바꿈|바꾸|바뀌|바뀜|바뀐|옮겼|옮김|옮기|옮겨|변경|이사|이전)/u;

/**
 * Connective endings: a token ending in one is a clause of its own, not an entity ("말티즈고", "먹어서",
 * "급하면").
 */
export const CONNECTIVE_ENDING_RE =
  /(?:고|며|[해봐돼와가워져려러어아]서|는데|지만|니까|하면|으면|려면|다면|이면)$/u;

/** Endings of an adverbial word: "판교에서", "카톡으로만", "구하영님이랑", "이음세무에". */
const ADVERBIAL_ENDINGS = "으로(?:만|도|는|서)?|에서|에게|님께|한테|부터|까지|처럼|랑|하고|에";
/** A word ending in an adverbial particle: a place, time or means, never an entity ("판교에서"). */
export const ADVERBIAL_PARTICLE_RE = new RegExp(`(?:${ADVERBIAL_ENDINGS})$`, "u");
/**
 * The same with a bare 로 ("케이크로", "걸로"), for the words of a value: 로 also ends nouns that may be
 * names ("프로", "종로"), so a name is not judged by it.
 */
export const ADVERBIAL_WORD_RE = new RegExp(`(?:${ADVERBIAL_ENDINGS}|로(?:만|도|는)?)$`, "u");

/**
 * Endings of a predicate (a verb or adjective) at the end of a clause: a clause that ends in one states
 * an event or a judgement, not "attribute = value" ("모르고", "했어", "좋아함", "없음", "온다고 함").
 * Past-tense syllables (었, 았, 였, 했, 됐 …) almost never end a noun.
 */
export const PREDICATE_END_RE = new RegExp(
  [
    `[${PAST_TENSE_SYLLABLE_CLASS}](?:어|음|다|대|네|지|죠|어요|습니다)?`,
    "하다|한다|해요?|함|됨|돼요?|된다|한대|된대|[는한간온준본운든]다|바뀜|바꿈|옮김",
    "있(?:어요?|음|다|습니다)|없(?:어요?|음|다)|싶(?:어요?|다|음)|같(?:아|음)|좋아|싫어",
    "[신는]대|신다|래요|대요|[을할까]까|는지|[마하드계]심|으심|으셔|으세요",
    "거든|잖아|는데|니까|지만|면서|려고|기로|라고|다고|세요|네요|어요|아요|지요|습니다",
    "하기|보내기|가기|걸기|사기|먹이기|는 ?중|고민 ?중|진행 ?중|준비 ?중",
    "겠(?:어요?|음|다|네|지)|몰라요?|모름|찮(?:아요?|음|대|다|네)",
  ]
    .map((group) => `(?:${group})`)
    .join("|")
    .replace(/^/u, "(?:")
    .concat(")$"),
  "u",
);

/** English event verbs and the attribute their date becomes ("renews on May 6" → renewal date). */
export const EN_EVENT_VERBS: Record<string, string> = phrasePairs(
  "renews = renewal date; expires = expiry date; starts = start date; begins = start date; " +
    "ends = end date; launches = launch date; opens = opening date; closes = closing date; " +
    "is due = due date; got married = wedding date; were married = wedding date",
);

/** English verbs of moving a date ("go-live pushed to Jun 4"). */
export const EN_MOVE_VERBS = ["pushed", "moved", "postponed", "delayed", "rescheduled", "slipped"];

/** Adverbs that trail an English fact and are not part of its value ("lives in Daegu now", "… in June"). */
export const EN_TRAILING_ADVERBS_RE =
  /(?<!\s)\s+(?:now|currently|these days|too|as well|again|btw|lol|recently|yesterday|today|soon|(?:last|this|next) (?:week|month|year)|in (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)$/iu;

/** A phrase that trails an English place ("in Toronto with his family", "in Busan since 2020"). */
/** A subordinate clause after an English value ("010-… if you ever need it", "B2 because …"). */
export const EN_SUBORDINATE_RE =
  /(?<!\s)\s+(?:if|in case|unless|because|cause|so|when|whenever|though|although)\s.*$/isu;

export const EN_TRAILING_PHRASE_RE =
  /(?<!\s)\s+(?:with|since|until|because|for|near|but|and|after|before)\s.*$/isu;
