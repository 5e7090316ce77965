/**
 * Value shapes and small word lists of the rule-based triplet extractor.
 *
 * Values are recognised by their form (a phone number, a date, an amount, an e-mail address, a measure),
 * never by knowing them. The word lists are ordinary words of the language — titles, kinship terms,
 * occupations, fillers — used only where the shape of a sentence cannot tell ("세희는 디자이너야": is
 * 디자이너 a job or a breed?). Every pattern is linear in its input: no nested or adjacent unbounded
 * quantifiers over the same characters, and starts are anchored by look-behinds.
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
export const DATE_RE = new RegExp(
  String.raw`(?<![\d\p{L}])(?:${KO_DATE}|${ISO_DATE}|${EN_DATE})(?![\d])`,
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
/** A body weight: "3.2kg", "4 kg", "5킬로". */
export const WEIGHT_RE = /(?<![\p{L}\d.])\d{1,4}(?:\.\d{1,3})?\s?(?:kg|킬로)(?![\p{L}])/gu;
/** A length or height: "128cm", "1.8m", "30 mm". */
export const LENGTH_RE = /(?<![\p{L}\d.])\d{1,4}(?:\.\d{1,3})?\s?(?:cm|mm|센치|센티)(?![\p{L}])/gu;
/**
 * An amount of money, with the period it is paid in: "12만원", "월 12만원", "184,500원", "1만2천원",
 * "$120", "3,300,000원".
 */
export const AMOUNT_RE =
  /(?<![\p{L}\d.,])(?:(?:월|매달|매월|연|주|1회)\s?)?(?:\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.\d{1,2})?(?:\s?억)?(?:\s?\d{0,4}만)?(?:\s?\d{0,4}천)?\s?원|(?<![\p{L}\d])\$\d{1,9}(?:,\d{3})*(?:\.\d{2})?/gu;
/** A school year: "중2", "고3", "대학교 2학년", "3학년". */
export const GRADE_RE =
  /(?<![\p{L}\d])(?:(?:(?:초등학교|중학교|고등학교|대학교|대학원|초등|중학|고등|대학)\s?)?\d학년|[초중고]\d(?![\d\p{L}]))/gu;
/** An e-mail address. The look-behind lets a match start only at the beginning of a run of word characters. */
export const EMAIL_RE = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}/gu;

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
  "우리",
  "제일",
  "가장",
  "이제",
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
  "평일",
  "주말",
  "작년",
  "내년",
  "올해",
  "아직",
  "벌써",
  "이미",
  "우리",
  "여기",
  "거기",
  "이거",
  "그거",
  "더",
  "덜",
  "좀",
  "잘",
  "많이",
  "다",
  "또",
  "꼭",
  "제일",
  "가장",
  "아주",
  "매우",
  "정말",
  "참고로",
  "새로",
  "따로",
  "주로",
  "서로",
  "아무튼",
  "일단",
  "그냥",
  "이제",
  "드디어",
  "다시",
  "나중에",
  "무조건",
  "항상",
  "보통",
  "대충",
  "절대",
  "거의",
  "아마",
]);

/** Adverbs that may open a value and are no part of it ("무조건 빅퍼스 5A" → "빅퍼스 5A"). */
export const VALUE_LEADING_ADVERBS = new Set([
  "무조건",
  "항상",
  "보통",
  "대충",
  "절대",
  "아마",
  "그냥",
  "진짜",
  "완전",
  "너무",
  "거의",
  "주로",
]);

/**
 * Verb and adjective modifiers that end like a topic particle ("다니는 병원", "좋아하는 꽃", "같은 거"): they
 * modify the noun after them and are never a topic.
 */
export const MODIFIER_END_RE =
  /(?:하는|니는|있는|없는|먹는|사는|가는|오는|타는|쓰는|보는|드는|되는|주는|받는|맡는|[같좋높많적작낮넓깊짧싫남젊맑밝얇굵]은)$/u;

