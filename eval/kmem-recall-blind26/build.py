#!/usr/bin/env python3
"""blind26: held-out Korean/English personal-memory eval set (4 invented Slack users).

All data is inline. Running this script writes memories.jsonl and queries.jsonl next to
itself (deterministic). `python3 build.py --tables` prints the markdown tables used in README.md.
"""
import datetime as dt
import json
import os
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
KST = dt.timezone(dt.timedelta(hours=9))
USERS = {"A": "U0BS26A1K", "B": "U0BS26B2J", "C": "U0BS26C3S", "D": "U0BS26D4A"}
USER_ORDER = ["A", "B", "C", "D"]

MEMS = []       # dict(user, key, kst, channel, lang, text)
QUERIES = []    # dict(user, type, query, gold(keys), extra)
CHAINS = []     # dict(user, query, versions(keys old->new), lang, how, correction)
LOOKALIKES = [] # (key1, key2, note)


def M(u, key, kst, ch, lang, text):
    MEMS.append(dict(user=u, key=key, kst=kst, channel=ch, lang=lang, text=text))


def Q(u, typ, query, gold, **extra):
    QUERIES.append(dict(user=u, type=typ, query=query, gold=list(gold), extra=extra))


def U(u, query, versions, lang, how, correction=False):
    CHAINS.append(dict(user=u, query=query, versions=list(versions), lang=lang, how=how,
                       correction=correction))
    QUERIES.append(dict(user=u, type="update", query=query, gold=[versions[-1]],
                        extra={"stale": list(versions[:-1])}))


def L(k1, k2, note):
    LOOKALIKES.append((k1, k2, note))


# ---------------------------------------------------------------------------
# User A: Busan fish-market auctioneer (경매사) at an invented 수협 위판장.
# Writes terse 반말 Korean shorthand with typos, ㅇㅇ, 담주, 토욜.
# ---------------------------------------------------------------------------
A = "A"
M(A, "a_chomae_1", "2026-01-06 21:40", "im", "ko", "경매 개시 시간 새벽 5시30분 확정됨. 늦으면 박과장한테 또 깨짐")
M(A, "a_cold_1", "2026-01-09 14:20", "im", "ko", "냉동창고 한결냉장 2번동 임대 월 180 계약함. 담당 오과장 051-612-4480")
M(A, "a_line_1", "2026-01-13 05:50", "channel", "ko", "1월 경매 배정: 나 고등어 라인, 민규형 삼치 라인, 7시까지 정리")
M(A, "a_swim_1", "2026-01-15 22:00", "im", "ko", "지유 수영 월수금 저녁7시 사직 실내수영장 ㅇㅇ 셔틀없음")
M(A, "a_boat_1", "2026-01-20 09:30", "im", "ko", "대성호 물량 얘기는 박철수 선장한테 직접 ㄱㄱ 010-3318-5092")
M(A, "a_ext_1", "2026-01-22 07:10", "channel", "ko", "경매사 사무실 내선 214, 팩스 051-245-0618")
M(A, "a_mom_bday", "2026-01-25 23:00", "im", "ko", "엄마 생신 5/12 양력임 음력아님. 올해 칠순이라 형제들이랑 식당 잡아야됨")
M(A, "a_inlaw_bday", "2026-01-26 08:00", "im", "ko", "장모님 생신 5/21 잊지말기 작년에 까먹어서 혼남ㅠ")
M(A, "a_fish_1", "2026-02-03 20:30", "im", "ko", "낚시회 출조 3/14 토 기장 학리항 새벽4시 집결")
M(A, "a_jiyu_bday", "2026-02-07 22:30", "im", "ko", "지유 생일 6/2. 갖고싶은거 닌텐도라함 담달에 미리 사두기")
M(A, "a_checkup_1", "2026-02-10 13:00", "im", "ko", "건강검진 4/8 수 아침8시 해운대 한마음내과. 전날 9시부터 금식")
M(A, "a_oil_1", "2026-02-14 17:20", "im", "ko", "번개모터스서 트럭 엔진오일+필터 갈았음 12만원")
M(A, "a_oil_2", "2026-02-16 09:10", "im", "ko", "아 번개모터스 12만 아님 9만8천임. 영수증 다시봤는데 내가 잘못적음")
M(A, "a_chomae_2", "2026-02-17 22:05", "im", "ko", "담주 월욜부터 초매 5시로 땡겨짐 ㅇㅇ 30분 일찍 나가야됨")
M(A, "a_club_fee", "2026-02-21 18:00", "im", "ko", "낚시회 회비 월 5만 매달 25일 총무 최형한테 보내기")
M(A, "a_cold_2", "2026-02-26 10:15", "im", "ko", "한결 담달부터 월세 195로 올린다함 전기세 핑계 ㅡㅡ")
M(A, "a_line_2", "2026-03-02 19:10", "channel", "ko", "3월 배정 나옴. 내가 갈치 맡고 고등어는 민규형이 가져감")
M(A, "a_jiyu_teacher", "2026-03-04 17:00", "im", "ko", "지유 담임 한소연 쌤. 4학년 3반")
M(A, "a_swim_2", "2026-03-05 21:30", "im", "ko", "지유 수영반 바뀜 화목 7시로. 장소는 같음")
M(A, "a_dol_1", "2026-03-09 12:40", "im", "ko", "조카 하온이 돌잔치 4/26 일욜 연산동 가온홀 12시")
M(A, "a_fish_2", "2026-03-11 21:15", "im", "ko", "토욜 풍랑주의보 떠서 출조 취소, 3/21로 미룸. 학리항 4시 집결은 똑같음")
M(A, "a_assoc_fee", "2026-03-16 10:30", "channel", "ko", "경매사협회 연회비 5만원 3월말까지 납부")
M(A, "a_checkup_2", "2026-03-19 08:40", "im", "ko", "건검 4/3 금으로 땡김. 시간이랑 병원은 그대로")
M(A, "a_boat_2", "2026-03-25 11:00", "im", "ko", "대성호 이제 선장 아들 박준태가 연락받음 아부지 은퇴했다함. 010-7720-4163")
M(A, "a_dol_2", "2026-03-30 19:50", "im", "ko", "그거 장소 바꼈다함 서면 라온뷔페 5층. 날짜 시간은 그대로")
M(A, "a_jiyu_math", "2026-04-02 21:00", "im", "ko", "지유 수학학원 올림수학 화목 4시~6시 월 28만")
M(A, "a_sashimi", "2026-04-11 20:00", "im", "ko", "청사포 물꽃횟집 사장님이 담에 오면 서비스준다함 051-703-2258")
M(A, "a_ext_2", "2026-04-14 07:30", "channel", "ko", "자리 옮겨서 내선 214 말고 237. 팩스는 안바뀜")
M(A, "a_cold_3", "2026-04-20 16:30", "im", "ko", "한결 정리하고 동백냉장으로 옮김. 감천쪽이고 월 170. 담당 윤실장 051-209-7731")
M(A, "a_back", "2026-04-24 12:30", "im", "ko", "허리 침 맞으러 남포 솔바람한의원 월욜 점심시간에 가기")
M(A, "a_swim_3", "2026-05-07 22:10", "im", "ko", "지유 강습 또 바뀜ㅋㅋ 이번엔 화목토 저녁6시반")
M(A, "a_buyer", "2026-05-13 06:40", "channel", "ko", "중매인 김만수 잔금 230만 5/20까지 받기로 함")
M(A, "a_anniv", "2026-05-28 21:00", "im", "ko", "결혼기념일 6/14 ㅇㅇ 해운대 그 호텔 뷔페 예약해야됨")

