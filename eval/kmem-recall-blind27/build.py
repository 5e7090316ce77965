#!/usr/bin/env python3
"""blind27: a small held-out Korean/English personal-memory recall set.

All data is written inline below with readable keys and local KST times.
Running this script sorts each user's notes by time, assigns ids m0001... in
time order (users A, B, C, D in that order), converts times to UTC ISO with a
trailing Z and writes memories.jsonl and queries.jsonl in the kmem-dev row
format.

    python3 build.py            # write the two files
    python3 build.py --tables   # also print summary tables
    python3 build.py --md       # print the README tables as markdown
"""
import json
import os
import sys
import zlib
from collections import Counter, OrderedDict
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
KST = timedelta(hours=9)
TYPE_ORDER = ["keyword", "inflection", "paraphrase", "entity", "numeric",
              "mixed_lang", "update", "negative"]

USERS = OrderedDict()   # letter -> dict(user_id, persona, style)
MEM = OrderedDict()     # key -> dict(user, when, lang, channel, text)
CHAINS = []             # update chains, oldest member first
QUERIES = []            # non-update queries (update queries live on CHAINS)
LOOKALIKE = []          # (key1, key2, note)


def user(letter, user_id, persona, style):
    USERS[letter] = dict(user_id=user_id, persona=persona, style=style)


def m(key, when, lang, text, ch="im"):
    """One memory. `when` is local KST 'YYYY-MM-DD HH:MM'."""
    assert key not in MEM, key
    MEM[key] = dict(user=key[0].upper(), when=when, lang=lang, channel=ch, text=text)


def chain(key, members, query, how, correction=False, confusable=()):
    """An update chain; members oldest first. The update query asks for the current value."""
    CHAINS.append(dict(key=key, user=key[0].upper(), members=list(members), query=query,
                       how=how, correction=correction, confusable=list(confusable)))


def q(u, qtype, text, gold, **extra):
    QUERIES.append(dict(user=u, type=qtype, query=text, gold=list(gold), extra=extra))


def lookalike(k1, k2, note):
    LOOKALIKE.append((k1, k2, note))


# =====================================================================
# User A: motorcycle delivery rider, terse 반말 shorthand with typos
# =====================================================================
user("A", "U0R4TB7K2",
     "26-year-old motorcycle delivery rider in Guro; cat 까미, girlfriend 수빈, "
     "studying for a forklift licence, does PT at a gym",
     "terse Korean 반말 shorthand with typos (잇음, 햇음, 바꼈음, 드뎌)")

m("a_rent1", "2026-01-05 10:12", "ko", "원룸 월세 45 관리비 5 매달 25일에 보냄")
m("a_ins1", "2026-01-09 23:40", "ko", "오토바이 보험 갱신 문자옴;; 유상운송 포함 연 98만원 실화냐. 만기 2/14")
m("a_team1", "2026-01-11 17:02", "ko", "번개로지스 구로지사 팀장 박동규 010-7721-4408 콜 배정 문의는 이쪽", ch="channel")
m("a_oil1", "2026-01-14 13:05", "ko", "엔진오일은 구로 모토하우스서 갈음 3천키로마다 공임 만오천")
m("a_kami1", "2026-01-17 02:30", "ko", "까미 입양일 2024년 3월 9일 코숏 올블랙 ㅋ 울집온지 곧 2년")
m("a_exam1", "2026-01-20 22:10", "ko", "지게차 필기 접수햇음 2월 7일 토욜 영등포 시험장 오전 10시")
m("a_exam2", "2026-01-20 22:48", "ko", "아 잘못봄 필기 7일 아니고 2월 8일 일욜임;; 시간 장소는 그대로")
m("a_pt1", "2026-01-25 11:20", "mixed", "헬스장 PT 20회 끊음 coach 준호쌤 월수 오전10시 session")
m("a_kami2", "2026-01-28 15:44", "ko", "까미 사료 캣츠밀 연어맛 6키로 32,000원 동네 펫샵이 젤쌈")
m("a_goal1", "2026-02-02 09:05", "ko", "2월 목표 하루 콜 35개 한달 900 찍자")
m("a_boots", "2026-02-06 20:15", "ko", "라이딩부츠 새로삼 275 발볼 넓어서 한치수 업함")
m("a_ins2", "2026-02-11 01:15", "ko", "보험 결국 갈아탐 ㅇㅇ 한결손보로 옮겻고 연 84만. 98 낼뻔햇네")
m("a_kami3", "2026-02-13 18:20", "ko", "까미 중성화 2/19 오전 10시 행복한동물병원 예약 전날밤부터 금식")
m("a_goal2", "2026-02-16 23:50", "ko", "무릎 나갈거같음 35개는 무리엿음 ㅋㅋ 하루 28개로 낮춤")
m("a_mileage", "2026-02-28 21:30", "ko", "스쿠터 주행거리 18420km 찍음 담주 뒷타이어도 봐야될듯")
m("a_bday1", "2026-03-02 12:40", "ko", "수빈 생일 3/21 저녁 라비앙로즈 예약함 7시 2명")
m("a_bday2", "2026-03-05 19:10", "ko", "그날 콜 피크라 7시는 빡셈.. 예약 8시로 미룸")
m("a_allergy", "2026-03-08 14:00", "ko", "수빈 갑각류 알러지 잇음 새우 게 절대 ㄴㄴ 까먹지말기")
m("a_flower", "2026-03-10 09:35", "ko", "수빈 젤 좋아하는 꽃 노랑 튤립 ㅎ 장미는 별로래")
m("a_bday3", "2026-03-18 16:25", "ko", "헐 거기 그날 대관이라고 취소됨;; 연남 오스테리아 밀로로 다시 잡음 시간은 8시 그대로")
m("a_oil2", "2026-03-20 10:05", "ko", "사장 바뀌구 공임 2만5천으로 올라서 이제 거기 안감. 신도림 두바퀴정비로 옮김")
m("a_wed1", "2026-03-27 21:00", "ko", "현수 결혼식 4월 18일 토 낮 12시 강남 더포레홀")
m("a_wed2", "2026-03-27 21:35", "ko", "정정 ㅋㅋ 현수 결혼식 12시 아니고 1시 반임 청첩장 다시봤음")
m("a_pt2", "2026-04-03 08:50", "mixed", "준호쌤 그만둬서 trainer 바뀜 → 다은쌤. 요일도 화목으로 옮김")
m("a_silgi", "2026-04-04 23:10", "ko", "지게차 실기 4/25 토 오전 9시 인천 남동 시험장 ㄱㄱ")
m("a_team2", "2026-04-08 12:30", "ko", "지사 팀장 바꼈음 동규형 본사로 감. 새 팀장 염지훈 010-2274-8830", ch="channel")
m("a_sell1", "2026-04-12 19:00", "mixed", "예전 스쿠터 중고로 올림 price 150만 주행 3만키로")
m("a_helmet", "2026-04-15 13:30", "ko", "헬멧 새로삼 스피드원 풀페이스 27만 ㅎ 블루투스 됨")
m("a_laundry", "2026-04-19 22:00", "ko", "코인세탁 버블워시 월정액 2만9천 끊음 우비도 빨수잇음")
m("a_sell2", "2026-04-26 20:40", "mixed", "2주째 연락 1도없음.. 130으로 내림, nego 가능이라고 써놈")
m("a_sell3", "2026-05-03 18:15", "mixed", "드뎌 팔림 ㅋㅋ 결국 120에 넘김 buyer랑 신림역 직거래")
m("a_minjae", "2026-05-06 11:00", "ko", "민재 결혼식 5/30 토 오후 2시 수원 라온웨딩홀 축의금 10만")
m("a_rent2", "2026-05-10 15:20", "ko", "재계약함 ㅠ 집주인이 5 올림 이제 월세 50. 내는 날은 그대로")
m("a_kami4", "2026-05-14 01:10", "ko", "까미 요즘 밥 남김.. 헤어볼 영양제 하루 1알씩 먹이는중")
m("a_momtrip", "2026-05-20 17:45", "ko", "엄마 환갑 6월 13일 가족여행 속초 1박 펜션은 누나가 잡음")

