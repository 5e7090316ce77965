/**
 * Each named clause rule of the extractor (extraction/rule-table.ts) with its own examples: sentences
 * written for these tests (no person, pet, shop or place of an eval set), the triplets the rule states,
 * and one sentence of a near shape it must not read. `traceTriplets` names the rule that won each
 * clause, so an example passes only when it is that rule that read it.
 */
import { describe, expect, it } from "vitest";
import { traceTriplets } from "../../src/extraction/rule-extractor.js";
import { RULES } from "../../src/extraction/rule-table.js";

type Fact = readonly [entity: string, attribute: string, value: string];

interface RuleExamples {
  /** 1–3 sentences and every triplet the extractor finds in each. */
  examples: ReadonlyArray<readonly [text: string, triplets: readonly Fact[]]>;
  /** A sentence of a near shape the rule does not read. */
  negative: string;
}

const EXAMPLES: Readonly<Record<string, RuleExamples>> = {
  "flight-route": {
    examples: [
      ["QZ5512 ICN→HND", [["QZ5512", "route", "ICN→HND"]]],
      ["ZK204 GMP→PUS", [["ZK204", "route", "GMP→PUS"]]],
    ],
    negative: "QZ5512 ICN HND",
  },
  "english-allergy": {
    examples: [
      [
        "Ansel is allergic to sesame and pollen",
        [
          ["Ansel", "allergy", "sesame"],
          ["Ansel", "allergy", "pollen"],
        ],
      ],
      ["I'm allergic to cats", [["I", "allergy", "cats"]]],
    ],
    negative: "allergic reactions are common",
  },
  "english-age": {
    examples: [
      ["I'm 41", [["I", "age", "41"]]],
      ["my nephew is 9 years old", [["nephew", "age", "9 years old"]]],
    ],
    negative: "The meeting is 30",
  },
  "english-drives": {
    examples: [
      ["I drive a Kia Morning", [["I", "car", "Kia Morning"]]],
      // "now" says the car changed; a word that describes it is part of it, when one drives it.
      ["now I drive a silver Hyundai Casper", [["I", "car", "silver Hyundai Casper"]]],
    ],
    negative: "I have a ferret named Bolt",
  },
  "english-works-at": {
    examples: [
      [
        "Marit works at Brightwell Foods as a buyer",
        [
          ["Marit", "workplace", "Brightwell Foods"],
          ["Marit", "occupation", "buyer"],
        ],
      ],
      ["I teach at Pinecrest Academy", [["I", "school", "Pinecrest Academy"]]],
      ["I started a new job at Lumenfield", [["I", "workplace", "Lumenfield"]]],
      ["Got a job at Corvid Labs", [["I", "workplace", "Corvid Labs"]]],
      ["my cousin works for Tidewell", [["cousin", "workplace", "Tidewell"]]],
    ],
    negative: "Marit works late",
  },
  "english-occupation": {
    examples: [
      ["I'm a pharmacist", [["I", "occupation", "pharmacist"]]],
      [
        "My husband is a firefighter at Gangbuk Station",
        [
          ["husband", "occupation", "firefighter"],
          ["husband", "workplace", "Gangbuk Station"],
        ],
      ],
      ["Tove works as a translator", [["Tove", "occupation", "translator"]]],
      [
        "I'm a student at Hollin College",
        [
          ["I", "occupation", "student"],
          ["I", "school", "Hollin College"],
        ],
      ],
    ],
    negative: "I'm a big fan of that show",
  },
  "english-goes-to": {
    examples: [
      ["Mina goes to Birch Hill Elementary", [["Mina", "school", "Birch Hill Elementary"]]],
      ["Mina switched to Cedar Park Academy", [["Mina", "school", "Cedar Park Academy"]]],
      [
        "Nacho (my dachshund) goes to Sunny Side Animal Clinic in Hanam",
        [
          ["Nacho", "breed", "dachshund"],
          ["Nacho", "vet", "Sunny Side Animal Clinic"],
          ["Sunny Side Animal Clinic", "location", "Hanam"],
        ],
      ],
    ],
    negative: "Tove goes to bed early",
  },
  "english-role-of": {
    examples: [["Odile Varga is Tove's backup", [["Odile Varga", "role", "Tove's backup"]]]],
    negative: "Odile Varga is in Tove's car",
  },
  "english-has-named": {
    examples: [
      ["I have a hamster named Toffee", [["Toffee", "kind", "hamster"]]],
      ["We've got a daughter called Ines", [["Ines", "relation", "daughter"]]],
    ],
    negative: "I have a meeting named Kickoff",
  },
  "english-possessive": {
    examples: [
      ["Marit's birthday is Dec 3", [["Marit", "birthday", "Dec 3"]]],
      ["My shoe size is 270", [["I", "shoe size", "270"]]],
      // A kind after a preference is its value; after anything else, a description ("my cat is a tabby").
      ["my favourite tea is a hojicha latte", [["I", "favourite tea", "hojicha latte"]]],
      // "called" / "named" says the name, as "'s name is" does.
      ["My rabbit is called Dubu", [["Dubu", "kind", "rabbit"]]],
      ["Marit's email is marit@example.org", [["Marit", "email", "marit@example.org"]]],
      // A clause after the value is no part of it.
      ["Oskar's number is 010-5550-1212 in case you need it", [["Oskar", "phone", "010-5550-1212"]]],
      // A proper name after the article is the value; "a nice guy" stays a description.
      ["My car is a Genesis G70", [["I", "car", "Genesis G70"]]],
      ["my scooter is a red Vespa Primavera", [["I", "scooter", "red Vespa Primavera"]]],
      // A change to another value states the new value, as "is now" does; a move keeps the thing's name.
      ["my mail locker changed to 618", [["I", "mail locker", "618"]]],
      ["Actually, my hairdresser switched to Mina Cho", [["I", "hairdresser", "Mina Cho"]]],
      ["my cello case code has changed, now 9021", [["I", "cello case code", "9021"]]],
      // Where the thing is says which one, and is no part of its name.
      ["my parking spot at the gym is D-61", [["I", "parking spot", "D-61"]]],
      ["my sister in law is Wren", [["I", "sister in law", "Wren"]]],
      // "new" says the value changed, and is no part of the role.
      ["my new manager is Ivo Brandt", [["Ivo Brandt", "role", "manager"]]],
    ],
    negative: "Her car is red",
  },
  "english-of": {
    examples: [
      ["The anniversary of Marit and Tove is July 9", [["Marit and Tove", "anniversary", "July 9"]]],
    ],
    negative: "Most of the time it works",
  },
  "english-is-our": {
    examples: [
      ["Odile Varga is our new office manager", [["Odile Varga", "role", "office manager"]]],
      ["Ansel is my cousin", [["Ansel", "relation", "cousin"]]],
    ],
    negative: "Ansel is the new guy",
  },
  "english-place": {
    examples: [
      ["Brio lives in Ulsan now", [["Brio", "residence", "Ulsan"]]],
      // A time adverbial that ends the clause dates the move; it is not part of the place.
      ["I moved to Gimhae last week", [["I", "residence", "Gimhae"]]],
      ["Brio moved to Jecheon yesterday", [["Brio", "residence", "Jecheon"]]],
      ["The bakery is in Seongsu", [["The bakery", "location", "Seongsu"]]],
      // live without -s, -ing forms, an adverb before the verb, a relative by kinship, a wider place.
      ["I live in Gunsan", [["I", "residence", "Gunsan"]]],
      ["I'm living in Sokcho these days", [["I", "residence", "Sokcho"]]],
      ["I just moved to Yangju", [["I", "residence", "Yangju"]]],
      ["Moved out last month, now I live in Suwon", [["I", "residence", "Suwon"]]],
      ["then Brio moved to Gunsan", [["Brio", "residence", "Gunsan"]]],
      ["My aunt lives in Tongyeong", [["aunt", "residence", "Tongyeong"]]],
      ["my cousin is moving to Porto in March", [["cousin", "residence", "Porto"]]],
      ["I live in Bupyeong-gu, Incheon", [["I", "residence", "Bupyeong-gu, Incheon"]]],
      // A note to oneself without its I, and a leading discourse marker.
      ["Just moved to Seocho, at last", [["I", "residence", "Seocho"]]],
      ["btw I live in Gwacheon", [["I", "residence", "Gwacheon"]]],
      ["actually, my nephew lives in Wonju now", [["nephew", "residence", "Wonju"]]],
    ],
    negative: "She is in trouble",
  },
  "english-event": {
    examples: [
      ["The insurance renews on Jan 12", [["insurance", "renewal date", "Jan 12"]]],
      ["Quarterly review is scheduled for Nov 20", [["Quarterly review", "date", "Nov 20"]]],
      // The day one turns a year older is a birthday.
      ["Pip turns 4 on Aug 9", [["Pip", "birthday", "Aug 9"]]],
      // A thing of mine is the speaker's fact; a year after a comma is still the date's.
      ["My visa expires on Nov 14, 2029", [["I", "visa expiry date", "Nov 14, 2029"]]],
      // A correction's opening word says nothing of whose fact it is.
      ["actually my license expires on Feb 3, 2031", [["I", "license expiry date", "Feb 3, 2031"]]],
      // What starts is the verb's object, the date the subject's; a weekday only says which day it is.
      ["Noa starts ballet on Sept 4", [["Noa", "ballet start date", "Sept 4"]]],
      ["I begin my new role on Friday, Jan 9", [["I", "new role start date", "Jan 9"]]],
      ["The recital is on Sunday, Dec 14", [["recital", "date", "Dec 14"]]],
      // A couple with the speaker in it: the speaker's wedding date.
      ["Rafa and I got married on Apr 30, 2016", [["I", "wedding date", "Apr 30, 2016"]]],
    ],
    negative: "The party is on me",
  },
  "english-hours": {
    examples: [
      [
        "Quillery Books' phone is 02-555-0101, open 10 to 9",
        [
          ["Quillery Books", "phone", "02-555-0101"],
          ["Quillery Books", "hours", "10 to 9"],
        ],
      ],
    ],
    negative: "Quillery Books' phone is 02-555-0101, open late",
  },
  "english-title": {
    examples: [
      [
        "Odile Varga's phone is 010-2233-4455, VP of Engineering",
        [
          ["Odile Varga", "phone", "010-2233-4455"],
          ["Odile Varga", "title", "VP of Engineering"],
        ],
      ],
    ],
    negative: "Odile Varga, VP of Engineering",
  },
  "english-address": {
    examples: [
      [
        "Cedar Dental's phone is 055-321-0000, 88 Jungang-ro, Gyeongsan",
        [
          ["Cedar Dental", "phone", "055-321-0000"],
          ["Cedar Dental", "address", "88 Jungang-ro, Gyeongsan"],
        ],
      ],
    ],
    negative: "88 Jungang-ro, Gyeongsan",
  },
  "name-intro": {
    examples: [
      ["모아라 남편 이름은 여하결이야", [["여하결", "관계", "모아라 남편"]]],
      ["우리 강아지 이름은 꼬미야", [["꼬미", "종", "강아지"]]],
      // A discourse marker that opens the message is no part of the owner.
      ["아무튼 조카 이름은 새봄이야", [["새봄", "관계", "조카"]]],
      // After what one is taught, 선생님 is the position itself; a noun ending in 임 keeps it.
      ["아들 바이올린 선생님 성함은 모지원 선생님이야", [["모지원", "역할", "아들 바이올린 선생님"]]],
      ["딸 담임 선생님 이름은 표서하야", [["표서하", "역할", "딸 담임"]]],
    ],
    negative: "이름은 모르겠어",
  },
  "own-animal-named": {
    examples: [
      ["우리 햄스터는 호두야", [["호두", "종", "햄스터"]]],
      ["내 고양이는 까미예요", [["까미", "종", "고양이"]]],
      ["우리집 토끼는 솜이야", [["솜", "종", "토끼"]]],
      // A short note without the copula: a bare word that reads as a name.
      ["우리집 고양이는 단추", [["단추", "종", "고양이"]]],
    ],
    // A breed after the animal is what it is, not its name.
    negative: "내 강아지는 말티즈야",
  },
  "role-taken": {
    examples: [["회계는 서도담님이 맡음", [["서도담", "역할", "회계"]]]],
    negative: "회계는 나중에 맡음",
  },
  allergy: {
    examples: [
      ["나 새우 알레르기 있음", [["나", "알레르기", "새우"]]],
      [
        "서도담은 복숭아랑 키위 알레르기가 있어요",
        [
          ["서도담", "알레르기", "복숭아"],
          ["서도담", "알레르기", "키위"],
        ],
      ],
    ],
    negative: "알레르기 검사 받았어",
  },
  "place-of-subject": {
    examples: [
      ["다람문구는 원주에 있어", [["다람문구", "위치", "원주"]]],
      ["고모는 거제에 살아", [["고모", "거주지", "거제"]]],
      // Without a subject a statement is the speaker's; a time word before the place is no part of it.
      ["요즘 진해에 살고 있어요", [["나", "거주지", "진해"]]],
      // Short notes drop the particle; a relative or a full name before the place is who lives there.
      ["삼촌 제천 살아", [["삼촌", "거주지", "제천"]]],
    ],
    negative: "나 내일 병원에 있어",
  },
  workplace: {
    examples: [
      ["고모는 한빛은행에서 일해", [["고모", "직장", "한빛은행"]]],
      ["누리은행에서 근무해요", [["나", "직장", "누리은행"]]],
    ],
    negative: "나 집에서 일해서 편해",
  },
  "works-as": {
    examples: [
      ["물리치료사로 일한 지 5년 됐어", [["나", "직업", "물리치료사"]]],
      ["이모는 회계사로 근무해요", [["이모", "직업", "회계사"]]],
    ],
    negative: "급한 건 오전으로 일정 잡았어",
  },
  "home-is": {
    examples: [["집은 원주 단구동이야", [["나", "거주지", "원주 단구동"]]]],
    negative: "우리 집은 엉망이야",
  },
  "move-then-place": {
    examples: [
      ["이사했어! 이제 광진구 자양동", [["나", "거주지", "광진구 자양동"]]],
      ["이사 끝났어. 새 집은 은평구 불광동", [["나", "거주지", "은평구 불광동"]]],
    ],
    negative: "이사했어! 이제 출퇴근 편해",
  },
  "moved-home": {
    examples: [
      ["작년에 김포로 이사 왔어", [["나", "거주지", "김포"]]],
      // A chat mark ends the sentence ("ㅋㅋ" where a full stop would go).
      ["나 어제 구미로 이사했어 ㅋㅋ 짐 정리 언제 하냐", [["나", "거주지", "구미"]]],
      ["삼촌은 세종으로 이사 갔어", [["삼촌", "거주지", "세종"]]],
      // Only the new place: where the move started is no longer where one lives.
      ["오산에서 평택으로 이사했어요", [["나", "거주지", "평택"]]],
    ],
    negative: "회사 근처로 이사 가고 싶다",
  },
  employer: {
    examples: [
      ["다온랩스로 이직했어", [["나", "직장", "다온랩스"]]],
      ["형은 누리전자에 입사했어", [["형", "직장", "누리전자"]]],
      ["다음 달부터 온새미병원 영상의학과로 출근해", [["나", "직장", "온새미병원 영상의학과"]]],
      ["남편은 한결전자 다녀", [["남편", "직장", "한결전자"]]],
      // A named school one attends is a school, a named academy an academy.
      ["딸은 솔빛초등학교 다녀", [["딸", "학교", "솔빛초등학교"]]],
      ["아들은 큰별수학학원 다녀요", [["아들", "학원", "큰별수학학원"]]],
      ["나 새봄대 다녀", [["나", "학교", "새봄대"]]],
    ],
    negative: "요즘 헬스장 다녀",
  },
  "titled-subject": {
    examples: [
      [
        "여하결 주임은 인사팀 소속이에요",
        [
          ["여하결", "직함", "주임"],
          ["여하결", "소속", "인사팀"],
        ],
      ],
    ],
    negative: "여하결 교수님 연구실",
  },
  "activity-schedule": {
    examples: [
      ["서도담 월수금 9시~6시 근무", [["서도담", "근무 시간", "월수금 9시~6시"]]],
      ["서도담 화목 7시 수업", [["서도담", "수업 시간", "화목 7시"]]],
    ],
    negative: "서도담 수업 좋아",
  },
  "born-on": {
    examples: [
      ["호빵이는 5월 9일생이야", [["호빵", "생일", "5월 9일"]]],
      ["호빵이는 2021년 3월생", [["호빵", "생일", "2021년 3월"]]],
      ["민준이는 88년생이에요", [["민준", "출생연도", "88년"]]],
    ],
    negative: "호빵이는 5월 9일에 왔어",
  },
  "starts-from": {
    examples: [["서도담님 7월부터 육아휴직", [["서도담", "육아휴직 시작", "7월"]]]],
    negative: "서도담님 7월부터",
  },
  "typed-values": {
    examples: [
      ["수영장 6개월 48만원", [["수영장", "요금", "6개월 48만원"]]],
      ["요가원 등록함. 주 2회 18만원", [["요가원", "요금", "주 2회 18만원"]]],
      ["꼬미 생일 4월 7일이야", [["꼬미", "생일", "4월 7일"]]],
      // A car's number plate: whose by the words before it, the speaker's when they name no one.
      ["내 차 번호 57더 2041", [["나", "차량번호", "57더 2041"]]],
      ["아빠 차 번호판 212바 7730", [["아빠", "차량번호", "212바 7730"]]],
      // An English function word before it names no one: the speaker's car.
      ["the plate number is 31라 8804", [["나", "차량번호", "31라 8804"]]],
      // A date as chat writes it, month/day; a clock time said to be the new one.
      ["반상회 6/12로 변경", [["반상회", "날짜", "6/12"]]],
      ["요가 수업 7시로 옮김", [["요가", "수업 시간", "7시"]]],
      ["첫차 출발 6시로 당겨짐", [["첫차", "출발 시간", "6시"]]],
      // A verb of change and how far the date moved, before the new date, are no part of what it is of.
      ["세미나 다음주로 밀림 4/17", [["세미나", "날짜", "4/17"]]],
      ["워크숍 일주일 연기 6/5", [["워크숍", "날짜", "6/5"]]],
      ["동창회 날짜 변경 11월 8일", [["동창회", "날짜", "11월 8일"]]],
      // …while a date noun that begins like one (갱신일) names the date.
      ["헬스 회원권 갱신일 5월 2일", [["헬스 회원권", "갱신일", "5월 2일"]]],
      // Weekdays (and which week) right before the new time are when, not what the time is of.
      ["필라테스 금요일 8시로 옮김", [["필라테스", "시간", "금요일 8시"]]],
      ["독서모임 둘째 토요일 2시로 변경", [["독서모임", "시간", "둘째 토요일 2시"]]],
      ["가게 점심타임 1시~2시", [["가게", "점심타임", "1시~2시"]]],
      // The phone alone names the number; a verb of change before it says only that it is new.
      ["이모 폰 바꿨대 010-3030-4040", [["이모", "전화번호", "010-3030-4040"]]],
      // A new car (신차) is a car word, no one's name.
      ["신차 번호 61러 3307", [["나", "차량번호", "61러 3307"]]],
      [
        "꼬미 3살, 몸무게 3.1kg",
        [
          ["꼬미", "나이", "3살"],
          ["꼬미", "몸무게", "3.1kg"],
        ],
      ],
      ["고모 번호 010-4321-8765", [["고모", "전화번호", "010-4321-8765"]]],
    ],
    negative: "꼬미 생일 선물 샀어",
  },
  "changed-to": {
    examples: [
      ["서도담 학원 물결영어로 옮겼어요", [["서도담", "학원", "물결영어"]]],
      ["고모 회사 오송로 옮겼대", [["고모", "회사", "오송"]]],
      // A position after a place says where the thing is now (near the place), not a value named 근처.
      ["공방 서촌 근처로 옮겼어", [["공방", "위치", "서촌"]]],
      // After an attribute noun, the words up to the verb are the value.
      ["모임 장소 카페 온도로 바꿈", [["모임", "장소", "카페 온도"]]],
      // So after a noun of the lexicon and words that are not: they name the new value.
      ["호두 사료 오리 그레인프리로 바꿈", [["호두", "사료", "오리 그레인프리"]]],
      // A connective makes the words a clause (a delay), not a name.
      ["치과 예약 하루 당겨서 9일로 바꿈", [["치과", "예약 하루 당겨서", "9일"]]],
      // A new weekday is when the thing is now: its attribute says so, and which week goes with it.
      ["미술 학원 목요일로 옮김", [["미술", "학원 요일", "목요일"]]],
      ["산악회 넷째주 일욜로 바꿈", [["산악회", "요일", "넷째주 일욜"]]],
      // The words up to one with 이/가 or 은/는 are what moved; the day after it is part of when.
      ["월례 회의가 목요일 4시로 바뀌었어", [["월례 회의", "일시", "목요일 4시"]]],
      ["독서 모임이 토요일로 옮겨졌어", [["독서 모임", "요일", "토요일"]]],
    ],
    negative: "서도담 학원 옮길까 고민",
  },
  "role-name-title": {
    examples: [
      [
        "논문 심사 6월 2일. 지도교수님 여하결 교수님",
        [
          ["논문 심사", "날짜", "6월 2일"],
          ["여하결", "직함", "지도교수님"],
        ],
      ],
    ],
    negative: "물결영어학원 02-555-0199. 모아라 여하결 강사님",
  },
  "role-then-name": {
    examples: [
      [
        "물결영어학원 02-555-0199, 원장님 모아라",
        [
          ["물결영어학원", "전화번호", "02-555-0199"],
          ["물결영어학원", "원장", "모아라"],
        ],
      ],
    ],
    negative: "물결영어학원 02-555-0199. 원장님은 친절해",
  },
  "list-continuation": {
    examples: [
      [
        "발표회 5월 3일 오후 2시. 심사위원 여하결, 모아라, 서도담 교수님",
        [
          ["발표회", "일시", "5월 3일 오후 2시"],
          ["발표회", "심사위원", "여하결"],
          ["발표회", "심사위원", "모아라"],
          ["발표회", "심사위원", "서도담"],
        ],
      ],
    ],
    negative: "여하결, 모아라",
  },
  "event-place": {
    examples: [
      [
        "북클럽 다음 모임은 3월 2일, 카페 솔에서 열려요",
        [
          ["북클럽", "모임 날짜", "3월 2일"],
          ["북클럽", "모임 장소", "카페 솔"],
        ],
      ],
    ],
    negative: "북클럽에서 만났어",
  },
  "closed-day": {
    examples: [
      [
        "다람문구 031-555-0102, 일요일 휴무",
        [
          ["다람문구", "전화번호", "031-555-0102"],
          ["다람문구", "휴무일", "일요일"],
        ],
      ],
      [
        "다람문구 031-555-0102, 매주 월요일 정기휴무",
        [
          ["다람문구", "전화번호", "031-555-0102"],
          ["다람문구", "휴무일", "매주 월요일"],
        ],
      ],
    ],
    negative: "일요일 휴무",
  },
  "role-changed-to": {
    examples: [
      ["이제 총무가 모아라 씨로 바뀌었어", [["모아라", "역할", "총무"]]],
      ["우리 과장님이 여하결로 바뀜", [["여하결", "직함", "과장"]]],
    ],
    negative: "총무가 자주 바뀌었어",
  },
  "role-is-person": {
    examples: [
      ["새 총무는 모아라 씨예요", [["모아라", "역할", "총무"]]],
      ["새 반장은 서도담이야", [["서도담", "역할", "반장"]]],
      ["우리 과장님은 여하결 과장님이야", [["여하결", "직함", "과장"]]],
    ],
    negative: "총무는 아직 없어",
  },
  identity: {
    examples: [
      ["서도담은 약사야", [["서도담", "직업", "약사"]]],
      ["꼬미는 푸들이야", [["꼬미", "품종", "푸들"]]],
      ["나 비건임", [["나", "식단", "비건"]]],
      // A short note leaves out the copula after a noun of a known kind.
      ["올케는 약사", [["올케", "직업", "약사"]]],
    ],
    negative: "서도담은 바빠",
  },
  "attribute-is-value": {
    examples: [
      ["서도담의 취미는 뜨개질이야", [["서도담", "취미", "뜨개질"]]],
      ["꼬미 간식은 고구마", [["꼬미", "간식", "고구마"]]],
      // An everyday attribute of one syllable.
      ["내 차는 은색 모닝이야", [["나", "차", "은색 모닝"]]],
      ["내 키는 168이야", [["나", "키", "168"]]],
      // The verb of attending that closes it is no part of the value.
      ["필라테스 학원은 합정 코어랩 다녀", [["필라테스", "학원", "합정 코어랩"]]],
      ["아들 수학 학원은 대치 해법수학 다니고 있어", [["아들", "수학 학원", "대치 해법수학"]]],
      // A noun that ends like a verb of one syllable before 는 (회사 사는, 카드 드는, 언니 다니는) is a topic.
      ["아내 회사는 을지로 한빛상사야", [["아내", "회사", "을지로 한빛상사"]]],
      ["큰언니는 취미가 클라이밍이야", [["큰언니", "취미", "클라이밍"]]],
      ["내 교통카드는 티머니야", [["나", "교통카드", "티머니"]]],
      // 우리/저희 before an owner says only that the owner is the speaker's.
      ["저희 삼촌 직업은 치과의사예요", [["삼촌", "직업", "치과의사"]]],
      // How often, before a verb of going: the speaker's regular place.
      ["주로 가는 미용실은 연남 헤어숲이야", [["나", "미용실", "연남 헤어숲"]]],
    ],
    negative: "날씨는 좋다",
  },
  "numbered-thing": {
    examples: [
      // A place before it says where, not whose.
      ["수영장 락커 번호 52", [["나", "락커 번호", "52"]]],
      ["내 사물함 번호 C-31", [["나", "사물함 번호", "C-31"]]],
      // A noun of the lexicon that ends like 함 "did" is a noun.
      ["내 사물함 번호는 27이야", [["나", "사물함 번호", "27"]]],
      // A noun of the lexicon is no one's name: 엄마's locker, not a relative called 사물함.
      ["엄마 사물함 번호 9", [["엄마", "사물함 번호", "9"]]],
      ["도서관 회원번호 88412", [["나", "회원번호", "88412"]]],
      ["기차 좌석 14", [["나", "기차 좌석", "14"]]],
      // The new number of a change.
      ["사물함 번호 77로 바뀜", [["나", "사물함 번호", "77"]]],
      ["주차 자리 B1-09로 옮겨짐", [["나", "주차 자리", "B1-09"]]],
      // A thing and its new number with the 번 counter, changed: the thing's number.
      ["수영장 락커 이제 48번으로 바뀜", [["나", "락커 번호", "48번"]]],
      ["신발장 이제 C7번", [["나", "신발장 번호", "C7번"]]],
    ],
    negative: "택배함 번호 알려줘",
  },
  "owned-attribute": {
    examples: [
      ["언니 혈액형 O형", [["언니", "혈액형", "O형"]]],
      ["내 고향 목포", [["나", "고향", "목포"]]],
      ["내 사이즈 95", [["나", "사이즈", "95"]]],
    ],
    negative: "아빠 병원 예약",
  },
};