L("a_mom_bday", "a_inlaw_bday", "엄마 생신 5/12 vs 장모님 생신 5/21 (생신, 5/1x)")
L("a_club_fee", "a_assoc_fee", "낚시회 회비 월 5만 vs 경매사협회 연회비 5만원")

Q(A, "keyword", "낚시회 회비 총무 누구한테 보내지", ["a_club_fee"])
Q(A, "keyword", "물꽃횟집 번호", ["a_sashimi"])
Q(A, "keyword", "장모님 생신 며칠", ["a_inlaw_bday"])
Q(A, "inflection", "엄마 생신이 언제였더라", ["a_mom_bday"], confusable_other_user=["c_mom_bday"])
Q(A, "inflection", "김만수 중매인한테 받을 잔금은 얼마", ["a_buyer"])
Q(A, "paraphrase", "허리 아플 때 다니는 한방병원", ["a_back"])
Q(A, "paraphrase", "딸 반 선생님 이름", ["a_jiyu_teacher"])
Q(A, "entity", "지유 관련 다 알려줘", ["a_swim_3", "a_jiyu_bday", "a_jiyu_teacher", "a_jiyu_math"], entity="지유")
Q(A, "numeric", "5만원짜리 연회비 마감 언제", ["a_assoc_fee"])
Q(A, "numeric", "0512097731 누구 번호였지", ["a_cold_3"])
Q(A, "mixed_lang", "Jiyu's math academy monthly fee", ["a_jiyu_math"])
Q(A, "mixed_lang", "wedding anniversary hotel buffet reservation", ["a_anniv"])

U(A, "경매 몇시에 시작하더라", ["a_chomae_1", "a_chomae_2"], "ko",
  "synonym for the topic (경매 개시 -> 초매), 담주, time pulled 30 min")
U(A, "냉동창고 지금 어디 쓰지 월 얼마", ["a_cold_1", "a_cold_2", "a_cold_3"], "ko",
  "3 versions: price raised with short name '한결', then place moved to a new company")
U(A, "요즘 내 경매 담당 어종 뭐임", ["a_line_1", "a_line_2"], "ko",
  "monthly assignment reissued; other person takes the old value (고등어)")
U(A, "대성호 물량 연락 누구한테 해", ["a_boat_1", "a_boat_2"], "ko",
  "person replaced (captain's son), reason given")
U(A, "낚시회 출조 날짜", ["a_fish_1", "a_fish_2"], "ko",
  "reason first (풍랑주의보), date pushed a week, place/time said to stay")
U(A, "건강검진 언제임", ["a_checkup_1", "a_checkup_2"], "ko",
  "abbreviation (건검), date pulled, rest stays; 5 weeks later")
U(A, "트럭 엔진오일 교환 얼마 줬지", ["a_oil_1", "a_oil_2"], "ko",
  "correction two days later: names old amount as wrong", correction=True)
U(A, "지유 수영 무슨 요일 몇시", ["a_swim_1", "a_swim_2", "a_swim_3"], "ko",
  "3 versions: days changed (place stays), then synonym 강습 and days+time changed")
U(A, "하온이 돌잔치 어디서 해", ["a_dol_1", "a_dol_2"], "ko",
  "pronoun only (그거 장소 바꼈다함), place moved, date stays")