chain("a_ins", ["a_ins1", "a_ins2"], "바이크 보험 지금 1년에 얼마 내고 있지",
      "weeks later, other notes between; names the old value (98); new insurer; price")
chain("a_oil", ["a_oil1", "a_oil2"], "요새 오일 교체는 어느 정비소 다님?",
      "two months later; reason first (owner changed, labour up); pronoun 거기 for the old shop; place")
chain("a_bday", ["a_bday1", "a_bday2", "a_bday3"], "수빈 생일날 저녁 먹는 식당 결국 어디로 됐더라",
      "v2 reason first, no topic word (그날, 예약), time; v3 pronoun 거기, place, keeps the time")
chain("a_exam", ["a_exam1", "a_exam2"], "지게차 필기 보는 날 무슨 요일 며칠이야",
      "correction 38 min later (잘못봄); names the old value; date", correction=True)
chain("a_rent", ["a_rent1", "a_rent2"], "요즘 방세 한 달에 얼마 나가지",
      "four months later; 재계약, says the raise (5 올림) not the old total; price")
chain("a_goal", ["a_goal1", "a_goal2"], "하루에 배달 몇 건 뛰기로 했더라",
      "two weeks later; reason first (무릎); names the old value; count")
chain("a_pt", ["a_pt1", "a_pt2"], "요즘 헬스 트레이너 누구야? 무슨 요일에 가지",
      "ten weeks later; reason first; synonym trainer for coach; person and weekdays")
chain("a_sell", ["a_sell1", "a_sell2", "a_sell3"], "옛날 스쿠터 최종 얼마 받고 팔았지",
      "v2 two weeks later, topic left implicit; v3 '드뎌 팔림', final price")
chain("a_wed", ["a_wed1", "a_wed2"], "현수 결혼식 몇 시에 시작하더라",
      "correction 35 min later (정정); names the old value; time", correction=True)
chain("a_team", ["a_team1", "a_team2"], "지사 팀장한테 연락하려면 지금 누구한테 몇 번으로 걸어",
      "three months later; abbreviation 지사 for 번개로지스 구로지사; person and phone number")

q("A", "keyword", "지게차 실기 시험장 어디였지", ["a_silgi"])
q("A", "keyword", "민재 결혼식 축의금 얼마 하기로 함", ["a_minjae"])
q("A", "keyword", "코인세탁 월정액 얼마였지", ["a_laundry"])
q("A", "inflection", "수빈이 갑각류알러지 있었나", ["a_allergy"], confusable=["c_wage1", "c_wage2"])
q("A", "inflection", "엄마환갑 가족여행은 어디로 가기로 했지", ["a_momtrip"])
q("A", "paraphrase", "고양이 땅콩 떼는 날 언제로 잡았지", ["a_kami3"])
q("A", "paraphrase", "스쿠터 계기판에 찍힌 키로수 얼마였지", ["a_mileage"])
q("A", "entity", "까미 관련 다 알려줘", ["a_kami1", "a_kami2", "a_kami3", "a_kami4"], entity="까미")
q("A", "numeric", "3만2천원짜리 사료 이름 뭐였지", ["a_kami2"])
q("A", "numeric", "27만원 주고 산 거 뭐였더라", ["a_helmet"])
q("A", "mixed_lang", "What size are my riding boots?", ["a_boots"])
q("A", "mixed_lang", "What flowers does Subin like?", ["a_flower"], confusable=["c_wage1", "c_wage2"])
q("A", "negative", "수빈이 시급 얼마로 올려줬더라", [], neg_kind="isolation_same_name",
  other=["c_wage1", "c_wage2"], same_name=("수빈", "수빈"))
