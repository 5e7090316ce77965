/**
 * Endings and nouns of organisations, their units, businesses and the places people keep or work in.
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */
import { words } from "../../text/word-list.js";

/**
 * Endings of an organisation's name ("한결대학교병원", "한빛은행", "다솜은행"): "X에서 일해" names a workplace
 * only with one, since "판교에서 일해" names a place.
 */
export const ORGANISATION_SUFFIXES = [
  "병원",
  "의원",
  "은행",
  "회사",
  "학교",
  "대학",
  "대학교",
  "센터",
  "약국",
  "공사",
  "공단",
  "연구소",
  "연구원",
  "재단",
  "협회",
  "그룹",
  "전자",
  "증권",
  "보험",
  "건설",
  "랩스",
  "스튜디오",
  "학원",
  "유치원",
  "어린이집",
  "호텔",
  "백화점",
  "시청",
  "구청",
  "도서관",
];

/** Endings of a unit inside an organisation ("여신심사팀", "총무부", "재무팀", "52병동"): 소속, not 직장. */
export const ORG_UNIT_SUFFIXES = ["팀", "부", "처", "과", "실", "본부", "센터", "병동", "파트", "그룹", "랩"];

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
  "헬스장",
  "편의점",
  "의료원",
  "클리닉",
  "헤어",
  "살롱",
  "공방",
];

/**
 * Nouns for a place someone keeps or works in: "우리 사무실은 가산동 …타워 12층이다" says where it is (위치).
 */
export const PLACE_NOUNS = new Set([
  "사무실",
  "가게",
  "매장",
  "작업실",
  "연구실",
  "공방",
  "사옥",
  "본사",
  "지점",
  "공장",
  "창고",
  "회사",
  "학원",
  "병원",
  "식당",
  "카페",
  "스튜디오",
  "office",
]);

/**
 * English nouns that end the name of a place or an organisation ("Lakeview Park", "Riverside Clinic",
 * "Inkwell Books"): two capitalised words that end in one name no person.
 */
export const ENGLISH_PLACE_HEADS: ReadonlySet<string> = new Set(
  words(
    "park street st road rd avenue ave lane drive way station hall center centre building tower mall plaza " +
      "square school university college academy institute hospital clinic cafe café hotel inn bank market " +
      "church temple gym office library museum theater theatre cinema stadium arena bridge lake river beach " +
      "island mountain hill books store shop restaurant kitchen bar bakery studio club company inc corp ltd " +
      "airport terminal gate port harbor harbour village town city county district",
  ),
);