U(A, "사무실 내선 번호", ["a_ext_1", "a_ext_2"], "ko",
  "names old value (214 말고 237), fax stays; 12 weeks later")

Q(A, "negative", "클라이밍장 회원권 얼마였지", [], neg_kind="isolation", other_user_has="D",
  other_user_mem=["d_gym_1", "d_gym_2"])
Q(A, "negative", "선박 면허 갱신 언제까지", [], neg_kind="absent")
Q(A, "negative", "지유 피아노 학원 몇시", [], neg_kind="absent")

# ---------------------------------------------------------------------------
# User B: freelance Korean-English translator living in Jeju, dog 감귤.
# Mixes Korean and English in most lines.
# ---------------------------------------------------------------------------
B = "B"
M(B, "b_dl_1", "2026-01-07 10:20", "im", "mixed", "한라출판 novel 번역 deadline 3/20 — 320쪽, 챕터 12개. 하루 15쪽 pace 유지")
M(B, "b_editor_1", "2026-01-08 15:00", "im", "mixed", "한라출판 editor: 문가은 님, 064-720-3315. 전화보다 email 선호, no calls after 6")
M(B, "b_rate_1", "2026-01-12 11:00", "im", "mixed", "Lumen Lingo rate 단어당 130원, paid end of month")
M(B, "b_cowork_1", "2026-01-14 09:40", "im", "mixed", "작업실 desk at 바람코워킹 애월, 월 25만, 24h access")
M(B, "b_jp_1", "2026-01-19 19:30", "im", "mixed", "일본어 lesson 화요일 7pm, 미즈키 쌤, 제주시청 근처 스터디룸")
M(B, "b_gamgyul_bday", "2026-01-21 21:00", "im", "mixed", "감귤 birthday 4/18 — 올해 3살. 강아지 케이크 미리 주문하기")
M(B, "b_vet_1", "2026-01-27 13:10", "im", "mixed", "감귤 vet: 오름동물병원 in 애월, 원장님 한도윤, 064-799-2041")
M(B, "b_olle_7", "2026-02-02 08:00", "im", "mixed", "Olle 7코스 with 지민 on 3/7, 외돌개에서 9시 출발")
M(B, "b_dentist_1", "2026-02-09 12:00", "im", "mixed", "치과 예약 3/9 2pm 돌담치과 — 스케일링")
M(B, "b_flight_1", "2026-02-11 22:30", "im", "en", "Flight to Gimpo for the translators' forum: 7C 1204 on May 15, departs 09:10")
M(B, "b_invoice_1", "2026-02-27 17:00", "im", "mixed", "Lumen Lingo 2월 invoice 보냄: 1,240,000원")
M(B, "b_invoice_2", "2026-03-03 09:20", "im", "mixed", "oops — Lumen 2월 invoice 1,240,000 아니고 1,420,000원이었음. 숫자 뒤집어 적었네")
M(B, "b_dentist_2", "2026-03-04 18:40", "im", "mixed", "치과 not 3/9 anymore → 3/12 같은 시간. 돌담에서 문자옴")
M(B, "b_dl_2", "2026-03-06 14:10", "im", "mixed", "한라 마감 4/3로 extended! 편집팀 사정이라고. 여유 생김")
M(B, "b_grooming", "2026-03-10 20:20", "im", "mixed", "감귤 grooming at 멍스파 함덕, every 6 weeks. 다음은 4/2 11시")
M(B, "b_olle_17", "2026-03-12 07:30", "im", "mixed", "Olle 17코스 혼자 3/21 — 광령에서 출발, 보조배터리 챙기기")
M(B, "b_jp_2", "2026-03-17 21:40", "im", "mixed", "일본어 수업 Thursday로 옮김. 시간이랑 장소는 그대로")
M(B, "b_dl_3", "2026-03-19 16:00", "im", "mixed", "인쇄소 일정 때문에 deadline 다시 당겨짐 ㅠ 4/3 말고 3/30까지 넘겨야 함")
M(B, "b_rate_2", "2026-03-24 10:00", "im", "mixed", "Lumen에서 요율 145원으로 올려줌 from April. 드디어!")
M(B, "b_book_1", "2026-03-30 21:00", "im", "en", "Next book club pick: The Salt Road. Meeting Apr 25 at Jinah's place, bring snacks")
M(B, "b_cowork_2", "2026-03-31 11:30", "im", "mixed", "애월 왕복 너무 멀어서 결국 옮김 → Tidepool Works 노형동, 월 22만")
M(B, "b_editor_2", "2026-04-06 10:10", "im", "mixed", "문가은 님 퇴사하셨대. 이제 오태림 editor가 내 책 담당, 064-720-3318")
M(B, "b_sister_wed", "2026-04-09 20:00", "im", "mixed", "하은 언니 wedding 10/10 (토) 서귀포 바다정원 11시 — 축가 부탁받음")
M(B, "b_friend_wed", "2026-04-13 21:00", "im", "mixed", "지민 wedding 10/17 (토) 제주시 윤슬홀 1시 — 사회 봐달래")
M(B, "b_book_2", "2026-04-15 22:10", "im", "en", "Book club switched the pick, we're doing Harbor Lights instead. Same date, still at Jinah's")
M(B, "b_vet_2", "2026-04-22 14:30", "im", "mixed", "감귤 병원 바꿈 → 푸른숲동물병원, 노형동 studio랑 가까워서. 064-746-5580")
M(B, "b_jp_3", "2026-05-04 19:00", "im", "mixed", "미즈키 쌤 일본 귀국 ㅠ new teacher 하루카 쌤, 목요일 8pm으로 한 시간 늦춰짐")
M(B, "b_flight_2", "2026-05-06 09:00", "im", "en", "Forum flight changed by the airline: now 7C 1208, same day, departs 11:40")
M(B, "b_allergy", "2026-05-09 18:30", "im", "mixed", "감귤 닭고기 알레르기 있음 — chicken jerky 절대 X, 오리는 괜찮음")
M(B, "b_tax", "2026-05-12 10:00", "im", "mixed", "종소세 신고 by 5/31 — 세무사 노현우 님 064-755-9024 한테 서류 보내기")
M(B, "b_ata", "2026-05-19 23:10", "im", "en", "ATA certification exam: Aug 22, online. Register by Jul 10")
M(B, "b_nordlys", "2026-05-26 15:40", "im", "en", "Nordlys Games wants a localization sample by Jun 12, about 3,000 words")
M(B, "b_cafe", "2026-06-03 13:00", "im", "mixed", "단골 카페 물결책방 in 한림 — 사장님 고은비 님, 월요일 휴무")