q("A", "negative", "이사 날짜 언제로 잡았었지", [], neg_kind="isolation",
  other=["b_move1", "b_move2", "b_move3"])
q("A", "negative", "치과 예약 언제였지", [], neg_kind="absent")

lookalike("a_exam2", "a_silgi", "forklift written test vs practical test (two exam dates)")
lookalike("a_wed2", "a_minjae", "two friends' weddings (현수 4/18 강남 vs 민재 5/30 수원)")


# =====================================================================
# User B: ICU nurse, mixes Korean and English in most lines
# =====================================================================
user("B", "U0N8QW3LE",
     "31-year-old ICU nurse at a university hospital, preparing for the US nursing exam, "
     "moving flat in April, parrot 망고 (conure), niece 하린, training for a half marathon",
     "Korean and English mixed in most lines (schedule, shift, vet, 'same', 'cancel됨')")

m("b_locker1", "2026-01-06 07:40", "en", "New locker in the B2 staff room is #214")
m("b_vet1", "2026-01-10 21:15", "mixed", "망고 vet = 이도윤 원장님 @ 깃털동물병원, avian 전문. 진료는 weekdays only")
m("b_flu", "2026-01-14 09:30", "mixed", "독감 vaccine 1/14 직원 health center에서 맞음, 팔 좀 뻐근")
m("b_ext", "2026-01-19 16:05", "mixed", "ICU 내선 4172, 약제부 내선 3308 — night에 약 문의는 3308로", ch="channel")
m("b_study1", "2026-01-22 23:00", "mixed", "NCLEX study group 매주 화 9pm Zoom, 멤버 4명")
m("b_harin4", "2026-01-30 20:10", "mixed", "하린이 첫 걸음마 video 언니가 보내줌 ㅠㅠ too cute")
m("b_mar1", "2026-02-03 22:30", "en", "Signed up for the Han River Spring Half on Apr 26. Bib pickup Apr 24, 6-9pm at the Yeouido tent")
m("b_move1", "2026-02-08 13:00", "mixed", "이사 date 잡음: 4/11 (Sat) 오전 8시, 바른이사 포장이사 quote 138만")
m("b_shift1", "2026-02-12 07:55", "mixed", "3월 night block 3/9–3/15, 끝나고 3 off", ch="channel")
m("b_study2", "2026-02-17 23:30", "mixed", "다들 화요일 안 된대서 study group Thursday로 옮김, still 9pm")
m("b_harin1", "2026-02-18 12:20", "mixed", "조카 하린 돌잔치 2/21 Sat 12시, 일산 숲속정원 banquet room")
m("b_harin2", "2026-02-19 18:45", "mixed", "하린 돌 선물: 12–18m size 내복 2벌, 색은 mint")
m("b_ot", "2026-02-28 18:00", "mixed", "2월 overtime 총 14시간 — 수당 claim은 3/5까지 간호부에")
m("b_shift2", "2026-03-02 08:10", "mixed", "Charge 쌤이 swap 해줘서 night block 3/16–3/22로 바뀜", ch="channel")
m("b_move2", "2026-03-03 21:00", "mixed", "Landlord 사정으로 입주 1주 밀림 → 4/18 Sat, 업체는 그대로")
m("b_momchk1", "2026-03-06 12:00", "ko", "엄마 건강검진 3월 28일 토요일 오전 7시 반 늘봄검진센터 예약함. 전날 밤 9시부터 금식")
m("b_coffee", "2026-03-09 15:30", "mixed", "Charge 오선생님 drink = 아아 with oat milk, 병동 treat 할 때 참고")
m("b_nclex1", "2026-03-11 10:00", "mixed", "NCLEX 시험 date 떴다: 6/12 (Fri) 9am, 강남 test center")
m("b_nclex2", "2026-03-11 10:25", "mixed", "wait 6/12 아니고 6/19였음 ㅋㅋ email 다시 봄. 시간 장소 same")
m("b_pace", "2026-03-14 08:20", "en", "Half marathon goal pace 5:40/km, want to finish under 2 hours")
m("b_momchk2", "2026-03-16 19:30", "ko", "엄마가 그 주에 제사 준비라서 검진 4월 4일로 미뤘음. 시간이랑 금식은 똑같이")
m("b_pellet1", "2026-03-19 22:40", "mixed", "망고 pellet은 Tropibird 500g, 한 봉에 2주 정도 감")
m("b_move3", "2026-03-25 20:00", "mixed", "바른이사 4/18 schedule full이라 cancel됨… 새 업체 늘품이사, 4/18 morning 7:30 start, 129만")
m("b_study3", "2026-04-01 00:15", "mixed", "Jiwoo night 끝나는 시간 때문에 목요일 study 10pm으로 한 시간 미룸")
m("b_mar2", "2026-04-06 13:10", "en", "Race email: bib pickup moved to Apr 23 (Thu), 5-8pm, same tent in Yeouido")
m("b_acls", "2026-04-09 17:40", "mixed", "ACLS 재인증 course 5/23 Sat 9am–6pm, 교육센터 3층", ch="channel")
m("b_locker2", "2026-04-14 07:35", "en", "After the B2 renovation they moved me to #087, same room")
m("b_vet2", "2026-04-20 21:50", "mixed", "이원장님 retire하셔서 이제 최서진 원장님이 봐주심, 병원은 same")
m("b_reunion1", "2026-04-22 22:05", "mixed", "간호대 동기모임 5/9 Sat 7pm 합정 오월식당")
m("b_harin3", "2026-04-25 11:00", "mixed", "하린 땅콩 알러지 있음 — 언니 말로 snacks 살 때 특히 조심")
m("b_pellet2", "2026-04-28 23:10", "mixed", "전에 먹던 거 먹고 계속 설사해서 바꿈 → Nutriwing 1kg, 망고 잘 먹음")
m("b_dinner", "2026-05-02 14:15", "mixed", "병동 회식 5/15 Fri 6:30pm, 신촌 고기굽는집 — 회비 3만", ch="channel")
m("b_reunion2", "2026-05-04 19:20", "mixed", "오월식당 예약 full이래서 동기모임 장소 망원 라라키친으로, time same")
m("b_shoes", "2026-05-08 09:10", "mixed", "Nursing shoes 245mm Stepwell 흰색 — 벌써 두 켤레째")
m("b_mombday", "2026-05-18 21:00", "ko", "엄마 생신 올해는 양력 9월 13일. 가족 다같이 제주 가기로 함")

