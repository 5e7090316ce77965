/**
 * What a message does, before what it says: a bot command, a phatic message (greeting, thanks,
 * acknowledgement, laughter, emoji, filler), a question or a request addressed to the assistant, or a
 * statement. Only statements can become memories; the others carry no lasting fact even when they
 * name one ("꿀떡 병원 전화번호 뭐였지?", "아빠 생신 선물 5만원 이하로 골라줘").
 *
 * Korean and English. The rules are grammar — interrogatives, question and request endings, the
 * imperative of task verbs — and closed classes of phatic words, never a data set's topics. Every
 * pattern is linear in the text.
 */

import { HANGUL_SYLLABLES, syllableJamo } from "./korean.js";
import { EMOJI_SHORTCODE_RE, MENTION_RE } from "./language.js";
import { forgottenThing } from "./forgetting.js";
import { trimEndWhile } from "./trim.js";
import { words } from "./word-list.js";
import { splitSentences } from "./sentence-end.js";

/** The act of a message. */
export type SpeechAct = "command" | "phatic" | "question" | "request" | "statement";

/** A bot command: a slash word ("/help", "/도움말"), a help word alone, "remind me …", a forget request. */
const SLASH_COMMAND_RE = /^\s*\/[\p{L}\p{N}_-]{1,32}(?:\s|$)/u;
const SETTINGS_WORDS_RE = /^\s*(?:settings|설정|status|상태)[\s.!?]*$/iu;

/**
 * Asking for help or what the assistant can do: a help word alone ("도움말", "사용법", "help"), "(너) 뭐
 * 할 수 있어?" / "뭘 해 줄 수 있어요?", "어떻게 써?", "what can you do?", "how do I use this?". Whole
 * messages only: "help me write an email" asks for something else.
 */
const HELP_KO_RE =
  /^\s*(?:\/도움말|도움말|사용법|도움|(?:(?:너|넌|너는|니가|네가|봇|당신은?)\s+)?(?:뭐|뭘|무엇을|무얼|어떤\s*(?:거|걸|일을?))\s*(?:할|해\s*줄|도와\s*줄)\s*수\s*있(?:어|어요|나요|니|냐|습니까)|어떻게\s*(?:써|써요|쓰는\s*거야|사용해|사용해요|사용하나요|사용하는\s*거야))[\s.!?]*$/u;
const HELP_EN_RE =
  /^\s*(?:help|what\s+can\s+you\s+do|what\s+do\s+you\s+do|how\s+do\s+i\s+use\s+(?:you|this(?:\s+bot)?|it))[\s.!?]*$/iu;
const HELP_SLASH_RE = /^\s*\/help\s*$/iu;

/**
 * Whether a message asks for help, and in which language: `{}` for "/help" (either language), `{ lang }`
 * for a help request said in one; undefined for anything else.
 */
export function helpRequest(text: string): { lang?: "ko" | "en" } | undefined {
  if (HELP_SLASH_RE.test(text)) return {};
  if (HELP_KO_RE.test(text)) return { lang: "ko" };
  if (HELP_EN_RE.test(text)) return { lang: "en" };
  return undefined;
}
const REMIND_RE =
  /^\s*(?:remind me|nudge me|ping me)\b|^\s*나중에\s*(?:다시\s*)?(?:알려|말해)\s*(?:줘|주세요)/iu;
const FORGET_RE =
  /(?:잊어|지워|삭제\s*해)\s*(?:줘요?|주세요|버려요?|줄래요?)[\s.!]*$|(?:지워|삭제\s*해)(?:라|요)?[\s.!]*$|^\s*(?:please\s+)?(?:forget|delete|remove|erase)\b/iu;