L("b_olle_7", "b_olle_17", "Olle 7코스 with 지민 vs Olle 17코스 alone (both March, 7/17)")
L("b_sister_wed", "b_friend_wed", "하은 언니 wedding 10/10 vs 지민 wedding 10/17")

Q(B, "keyword", "물결책방 사장님 이름", ["b_cafe"])
Q(B, "keyword", "Olle 17코스 어디서 출발", ["b_olle_17"])
Q(B, "keyword", "Nordlys localization sample deadline", ["b_nordlys"])
Q(B, "inflection", "지민이 결혼식에서 사회 보는 거 언제", ["b_friend_wed"])
Q(B, "inflection", "종소세 신고는 언제까지였지", ["b_tax"])
Q(B, "paraphrase", "친언니 예식 장소랑 시간", ["b_sister_wed"])
Q(B, "paraphrase", "강아지 미용 다음 예약", ["b_grooming"])
Q(B, "entity", "감귤 관련 다 알려줘", ["b_vet_2", "b_gamgyul_bday", "b_grooming", "b_allergy"], entity="감귤")
Q(B, "numeric", "7코스 몇 시에 출발", ["b_olle_7"])
Q(B, "numeric", "0647559024 누구 번호", ["b_tax"])
Q(B, "mixed_lang", "번역가 자격시험 등록 마감일", ["b_ata"])
Q(B, "mixed_lang", "what can't my dog eat", ["b_allergy"])

U(B, "한라출판 번역 마감 언제로 됐지", ["b_dl_1", "b_dl_2", "b_dl_3"], "mixed",
  "3 versions: extended with short name '한라 마감'; then reason first, pulled, names old value (4/3 말고)")
U(B, "Who's my editor at 한라출판 now", ["b_editor_1", "b_editor_2"], "mixed",
  "person replaced (퇴사), 3 months later with many notes in between")
U(B, "Lumen Lingo 단어당 요율", ["b_rate_1", "b_rate_2"], "mixed",
  "price changed; synonym 요율 for rate")
U(B, "where is my coworking desk now", ["b_cowork_1", "b_cowork_2"], "mixed",
  "reason first (too far), place moved and price changed, no word 코워킹 in new note")
U(B, "일본어 레슨 무슨 요일 누구한테", ["b_jp_1", "b_jp_2", "b_jp_3"], "mixed",
  "3 versions: day moved with rest stays; then teacher replaced and time pushed an hour")
U(B, "치과 스케일링 예약 날짜", ["b_dentist_1", "b_dentist_2"], "mixed",
  "names old value (not 3/9 anymore), same time")
U(B, "translators' forum flight number and departure time", ["b_flight_1", "b_flight_2"], "en",
  "code and time changed, date stays; 3 months later")
U(B, "What are we reading for book club", ["b_book_1", "b_book_2"], "en",
  "topic words repeated, title replaced, date/place stay")
U(B, "Lumen February invoice amount", ["b_invoice_1", "b_invoice_2"], "mixed",
  "correction: transposed digits, names the wrong number", correction=True)
U(B, "감귤 동물병원 어디 다니지", ["b_vet_1", "b_vet_2"], "mixed",
  "synonym (vet -> 병원), place moved, reason after")

Q(B, "negative", "visa extension appointment time", [], neg_kind="isolation", other_user_has="D",
  other_user_mem=["d_visa_1", "d_visa_2"])
Q(B, "negative", "감귤 중성화 수술 날짜", [], neg_kind="absent")
Q(B, "negative", "일본어 레슨비 한 달에 얼마", [], neg_kind="absent")