MANGO_D = ["d_mango1", "d_mango2", "d_mango3", "d_mango4"]
chain("b_move", ["b_move1", "b_move2", "b_move3"], "이삿짐 센터 이사 당일 몇 시에 온다고 했지",
      "v2 reason first (landlord), date, company kept; v3 old company named, new company, time and price")
chain("b_shift", ["b_shift1", "b_shift2"], "3월 나이트 근무 며칠부터 며칠까지 서게 됐지",
      "weeks later; reason first (charge swapped it); date range")
chain("b_nclex", ["b_nclex1", "b_nclex2"], "미국 간호사 면허 시험 보는 날 언제야",
      "correction 25 min later ('wait ... 아니고'); names the old value; date", correction=True)
chain("b_study", ["b_study1", "b_study2", "b_study3"], "스터디 모임 요즘 무슨 요일 몇 시에 해?",
      "v2 reason first, weekday; v3 six weeks later, reason first, abbreviation 'study', time")
chain("b_pellet", ["b_pellet1", "b_pellet2"], "망고 요즘 먹이는 사료 뭐였지",
      "five weeks later; reason first; pronoun (전에 먹던 거) for the old pellet; brand and size",
      confusable=MANGO_D)
chain("b_reunion", ["b_reunion1", "b_reunion2"], "간호대 친구들 모임 어느 식당에서 해",
      "twelve days later; names the old place; reason first; place, time kept")
chain("b_vet", ["b_vet1", "b_vet2"], "망고 담당 수의사 선생님 지금 누구지",
      "three months later; abbreviation 이원장님 for the old vet, no '망고' or 'vet'; person",
      confusable=MANGO_D)
chain("b_mar", ["b_mar1", "b_mar2"], "When can I grab my race number?",
      "two months later; written as a forwarded race email, no word 'half'; date and time")
chain("b_locker", ["b_locker1", "b_locker2"], "Which locker am I using at work these days?",
      "three months later; reason first (renovation); number only, no word 'locker'")
chain("b_momchk", ["b_momchk1", "b_momchk2"], "엄마 종합검진 날짜 언제로 돼 있지",
      "ten days later; reason first (제사); pronoun '그 주'; date")

q("B", "keyword", "병동 회식 장소 어디였지", ["b_dinner"])
q("B", "keyword", "ACLS 재인증 몇 시부터야", ["b_acls"])
q("B", "keyword", "하린 돌잔치 어디서 하지", ["b_harin1"])
q("B", "inflection", "하린이 땅콩알러지가 있었나", ["b_harin3"])
q("B", "inflection", "2월 overtime 수당은 언제까지 claim해야 돼", ["b_ot"])
q("B", "paraphrase", "인플루엔자 주사 언제 맞았더라", ["b_flu"])
q("B", "paraphrase", "오쌤 커피 취향 뭐였지", ["b_coffee"])
q("B", "entity", "하린 관련 다 알려줘", ["b_harin4", "b_harin1", "b_harin2", "b_harin3"], entity="하린")
q("B", "numeric", "내선 3308은 어디 번호야", ["b_ext"])
q("B", "numeric", "사이즈 245짜리 간호화 브랜드가 뭐였지", ["b_shoes"])
q("B", "mixed_lang", "하프 마라톤 목표 페이스 얼마로 잡았지", ["b_pace"])
q("B", "mixed_lang", "When is Mom's birthday this year?", ["b_mombday"])
q("B", "negative", "고양이 중성화 수술 날짜 언제였더라", [], neg_kind="isolation", other=["a_kami3"])
q("B", "negative", "여권 만료일 언제였지", [], neg_kind="absent")
q("B", "negative", "운전면허 갱신 기한 언제까지야", [], neg_kind="absent")

lookalike("b_reunion2", "b_dinner", "two group dinners in May (동기모임 vs 병동 회식)")
lookalike("b_nclex2", "b_acls", "two exam/certification dates (NCLEX vs ACLS 재인증)")


# =====================================================================
# User C: citrus farmer with a small guesthouse, mostly Korean note style
# =====================================================================
user("C", "U0J6HM5PX",
     "mid-50s citrus farmer in Seogwipo (천혜향, 한라봉) who also runs a four-room guesthouse; "
     "part-timer 수빈, son 준서, elderly mother",
     "mostly Korean note style (명사형 종결, '~함', '~예정', key: value)")

