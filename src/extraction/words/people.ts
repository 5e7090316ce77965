/**
 * Words for people by what they do: titles after a name, occupations, roles in a team or a household,
 * English person nouns, and the common one-syllable Korean surnames.
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */
import { words } from "../../text/word-list.js";

/** Job titles written after a person's name ("편상훈 세무사님", "함지예 실장", "육재민 대리"). */
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
  "주무관",
  "계장",
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
  "레지던트",
  "전공의",
  "전문의",
]);

/** The attribute an occupation is stored under, in the language of the sentence that states it. */
export function occupationAttribute(korean: boolean): string {
  return korean ? "직업" : "occupation";
}

/**
 * Heads of occupation nouns: a copula sentence whose predicate ends in one states a job ("윤비는 프리랜서
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
  // More occupations, either language: nouns that name what one does for a living.
  ...words(
    "치과의사 수의사 한의사 물리치료사 치료사 상담사 조리사 제빵사 정비사 통역사 번역가 사서 " +
      "공인중개사 판사 농부 어부 배우 가수 운전기사 택배기사 보육교사 사회복지사 " +
      "pharmacist accountant architect chef cook barista dentist firefighter officer pilot programmer " +
      "researcher scientist writer journalist consultant electrician plumber mechanic farmer baker " +
      "cashier clerk driver translator interpreter therapist physiotherapist veterinarian vet " +
      "professor lecturer tutor analyst photographer artist musician soldier freelancer homemaker " +
      "paramedic caregiver carpenter librarian surgeon psychologist hairdresser",
  ),
];

/**
 * Roles in a team or a household's service: "서이든님이 우리 팀 새 QA예요", "QA는 서이든님이 맡음", "새로 온
 * 인턴은 …". Latin acronyms count as roles too.
 */
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
  "인턴",
  "알바",
  "알바생",
  "아르바이트생",
  "직원",
  "신입사원",
  "팀원",
  "비서",
  "조교",
  "멘토",
  "사수",
  "후임",
  "튜터",
  "코디네이터",
  "관리자",
  "책임자",
  "도우미",
  "시터",
  "리드",
  "lead",
  "manager",
  "owner",
  "lead engineer",
  "intern",
  "assistant",
  "tutor",
  ...words("mentor coordinator rep"),
]);

/** Heads of compound role nouns ("베이비시터", "펫시터", "가사도우미"): a word ending in one is a role. */
export const ROLE_HEADS = ["시터", "도우미"];

/**
 * Heads of English nouns for a person ("our plumbing guy", "the kids' dentist", "our building's
 * front desk rep"); words ending like an agent noun (-er, -ist, -ian …) count as well.
 */
export const ENGLISH_PERSON_HEADS = new Set([
  "guy",
  "man",
  "woman",
  "lady",
  "person",
  "rep",
  "nurse",
  "doctor",
  "dentist",
  "vet",
  "coach",
  "boss",
  "lead",
  "contact",
  "nanny",
  "sitter",
  "babysitter",
  "intern",
  "assistant",
  "tutor",
  "mentor",
  "pm",
  "deputy",
  "successor",
  "backup",
  "substitute",
  "neighbor",
  "neighbour",
  "roommate",
  "classmate",
  "colleague",
  "coworker",
]);

/**
 * Common Korean surnames (one syllable): a three-syllable word that starts with one reads as a full name
 * ("알바 탁윤희", "개발 리드 목서현"), so a role word before it names that person's role.
 */
export const KOREAN_SURNAMES = new Set([
  ..."김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부가복태목형피두감음빈동온호범좌",
]);