const facts = (text: string): Fact[] =>
  traceTriplets(text).triplets.map((t) => [t.entity, t.attribute, t.value] as const);

describe("the rule table", () => {
  it("names each rule once and describes it", () => {
    const names = RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of RULES) {
      expect(rule.name).toMatch(/^[a-z]+(?:-[a-z]+)*$/u);
      expect(rule.description.length).toBeGreaterThan(10);
    }
  });

  it("has examples for every rule and for no rule it lacks", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(RULES.map((rule) => rule.name).sort());
  });
});

describe.each(RULES.map((rule) => [rule.name, rule.description] as const))("rule %s", (name) => {
  const { examples, negative } = EXAMPLES[name]!;

  it.each(examples.map(([text, triplets]) => [text, triplets] as const))("reads %s", (text, triplets) => {
    expect(traceTriplets(text).rules).toContain(name);
    expect(facts(text)).toEqual(triplets);
  });

  it(`does not read: ${negative}`, () => {
    expect(traceTriplets(negative).rules).not.toContain(name);
  });
});

describe("values said around a change, in words the rules must leave out or keep", () => {
  it.each([
    // A verb's 는 before a noun of time stays, and the time is named once.
    ["수영장 끝나는 시간 9시로 바뀜", [["수영장", "끝나는 시간", "9시"]]],
    ["모임 시작하는 날 금요일로 옮김", [["모임", "시작하는 날", "금요일"]]],
    // A weight or a length with a particle after its unit.
    ["보리 몸무게 6.3kg으로 줄었어", [["보리", "몸무게", "6.3kg"]]],
    ["조카 키 112cm으로 컸대", [["조카", "키", "112cm"]]],
    // An adverb of correction before a value is no part of it.
    ["my anniversary is actually Oct 9", [["I", "anniversary", "Oct 9"]]],
    ["내 혈액형은 사실 AB형이야", [["나", "혈액형", "AB형"]]],
    // A word of now before a role's new holder is no part of the name.
    ["총무 바뀜 이제 모아라 씨", [["모아라", "역할", "총무"]]],
    ["반장은 이제 서도담이야", [["서도담", "역할", "반장"]]],
    // A distance is no weight (킬로미터).
    ["오늘 7킬로미터 걸었어", []],
  ] as const)("reads %s", (text, triplets) => {
    expect(facts(text)).toEqual(triplets);
  });
});