/** Compatibility jamo (ㅋ, ㅎ, ㅠ, ㅇㅋ, ㄳ), emoji and punctuation: no words at all. */
/** Punctuation, symbols, bare jamo (ㅋ, ㅠ) and spaces: what a sentence's last word is read without. */
const isTrailingNoise = (c: string): boolean => /[\p{P}\p{S}\u3131-\u318e\s]/u.test(c);
const NON_WORD_RE = /[\u3131-\u318e\p{Extended_Pictographic}\p{P}\p{S}\s]|\u200d|\ufe0f/gu;

/** Words that greet, thank or take leave, each alone enough to say so (a closed class of each language). */
const PHATIC_KINDS: ReadonlyMap<string, Exclude<PhaticKind, "other">> = new Map([
  ...words("안녕 안녕하세요 안녕하십니까 하이 굿모닝 hi hello hey morning").map(
    (word) => [word, "greeting"] as const,
  ),
  ...words("고마워 고마워요 고맙다 고맙습니다 감사 감사해 감사해요 감사합니다 땡큐 thanks thank thx ty").map(
    (word) => [word, "thanks"] as const,
  ),
  ...words("잘자 잘자요 수고하세요 안녕히 계세요 가세요 주무세요 봐 봐요 bye night later seeyou").map(
    (word) => [word, "farewell"] as const,
  ),
]);

/**
 * Phatic words: greetings, thanks and farewells (every word of {@link PHATIC_KINDS}), acknowledgements,
 * interjections, holding words, and the words of degree that go with them ("정말 고마워", "thanks a
 * lot"). A message made of these alone says nothing to keep. Compared after lower-casing and removing
 * punctuation.
 */
const PHATIC_WORDS: ReadonlySet<string> = new Set([
  ...PHATIC_KINDS.keys(),
  ...words("정말 너무 진짜 넘 완전 많이 잘 자 또 a lot very many see"),
  // Korean
  "좋은",
  "아침",
  "아침이에요",
  "아침입니다",
  "수고",
  "수고해",
  "수고했어",
  "넵",
  "넹",
  "네",
  "네네",
  "예",
  "응",
  "웅",
  "어",
  "음",
  "흠",
  "아",
  "오",
  "와",
  "헐",
  "앗",
  "알겠어",
  "알겠어요",
  "알겠습니다",
  "알았어",
  "알았어요",
  "오케이",
  "좋아",
  "좋아요",
  "좋습니다",
  "그래",
  "그래요",
  "맞아",
  "맞아요",
  "잠깐",
  "잠깐만",
  "잠깐만요",
  "잠시만",
  "잠시만요",
  "하하",
  "대박",
  "최고",
  "굿",
  // English
  "yo",
  "good",
  "evening",
  "you",
  "ok",
  "okay",
  "k",
  "kk",
  "sure",
  "noted",
  "got",
  "it",
  "sounds",
  "cool",
  "great",
  "perfect",
  "nice",
  "awesome",
  "wow",
  "this",
  "is",
  "so",
  "much",
  "lol",
  "lmao",
  "haha",
  "hahaha",
  "hehe",
  "yes",
  "yep",
  "yeah",
  "hmm",
  "um",
  "uh",
  "oh",
  "ah",
  "right",
  "alright",
  "all",
  "hold",
  "on",
  "wait",
  "sec",
  "one",
]);

/**
 * Korean interrogatives (a word starting with one asks): 뭐, 언제, 어디, 몇, 얼마 … — but not their
 * indefinite uses (뭐든, 언제나, 어디든, 누구나, 얼마 전, 왜냐하면); 얼마나 ("how much") asks.
 */
const KO_INTERROGATIVES = words("뭐 뭘 무엇 무슨 언제 어디 어느 어떻 어떤 어때 누구 누가 며칠 몇 얼마 왜");
const KO_INTERROGATIVE_RE = new RegExp(
  String.raw`(?:^|[\s'"(])(?:얼마나|${KO_INTERROGATIVES.join("|")}(?!든|나(?:\s|$)|라도|든지|냐하면|\s?(?:전|동안|안\s?(?:돼|되|됐))(?:\s|$|에|부터)))`,
  "u",
);
/**
 * Endings that close a Korean question without "?": -나요 after a stem (되나요; a bare 나요 is the verb
 * 나다, "시간 나요"), -니/-냐 after a verb stem (있니, 했냐), -ㅂ니까 (됩니까); and -ㄹ까(요), below.
 */