# ---------------------------------------------------------------------------
# User C: physical therapist (물리치료사) at an invented rehab hospital in Suwon, cat 모카.
# Writes mostly Korean, plain note style; a few English words for running/PT/conference.
# ---------------------------------------------------------------------------
C = "C"
M(C, "c_lead_1", "2026-01-05 08:30", "channel", "ko", "재활치료팀 팀장 정수민 선생님, 내선 3002. 휴가 결재는 팀장님께 먼저")
M(C, "c_study_1", "2026-01-08 19:40", "im", "ko", "보바스 스터디 매주 목요일 저녁 7시, 3층 세미나실. 교재 챕터4부터")
M(C, "c_shift_1", "2026-01-10 09:00", "channel", "ko", "1분기 근무표 나옴: 나는 A조 07:00~16:00, 주말 당직 격주")
M(C, "c_ext_rehab", "2026-01-12 10:15", "channel", "ko", "재활치료실 내선 3041. 치료 예약 변경은 이 번호로 받음")
M(C, "c_park_1", "2026-01-16 18:20", "im", "ko", "직원 주차 B2 구역. 등록 스티커는 원무과에서 받기")
M(C, "c_mom_bday", "2026-01-18 21:10", "im", "ko", "엄마 생신 8/3. 올해는 가족여행 겸해서 강릉 가기로")
M(C, "c_run_1", "2026-01-20 22:00", "im", "mixed", "Running crew Hwaseong Night Runners — 수요일 8pm, 화성행궁 앞에서 출발")
M(C, "c_moka_neuter", "2026-01-24 13:30", "im", "ko", "모카 중성화는 작년 11월에 완료 (기록용)")
M(C, "c_dad_bday", "2026-01-28 20:45", "im", "ko", "아빠 생신 3/8. 인계동 갈비집 미리 예약해두기")
M(C, "c_park_2", "2026-01-30 08:05", "im", "ko", "직원주차 B2라고 적었는데 B3였음. 어제 B2에 댔다가 경고 스티커 받음ㅠ")
M(C, "c_pil_1", "2026-02-02 21:30", "im", "ko", "필라테스 지도자 과정 등록함. 수강료 180만원, 3월 7일 개강")
M(C, "c_pil_2", "2026-02-04 12:10", "im", "ko", "수강료 180 아니었다. 168만원 결제됨, 결제 문자 다시 확인함")
M(C, "c_ext_ward", "2026-02-05 14:00", "channel", "ko", "7병동 간호스테이션 내선 3014 — 입원환자 치료시간 조율할 때")
M(C, "c_car_1", "2026-02-12 19:00", "im", "ko", "차 정기검사 3/18 오전 10시 수원자동차검사소 예약")
M(C, "c_kpta_1", "2026-02-16 22:30", "im", "mixed", "KPTA 학술대회 registration 완료 — 5/23, 코엑스 B홀")
M(C, "c_study_2", "2026-02-19 20:50", "im", "ko", "스터디 이번 달부터 3층 말고 5층 강당에서 한대. 목요일 7시는 동일")
M(C, "c_move_1", "2026-02-23 18:40", "im", "ko", "광교 새 집 잔금일 5/29 금요일. 대출 실행도 같은 날")
M(C, "c_pt_1", "2026-02-25 21:20", "im", "mixed", "PT 10회 등록 with 트레이너 Leo, 회당 6만, 핏온 영통점")
M(C, "c_moka_bday", "2026-02-27 22:00", "im", "ko", "모카 생일은 2/22로 정함 (입양한 날 기준)")
M(C, "c_wedding", "2026-03-02 19:30", "im", "ko", "동생 예준 결혼식 9/19 토요일 수원 라비에벨홀 12시 30분")
M(C, "c_lead_2", "2026-03-09 08:40", "channel", "ko", "정수민 팀장님 육아휴직 들어가심. 당분간 오창호 선생님이 팀장 대행")
M(C, "c_car_2", "2026-03-13 12:30", "im", "ko", "출장이랑 겹쳐서 검사소 예약 3/25 오전 10시로 변경")
M(C, "c_moka_vac", "2026-03-20 21:00", "im", "ko", "모카 종합백신 4/11 토요일 광교 해솔동물병원 24시")
M(C, "c_shift_2", "2026-03-27 17:10", "channel", "ko", "4월부터 B조로 바뀜, 10시~7시. 주말 당직 격주는 그대로")
M(C, "c_run_2", "2026-04-02 23:00", "im", "mixed", "러닝크루 모임 Thu로 옮김. 출발은 그대로 행궁 앞 8pm")
M(C, "c_move_2", "2026-04-06 20:10", "im", "ko", "집주인 사정으로 잔금 6/5로 미뤄짐. 대출 실행일도 바꿔야 함")
M(C, "c_moka_food", "2026-04-15 22:40", "im", "ko", "모카 사료 인도어 캣 2kg, 한 달 반 정도 먹음")
M(C, "c_kpta_2", "2026-04-28 13:00", "im", "mixed", "학회 venue changed → 수원컨벤션센터. 5/23 date는 same")
M(C, "c_move_3", "2026-04-30 19:20", "im", "ko", "잔금 다시 6/1 월요일로 당김. 이삿짐센터도 같은 날로 바꿔야 함")
M(C, "c_pt_2", "2026-05-11 21:50", "im", "mixed", "PT 재등록 20회 — 회당 5만5천으로 discount 받음. 트레이너는 계속 Leo")
M(C, "c_edu", "2026-05-20 12:40", "im", "ko", "물리치료사 보수교육 8시간 11월 말까지 이수해야 함. 온라인 가능")
M(C, "c_addr", "2026-05-27 21:15", "im", "ko", "새 집 주소 광교 솔빛마을 12단지 1203동 802호")
M(C, "c_lead_3", "2026-06-01 09:10", "channel", "ko", "인사발령 나옴. 재활치료팀 팀장은 6/8부터 배지원 선생님이 정식으로 맡음")
M(C, "c_lunch", "2026-06-10 12:20", "im", "ko", "병원 앞 한솥정 점심 단골. 단체 주문은 031-204-5517")

L("c_ext_rehab", "c_ext_ward", "재활치료실 내선 3041 vs 7병동 간호스테이션 내선 3014")
L("c_mom_bday", "c_dad_bday", "엄마 생신 8/3 vs 아빠 생신 3/8")