describe("an animal word before a word of its care", () => {
  it.each([
    ["거북이 사료는 사흘에 한 번 줘야 해"],
    ["햄스터 집은 이케아 거"],
    ["토끼 모래는 두 봉지 남았어"],
  ])("names no animal by that word: %s", (text) => {
    expect(facts(text).filter(([, attribute]) => attribute === "종")).toEqual([]);
  });

  it("reads the named one's age or weight after it without a copula", () => {
    expect(facts("고양이 나비는 3살")).toEqual([
      ["나비", "종", "고양이"],
      ["나비", "나이", "3살"],
    ]);
    expect(facts("강아지 간식은 2개")).toEqual([["강아지", "간식", "2개"]]);
    // A price is no age or weight: 캣타워 is what the cat has, not its name.
    expect(facts("고양이 캣타워는 5만원")).toEqual([["고양이", "캣타워", "5만원"]]);
  });

  it("reads a bare name between the animal word and a word of its care as the animal's", () => {
    expect(facts("우리 강아지 두부 산책은 저녁 7시야")).toEqual([
      ["두부", "종", "강아지"],
      ["두부", "산책", "저녁 7시"],
    ]);
    expect(facts("우리 고양이 나비 사료는 로얄캐닌 키튼이야")).toEqual([
      ["나비", "종", "고양이"],
      ["나비", "사료", "로얄캐닌 키튼"],
    ]);
  });

  it("still reads the animal's name before a copula", () => {
    expect(facts("강아지 꼬미는 푸들이야")).toEqual([
      ["꼬미", "종", "강아지"],
      ["꼬미", "품종", "푸들"],
    ]);
  });
});