const KO_QUESTION_END_RE =
  /(?:.나요|(?:았|었|였|있|없|했|하|되|됐|가|와|봤|갔|왔|먹|좋|싫)(?:니|냐|냐고)|[습입됩합갑읍]니까)$/u;
/** -ㄹ까(요): 까 after a syllable whose final consonant is ㄹ (갈까, 할까요, 나을까). */
const KKA_END_RE = /(.)까요?$/u;
/** Index of ㄹ among the 28 finals of a Hangul syllable. */
const FINAL_RIEUL = 8;
/** Index of ㄴ among the 28 finals of a Hangul syllable. */
const FINAL_NIEUN = 4;

/**
 * Whether `word` ends an embedded question or exclamation: 지 after a syllable that ends in ㄴ or ㄹ
 * (-던지, -는지, -은지/-ㄴ지, -을지/-ㄹ지: 맛있던지, 살지, 누군지); a past 지 (였지, 었지) asks.
 */
function endsEmbeddedQuestion(word: string): boolean {
  if (!word.endsWith("지") || word.length < 2) return false;
  const final = syllableJamo(word.charCodeAt(word.length - 2))?.final;
  return final === FINAL_NIEUN || final === FINAL_RIEUL;
}
/** Korean endings that ask only with an interrogative before them (했지 / 있죠 / 뭐였더라 are also statements). */
const KO_SOFT_QUESTION_END_RE = /(?:지|죠|야|예요|에요|요|래|대|어|아|더라|더라고|냐|니)$/u;
/**
 * A request to the assistant: a verb in its -아/어 form followed by 주다 in a request form (줘, 주세요,
 * 줄래, 줄 수 있어, 주실래요), or 부탁해 / 부탁드려요. "기억해 줘" and "메모해 줘" ask to remember and are
 * statements to keep, not requests for an answer.
 */