m("c_chj3", "2026-01-06 07:30", "ko", "천혜향 하우스 보일러 점검 완료. 다음 점검 3월 초")
m("c_tb1", "2026-01-08 16:00", "ko", "택배 계약: 제주한길택배. 귤 10kg 박스당 4,200원. 매일 오후 4시 집하")
m("c_wage1", "2026-01-12 09:10", "ko", "알바 수빈 채용. 시급 11,000원, 주 3일(화·목·토) 민박 청소 담당")
m("c_list1", "2026-01-15 20:30", "mixed", "Staylink 민박 1박 rate 120,000원 (2인 기준), 추가 1인 2만원", ch="channel")
m("c_drone1", "2026-01-20 11:00", "mixed", "드론 방제 SkyFarm 담당자 contact: 010-3381-2046. ha당 8만원")
m("c_chj4", "2026-01-24 18:10", "ko", "천혜향 단골 주문: 대전 백승희님 매년 5kg 3박스. 1월 말 발송")
m("c_laundry1", "2026-01-27 10:40", "ko", "침구 세탁: 하얀구름세탁. 주 1회 월요일 오전 수거")
m("c_junseo1", "2026-02-03 21:20", "ko", "준서 입대일 6월 9일. 논산훈련소 입소")
m("c_prune1", "2026-02-09 08:10", "ko", "전정 작업 인부 4명 섭외. 2월 16~18일. 일당 15만원")
m("c_prune2", "2026-02-09 19:40", "ko", "오전 메모 일당 잘못 적음. 15만 아니고 16만원 (점심 별도)")
m("c_chj1", "2026-02-11 06:50", "ko", "천혜향 수확 시작 2월 20일 예정. 당도 13브릭스 목표")
m("c_chj2", "2026-02-14 09:00", "ko", "천혜향 선물세트 가격 책정: 3kg 38,000원 / 5kg 59,000원")
m("c_hlbset", "2026-02-14 15:30", "ko", "한라봉 선물세트 가격: 3kg 35,000원 / 5kg 55,000원. 택배비 포함")
m("c_store1", "2026-02-23 17:00", "ko", "저온창고 냉각기 고장. 수리 강필구 기사님 2/25 오후 2시 방문 예정")
m("c_store2", "2026-02-25 16:00", "ko", "기사님 부품 없다고 3월 2일로 연기")
m("c_tb2", "2026-02-26 19:15", "ko", "제주한길에서 3월부터 박스당 4,500원으로 인상 통보 받음")
m("c_store3", "2026-03-02 18:00", "ko", "오늘도 못 온다 함. 업체 바꿈 → 한라냉동 정도윤 기사, 3/4 오전 10시")
m("c_water", "2026-03-08 13:20", "ko", "농업용 관정 점검 3월 8일 완료. 수질검사 결과 적합")
m("c_fert1", "2026-03-10 07:45", "ko", "봄 비료 주문: 유기질 퇴비 20포. 서귀포농협 자재센터, 3/17 배달")
m("c_hail", "2026-03-13 08:30", "ko", "3/12 우박. 하우스 비닐 2동 찢어짐. 재해보험 접수 완료")
m("c_seedling", "2026-03-21 14:00", "ko", "신품종 묘목 새봄향 50주 주문. 4월 둘째 주 입고")
m("c_wage2", "2026-03-28 18:30", "ko", "수빈 일 꼼꼼하게 잘함. 4월부터 시급 12,000원으로 올려줌")
m("c_guest1", "2026-04-02 20:00", "ko", "5월 3~5일 2박 예약: 윤재석님 가족 4명. 서울에서 옴")
m("c_gap", "2026-04-05 09:15", "ko", "GAP 인증 만료 2026.11.30. 갱신 신청은 9월 중")
m("c_repair", "2026-04-09 16:40", "ko", "관리기 수리 완료. 수리비 68만원. 로터리 날 교체")
m("c_drone2", "2026-04-14 12:10", "mixed", "SkyFarm 담당자 바뀜, new contact 010-5520-1187")
m("c_laundry2", "2026-04-17 10:05", "ko", "세탁업체 기사 사정으로 수거 요일 목요일로 변경")
m("c_fert2", "2026-04-20 07:20", "ko", "그 퇴비 모자람. 10포 추가해서 총 30포")
m("c_guest2", "2026-04-24 21:30", "ko", "윤재석님네 1명 추가 연락 옴. 총 5명, 보조침대 준비")
m("c_guesttak", "2026-04-27 19:00", "ko", "5월 23~24일 1박 예약: 탁현주님 커플 2명. 부산에서 옴")
m("c_tb3", "2026-05-06 17:30", "ko", "택배비 계속 올라서 섬길물류로 갈아탐. 10kg 박스당 3,900원")
m("c_mother", "2026-05-12 10:00", "ko", "어머니 무릎 정형외과 재진 6월 2일 오전 11시. 서귀포참정형외과")
m("c_neighbor", "2026-05-15 19:50", "ko", "옆밭 고영춘 삼촌 전화 064-732-5518 (집)")
m("c_junseo2", "2026-05-25 22:00", "ko", "기말고사랑 겹쳐서 준서 입대 연기함. 7월 14일로 확정, 논산 그대로")
m("c_list2", "2026-06-01 08:40", "mixed", "Staylink 1박 rate 인상: 120,000 → 140,000원 (6월부터)", ch="channel")

SUBIN_A = ["a_bday1", "a_allergy", "a_flower"]
chain("c_tb", ["c_tb1", "c_tb2", "c_tb3"], "요즘 귤 한 상자 부치는 데 얼마 들지",
      "v2 seven weeks later, abbreviation 제주한길, price; v3 reason first, new company, price")
chain("c_wage", ["c_wage1", "c_wage2"], "수빈이 지금 시간당 얼마 받지",
      "eleven weeks later; reason first (일 잘함); price", confusable=SUBIN_A)
chain("c_prune", ["c_prune1", "c_prune2"], "가지치기 일꾼들 하루 품삯 얼마로 했더라",
      "correction 11 h later ('오전 메모'); names the old value; price", correction=True)
chain("c_guest", ["c_guest1", "c_guest2"], "5월 초 서울 가족 손님 몇 분 오시지",
      "three weeks later; 윤재석님네 (short form); count")
chain("c_store", ["c_store1", "c_store2", "c_store3"], "창고 냉장 고치러 누가 언제 오기로 했지",
      "v2 pronoun 기사님, no topic word, date; v3 '오늘도', new company, person, date and time")
chain("c_fert", ["c_fert1", "c_fert2"], "올봄 거름 전부 몇 포대 시켰지",
      "six weeks later; pronoun '그 퇴비'; count (adds 10, states the new total)")
chain("c_laundry", ["c_laundry1", "c_laundry2"], "이불 빨래 업체 무슨 요일에 가지러 와?",
      "eleven weeks later; synonym 세탁업체; reason first; weekday")