describe("a kinship word before a lesson's subject", () => {
  it.each([["딸 피아노 학원 차량 오후 3시 40분에 와"], ["아들 태권도 학원 끝나는 시간 5시"]])(
    "names no one by the subject: %s",
    (text) => {
      expect(facts(text).filter(([, attribute]) => attribute === "관계")).toEqual([]);
    },
  );

  it("still reads a name there", () => {
    expect(facts("딸 서아 학원 끝나는 시간 5시")).toContainEqual(["서아", "관계", "딸"]);
  });
});

describe("a verb's modifier that ends like a topic particle", () => {
  it.each([["딸 학원 끝나는 시간 5시 반"], ["남편 쉬는 날 화요일"], ["아들 수영 가방 찾는 곳 2층 락커"]])(
    "is no attribute's end: %s",
    (text) => {
      expect(facts(text).filter(([, attribute]) => /끝나$|쉬$|찾$/u.test(attribute))).toEqual([]);
      expect(facts(text).filter(([, , value]) => /^(?:시간|날|곳) /u.test(value))).toEqual([]);
    },
  );

  it("still reads the attribute it is part of, and a name that ends in the same syllables", () => {
    expect(facts("딸 학원 끝나는 시간은 5시 반")).toEqual([["딸", "학원 끝나는 시간", "5시 반"]]);
    expect(facts("유나는 간호사")).toEqual([["유나", "직업", "간호사"]]);
  });
});