/** Kinship and social-relation words ("동생 다인이" → 다인 is 동생). */
export const KINSHIP_WORDS = new Set([
  "동생",
  "남동생",
  "여동생",
  "언니",
  "오빠",
  "형",
  "누나",
  "큰누나",
  "큰형",
  "엄마",
  "아빠",
  "어머니",
  "아버지",
  "어머님",
  "아버님",
  "친정엄마",
  "할머니",
  "할아버지",
  "외할머니",
  "외할아버지",
  "아들",
  "딸",
  "큰딸",
  "막내",
  "남편",
  "아내",
  "와이프",
  "남자친구",
  "여자친구",
  "남친",
  "여친",
  "친구",
  "조카",
  "사촌",
  "삼촌",
  "외삼촌",
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
  "mom",
  "dad",
  "mother",
  "father",
  "sister",
  "brother",
  "wife",
  "husband",
  "son",
  "daughter",
  "girlfriend",
  "boyfriend",
  "cousin",
  "uncle",
  "aunt",
  "friend",
  "grandma",
  "grandpa",
  "niece",
  "nephew",
  "partner",
]);

/** Animal kinds: "우리 고양이 이름은 치즈" → 치즈 is a 고양이. */
export const ANIMAL_WORDS = new Set([
  "강아지",
  "개",
  "고양이",
  "냥이",
  "햄스터",
  "토끼",
  "앵무새",
  "거북이",
  "물고기",
  "고슴도치",
  "dog",
  "cat",
  "puppy",
  "kitten",
  "hamster",
  "rabbit",
  "parrot",
]);

/**
 * Common dog and cat breeds: "또리 토이푸들 3.2kg", "말티즈고", "리오(비숑)" name a 품종. Without the word a
 * breed cannot be told from a name.
 */
export const BREED_WORDS = [
  "말티즈",
  "푸들",
  "말티푸",
  "포메라니안",
  "포메",
  "비숑",
  "비숑프리제",
  "시츄",
  "치와와",
  "요크셔테리어",
  "슈나우저",
  "닥스훈트",
  "웰시코기",
  "코기",
  "시바견",
  "시바",
  "진돗개",
  "리트리버",
  "골든리트리버",
  "래브라도",
  "보더콜리",
  "비글",
  "불독",
  "퍼그",
  "스피츠",
  "사모예드",
  "허스키",
  "믹스견",
  "코리안숏헤어",
  "코숏",
  "러시안블루",
  "페르시안",
  "먼치킨",
  "스코티시폴드",
  "브리티시숏헤어",
  "샴",
  "랙돌",
  "뱅갈",
  "노르웨이숲",
  "터키시앙고라",
];

/** Job titles written after a person's name ("김태식 세무사님", "오세린 실장", "노지훈 대리"). */
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
  "대리",
  "주임",
  "사원",
  "사장",
  "이사",
  "상무",
  "전무",
  "매니저",
  "기사",
  "디자이너",
  "코치",
  "강사",
  "간호사",
  "의사",
  "소장",
  "반장",
]);

/**
 * Heads of occupation nouns: a copula sentence whose predicate ends in one states a job ("세희는 프리랜서
 * 디자이너야" → 직업).
 */
export const OCCUPATION_HEADS = [
  "디자이너",
  "개발자",
  "엔지니어",
  "프로그래머",
  "기획자",
  "마케터",
  "소방관",
  "경찰관",
  "경찰",
  "군인",
  "공무원",
  "회사원",
  "직장인",
  "연구원",
  "은행원",
  "승무원",
  "간호사",
  "의사",
  "약사",
  "변호사",
  "회계사",
  "세무사",
  "교사",
  "선생님",
  "교수",
  "기자",
  "작가",
  "요리사",
  "셰프",
  "바리스타",
  "트레이너",
  "프리랜서",
  "학생",
  "대학원생",
  "주부",
  "사업가",
  "자영업자",
  "컨설턴트",
  "미용사",
  "건축가",
  "유튜버",
  "developer",
  "engineer",
  "designer",
  "teacher",
  "nurse",
  "doctor",
  "lawyer",
  "student",
];

/** Roles in a team: "권도윤님이 우리 팀 새 PM이에요", "PM은 윤채원님이 맡음". Latin acronyms count as roles too. */
export const ROLE_WORDS = new Set([
  "팀장",
  "리더",
  "팀 리더",
  "파트장",
  "매니저",
  "총무",
  "반장",
  "회장",
  "부회장",
  "간사",
  "lead",
  "manager",
  "owner",
  "lead engineer",
]);

/** Life events owned by a person: "현우 결혼식 9월 12일" is 현우's, "치과 검진 5월 20일" is an event of its own. */
export const LIFE_EVENT_WORDS = new Set([
  "결혼식",
  "약혼식",
  "돌잔치",
  "돌",
  "백일",
  "환갑",
  "칠순",
  "팔순",
  "생일파티",
  "장례식",
  "졸업식",
  "입학식",
  "상견례",
]);