chain("c_junseo", ["c_junseo1", "c_junseo2"], "준서 군대 들어가는 날 언제로 정해졌지",
      "sixteen weeks later; reason first (기말고사); date, place kept")
chain("c_list", ["c_list1", "c_list2"], "민박 하룻밤 요금 지금 얼마로 올려놨지",
      "four months later; names the old value (120,000 →); price")
chain("c_drone", ["c_drone1", "c_drone2"], "방제 드론 업체 사람한테 연락하려면 몇 번이야",
      "twelve weeks later; company name only, no 드론/방제; phone number")

q("C", "keyword", "한라봉 선물세트 가격 얼마로 했지", ["c_hlbset"])
q("C", "keyword", "탁현주님 예약 며칠이지", ["c_guesttak"])
q("C", "keyword", "백승희님 천혜향 주문 몇 박스", ["c_chj4"])
q("C", "inflection", "어머니무릎 재진이 언제지", ["c_mother"])
q("C", "inflection", "관정점검 수질검사 결과는 어땠지", ["c_water"])
q("C", "paraphrase", "밭 가는 기계 고치는 데 얼마 들었지", ["c_repair"])
q("C", "paraphrase", "천혜향 따기 시작하는 날 언제로 잡았지", ["c_chj1"])
q("C", "entity", "천혜향 관련 다 알려줘", ["c_chj3", "c_chj4", "c_chj1", "c_chj2"], entity="천혜향")
q("C", "numeric", "064 732 5518 누구 번호지", ["c_neighbor"])
q("C", "numeric", "2026년 11월 30일에 만료되는 게 뭐였지", ["c_gap"])
q("C", "mixed_lang", "How many seedlings did I order?", ["c_seedling"])
q("C", "mixed_lang", "How many greenhouses did the hail damage?", ["c_hail"])
q("C", "negative", "지게차 필기 시험 날짜 언제더라", [], neg_kind="isolation", other=["a_exam1", "a_exam2"])
q("C", "negative", "PT 선생님 누구로 바뀌었지", [], neg_kind="isolation", other=["a_pt1", "a_pt2"])
q("C", "negative", "건강보험료 이번 달 얼마 나왔지", [], neg_kind="absent")

lookalike("c_chj2", "c_hlbset", "two gift-set price lists (천혜향 vs 한라봉)")
lookalike("c_guest2", "c_guesttak", "two May guesthouse bookings (윤재석님 family vs 탁현주님 couple)")


# =====================================================================
# User D: expat head brewer, mostly English
# =====================================================================
user("D", "U0F2ZS9VD",
     "Canadian head brewer at a brewpub in Gwangalli, Busan; brewery cat Mango, partner Elena "
     "abroad, rec hockey, Korean classes",
     "mostly English, brewing jargon (OG, hl, kegs); a few lines mix in Korean words or are Korean")

m("d_mango1", "2026-01-05 18:20", "en", "Mango (the brewery cat, orange tabby) wandered in last January, we figure she's about 3 now")
m("d_hops1", "2026-01-07 10:30", "en", "Hop contract: Pacific Bine Co., Harbor Gold at ₩38,000/kg, 60 kg per quarter", ch="channel")
m("d_asst1", "2026-01-09 15:00", "en", "Assistant brewer Jae-won Seo starts Feb 2, Tue to Sat shifts", ch="channel")
m("d_hockey1", "2026-01-11 23:10", "en", "Rec hockey: Sunday 9pm games at Suyeong rink, gear bag stays in the car")
m("d_ko1", "2026-01-15 12:40", "ko", "사장님 생신 6월 2일. 케이크는 달빛제과에서 주문")
m("d_imm1", "2026-01-19 09:20", "en", "Immigration office appointment for the visa extension: Mar 17, 10:40am, Busan office")
m("d_topik1", "2026-01-22 20:30", "en", "Signed up for TOPIK prep, Tue/Thu 7pm at Gwangan Language Center")
m("d_mango2", "2026-01-27 18:05", "en", "Mango gets one scoop of wet food at 6pm. No fish flavours, she throws them up")
m("d_malt1", "2026-02-02 11:15", "mixed", "Grain order from 대성몰트: 40 bags Pilsner malt, delivery Feb 10", ch="channel")
m("d_glass", "2026-02-06 14:50", "en", "Ordered 200 branded pint glasses, ₩3,100 each, arriving Mar 20")
m("d_malt2", "2026-02-08 09:40", "mixed", "대성몰트 is out of Pils malt, so I ordered 38 bags from 한솔몰트 instead", ch="channel")
m("d_b57a", "2026-02-11 13:00", "en", "Brewed batch #57 Low Tide Pils: OG 1.048, 20 hl", ch="channel")
m("d_b57b", "2026-02-11 16:30", "en", "Correction on #57: OG was 1.046, not 1.048. Misread the hydrometer", ch="channel")
m("d_mango3", "2026-02-18 19:30", "en", "Bought Mango a heated bed for the grain room, ₩46,000")
m("d_asst2", "2026-02-24 17:45", "en", "Jae-won took a job in Seoul, so the new assistant is Seo-yeon Ha, starting Mar 9", ch="channel")
m("d_kegs1", "2026-03-02 10:10", "en", "Haeundae Beer Fest order: 12 kegs, drop-off May 15", ch="channel")
m("d_imm2", "2026-03-05 22:15", "en", "Brew day landed on the 17th, so I moved the immigration slot to Mar 24, 2:20pm")
m("d_health", "2026-03-12 08:00", "en", "Health checkup at Centum Clinic, Apr 9 8:30am. No food after 9pm the night before")
m("d_elena1", "2026-03-16 23:30", "mixed", "Elena lands at 김해공항 on May 2, 6:45pm")
m("d_water", "2026-03-20 16:20", "en", "RO filter cartridges get swapped every 6 weeks; last swap Mar 20")
m("d_kegs2", "2026-03-30 11:40", "en", "Fest organizers bumped us to 16", ch="channel")
m("d_b58", "2026-04-02 14:00", "en", "Batch #58 Rip Current IPA: OG 1.062, 18 hl", ch="channel")
m("d_hops2", "2026-04-04 09:50", "en", "Pacific Bine price went up: ₩41,500/kg from April", ch="channel")
m("d_ms1", "2026-04-07 18:30", "mixed", "사장님 wants the 막걸리 ale on tap by Jun 5")
m("d_hockey2", "2026-04-12 22:45", "en", "League moved our games to Saturdays 10:30pm, same rink")
m("d_rent", "2026-04-16 08:30", "en", "Rent is ₩850,000 a month, due on the 1st")
m("d_kegdep", "2026-04-19 13:20", "en", "Keg deposit for outside accounts is ₩50,000 per keg")
m("d_topik2", "2026-04-21 21:10", "en", "Class is at the Nampo branch from now on, same days and times")
m("d_mango4", "2026-04-25 23:50", "en", "Regulars keep feeding Mango fries, so I put up a 'please don't feed the cat' sign")
m("d_ko2", "2026-04-28 17:00", "ko", "광안리 수요 플리마켓 부스비 3만원, 5월부터 격주로 열림")
m("d_elena2", "2026-04-30 10:30", "mixed", "Elena's flight got changed: 김해 arrival is now 9:10pm on May 2")
m("d_kegs3", "2026-05-08 15:30", "en", "Final number from the fest organizer is 14. Two of the 16 were for a vendor who dropped out", ch="channel")
m("d_ms2", "2026-05-20 19:00", "mixed", "막걸리 ale launch 사장님이 Jun 19로 미룸, label printing is late")
m("d_hops3", "2026-05-26 10:00", "en", "Dropped Pacific Bine. Harbor Gold now comes from Cascade Ridge Farms at ₩36,000/kg", ch="channel")