describe("a role whose holder changed", () => {
  it.each([["코치 바뀜"], ["파트장 바꿈. 새로 오신 분 연락처 모름"], ["담당자 옮김"]])(
    "names no one by the verb of change: %s",
    (text) => {
      expect(facts(text).filter(([, , value]) => /^(?:바뀜|바꿈|옮김)/u.test(value))).toEqual([]);
    },
  );
});

describe("a line that opens with a date", () => {
  it.each([["May 23, 부케 2 + 코사지 3"], ["order: June 2"]])("names no one by the month: %s", (text) => {
    expect(facts(text).filter(([entity]) => /^(?:May|June)$/u.test(entity))).toEqual([]);
  });
});

describe("a move said first, then where to", () => {
  it.each([
    ["이사 완료 새 집은 강서구 화곡동", "강서구 화곡동"],
    ["누나는 이사했어. 이제 부산 해운대구", "부산 해운대구"],
  ])("gives where the one who moved lives now: %s", (text, place) => {
    expect(
      facts(text)
        .filter(([, attribute]) => attribute === "거주지")
        .map(([, , value]) => value),
    ).toEqual([place]);
  });

  it.each([["이사했어. 회사 근처 자양동"], ["이사했어 ㅎㅎ"], ["이사했어. 강아지 산책로 좋아"]])(
    "gives no place that is not one: %s",
    (text) => {
      expect(facts(text).filter(([, attribute]) => attribute === "거주지")).toEqual([]);
    },
  );
});