Q(C, "keyword", "재활치료실 내선 번호", ["c_ext_rehab"])
Q(C, "keyword", "한솥정 단체 주문 번호", ["c_lunch"])
Q(C, "keyword", "아빠 생신 갈비집", ["c_dad_bday"])
Q(C, "inflection", "엄마 생신은 며칠이야", ["c_mom_bday"], confusable_other_user=["a_mom_bday"])
Q(C, "inflection", "예준이 결혼식 몇 시에 하지", ["c_wedding"])
Q(C, "paraphrase", "병동 간호사실 전화", ["c_ext_ward"])
Q(C, "paraphrase", "면허 유지하려고 들어야 하는 연수 시간", ["c_edu"])
Q(C, "entity", "모카 관련 다 알려줘", ["c_moka_neuter", "c_moka_bday", "c_moka_vac", "c_moka_food"], entity="모카")
Q(C, "numeric", "1203동 몇 호였지", ["c_addr"])
Q(C, "numeric", "3월 8일이 누구 생일이지", ["c_dad_bday"])
Q(C, "mixed_lang", "cat vaccination appointment", ["c_moka_vac"])
Q(C, "mixed_lang", "how long does a bag of cat food last", ["c_moka_food"])

U(C, "보바스 스터디 어디서 하지", ["c_study_1", "c_study_2"], "ko",
  "names old value (3층 말고 5층), time stays; topic shortened to 스터디")
U(C, "내 근무조 시간 어떻게 돼", ["c_shift_1", "c_shift_2"], "ko",
  "channel note, new group and hours, weekend duty said to stay")
U(C, "필라테스 지도자 과정 수강료", ["c_pil_1", "c_pil_2"], "ko",
  "correction two days later (180 아니었다), topic word 필라테스 dropped", correction=True)
U(C, "자동차 검사 언제 가야 돼", ["c_car_1", "c_car_2"], "ko",
  "reason first (출장), date pushed, time stays")
U(C, "KPTA conference venue", ["c_kpta_1", "c_kpta_2"], "mixed",
  "synonym (학술대회 -> 학회), place moved, date same; 10 weeks later")
U(C, "running crew meetup day", ["c_run_1", "c_run_2"], "mixed",
  "day changed, start point and time stay; Korean 러닝크루 vs English name")
U(C, "우리 팀 팀장님 지금 누구야", ["c_lead_1", "c_lead_2", "c_lead_3"], "ko",
  "3 versions: acting lead during leave, then a third person appointed; months apart")
U(C, "잔금 치르는 날 언제", ["c_move_1", "c_move_2", "c_move_3"], "ko",
  "3 versions: date pushed, then pulled back (다시 당김)")
U(C, "직원 주차 구역 어디", ["c_park_1", "c_park_2"], "ko",
  "correction: wrong floor, with the reason it was noticed", correction=True)
U(C, "PT 회당 가격", ["c_pt_1", "c_pt_2"], "mixed",
  "count and price changed, trainer said to stay")

Q(C, "negative", "경매 시작 시간 몇 시", [], neg_kind="isolation", other_user_has="A",
  other_user_mem=["a_chomae_1", "a_chomae_2"])
Q(C, "negative", "모카 미용 예약 언제", [], neg_kind="absent")
Q(C, "negative", "인터넷 해지 신청 했나", [], neg_kind="absent")