MANGO_B = ["b_vet1", "b_vet2", "b_pellet1", "b_pellet2"]
chain("d_hops", ["d_hops1", "d_hops2", "d_hops3"], "Who's supplying our hops now, and what does a kilo cost?",
      "v2 three months later, supplier name only, price; v3 reason implicit ('Dropped ...'), new supplier, price")
chain("d_imm", ["d_imm1", "d_imm2"], "When's my visa appointment?",
      "six weeks later; reason first (brew day clash); 'slot' for appointment; date and time")
chain("d_b57", ["d_b57a", "d_b57b"], "What was the starting gravity on batch 57?",
      "correction 3.5 h later; names the old value; number", correction=True)
chain("d_hockey", ["d_hockey1", "d_hockey2"], "What night do we play hockey these days?",
      "three months later; 'League' and 'games', no word 'hockey'; weekday and time, same place")
chain("d_kegs", ["d_kegs1", "d_kegs2", "d_kegs3"], "How many kegs are we sending to the beer festival?",
      "v2 four weeks later, abbreviation 'Fest', count with no noun; v3 pronoun-like 'Final number', names the old 16, reason")
chain("d_asst", ["d_asst1", "d_asst2"], "Who's my assistant on the brew deck now?",
      "six weeks later; reason first (took a job in Seoul); person and start date")
chain("d_topik", ["d_topik1", "d_topik2"], "Where do I go for Korean lessons now?",
      "three months later; 'Class' with no TOPIK; place, times kept")
chain("d_malt", ["d_malt1", "d_malt2"], "How many sacks of pilsner malt did we end up with, and who from?",
      "six days later; reason first (out of stock); new supplier and count")
chain("d_ms", ["d_ms1", "d_ms2"], "When does the makgeolli beer go on tap?",
      "six weeks later; reason after (label printing); date")
chain("d_elena", ["d_elena1", "d_elena2"], "What time does Elena's plane get in?",
      "six weeks later; 김해 for 김해공항; time, date kept")

q("D", "keyword", "When do the branded pint glasses arrive?", ["d_glass"])
q("D", "keyword", "Rip Current IPA batch size", ["d_b58"])
q("D", "keyword", "What time is my Centum Clinic checkup?", ["d_health"])
q("D", "inflection", "When did I last swap the RO filter cartridge?", ["d_water"])
q("D", "inflection", "Why did I put up a sign about feeding Mango?", ["d_mango4"], confusable=MANGO_B)
q("D", "paraphrase", "How much do I pay for my apartment each month?", ["d_rent"])
q("D", "paraphrase", "What does the cat get for dinner?", ["d_mango2"])
q("D", "entity", "Tell me everything about Mango", ["d_mango1", "d_mango2", "d_mango3", "d_mango4"],
  entity="Mango", confusable=MANGO_B)
q("D", "numeric", "What did I spend 46000 won on?", ["d_mango3"])
q("D", "numeric", "What's the 50k-won-per-keg charge?", ["d_kegdep"])
q("D", "mixed_lang", "When is the boss's birthday?", ["d_ko1"])
q("D", "mixed_lang", "How much is the booth fee at the Gwangalli flea market?", ["d_ko2"])
q("D", "negative", "Who is Mango's vet again?", [], neg_kind="isolation_same_name", other=["b_vet1", "b_vet2"],
  same_name=("Mango", "망고"))
q("D", "negative", "When is bib pickup for the half marathon?", [], neg_kind="isolation", other=["b_mar1", "b_mar2"])
q("D", "negative", "What's my blood type?", [], neg_kind="absent")

lookalike("d_imm2", "d_health", "two spring appointments (immigration office vs health checkup)")
lookalike("d_b57b", "d_b58", "two batch records (#57 pils vs #58 IPA, OG and volume)")


# =====================================================================
# Build
# =====================================================================
def _utc(key, when):
    local = datetime.strptime(when, "%Y-%m-%d %H:%M")
    sec = zlib.crc32(key.encode()) % 60
    return (local - KST + timedelta(seconds=sec)).strftime("%Y-%m-%dT%H:%M:%SZ")