describe("a move to a time", () => {
  it.each([
    ["piano lesson moved to Thursday"],
    ["standup moved to next week"],
    ["yoga moved to Sundays"],
    // Days joined by a mark.
    ["pilates moved to Tue/Thu"],
    ["choir moved to Mon-Wed"],
  ])("is no residence: %s", (text) => {
    expect(facts(text).filter(([, attribute]) => attribute === "residence")).toEqual([]);
  });

  it("still reads a move to a place", () => {
    expect(facts("my sister moved to Busan")).toEqual([["sister", "residence", "Busan"]]);
  });
});

describe("a word of how a plan stands (완료, 확정)", () => {
  it("is no one's name: '이사 완료' names no director called 완료", () => {
    expect(facts("이사 완료")).toEqual([]);
    expect(facts("물결영어학원 02-555-0199, 원장님 확정")).not.toContainEqual([
      "물결영어학원",
      "원장",
      "확정",
    ]);
  });
});

describe("a sentence before a line's first key", () => {
  it("is read as a sentence, not as part of the key: the verb names no one", () => {
    expect(
      facts("이사했어. 새 주소: 중구 다산로 12").filter(([entity]) => entity.startsWith("이사")),
    ).toEqual([]);
    expect(facts("어제 다녀왔음. 치과 번호: 02-555-0101")).toContainEqual([
      "치과",
      "전화번호",
      "02-555-0101",
    ]);
  });

  it("reads the key after the sentence as a line of its own, about whom the sentence named", () => {
    expect(facts("이사 끝냈어. 새 주소: 은평구 진관로 31")).toEqual([["나", "주소", "은평구 진관로 31"]]);
    expect(facts("지훈이 이사함. 새 주소: 은평구 진관로 31")).toEqual([["지훈", "주소", "은평구 진관로 31"]]);
  });

  it("leaves a key with a Latin abbreviation's dot whole", () => {
    expect(facts("Dr. Roh: 010-2323-4545")).toEqual([["Dr. Roh", "phone", "010-2323-4545"]]);
  });
});