# ---------------------------------------------------------------------------
# User D: Australian PhD student (urban geography) in Seoul who boulders and climbs outdoors.
# Writes mostly English with the odd Korean place or word.
# ---------------------------------------------------------------------------
D = "D"
M(D, "d_gym_1", "2026-01-06 20:15", "im", "en", "Joined Cliffside Bouldering in Mangwon. 3-month pass was 270,000 won")
M(D, "d_plan_1", "2026-01-07 12:30", "im", "mixed", "Phone plan: 알뜰폰 Jjan 15GB, 22,000 won a month")
M(D, "d_sup_1", "2026-01-09 16:00", "channel", "en", "Supervisor meetings with Prof. Yoon Haera: every other Tuesday, 3pm, room 412")
M(D, "d_kor_1", "2026-01-12 18:10", "im", "mixed", "Korean class at 다솜한국어학원 신촌, Mon/Wed 6:30pm, teacher 박지혜 쌤")
M(D, "d_rent_1", "2026-01-15 21:00", "im", "en", "Rent is 650k a month, due on the 5th. Landlord is Mr. Gu")
M(D, "d_desk_1", "2026-01-20 10:40", "channel", "en", "Grad office desk: 7F, desk 12, next to the printer")
M(D, "d_mina_bday", "2026-01-26 22:20", "im", "en", "Mina's birthday is Jul 2. She wants a new chalk bag")
M(D, "d_rent_2", "2026-01-29 09:15", "im", "en", "Wait, rent is due on the 10th, not the 5th. Checked the lease again")
M(D, "d_schol", "2026-02-02 11:00", "im", "en", "RA scholarship pays 1,200,000 won a month, lands on the 25th")
M(D, "d_visa_1", "2026-02-05 15:30", "im", "en", "Visa extension appointment Apr 14, 10:30am at Seoul Southern Immigration Office. Bring enrolment cert and lease")
M(D, "d_ch3_1", "2026-02-10 17:45", "im", "en", "Chapter 3 draft due to Prof. Yoon by Mar 31")
M(D, "d_proj_cliff", "2026-02-14 21:30", "im", "en", "Project at Cliffside: the blue V5 in the cave. Keep slipping off the heel hook at the lip")
M(D, "d_mina_fri", "2026-02-17 19:05", "im", "en", "Mina belays on Fridays at Cliffside after 7pm")
M(D, "d_sup_2", "2026-02-20 16:20", "channel", "en", "Prof. Yoon moved our fortnightly catch-ups to Thursdays. Same time, same room")
M(D, "d_flight_1", "2026-02-25 23:00", "im", "en", "Flight home booked: ICN to BNE, JB 0417 on Jun 20, departs 22:05")
M(D, "d_kor_2", "2026-03-03 19:00", "im", "en", "Korean class switched to Tue/Thu. Same teacher, same time")
M(D, "d_proj_rock", "2026-03-07 20:40", "im", "en", "Rocknest Sinchon: purple V5 slab on wall 2. Flash attempt failed, footwork was sloppy")
M(D, "d_abs_kgs", "2026-03-10 10:30", "channel", "en", "KGS spring conference abstract due Apr 30, 250 words max")
M(D, "d_abs_iag", "2026-03-12 11:10", "channel", "en", "IAG conference (Brisbane, July) abstract due Apr 3, 300 words")
M(D, "d_ch3_2", "2026-03-16 22:50", "im", "en", "Fieldwork ran over, so that got pushed. Now Apr 15")
M(D, "d_partner_1", "2026-03-18 21:15", "im", "mixed", "Outdoor trip to 인수봉 on May 9 with Jae, he's leading the multipitch")
M(D, "d_field", "2026-03-22 09:30", "im", "mixed", "Fieldwork: 을지로 printing alley interviews, Tue and Fri mornings. Contact is 노성택 사장님")
M(D, "d_visa_2", "2026-03-26 13:40", "im", "en", "Immigration emailed: appointment pushed to Apr 28, same time. Docs list unchanged")
M(D, "d_plan_2", "2026-03-29 20:00", "im", "mixed", "Jjan kept throttling after 10GB, so I switched 요금제 to Haru 30GB. 25,900 a month now")
M(D, "d_gym_2", "2026-04-03 19:30", "im", "en", "Cliffside's 3-month pass goes up to 300k from May. Renewing at the new price")
M(D, "d_desk_2", "2026-04-09 10:10", "channel", "en", "Desk swap done, I'm at desk 3 by the window now. Still 7th floor")
M(D, "d_sup_3", "2026-04-21 15:00", "channel", "en", "She's got a new office now: 508, Social Sciences building. Still Thursdays at 3")
M(D, "d_partner_2", "2026-04-25 22:30", "im", "mixed", "Jae's out with a knee injury, so Mina's coming to 인수봉 instead. Still May 9")
M(D, "d_flight_2", "2026-05-02 18:00", "im", "en", "Moved the Brisbane flight earlier to Jun 17, it was cheaper. Same flight number and time")
M(D, "d_kor_3", "2026-05-12 17:30", "im", "mixed", "다솜 is closing the 신촌 building for renovation. Class moves to their 홍대 branch, still Tue/Thu 6:30")
M(D, "d_mina_qd", "2026-05-18 21:45", "im", "en", "Borrowed Mina's 12 quickdraws. Give them back by May 20")
M(D, "d_finger", "2026-05-25 12:15", "im", "en", "Finger pulley strain. Physio at Grip Clinic in Hapjeong, Dr. Han, 02-338-7415, next Wed 2pm")
M(D, "d_gukbap", "2026-06-05 23:40", "im", "mixed", "Best 국밥 near campus: 순돌이국밥, open till 2am")

L("d_proj_cliff", "d_proj_rock", "blue V5 project at Cliffside vs purple V5 slab at Rocknest")
L("d_abs_kgs", "d_abs_iag", "KGS abstract due Apr 30, 250 words vs IAG abstract due Apr 3, 300 words")

Q(D, "keyword", "Rocknest purple V5 slab", ["d_proj_rock"])
Q(D, "keyword", "KGS spring conference abstract", ["d_abs_kgs"])
Q(D, "keyword", "순돌이국밥 closing time", ["d_gukbap"])
Q(D, "inflection", "who's belaying me on Friday", ["d_mina_fri"])
Q(D, "inflection", "returning the borrowed quickdraw", ["d_mina_qd"])
Q(D, "paraphrase", "the boulder problem I keep failing in the cave at my Mangwon gym", ["d_proj_cliff"])
Q(D, "paraphrase", "deadline for the Australian geographers' conference submission", ["d_abs_iag"])
Q(D, "entity", "tell me everything about Mina", ["d_partner_2", "d_mina_bday", "d_mina_fri", "d_mina_qd"], entity="Mina")
Q(D, "numeric", "1.2M won per month", ["d_schol"])
Q(D, "numeric", "whose number is 023387415", ["d_finger"])
Q(D, "mixed_lang", "장학금 매달 얼마 들어와", ["d_schol"])
Q(D, "mixed_lang", "을지로 인쇄골목 인터뷰 무슨 요일", ["d_field"])

U(D, "how much is the Cliffside 3-month pass", ["d_gym_1", "d_gym_2"], "en",
  "price changed, possessive name form, nearly 3 months later")
U(D, "where and when do I meet my supervisor", ["d_sup_1", "d_sup_2", "d_sup_3"], "en",
  "3 versions: day changed (same time/room); then pronoun only ('She's got a new office'), time stays")
U(D, "when is my immigration appointment", ["d_visa_1", "d_visa_2"], "en",
  "synonym (visa extension -> immigration), date pushed, rest stays")