const KO_REQUEST_RE =
  /(?:(?:\s|^|[가-힣])(?:줘|줘요|줘봐|주세요|주셔요|줄래|줄래요|주라|주실래요|주시겠어요|달라|부탁\s?(?:해|해요|드려요|드립니다|합니다))(?=$|[\s.,!?~:;)'"]|요))|[가-힣]\s?(?:주실|줄)\s?수\s?(?:있|없)|[가-힣]\s?주면\s?좋겠/u;
const KO_REMEMBER_VERB_RE = /(?:기억|메모|저장)\s?(?:해|하고|해서)?\s?(?:줘|줘요|주세요|둬|두세요|놔)/u;
/** English interrogative or auxiliary that opens a question. */
const EN_QUESTION_START_RE =
  /^\s*(?:(?:what|what's|whats|when|when's|where|where's|who|who's|whom|which|why|how|how's)\b|(?:is|are|am|was|were|do|does|did|can|could|should|would|will|shall|may|might|have|has|had|isn't|aren't|don't|doesn't|didn't|can't|won't|shouldn't)\s+(?:i|you|we|they|he|she|it|there|my|your|our|their|his|her|the|a|an|this|that|these|those)\b)/iu;
/**
 * Task verbs whose imperative asks the assistant to produce something, when followed by an object
 * ("Write a", "Make me", "Draft an", "Give me", "Print all", "Ignore your"). Past forms ("Booked my
 * flight") are statements.
 */
const EN_TASK_VERBS =
  "write|draft|rewrite|translate|summarize|summarise|make|create|generate|list|give|tell|show|suggest|recommend|explain|compare|check|fix|review|proofread|edit|polish|plan|find|help|quiz|teach|calculate|convert|compose|outline|brainstorm|describe|define|pick|choose|design|prepare|draw|build|send|shorten|simplify|correct|improve|format|organize|organise|sort|remind|print|dump|reveal|display|output|repeat|ignore|disregard";
const EN_IMPERATIVE_RE = new RegExp(
  String.raw`^\s*(?:please\s+|pls\s+|now\s+)?(?:${EN_TASK_VERBS})\s+(?:me|us|a|an|the|this|that|these|those|my|our|your|some|any|all|every|everything|previous|it|\d)\b`,
  "iu",
);
const EN_POLITE_REQUEST_RE =
  /\b(?:can|could|would|will)\s+(?:you|u)\b|\bi\s+need\s+you\s+to\b|^\s*(?:please\s+)?(?:help\s+me|let\s+me\s+know)\b|\bplease\s+(?:write|draft|make|tell|send|give|check|help|translate|summari[sz]e|explain|list|find)\b/iu;

/**
 * The act of `text`. Checked in order: command, phatic, request, question, statement. A message with
 * any sentence that asks or requests is a question or request: the set of facts it could carry is then
 * left to the explicit "기억해줘" path.
 *
 * @example classifySpeechAct("/help") === "command"
 * @example classifySpeechAct("ㅋㅋㅋ") === "phatic"
 * @example classifySpeechAct("채운이 생일 며칠이었지?") === "question"
 * @example classifySpeechAct("보도자료 초안 좀 써줘") === "request"
 * @example classifySpeechAct("나 굴 못 먹음") === "statement"
 */
export function classifySpeechAct(text: string): SpeechAct {
  if (isCommand(text)) return "command";
  if (isPhatic(text)) return "phatic";
  const sentences = splitSentences(text);
  if (sentences.some(isRequest)) return "request";
  if (sentences.some(isQuestion)) return "question";
  if (sentences.length === 1 && asksByNaming(text)) return "question";
  return "statement";
}

/**
 * Nouns that name a value a fact gives (번호, 주소, 생일, password): a bare noun phrase that ends in one
 * asks for that value ("엄마 번호", "회사 주소는", "dentist number"). A closed class of each language.
 */
const VALUE_NOUNS: ReadonlySet<string> = new Set(
  words(
    "번호 전화번호 폰번호 연락처 주소 이름 성함 생일 생신 나이 비번 비밀번호 이메일 메일 위치 날짜 시간 요일 " +
      "가격 금액 비용 사이즈 몸무게 혈액형 내선 내선번호 마감일 계좌번호 " +
      "number phone address name birthday age password email location date time price cost size weight " +
      "extension deadline",
  ),
);
/** How many words a noun phrase that asks by naming a value may have ("우리 팀장님 사무실 내선번호"). */
const MAX_NAMING_WORDS = 4;

/**
 * Whether `text` asks for a value by naming it alone: two to {@link MAX_NAMING_WORDS} words, no digit
 * (a value given is a statement: "엄마 번호 010-…"), ending in a {@link VALUE_NOUNS} noun, bare or with
 * the topic particle 은/는 ("그럼 아빠 번호는").
 */
function asksByNaming(text: string): boolean {
  if (/\d/u.test(text)) return false;
  const spoken = text.trim().split(/\s+/u);
  if (spoken.length < 2 || spoken.length > MAX_NAMING_WORDS) return false;
  const last = trimEndWhile(spoken[spoken.length - 1] as string, isTrailingNoise).toLowerCase();
  const bare = last.endsWith("은") || last.endsWith("는") ? last.slice(0, -1) : last;
  return VALUE_NOUNS.has(last) || VALUE_NOUNS.has(bare);
}

/** A bot command (see {@link SLASH_COMMAND_RE} and the help, remind and forget forms). */
export function isCommand(text: string): boolean {
  return (
    SLASH_COMMAND_RE.test(text) ||
    helpRequest(text) !== undefined ||
    SETTINGS_WORDS_RE.test(text) ||
    REMIND_RE.test(text) ||
    FORGET_RE.test(text)
  );
}

/**
 * True when nothing but phatic words, jamo, emoji (drawn or as shortcodes), mentions and punctuation
 * remains.
 */
export function isPhatic(text: string): boolean {
  const words = text
    .replace(MENTION_RE, " ")
    .toLowerCase()
    .replace(EMOJI_SHORTCODE_RE, " ")
    .replace(NON_WORD_RE, " ")
    .split(/\s+/u)
    .filter(Boolean);
  return words.every((word) => PHATIC_WORDS.has(word) || /^(?:ha)+h?$|^(?:he)+$|^l+o+l+$/u.test(word));
}

/** What a phatic message does: greets, thanks, takes leave, or only acknowledges (ㅋㅋ, 네, ok). */
export type PhaticKind = "greeting" | "thanks" | "farewell" | "other";

/**
 * What a phatic message ({@link isPhatic}) does, by its first word that greets, thanks or takes leave
 * ("고마워 ㅋㅋ" thanks, "hi!" greets); "other" for one that only acknowledges or is not phatic.
 */
export function phaticKind(text: string): PhaticKind {
  if (!isPhatic(text)) return "other";
  const found = text.toLowerCase().replace(NON_WORD_RE, " ").split(/\s+/u);
  // "잘 자", "see you": a phrase written with or without its space.
  const whole = PHATIC_KINDS.get(found.join(""));
  if (whole !== undefined) return whole;
  for (const word of found) {
    const kind = PHATIC_KINDS.get(word);
    if (kind !== undefined) return kind;
  }
  return "other";
}

/**
 * A verb of looking something up with the helper 보다 in the imperative ("찾아봐", "알아봐요", "확인해
 * 봐"): asked of the assistant. A closed class — "처음 먹어 봐" tells of a first time — and not 봐야 or
 * 봐서, which go on ("찾아 봐야지").
 */
const KO_TRY_IMPERATIVE_RE =
  /(?:찾아|알아|확인해|검색해|계산해|정리해|조사해|살펴)\s?봐(?:요|라)?(?=$|[\s.,!?~])/u;

/** True when `sentence` asks the assistant for something to be done or produced. */
export function isRequest(sentence: string): boolean {
  if (asksKoreanFavour(sentence) && !KO_REMEMBER_VERB_RE.test(sentence)) return true;
  if (KO_TRY_IMPERATIVE_RE.test(sentence) && !KO_INTERROGATIVE_RE.test(sentence)) return true;
  return EN_IMPERATIVE_RE.test(sentence) || EN_POLITE_REQUEST_RE.test(sentence);
}

/**
 * Verbs of telling, showing and finding in a request ("알려 줘", "찾아 줘", "tell me", "show me", "let me
 * know"): a request to be told what is known, which memory may answer — a question in a request's form.
 */
const TELL_REQUEST_RE =
  /(?:알려|보여|찾아|알아|확인해|말해|가르쳐|읊어)\s?(?:줘|주|줄|달|봐)|\b(?:tell|show|find|list|give|remind|look\s+up|let\s+me\s+know)\b/iu;

/**
 * Whether `text` asks the assistant to produce or do something ("write …", "초안 좀 써줘", "translate
 * …"): a request ({@link classifySpeechAct}) that asks for no telling, showing or finding.
 */
export function asksForWork(text: string): boolean {
  return classifySpeechAct(text) === "request" && !TELL_REQUEST_RE.test(text);
}

/**
 * A Korean request form ({@link KO_REQUEST_RE}) that asks for something. A bare 줘 after a space is the
 * helper verb only after a verb's -아/어 form ("알려 줘", "찾아 줘"); after a noun or an adverb it is the
 * verb 주다 itself, and in a sentence with an interrogative that asks when or how to give something
 * ("거북이 사료 언제 줘?", "밥 몇 번 줘?"), not for the assistant to do it.
 */
function asksKoreanFavour(sentence: string): boolean {
  const match = KO_REQUEST_RE.exec(sentence);
  if (match === null) return false;
  if (!startsWithSpace(match[0]) || !KO_INTERROGATIVE_RE.test(sentence)) return true;
  const before = sentence.slice(0, match.index).trimEnd();
  const previous = before.slice(before.lastIndexOf(" ") + 1);
  // "얼마나 줘?": an interrogative, not a verb's -아/어 form, stands before 줘.
  if (KO_INTERROGATIVES.some((word) => previous.startsWith(word))) return false;
  return isInfinitiveSyllable(before.charAt(before.length - 1));
}

function startsWithSpace(text: string): boolean {
  return text.length > 0 && text.trimStart().length < text.length;
}

/** Medial vowels (Unicode order) of a -아/어 form: ㅏ ㅐ ㅑ ㅓ ㅕ ㅘ ㅙ ㅝ ㅞ (가, 해, 려, 봐, 돼, 줘). */
const INFINITIVE_VOWELS: ReadonlySet<number> = new Set([0, 1, 2, 4, 6, 9, 10, 14, 15]);

/** Whether `syllable` can end a verb's -아/어 form: no final consonant, a vowel of {@link INFINITIVE_VOWELS}. */
function isInfinitiveSyllable(syllable: string): boolean {
  const jamo = syllable.length === 1 ? syllableJamo(syllable.charCodeAt(0)) : undefined;
  return jamo !== undefined && jamo.final === 0 && INFINITIVE_VOWELS.has(jamo.medial);
}

/** True when `sentence` asks a question. */
export function isQuestion(sentence: string): boolean {
  const trimmed = sentence.trim();
  // "아내 이름 까먹었어", "I forgot my locker number": asks for what was forgotten.
  if (forgottenThing(trimmed) !== undefined) return true;
  if (/[?？]\s*[\p{Extended_Pictographic}ㅋㅎㅠㅜ.~!]*$/u.test(trimmed)) return true;
  const last = lastWord(trimmed);
  if (last === "") return false;
  if (KO_QUESTION_END_RE.test(last) || endsWithRieulKka(last)) return true;
  // With an interrogative, an informal ending asks, in its contracted -아/어 forms too ("얼마나 걸려",
  // "몇 시에 와"), unless the interrogative is inside a clause that ends in -던지/-는지/-은지/-을지: that
  // clause says how much or which, and the sentence does not ask ("얼마나 맛있던지", "뭐 살지 고민 중이야").
  if (
    KO_INTERROGATIVE_RE.test(trimmed) &&
    !trimmed.split(/\s+/u).some((word) => endsEmbeddedQuestion(trimEndWhile(word, isTrailingNoise))) &&
    (KO_SOFT_QUESTION_END_RE.test(last) || isInfinitiveSyllable(last.slice(-1)))
  )
    return true;
  return EN_QUESTION_START_RE.test(trimmed) && !/[.!]$/u.test(trimmed);
}

function endsWithRieulKka(word: string): boolean {
  const before = KKA_END_RE.exec(word)?.[1];
  return before !== undefined && syllableJamo(before.charCodeAt(0))?.final === FINAL_RIEUL;
}

function lastWord(sentence: string): string {
  const words = trimEndWhile(sentence, isTrailingNoise).split(/\s+/u);
  return words[words.length - 1] ?? "";
}

// "when did …", "when was …", "what day did …", "how long ago …": asks when an event happened.
// English only: a Korean question about a current fact is as often asked in the past tense ("언제였지?",
// "뭐였더라"), so tense does not tell an event from a fact there.
const WHEN_PAST_EN =
  /\b(?:when\s{1,3}(?:did|was|were|had)|what\s{1,3}(?:date|day|year|month|time)\s{1,3}(?:did|was|were)|how\s{1,3}long\s{1,3}ago)\b/iu;

/**
 * Whether a question asks when something happened (a past event) rather than what is the case now.
 * An event is not superseded by a later one of its kind, so recall does not let a newer statement of
 * the same sort displace it for such a question.
 */
export function asksWhenItHappened(text: string): boolean {
  return WHEN_PAST_EN.test(text);
}

/**
 * Words that ask for the state of things now, not at some time (a closed class of time adverbs):
 * 지금, 요즘, 요새, 현재, 이제; now, currently, current, nowadays, latest, and days after these. Korean
 * ones may carry a particle of topic or place (지금은, 요즘엔, 현재로) — not any search suffix
 * (korean.ts `stripSearchSuffixes`): 지금까지 "up to now" asks for a count or a history, not a state.
 */
const KOREAN_NOW_WORDS: ReadonlySet<string> = new Set(words("지금 요즘 요새 현재 이제 이젠"));
const KOREAN_NOW_PARTICLES: readonly string[] = words("은 는 엔 에 도 으로 로");
const ENGLISH_NOW_WORDS: ReadonlySet<string> = new Set(words("now currently current nowadays latest"));
/** Words of a text: runs of Hangul syllables or of Latin letters. */
const WORD_RUN_RE = new RegExp(`[${HANGUL_SYLLABLES}]+|[a-z]+`, "gu");

/**
 * Whether a question asks what is the case now ("지금 사는 곳", "요즘 다니는 헬스장", "who is my manager
 * now", these days): it says that the answer may have changed, so a newer statement of the thing it
 * asks about answers it even when the statement itself says no change (hybrid-ranking.ts).
 */
export function asksCurrentState(text: string): boolean {
  const found = Array.from(text.normalize("NFC").toLowerCase().matchAll(WORD_RUN_RE), (match) => match[0]);
  return found.some((word, i) => isNowWord(word, found[i + 1], found[i - 1]));
}

/**
 * Whether a question asks to confirm what it names ("치과 3일 맞아?", "is it still on the 3rd?", "the
 * 3rd, right?"): it ends in a form of 맞다 or in "right" / "correct", or says "still". A value it names
 * is then what the user remembers, not what they look up by, and a later change of it is the answer.
 */
export function asksToConfirm(text: string): boolean {
  const found = Array.from(text.normalize("NFC").toLowerCase().matchAll(WORD_RUN_RE), (match) => match[0]);
  const last = found[found.length - 1] ?? "";
  return (
    CONFIRMING_KOREAN_ENDS.has(last) ||
    (CONFIRMING_ENGLISH_ENDS.has(last) && text.trimEnd().endsWith("?")) ||
    found.includes("still")
  );
}

/** The forms of 맞다 "be right" that end a question asking to confirm (맞아, 맞죠, 맞나요). */
const CONFIRMING_KOREAN_ENDS: ReadonlySet<string> = new Set(
  words("맞아 맞아요 맞지 맞지요 맞죠 맞나 맞나요 맞니 맞냐 맞는지 맞음 맞는거지 맞던가"),
);
/** English words that end a question asking to confirm ("…, right?"). */
const CONFIRMING_ENGLISH_ENDS: ReadonlySet<string> = new Set(words("right correct"));

/**
 * Whether `word` (a lower-case run of Hangul or of Latin letters, beside `next` and `previous`) is one
 * of the words that ask for the state of things now: 지금, 요즘 (with a particle: 요즘엔), now, currently,
 * and these days (both words).
 */
export function isNowWord(word: string, next?: string, previous?: string): boolean {
  return (
    ENGLISH_NOW_WORDS.has(word) ||
    (word === "these" && next === "days") ||
    (word === "days" && previous === "these") ||
    KOREAN_NOW_WORDS.has(word) ||
    KOREAN_NOW_PARTICLES.some(
      (particle) => word.endsWith(particle) && KOREAN_NOW_WORDS.has(word.slice(0, -particle.length)),
    )
  );
}