describe("a key of nothing but an attribute", () => {
  it("is the speaker's when no line before names anyone, a word of newness or not", () => {
    expect(facts("새 주소: 은평구 진관로 31")).toEqual([["나", "주소", "은평구 진관로 31"]]);
    expect(facts("New address: 19 Quay Lane")).toEqual([["I", "address", "19 Quay Lane"]]);
    expect(facts("새 번호: 010-4321-8765")).toEqual([["나", "전화번호", "010-4321-8765"]]);
    expect(facts("Current phone: 010-4321-8765")).toEqual([["I", "phone", "010-4321-8765"]]);
  });

  it("is about what the line before named first", () => {
    expect(facts("할머니 폰 바꾸셨대\n새 번호: 010-4321-8765")).toEqual([
      ["할머니", "전화번호", "010-4321-8765"],
    ]);
    expect(facts("다온세탁\n번호: 02-714-2290")).toEqual([["다온세탁", "전화번호", "02-714-2290"]]);
  });

  it("names the contact before a phone word", () => {
    expect(facts("Aunt May's phone: 010-1111-2222")).toEqual([["Aunt May", "phone", "010-1111-2222"]]);
    expect(facts("세탁소 번호: 02-714-2290")).toEqual([["세탁소", "전화번호", "02-714-2290"]]);
  });

  it("keeps a contact's own name as the key", () => {
    expect(facts("Dad: 010-2233-4455, Aunt May: 010-1111-2222")).toEqual([
      ["Dad", "phone", "010-2233-4455"],
      ["Aunt May", "phone", "010-1111-2222"],
    ]);
  });
});

describe("an address of a home", () => {
  it("is the home of the person named before it, or the speaker's home", () => {
    expect(facts("지훈이 집 주소는 연희로 8")).toEqual([["지훈 집", "주소", "연희로 8"]]);
    expect(facts("할머니 집 주소 강릉시 경강로 12")).toEqual([["할머니 집", "주소", "강릉시 경강로 12"]]);
    expect(facts("저희 집 주소는 서대문구 연희로 8이야")).toEqual([["집", "주소", "서대문구 연희로 8"]]);
  });

  it("is the mover's after a note of the move, not the move's", () => {
    expect(facts("이사 드디어 완료!! 새 주소 은평구 진관로 31, 201호")).toEqual([
      ["나", "주소", "은평구 진관로 31, 201호"],
    ]);
    expect(facts("이사 날짜 4월 9일")).toEqual([["이사", "날짜", "4월 9일"]]);
  });
});

describe("a modifier that ends like a topic particle", () => {
  it("is a verb as a word of its own or joined to another verb's 아/어 form, never a topic", () => {
    expect(facts("자주 타는 버스는 7016번")).toEqual([["나", "타는 버스", "7016번"]]);
    expect(facts("아이가 다니는 유치원은 새싹유치원")).toEqual([["아이", "유치원", "새싹유치원"]]);
    expect(facts("요즘 들어가는 돈은 관리비")).toEqual([]);
  });

  it("reads no value that is whom something goes to ('… 실장님께')", () => {
    expect(facts("번역 외주는 한결 실장님께 넘김")).toEqual([]);
  });
});

describe("a person named with a title", () => {
  it("is no relation and role before 선생님: the owner's teacher, not a person called so", () => {
    const read = facts("조카 피아노 선생님은 한서윤 선생님이야");
    expect(read.map(([entity]) => entity)).toEqual(["조카"]);
    expect(read[0]?.[2]).toBe("한서윤 선생님");
  });
});

