/**
 * Attribute nouns: everyday attributes, the words that introduce a name or label a name, address words,
 * affiliation nouns, and the Korean word for an English attribute.
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */
import { phrasePairs, words } from "../../text/word-list.js";

/** Words that name an address; the value then runs to the end of the sentence (it may hold commas). */
export const ADDRESS_WORDS = new Set(["주소", "주소는", "주소가", "address"]);

/**
 * Everyday attribute nouns: after a kinship word they are the attribute ("엄마 생일"), not a name ("동생
 * 수은이 생일").
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
  "사무실",
  "연구실",
  "작업실",
  "가게",
  "내선",
  "내선번호",
]);

/**
 * Everyday attributes of one syllable ("내 차는 …", "내 키는 …"): a one-syllable word before 은/는 is
 * otherwise too short to be read as an attribute.
 */
export const ONE_SYLLABLE_ATTRIBUTES: ReadonlySet<string> = new Set(words("차 키 폰 띠 반 과 팀 층 방"));

/** Words introducing a person's name ("가온이 아버님 성함 오세진", "남편 이름은 태수야"). */
export const NAME_WORDS = new Set(["성함", "이름", "본명", "name"]);

/** Keys whose value names the entity in `label: value` lines. */
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

/** Nouns that say what an organisation or group someone belongs to: "Y 소속이에요", "부산 출신". */
export const AFFILIATION_NOUNS = new Set(["소속", "출신", "전공", "담당"]);

/**
 * English attribute words in a Korean sentence, and the Korean word a Korean sentence uses for them ("와이프
 * birthday는 …" → 생일): attributes follow the language of the sentence.
 */
export const KOREAN_FOR_ENGLISH_ATTRIBUTE: Readonly<Record<string, string>> = {
  birthday: "생일",
  bday: "생일",
  phone: "전화번호",
  ...phrasePairs("phone number = 전화번호"),
  hotline: "전화번호",
  mobile: "전화번호",
  email: "이메일",
  "e-mail": "이메일",
  address: "주소",
  extension: "내선번호",
  fax: "팩스번호",
  deadline: "마감일",
  "due date": "마감일",
  age: "나이",
  vet: "동물병원",
  school: "학교",
  job: "직업",
  "license plate": "차량번호",
};

/**
 * Everyday attribute names in both languages, `Korean = English`: the rules' own attributes (거주지 /
 * residence, 종 / kind) and the nouns people name a fact by. A fact is shown with its attribute in the
 * language it is asked in (attribute-labels.ts); the first English word of a Korean one is its label.
 */
export const ATTRIBUTE_NAME_PAIRS: readonly (readonly [korean: string, english: string])[] = Object.entries(
  phrasePairs(
    "생일 = birthday; 전화번호 = phone number; 번호 = number; 이름 = name; 주소 = address; " +
      "거주지 = residence; 직장 = workplace; 소속 = team; 종 = kind; 품종 = breed; 역할 = role; " +
      "직업 = occupation; 관계 = relation; 나이 = age; 이메일 = email; 마감일 = deadline; 알레르기 = allergy; " +
      "학교 = school; 위치 = location; 날짜 = date; 시간 = time; 키 = height; 몸무게 = weight; " +
      "직함 = title; 영업시간 = hours; 휴무일 = closing day; 혈액형 = blood type; 취미 = hobby; " +
      "고향 = hometown; 내선번호 = extension; 비밀번호 = password; 차 = car; 차량번호 = plate number; " +
      "담당 = contact; 연락처 = contact number; 학년 = grade; 반 = class; 사이즈 = size; " +
      "주차 자리 = parking spot",
  ),
);

/**
 * Verbs (and predicate adjectives) that state where someone lives or works (the place rules' 거주지 /
 * residence, and 직장 / workplace or 소속 / team), what they are allergic to or how old they are (나이 /
 * age), by which a question asks
 * for that attribute ("어디 살아?", "where do you work?", "what am I allergic to?"): Korean as the start
 * of a word (살아요, 근무해), English by stem. Forms another verb shares are
 * left out: 사는 and 살까 are also 사다 (to buy), and 살 after a number is an age.
 */
export const ATTRIBUTE_VERBS: readonly {
  attributes: readonly string[];
  korean: readonly string[];
  english: readonly string[];
}[] = [
  {
    attributes: words("거주지 residence"),
    korean: words("살아 살고 살았 거주 사세 사셔"),
    english: words("live reside"),
  },
  {
    attributes: words("직장 workplace 소속 team"),
    korean: words("일하 일해 일했 근무"),
    english: words("work"),
  },
  {
    attributes: words("알레르기 allergy"),
    korean: [],
    english: words("allergic"),
  },
  // What one eats or is fed: "콩이 뭐 먹여?", "what does my cat eat?" ask for the food the rules named.
  {
    attributes: words("사료 먹이 밥 식단 food diet"),
    korean: words("먹"),
    english: words("eat feed"),
  },
  // What one drives: "what car do I drive?" asks for the car.
  {
    attributes: words("차 차량 car vehicle"),
    korean: [],
    english: words("drive"),
  },
  // When: "언제야?", "며칠이야?", "when is …?" ask for the date or time an entity (an appointment, a
  // meeting) has, under whichever of those names the rules gave it.
  {
    attributes: words("일시 날짜 일정 시간 date time schedule"),
    korean: words("언제 며칠 몇일"),
    english: words("when"),
  },
  // How old: "몇 살이야?", "몇살?", "how old is …?" (살 after 몇, as after a number, is an age).
  {
    attributes: words("나이 age"),
    korean: words("몇살 살이 살인지"),
    english: words("old"),
  },
];

/**
 * Attributes that say what an entity is — a pet's kind, a person's role or job (the rules' 종, 품종,
 * 역할, 직업 and kind, breed, role, job): (초코, 종, 강아지) answers "what's my dog's name?", which names
 * the value, not the entity. Kinship (관계, relation) is not among them: the note that gives a
 * relative's name answers that question itself, and the answer regression set keeps its line out.
 */
export const WHAT_IT_IS_ATTRIBUTES: ReadonlySet<string> = new Set(
  words("종 품종 역할 직업 kind breed role job occupation"),
);

/** Words by which a question asks for an entity's name or who it is (with {@link NAME_WORDS}). */
export const WHO_WORDS: ReadonlySet<string> = new Set(words("누구 누가 누군지 who whose called"));

/**
 * Initialisms people name an attribute by (a test score, a personality type, an account): written in
 * capitals, stored folded, shown in capitals again (attribute-labels.ts). A closed list; a word that is
 * also an ordinary word (it, pt, os) is left out.
 */
export const INITIALISMS: ReadonlySet<string> = new Set(
  words(
    "mbti gpa bmi iq toeic toefl ielts teps opic sns url ktx srt kpi okr ceo cto cfo hr qa tv pc suv ssd cpu gpu ram",
  ),
);