/** Endings of a word that names a kind of business ("이사업체", "동물병원", "정육점"); used for 분류. */
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
  "정육점",
  "빵집",
  "꽃집",
  "세탁소",
  "부동산",
  "마트",
  "안과",
  "소아과",
  "피부과",
  "한의원",
  "정비소",
  "사무소",
  "중개소",
  "세탁소",
  "헬스장",
  "편의점",
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
  "병원명",
  "이름",
  "성함",
  "name",
  "company",
  "business",
  "shop",
  "store",
]);

/**
 * Everyday attribute nouns: after a kinship word they are the attribute ("엄마 생일"), not a name ("동생
 * 다인이 생일").
 */
export const COMMON_ATTRIBUTE_WORDS = new Set([
  "생일",
  "생신",
  "기일",
  "번호",
  "전화번호",
  "폰번호",
  "연락처",
  "핸드폰",
  "휴대폰",
  "이메일",
  "메일",
  "주소",
  "집",
  "나이",
  "이름",
  "성함",
  "회사",
  "직장",
  "학교",
  "직업",
  "키",
  "몸무게",
  "결혼식",
  "알레르기",
  "담임",
  "선물",
  "취미",
  "고향",
  "병원",
  "학원",
  "유치원",
  "어린이집",
  "차",
  "카톡",
  "계좌",
  "혈액형",
  "사이즈",
]);

/** Words introducing a person's name ("도현이 어머님 성함 정미숙", "아내 이름은 민지야"). */
export const NAME_WORDS = new Set(["성함", "이름", "본명", "name"]);

/** Nouns that say what an organisation or group someone belongs to: "Y 소속이에요", "부산 출신". */
export const AFFILIATION_NOUNS = new Set(["소속", "출신", "전공", "담당"]);

/** Verb stems of "changed/moved to": "Y로 바꿨어", "Y로 옮겼어요", "Y로 변경". */
export const CHANGE_VERB_RE = /^(?:바꿨|바꿈|바꾸|바뀌|바뀜|바뀐|옮겼|옮김|옮기|변경|이사|이전)/u;

/** Connective endings: a token ending in one is a clause of its own, not an entity ("말티즈고", "먹어서"). */
export const CONNECTIVE_ENDING_RE = /(?:고|며|[해봐돼와가워져려러어아]서|는데|지만|니까)$/u;

/** Endings of an adverbial word: "판교에서", "카톡으로만", "윤채원님이랑", "정담세무에". */
const ADVERBIAL_ENDINGS = "으로(?:만|도|는|서)?|에서|에게|한테|부터|까지|처럼|랑|하고|에";
/** A word ending in an adverbial particle: a place, time or means, never an entity ("판교에서"). */
export const ADVERBIAL_PARTICLE_RE = new RegExp(`(?:${ADVERBIAL_ENDINGS})$`, "u");
/**
 * The same with a bare 로 ("수제쿠키로", "걸로"), for the words of a value: 로 also ends nouns that may be
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
    "[었았였했됐갔왔봤줬졌웠났켰썼렸](?:어|음|다|대|네|지|죠|어요|습니다)?",
    "하다|한다|해요?|함|됨|돼요?|된다|한대|된대|[는한간온준본운든]다",
    "있(?:어요?|음|다|습니다)|없(?:어요?|음|다)|싶(?:어요?|다|음)|같(?:아|음)|좋아|싫어",
    "[신는]대|신다|래요|대요|[을할까]까|는지|[마하드계]심|으심|으셔|으세요",
    "거든|잖아|는데|니까|지만|면서|려고|기로|라고|다고|세요|네요|어요|아요|지요|습니다",
    "하기|보내기|가기|걸기|사기|먹이기|는 ?중|고민 ?중|진행 ?중|준비 ?중",
  ]
    .map((group) => `(?:${group})`)
    .join("|")
    .replace(/^/u, "(?:")
    .concat(")$"),
  "u",
);

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

/** Adverbs that trail an English fact and are not part of its value ("lives in Busan now"). */
export const EN_TRAILING_ADVERBS_RE = /\s+(?:now|currently|these days|too|as well|again|btw|lol)$/iu;

/** A phrase that trails an English place ("in Toronto with his family", "in Busan since 2020"). */
export const EN_TRAILING_PHRASE_RE = /\s+(?:with|since|until|because|for|near|but|and|after|before)\s.*$/iu;