describe("a value that starts with a word saying it holds now", () => {
  it.each([
    ["호두 사료는 이제 오리 그레인프리야", [["호두", "사료", "오리 그레인프리"]]],
    ["our team lead is now Farrow", [["I", "team lead", "Farrow"]]],
  ])("%j keeps the value without it", (text, expected) => {
    expect(facts(text)).toEqual(expected);
  });
});

describe("a change said first, then the new value after a word of now", () => {
  it.each([
    ["호두 사료 바꿈 이제 오리 그레인프리", [["호두", "사료", "오리 그레인프리"]]],
    ["호두 사료를 바꿨어 이제 오리 그레인프리 먹임", [["호두", "사료", "오리 그레인프리"]]],
    ["호두 사료 바꿈. 이제 오리 그레인프리임", [["호두", "사료", "오리 그레인프리"]]],
  ])("%s gives the thing's new value", (text, expected) => {
    expect(facts(text)).toEqual(expected);
  });

  it.each([
    ["딸 학원 옮겼어요. 이제 선화미술 다녀요. 집에서 가까워요", "딸 학원은 이제 선화미술이야"],
    ["우리 팀 회의실 바뀜, 이제 9층 소회의실", "우리 팀 회의실은 이제 9층 소회의실이야"],
    ["필라테스 수업 옮김 이제 수요일 저녁 8시", "필라테스 수업은 이제 수요일 저녁 8시야"],
    ["주차 구획 바뀜. 이제 C2 31번 씀", "주차 구획은 이제 C2 31번이야"],
    ["my locker number changed, now 214", "my locker number is now 214"],
    ["Biscuit's food switched: now Acana Puppy. She likes it", "Biscuit's food is now Acana Puppy"],
  ])("%s reads as its plain form", (text, plain) => {
    expect(facts(plain)).not.toEqual([]);
    expect(facts(text)).toEqual(facts(plain));
  });

  it.each([
    // Stopping is no new value, a move is read as one, a contact goes to the person the words name.
    ["헬스 그만둠 이제 수영 다님", ["헬스", "수영"]],
    ["이사했어. 이제 부산 해운대구", ["거주지"]],
    ["세무사님 바뀜 이제 윤가람 세무사님 010-4321-8765", ["윤가람"]],
  ])("%s is not read as the thing's new value", (text, expected) => {
    const read = facts(text);
    if (expected[0] === "헬스") expect(read.filter(([entity]) => entity === "헬스")).toEqual([]);
    else if (expected[0] === "거주지") expect(read.map(([, attribute]) => attribute)).toContain("거주지");
    else expect(read.find(([, , value]) => value.startsWith("010-"))?.[0]).toBe("윤가람");
  });
});

describe("a line that opens by rejecting or correcting what was just said", () => {
  it.each([["아니 34나 7218이야"], ["아 잘못 말했다 34나 7218이야"], ["정정: 34나 7218"]])(
    "%s names no one by its opening words",
    (text) => {
      expect(facts(text)).toEqual([["나", "차량번호", "34나 7218"]]);
    },
  );

  it("keeps a line of nothing else", () => {
    expect(facts("잘못 말했어. 3시 반이야")).toEqual([]);
  });
});

describe("a range spelled with 부터 … 까지", () => {
  it.each([
    ["가게 점심타임 1시부터 2시까지", "가게 점심타임 1시~2시"],
    ["도서관 운영시간은 오전 9시부터 오후 6시까지야", "도서관 운영시간은 오전 9시~오후 6시야"],
    ["출장 5월 12일부터 5월 15일까지", "출장 5월 12일~5월 15일"],
  ])("%s reads as the range written with ~", (text, tilde) => {
    expect(facts(tilde)).not.toEqual([]);
    expect(facts(text)).toEqual(facts(tilde));
  });

  it("keeps a start alone a date of its own", () => {
    expect(facts("출장 5월 12일부터")).toEqual([["출장", "날짜", "5월 12일"]]);
  });
});

describe("a change that names the old value before the new one (X 말고 Y로)", () => {
  it.each([
    ["필라테스 수업 월요일 말고 수요일로 옮김", "필라테스 수업 수요일로 옮김"],
    ["미용실 예약 2시 반 말고 4시로 바꿈", "미용실 예약 4시로 바꿈"],
    ["회의 장소 본관 3층 말고 별관 2층으로 바뀜", "회의 장소 별관 2층으로 바뀜"],
    ["치즈 사료 먹는 거 말고 습식 캔으로 바꿈", "치즈 사료 습식 캔으로 바꿈"],
    ["아들 담임 박정호 선생님 말고 윤미래 선생님으로 바뀜", "아들 담임 윤미래 선생님으로 바뀜"],
  ])("%s reads as the change without the old value", (text, plain) => {
    expect(facts(plain)).not.toEqual([]);
    expect(facts(text)).toEqual(facts(plain));
  });

  it("keeps the word that names what changed when the new value is longer ('밥 X 말고 Y Z로')", () => {
    expect(facts("초코 밥 오리젠 말고 나우 퍼피로 바꿈")).toEqual([["초코", "밥", "나우 퍼피"]]);
  });
});

describe("changes of a near shape that state no thing's new value", () => {
  it.each([
    // One digit with 번 may count times ("four times now"), and a period before a count says so.
    "스트레칭 이제 4번",
    "요가 주 23번으로 늘림",
    // A thing that moved keeps its name: the place is a fact of it, not its new value.
    "my study group moved to the third floor",
  ])("reads no fact from %s", (text) => {
    expect(traceTriplets(text).triplets).toEqual([]);
  });
});