def build():
    """Return (memory rows, query rows, key->id map, chain info)."""
    key2id, mem_rows = {}, []
    n = 0
    for letter, u in USERS.items():
        keys = [k for k, v in MEM.items() if v["user"] == letter]
        keys.sort(key=lambda k: (MEM[k]["when"], k))
        whens = [MEM[k]["when"] for k in keys]
        assert len(set(whens)) == len(whens), f"duplicate local time for user {letter}"
        for k in keys:
            n += 1
            key2id[k] = f"m{n:04d}"
            v = MEM[k]
            mem_rows.append(OrderedDict([
                ("id", key2id[k]), ("user_id", u["user_id"]), ("text", v["text"]),
                ("ts", _utc(k, v["when"])), ("channel_type", v["channel"]), ("lang", v["lang"])]))

    uid = {L: u["user_id"] for L, u in USERS.items()}
    # a key not defined (yet) shows up as "?key"; validate.py rejects it
    ids = lambda ks: [key2id.get(k, "?" + k) for k in ks]
    # per user: the non-update queries and the update queries, in TYPE_ORDER
    pending = []
    for letter in USERS:
        per = [x for x in QUERIES if x["user"] == letter]
        per += [dict(user=letter, type="update", query=c["query"], gold=[c["members"][-1]],
                     extra=dict(stale=c["members"][:-1], confusable=c["confusable"], chain=c["key"]))
                for c in CHAINS if c["user"] == letter]
        per.sort(key=lambda x: TYPE_ORDER.index(x["type"]))  # stable
        pending += per
    q_rows, chain_qid = [], {}
    for i, x in enumerate(pending, 1):
        row = OrderedDict([("qid", f"q{i:03d}"), ("user_id", uid[x["user"]]), ("query", x["query"]),
                           ("gold", ids(x["gold"])), ("type", x["type"])])
        e = x["extra"]
        if x["type"] == "update":
            row["stale"] = ids(e["stale"])
            chain_qid[e["chain"]] = row["qid"]
        if x["type"] == "entity":
            row["entity"] = e["entity"]
        if x["type"] == "negative":
            if e.get("other"):
                row["other_user_has"] = uid.get(e["other"][0][0].upper(), "?")
                row["other_user_mem"] = ids(e["other"])
            row["neg_kind"] = e["neg_kind"]
        if e.get("confusable"):
            row["confusable_other_user"] = ids(e["confusable"])
        q_rows.append(row)
    return mem_rows, q_rows, key2id, chain_qid


def dumps(rows):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def chain_lang(c):
    langs = {MEM[k]["lang"] for k in c["members"]}
    return langs.pop() if len(langs) == 1 else "mixed"


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def tables(mem_rows, q_rows, key2id, chain_qid, md=False):
    letters = list(USERS)
    by_uid = {USERS[L]["user_id"]: L for L in letters}
    out = []
    # memories
    rows = []
    for L in letters + ["all"]:
        ms = [r for r in mem_rows if L == "all" or by_uid[r["user_id"]] == L]
        c = Counter(r["lang"] for r in ms)
        ch = Counter(r["channel_type"] for r in ms)
        rows.append([L, len(ms), c["ko"], c["en"], c["mixed"], f"{ch['im']} / {ch['channel']}"])
    out.append(("Memories", md_table(["user", "memories", "ko", "en", "mixed", "im / channel"], rows)))
    # queries
    rows = []
    for L in letters + ["all"]:
        qs = [r for r in q_rows if L == "all" or by_uid[r["user_id"]] == L]
        c = Counter(r["type"] for r in qs)
        rows.append([L] + [c[t] for t in TYPE_ORDER] + [len(qs)])
    out.append(("Queries", md_table(["user"] + TYPE_ORDER + ["total"], rows)))
    # negatives
    c = Counter(r["neg_kind"] for r in q_rows if r["type"] == "negative")
    out.append(("Negatives", md_table(["absent", "isolation", "isolation_same_name"],
                                      [[c["absent"], c["isolation"], c["isolation_same_name"]]])))
    # chains
    rows = []
    for L in letters + ["all"]:
        cs = [x for x in CHAINS if L == "all" or x["user"] == L]
        lc = Counter(chain_lang(x) for x in cs)
        rows.append([L, len(cs), sum(len(x["members"]) == 3 for x in cs), sum(x["correction"] for x in cs),
                     lc["ko"], lc["en"], lc["mixed"]])
    out.append(("Update chains", md_table(["user", "chains", "3-version", "corrections", "ko", "en", "mixed"], rows)))
    # update queries
    rows = []
    for x in CHAINS:
        qid = chain_qid.get(x["key"], "?")
        gold = key2id[x["members"][-1]]
        stale = ", ".join(key2id[k] for k in x["members"][:-1])
        rows.append([qid, x["user"], x["query"].replace("|", "/"), gold, stale, chain_lang(x),
                     x["how"]])
    rows.sort(key=lambda r: r[0])
    out.append(("Update queries", md_table(["qid", "user", "query", "gold", "stale", "chain lang",
                                            "how the newer note is written"], rows)))
    # look-alikes
    rows = [[LOOKALIKE[i][0][0].upper(), key2id[a], key2id[b], note] for i, (a, b, note) in enumerate(LOOKALIKE)]
    out.append(("Look-alike pairs", md_table(["user", "memory", "memory", "what"], rows)))
    for title, t in out:
        print(("### " if md else "== ") + title)
        print(t)
        print()


def main(argv):
    mem_rows, q_rows, key2id, chain_qid = build()
    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        f.write(dumps(mem_rows))
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        f.write(dumps(q_rows))
    print(f"wrote {len(mem_rows)} memories, {len(q_rows)} queries")
    if "--tables" in argv or "--md" in argv:
        tables(mem_rows, q_rows, key2id, chain_qid, md="--md" in argv)


if __name__ == "__main__":
    main(sys.argv[1:])