U(D, "chapter 3 draft deadline", ["d_ch3_1", "d_ch3_2"], "en",
  "reason first and ellipsis ('that got pushed'), no topic words")
U(D, "where is my Korean class now", ["d_kor_1", "d_kor_2", "d_kor_3"], "mixed",
  "3 versions: days changed (rest same); then branch moved with a reason, abbreviated school name")
U(D, "who am I climbing 인수봉 with", ["d_partner_1", "d_partner_2"], "mixed",
  "person replaced with reason, date stays")
U(D, "what day is rent due", ["d_rent_1", "d_rent_2"], "en",
  "correction two weeks later, names old value ('not the 5th')", correction=True)
U(D, "when do I fly home to Brisbane", ["d_flight_1", "d_flight_2"], "en",
  "date pulled earlier, flight number and time said to stay")
U(D, "which desk is mine in the grad office", ["d_desk_1", "d_desk_2"], "en",
  "only the desk number changes, floor stays; 11 weeks later")
U(D, "how much is my phone plan a month", ["d_plan_1", "d_plan_2"], "mixed",
  "reason first, synonym 요금제 for phone plan, price changed")

Q(D, "negative", "Olle trail walk with Jimin", [], neg_kind="isolation", other_user_has="B",
  other_user_mem=["b_olle_7"])
Q(D, "negative", "when is the cat's vaccination", [], neg_kind="isolation", other_user_has="C",
  other_user_mem=["c_moka_vac"])
Q(D, "negative", "thesis defense date", [], neg_kind="absent")


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------
def kst_to_utc(kst, key):
    local = dt.datetime.strptime(kst, "%Y-%m-%d %H:%M").replace(tzinfo=KST)
    sec = zlib.crc32(key.encode("utf-8")) % 60  # deterministic seconds
    utc = (local + dt.timedelta(seconds=sec)).astimezone(dt.timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%SZ")


def key_map():
    """Assign ids m0001.. per user in time order (users A, B, C, D)."""
    kid, n = {}, 0
    for u in USER_ORDER:
        for m in sorted((m for m in MEMS if m["user"] == u), key=lambda m: (m["kst"], m["key"])):
            n += 1
            kid[m["key"]] = "m%04d" % n
    return kid


def build():
    kid = key_map()
    mems = []
    for u in USER_ORDER:
        for m in sorted((m for m in MEMS if m["user"] == u), key=lambda m: (m["kst"], m["key"])):
            mems.append({"id": kid[m["key"]], "user_id": USERS[u], "text": m["text"],
                         "ts": kst_to_utc(m["kst"], m["key"]), "channel_type": m["channel"],
                         "lang": m["lang"]})
    queries, n = [], 0
    for u in USER_ORDER:
        for q in (q for q in QUERIES if q["user"] == u):
            n += 1
            row = {"qid": "q%03d" % n, "user_id": USERS[u], "query": q["query"],
                   "gold": [kid[k] for k in q["gold"]], "type": q["type"]}
            ex = q["extra"]
            if "stale" in ex:
                row["stale"] = [kid[k] for k in ex["stale"]]
            if "entity" in ex:
                row["entity"] = ex["entity"]
            if "neg_kind" in ex:
                row["neg_kind"] = ex["neg_kind"]
            if "other_user_has" in ex:
                row["other_user_has"] = USERS[ex["other_user_has"]]
                row["other_user_mem"] = [kid[k] for k in ex["other_user_mem"]]
            if "confusable_other_user" in ex:
                row["confusable_other_user"] = [kid[k] for k in ex["confusable_other_user"]]
            queries.append(row)
    return mems, queries


def render(rows):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def tables():
    kid = key_map()
    mems, queries = build()
    qid_of = {}
    for q in queries:
        qid_of.setdefault((q["user_id"], q["query"]), q["qid"])
    out = ["| qid | user | query | gold | stale | chain lang | how the newer note is written |",
           "|---|---|---|---|---|---|---|"]
    for c in CHAINS:
        qid = qid_of[(USERS[c["user"]], c["query"])]
        how = ("**correction**: " if c["correction"] else "") + c["how"]
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            qid, c["user"], c["query"], kid[c["versions"][-1]],
            ", ".join(kid[k] for k in c["versions"][:-1]), c["lang"], how))
    out += ["", "| pair | ids | queried by |", "|---|---|---|"]
    for k1, k2, note in LOOKALIKES:
        by = [q["qid"] for q in queries if kid[k1] in q["gold"] or kid[k2] in q["gold"]]
        out.append("| %s | %s / %s | %s |" % (note, kid[k1], kid[k2], ", ".join(by)))
    out += ["", "| qid | user | query | neg_kind | other user's ids |", "|---|---|---|---|---|"]
    for q in queries:
        if q["type"] == "negative":
            u = [k for k, v in USERS.items() if v == q["user_id"]][0]
            out.append("| %s | %s | %s | %s | %s |" % (q["qid"], u, q["query"], q["neg_kind"],
                                                     ", ".join(q.get("other_user_mem", [])) or "-"))
    return "\n".join(out)


def main():
    if "--tables" in sys.argv:
        print(tables())
        return
    mems, queries = build()
    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write(render(mems))
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write(render(queries))
    from collections import Counter
    print("memories: %d  %s" % (len(mems), dict(Counter(m["lang"] for m in mems))))
    print("queries: %d  %s" % (len(queries), dict(Counter(q["type"] for q in queries))))


if __name__ == "__main__":
    main()
