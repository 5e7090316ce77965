import { describe, expect, it } from "vitest";
import { extractTriplets } from "../../src/graph/rule-extractor.js";

const t = (entity: string, attribute: string, value: string) => ({ entity, attribute, value });

describe("extractTriplets", () => {
  it("reads key: value lines with the name key as the entity", () => {
    expect(
      extractTriplets("결혼정장 업체명: 테일러온, 전화번호: 0507-1432-8816, 분류: 결혼정장업체"),
    ).toEqual([t("테일러온", "전화번호", "0507-1432-8816"), t("테일러온", "분류", "결혼정장업체")]);
    expect(extractTriplets("name: Blue Bottle, phone: 02-555-1234")).toEqual([
      t("Blue Bottle", "phone", "02-555-1234"),
    ]);
  });

  it("treats key: phone pairs as contacts", () => {
    expect(extractTriplets("Dad: 010-3390-7621, Mom: 010-3390-7622 (one digit apart lol)")).toEqual([
      t("Dad", "phone", "010-3390-7621"),
      t("Mom", "phone", "010-3390-7622"),
    ]);
  });

  it("reads 'X 생일 Y' and 'X 생일은 Y' with the sentence ending stripped", () => {
    expect(extractTriplets("또리 생일 10월 27일이야")).toEqual([t("또리", "생일", "10월 27일")]);
    expect(extractTriplets("또리 생일은 3월 14일! 화이트데이랑 같은 날이라 절대 안까먹음")).toEqual([
      t("또리", "생일", "3월 14일"),
    ]);
    expect(extractTriplets("또리는 생일이 5월 2일입니다")).toEqual([t("또리", "생일", "5월 2일")]);
  });

  it("reads 'X의 Y는 Z', 'X Y는 Z' and 'X's Y is Z'", () => {
    expect(extractTriplets("또리의 품종은 말티즈야")).toEqual([t("또리", "품종", "말티즈")]);
    expect(extractTriplets("하준이 담임은 이정화 선생님")).toEqual([t("하준", "담임", "이정화 선생님")]);
    expect(extractTriplets("Jiwoo's favorite food is tteokbokki.")).toEqual([
      t("Jiwoo", "favorite food", "tteokbokki"),
    ]);
  });

  it("stores first-person facts under 나 / I", () => {
    expect(extractTriplets("내 생일은 5월 3일이야")).toEqual([t("나", "생일", "5월 3일")]);
    expect(extractTriplets("나 복숭아 알레르기 있음")).toEqual([t("나", "알레르기", "복숭아")]);
    expect(extractTriplets("My blood type is O")).toEqual([t("I", "blood type", "O")]);
    expect(extractTriplets("I'm allergic to peanuts")).toEqual([t("I", "allergy", "peanuts")]);
  });

  it("attaches a later fact without a subject to the topic of the text", () => {
    expect(extractTriplets("도현이 번호 바꿨대. 새 번호 010-9312-0468")).toEqual([
      t("도현", "전화번호", "010-9312-0468"),
    ]);
    expect(extractTriplets("또리 생일 8월 9일이야. 말티즈고 올해 여섯 살")).toEqual([
      t("또리", "생일", "8월 9일"),
      t("또리", "품종", "말티즈"),
      t("또리", "나이", "여섯 살"),
    ]);
  });

  it("keeps an address whole, commas included", () => {
    expect(extractTriplets("작업실 이사함. 새 주소 서울 마포구 양화로19길 22-4, 2층")).toEqual([
      t("작업실", "주소", "서울 마포구 양화로19길 22-4, 2층"),
    ]);
  });

  it("reads a name before a phone number, with the kind of business before it", () => {
    expect(extractTriplets("이사업체 짐싸요 1588-2749")).toEqual([
      t("짐싸요", "전화번호", "1588-2749"),
      t("짐싸요", "분류", "이사업체"),
    ]);
  });

  it("reads a change: 'X Y Z로 옮겼어요'", () => {
    expect(extractTriplets("하준이 학원 해오름수학으로 옮겼어요")).toEqual([t("하준", "학원", "해오름수학")]);
  });

  it("finds the owner of a number or measure around the attribute word", () => {
    expect(extractTriplets("정민호 대표님 번호 바뀌었대: 010-8125-3307")).toEqual([
      t("정민호", "전화번호", "010-8125-3307"),
    ]);
    expect(extractTriplets("바른세무회계 김태식 세무사님 042-488-6020")).toEqual([
      t("바른세무회계", "전화번호", "042-488-6020"),
      t("바른세무회계", "세무사", "김태식"),
    ]);
    expect(extractTriplets("보리 진돗개 믹스, 몸무게 18kg")).toEqual([t("보리", "몸무게", "18kg")]);
  });

  it("reads a date after 'entity + event' and a kinship word as a relation", () => {
    expect(extractTriplets("현우 결혼식 9월 12일 토요일 1시 대전 그랜드컨벤션")).toEqual([
      t("현우", "결혼식 일시", "9월 12일 토요일 1시"),
      t("현우", "결혼식 장소", "대전 그랜드컨벤션"),
    ]);
    expect(extractTriplets("동생 다인이 생일 8월 21일")).toEqual([
      t("다인", "관계", "동생"),
      t("다인", "생일", "8월 21일"),
    ]);
    expect(extractTriplets("두부 생일은 모르고 입양일 2021년 11월 20일로 챙기는 중")).toEqual([
      t("두부", "입양일", "2021년 11월 20일"),
    ]);
    expect(extractTriplets("서아 하원 시간 4시 40분으로 바뀌었어요")).toEqual([
      t("서아", "하원 시간", "4시 40분"),
    ]);
  });

  it("reads English date events", () => {
    expect(extractTriplets("Figma org plan renews on March 3 — ask Jiwoo")).toEqual([
      t("Figma org plan", "renewal date", "March 3"),
    ]);
    expect(extractTriplets("Pluto cutover pushed to Mar 13 — still failing")).toEqual([
      t("Pluto", "cutover date", "Mar 13"),
    ]);
  });

  it("gives nothing for questions, chit-chat and empty text", () => {
    expect(extractTriplets("또리 생일 언제야?")).toEqual([]);
    expect(extractTriplets("ㅋㅋㅋ 아 배고파")).toEqual([]);
    expect(extractTriplets("내일 회의 있어")).toEqual([]);
    expect(extractTriplets("")).toEqual([]);
  });
});
