#!/usr/bin/env python3
"""Build the blind28 Korean/English personal-memory recall eval set.

All data is inline. Memories are written per user in chronological order with
readable keys and local KST times; build.py converts KST to UTC ISO (Z), assigns
ids m0001.. in definition order and resolves query gold/stale keys to ids.
Writes memories.jsonl and queries.jsonl next to this file.
"""
import json
import os
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    "u1": "U09MJY4N21",  # 윤명자: retired elementary teacher, Jeonju, long polite Korean, learning English
    "u2": "U09HR2LE7K",  # 이하람: business-school junior, KakaoTalk slang, exchange to Utrecht
    "u3": "U09JK7PQ3E",  # 김재현 (Jae Kim): Korean-American backend engineer in Pangyo, code-switches
    "u4": "U09TS5OH8B",  # 오태식: sundae-gukbap restaurant owner in Bupyeong, terse notes
}

MEMS = []     # dicts: key, user, kst, ch, lang, text
QUERIES = []  # dicts: user, query, type, gold(keys), and optional fields


def kst_to_utc(kst):
    """'2026-02-03 09:12:37' (KST, UTC+9) -> '2026-02-03T00:12:37Z'."""
    dt = datetime.strptime(kst, "%Y-%m-%d %H:%M:%S") - timedelta(hours=9)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def m(user, key, kst, ch, lang, text):
    MEMS.append(dict(key=key, user=user, kst=kst, ch=ch, lang=lang, text=text))


def q(user, query, qtype, gold=(), **extra):
    QUERIES.append(dict(user=user, query=query, type=qtype, gold=list(gold), extra=extra))


# ---------------------------------------------------------------------------
# u1: 윤명자 (68), retired elementary-school teacher in Jeonju. Long, polite Korean;
# practises English in her learning-centre class, so a few English/mixed notes.
# Husband 박영길, daughter 은서 lives in Vancouver with son-in-law Daniel and grandson 지호.
# ---------------------------------------------------------------------------
U = "u1"
m(U, "calli_old", "2026-02-03 09:12:37", "im", "ko",
  "올해부터 동네 문화센터 서예교실에 다니기로 했습니다. 매주 화요일 오전 10시 수업이고, 강사님은 송학천 선생님이십니다. 먹과 화선지는 각자 준비해 오라고 하시네요.")
m(U, "bpdoc_old", "2026-02-05 14:03:11", "im", "ko",
  "혈압약은 늘 한결내과 강 원장님께 석 달에 한 번씩 처방을 받고 있습니다. 다음 처방은 4월 말쯤 받으러 가면 됩니다.")
m(U, "engfee_old", "2026-02-09 16:45:02", "im", "en",
  "I signed up for the English conversation class at the lifelong learning center. It costs 30,000 won a month, and we meet on Wednesdays at 2 pm.")
m(U, "engteacher_old", "2026-02-11 19:20:48", "im", "en",
  "Our English teacher is Ms. Rachel Moore from Ireland. She is very patient and speaks slowly for the older students.")
m(U, "office_old", "2026-02-14 10:31:26", "im", "ko",
  "아파트 관리사무소 전화번호를 적어 둡니다. 063-271-4408이고, 평일 오전 9시부터 오후 6시까지만 받는다고 합니다.")
m(U, "book_old", "2026-02-18 20:07:55", "channel", "ko",
  "우리 독서모임은 매달 셋째 주 금요일 오후 3시에 효자동 카페 '느린오후'에서 모입니다. 회원은 저까지 모두 일곱 명입니다.")
m(U, "jiho_bday_old", "2026-02-22 21:14:09", "im", "ko",
  "손자 지호 생일이 6월 3일이라 잊지 않으려고 미리 적어 둡니다. 올해 일곱 살이 되는데 소방차 장난감을 무척 좋아한다고 하더군요.")
m(U, "eunseo_arr_1", "2026-02-27 08:52:40", "im", "mixed",
  "캐나다에 사는 딸 은서네 식구가 이번 여름에 한국에 온다고 합니다. Vancouver에서 출발해서 7월 10일에 인천공항 arrival 예정이라고 하네요.")
m(U, "garden_old", "2026-03-03 11:26:18", "im", "en",
  "Our community garden plot this year is B-14, right next to the water tap. I want to plant lettuce and perilla there.")
m(U, "bp_reading", "2026-03-06 07:41:33", "im", "ko",
  "오늘 아침 혈압을 재어 보니 128에 82가 나왔습니다. 지난달보다 조금 내려가서 참 다행입니다.")
m(U, "reunion_old", "2026-03-10 15:58:02", "channel", "ko",
  "사범학교 동창회에서 5월 14일부터 1박 2일로 통영 여행을 가기로 했습니다. 회비는 한 사람당 18만 원이고 총무는 정옥희 씨가 맡았습니다.")
m(U, "calli_new", "2026-03-13 13:37:21", "im", "ko",
  "문화센터에서 연락이 왔는데 붓글씨 반이 목요일 오후 2시로 옮겨졌다고 합니다. 화요일마다 강당 공사가 있어서 그렇다네요.")
m(U, "fridge_repair", "2026-03-17 10:05:47", "im", "ko",
  "김치냉장고 수리를 접수했습니다. 접수번호는 RS-55817이고, 기사님은 목요일 오후에 오신다고 했습니다.")
m(U, "jiho_bday_new", "2026-03-20 22:18:30", "im", "ko",
  "아이고, 제가 날짜를 잘못 적어 두었네요. 달력을 다시 보니 우리 지호 생일은 6월 13일입니다. 3일이 아니었어요.")
m(U, "engfee_new", "2026-03-25 17:12:08", "im", "en",
  "Starting in April the learning center charges by the quarter instead: 85,000 won for three months. I paid at the front desk today.")
m(U, "book_mid", "2026-03-28 19:44:51", "channel", "ko",
  "다음 달부터는 모임 장소를 시립도서관 3층 세미나실로 옮기기로 했습니다. 카페가 너무 시끄럽다는 의견이 많았습니다.")
m(U, "husband_dentist", "2026-04-02 09:33:14", "im", "ko",
  "남편 영길 씨 치과 예약을 제가 대신 잡았습니다. 미소가득치과, 5월 12일 화요일 오전 11시입니다. 임플란트 상담이라고 합니다.")
m(U, "eunseo_arr_2", "2026-04-06 06:58:27", "im", "mixed",
  "은서가 카톡으로 알려 왔는데 flight이 일주일 미뤄져서 17일에 도착한답니다. 사위 Daniel 회사 일정 때문이라고 해요.")
m(U, "my_dentist", "2026-04-09 16:21:05", "im", "ko",
  "저도 같은 미소가득치과에 스케일링 예약을 했습니다. 5월 19일 화요일 오후 3시입니다. 남편 예약과 헷갈리지 않게 따로 적어 둡니다.")
m(U, "bpdoc_new", "2026-04-14 11:08:42", "im", "ko",
  "한결내과 강 원장님께서 이번 봄에 은퇴하셨다고 합니다. 앞으로 제 약은 같은 병원의 민수정 선생님께서 봐 주시기로 했습니다.")
m(U, "engteacher_new", "2026-04-17 18:40:19", "im", "en",
  "Rachel went back to Dublin last week. Our new teacher is Mr. Owen Park; he grew up in Toronto and makes us talk in pairs.")
m(U, "book_title", "2026-04-20 20:15:36", "channel", "ko",
  "이번 달 독서모임 책은 한여울 작가의 '겨울 정원의 편지'입니다. 모임 전까지 4장까지 읽어 오기로 했습니다.")
m(U, "reunion_new", "2026-04-24 14:29:03", "channel", "ko",
  "통영은 숙소 문제로 결국 없던 일이 되었습니다. 대신 같은 날 경주로 당일치기를 다녀오기로 했고, 회비도 6만 원으로 줄었습니다.")
m(U, "office_new", "2026-04-28 09:02:57", "im", "ko",
  "관리실 번호가 바뀌었다는 안내문이 엘리베이터에 붙었습니다. 이제 063-271-5190으로 걸면 됩니다.")
m(U, "garden_new", "2026-05-04 10:47:12", "im", "en",
  "The garden office reassigned everyone after the fence repair. Ours is C-07 now, the one behind the tool shed.")
m(U, "eunseo_food", "2026-05-08 21:36:44", "im", "ko",
  "은서는 한국에 오면 꼭 엄마가 끓인 콩나물국밥을 먹고 싶다고 합니다. 도착하는 날 저녁에 끓여 줄 생각입니다.")
m(U, "book_new", "2026-05-15 20:52:06", "channel", "ko",
  "도서관 세미나실이 6월부터 리모델링에 들어간다고 합니다. 그래서 6월부터는 경원동 '소나무 북카페' 2층에서 모이기로 했습니다.")
m(U, "jiho_gift", "2026-05-20 15:03:29", "im", "mixed",
  "지호 birthday present로 레고 소방서 세트를 주문했습니다. 해외 배송이라 6월 10일쯤 Vancouver에 도착한다고 합니다.")
m(U, "eng_homework", "2026-05-26 17:55:10", "im", "en",
  "English homework for next class: write one page about my garden and read it aloud. Mr. Park said to use the past tense.")
m(U, "eunseo_arr_3", "2026-06-05 08:14:51", "im", "mixed",
  "은서 말로는 결국 7월 15일 수요일 오후 4시로 최종 확정됐답니다. 표를 다시 끊었대요. 공항 pick-up은 남편이 나가기로 했습니다.")
m(U, "eng_party", "2026-06-12 19:28:37", "im", "mixed",
  "영어반 class party가 6월 24일 오후 5시에 있습니다. 각자 dish 하나씩 가져오라고 해서 저는 김밥을 싸 가려고 합니다.")
m(U, "calli_exhibit", "2026-06-18 10:39:22", "im", "ko",
  "붓글씨 반 회원전이 7월 8일부터 12일까지 문화센터 1층 전시실에서 열립니다. 제 작품은 '연비어약' 네 글자입니다.")
m(U, "eunseo_room", "2026-07-02 16:11:58", "im", "mixed",
  "은서네 오면 쓸 작은방 침대 커버를 새로 샀습니다. 사위가 키가 커서 extra long 이불도 하나 따로 준비했어요.")

# ---------------------------------------------------------------------------
# u2: 이하람 (21), business-administration junior at 한누리대, dorm 솔향관, part-time
# at cafe 구름다방, band club 소음주의보, exchange semester in Utrecht from August.
# KakaoTalk slang, abbreviations, jamo; copies exchange-office emails in English.
# ---------------------------------------------------------------------------
U = "u2"
m(U, "alba_old", "2026-02-02 21:40:13", "im", "ko",
  "카페 구름다방 알바 화목 오후 2시~7시 ㅇㅇ 사장님 번호 저장해둠")
m(U, "wage_old", "2026-02-02 21:43:50", "im", "ko",
  "시급 10500 ㅋㅋ 주휴수당은 따로 챙겨준대")
m(U, "dorm_old", "2026-02-06 13:17:29", "im", "ko",
  "긱사 배정 나옴!! 솔향관 B동 512호 룸메는 아직 모름")
m(U, "dues_old", "2026-02-10 23:05:41", "channel", "mixed",
  "밴드동아리 소음주의보 이번 학기 회비 3만 원 ㅠ deadline 담주 금욜 총무한테 입금")
m(U, "interview_old", "2026-02-13 10:22:06", "im", "en",
  "Exchange program interview: April 9, 2:00 pm, Global Center room 402. Bring a passport copy and your transcript.")
m(U, "team_room_old", "2026-02-24 18:31:52", "channel", "ko",
  "마케팅원론 팀플 회의 매주 수욜 6시 경영관 305호 ㄱㄱ")
m(U, "leader_old", "2026-02-24 18:36:15", "channel", "ko",
  "팀플 조장 민석이가 하기로 함 ㅋㅋ 자료조사는 나랑 예린")
m(U, "toeic_old", "2026-03-02 00:48:37", "im", "ko",
  "토익 5/24 일욜 접수 완료 ㅇㅇ 목표 850")
m(U, "sister_toeic", "2026-03-04 22:10:09", "im", "ko",
  "언니도 토익 본대 ㅋㅋ 언니는 5/31 시험이고 고사장은 한빛중")
m(U, "alba_new", "2026-03-07 15:26:44", "im", "ko",
  "ㅠㅠ 사장님이 스케줄 바꿈 이제 월수 출근 시간은 똑같음")
m(U, "jiho_book", "2026-03-09 20:54:18", "im", "ko",
  "동기 지호가 빌려간 경영통계 전공책 아직 안 돌려줌 ㅡㅡ 중간고사 전엔 꼭 받아야 함")
m(U, "deposit_old", "2026-03-12 11:03:33", "im", "en",
  "Exchange deposit: 300 euros, due May 15. Pay the partner school in Utrecht directly, not our office.")
m(U, "team_room_mid", "2026-03-18 19:12:57", "channel", "ko",
  "담주부터 팀플 중도 스터디룸 7번에서 하쟤 305호에 딴 수업 들어옴")
m(U, "dues_new", "2026-03-20 12:40:21", "channel", "ko",
  "아 회비 내가 잘못 앎 ㅋㅋㅋ 2만5천이래 총무가 오천원 돌려준대")
m(U, "midterm", "2026-03-23 23:58:02", "im", "mixed",
  "마케팅원론 midterm 4/22 수 오전 10시 경영관 101호 ㄷㄷ 범위는 1~6장")
m(U, "dorm_new", "2026-03-27 17:45:36", "im", "ko",
  "방 옮김ㅋㅋ 룸메랑 넘 안 맞아서 신청했는데 됨 이제 C동 208")
m(U, "interview_new", "2026-03-31 09:14:48", "im", "en",
  "Email from the Global Center: my slot is now April 10 at 10:30 am, same room. They had a scheduling conflict.")
m(U, "wage_new", "2026-04-03 22:31:19", "im", "ko",
  "사장님이 담달부터 11500 준대 ㅋㅋㅋ 개꿀")
m(U, "trip_old", "2026-04-07 01:02:45", "im", "mixed",
  "6월 종강 trip 부산 확정!! 6/20~22 민지 수아랑 숙소는 광안리 쪽")
m(U, "leader_new", "2026-04-10 13:27:33", "channel", "ko",
  "민석이 휴학함 ㄷㄷ 그래서 조장은 예린이가 이어받기로 함")
m(U, "tutor_old", "2026-04-13 21:50:06", "im", "mixed",
  "과외 schedule: 중2 수학 매주 수요일 저녁 7시 1회 2시간 ㅇㅇ")
m(U, "team_room_new", "2026-04-15 16:08:29", "channel", "ko",
  "시험기간이라 스룸 예약이 아예 안 됨 ㅠ 남은 회의는 걍 줌으로 하기로")
m(U, "mom_gift", "2026-04-20 22:47:14", "im", "mixed",
  "엄마 생신 5/8 선물 에어팟 말고 hand cream set으로 언니랑 반반 ㅇㅋ")
m(U, "toeic_new", "2026-04-24 00:33:58", "im", "mixed",
  "토익 날짜 옮김 ㅠ 5월엔 과제 폭탄이라 6/28로 reschedule 고사장은 아직 모름")
m(U, "trip_new", "2026-05-02 14:19:37", "im", "mixed",
  "부산 plan 취소 ㅠㅠ 숙소 터짐.. 대신 강릉으로 같은 날짜 KTX 예매는 수아가 함")
m(U, "tutor_new", "2026-05-06 20:05:11", "im", "ko",
  "과외 목욜 8시로 바뀜 애가 학원 시간이랑 겹친대")
m(U, "laptop", "2026-05-11 18:22:40", "im", "mixed",
  "노트북 수리 맡김 접수번호 SV240519 pickup은 금욜 오후")
m(U, "deposit_new", "2026-05-13 08:57:23", "im", "en",
  "Utrecht extended the deadline, so the deposit is now due May 29. The amount didn't change.")
m(U, "exch_courses", "2026-05-22 15:40:52", "im", "en",
  "Learning agreement: I need 30 ECTS at Utrecht. Picked Consumer Behaviour and Digital Marketing so far.")
m(U, "sua_bday", "2026-05-27 23:11:26", "im", "mixed",
  "수아 birthday 6/9 ㅋㅋ 케이크는 내가 쏘기로 함")
m(U, "final_pt", "2026-06-01 17:34:08", "channel", "mixed",
  "기말 팀플 발표 6/10 수 3시 slides는 내가 만들고 발표는 예린이가")
m(U, "allergy", "2026-06-04 12:06:55", "im", "ko",
  "나 복숭아 알레르기 있는 거 팀플 회식 메뉴 정할 때 꼭 말하기 ㅠ")
m(U, "visa", "2026-06-15 10:48:31", "im", "en",
  "Visa appointment at the Dutch embassy: July 3, 9:20 am. Bring the acceptance letter and two photos.")
m(U, "exch_flight", "2026-07-06 22:29:17", "im", "mixed",
  "교환 출국 8/24 확정 ㅋㅋ 암스테르담 직항 flight 예약함 짐은 23kg 두 개")

# ---------------------------------------------------------------------------
# u3: 김재현 / Jae Kim (34), Korean-American backend engineer at "Lumora" in Pangyo,
# moved from Seattle. Wife 소연 (Soyeon), daughter Mina (4). Switches language
# mid-sentence; work facts posted in team channels.
# ---------------------------------------------------------------------------
U = "u3"
m(U, "launch_1", "2026-02-04 10:15:22", "channel", "en",
  "Billing v2 launch target is May 12. Feature freeze April 28, and I own the invoice service.")
m(U, "oncall_old", "2026-02-09 17:48:05", "channel", "mixed",
  "on-call rotation 나왔음 — I'm primary the week of March 16, secondary는 태오.")
m(U, "pickup_old", "2026-02-12 08:20:37", "im", "mixed",
  "Mina 해님어린이집 pickup is 4:30 on weekdays, 늦으면 원장님께 미리 문자 보내기.")
m(U, "seat_old", "2026-02-16 11:02:49", "channel", "en",
  "Desk assignment after the office move: 8th floor, seat 8-214, next to the window.")
m(U, "manager_old", "2026-02-19 14:36:10", "channel", "en",
  "My manager is Priya Nair. We do a 1:1 every other Thursday at 11.")
m(U, "gym_old", "2026-02-23 21:12:58", "im", "mixed",
  "클라이밍장 Hold Up 판교 등록함. 월 회비 130,000원, auto-pay on the 25th.")
m(U, "my_dentist", "2026-03-02 12:44:31", "im", "en",
  "Dentist for me: April 7, 8:30 am at Ondo Dental near the office. Crown check on the lower left.")
m(U, "mina_dentist", "2026-03-05 20:09:14", "im", "mixed",
  "Mina 치과 검진은 4/14 4pm, 아이쿵치과 (different place, kids only).")
m(U, "flight_old", "2026-03-09 22:31:46", "im", "en",
  "Soyeon's flight back from Jeju on March 22 is 7C1285, landing at Gimpo 6:40 pm.")
m(U, "oncall_new", "2026-03-11 16:55:03", "channel", "mixed",
  "태오랑 swap했음. 그래서 내 primary는 3/23 주, 태오가 16일 주 커버.")
m(U, "flight_new", "2026-03-12 07:38:29", "im", "en",
  "Correction on Soyeon's flight: it's 7C1258, not 1285. I swapped the last two digits. Still lands at 6:40.")
m(U, "launch_2", "2026-03-20 18:24:11", "channel", "mixed",
  "billing v2 QA에서 proration bug 나와서 launch 5/26으로 밀림. freeze도 5/12로.")
m(U, "offsite_old", "2026-03-24 10:41:57", "channel", "en",
  "Team offsite: April 24, day trip to Gapyeong. Bus leaves the office at 9.")
m(U, "ped_old", "2026-03-27 19:03:35", "im", "mixed",
  "Mina's pediatrician은 새싹소아과 오지은 선생님. Vaccine record도 거기 있음.")
m(U, "staging_old", "2026-04-01 15:17:42", "channel", "en",
  "Staging DB endpoint is stg-db-07.internal, port 5433. Ask Taeo for read access.")
m(U, "manager_new", "2026-04-06 11:29:08", "channel", "mixed",
  "Reorg 발표남. 이제 내 manager는 한도윤, Priya는 platform 팀으로 감.")
m(U, "offsite_new", "2026-04-09 17:52:26", "channel", "mixed",
  "offsite 취소 — budget 이슈. Instead, 같은 날 을지로 '불판연구소'에서 team dinner, 7pm.")
m(U, "seat_new", "2026-04-15 09:46:51", "channel", "mixed",
  "또 이사 ㅋㅋ 이번엔 11층으로 올라감, new spot is 11-032.")
m(U, "gym_new", "2026-04-22 22:08:17", "im", "en",
  "The climbing gym is raising the monthly fee to 149,000 won starting May. Still worth it, I guess.")
m(U, "pickup_new", "2026-04-27 08:03:40", "im", "en",
  "Daycare changed its hours, so we now have until 5:10 pm to get Mina.")
m(U, "launch_3", "2026-05-06 19:30:02", "channel", "en",
  "Final call from leadership: we go live June 2. No more slips, per Doyun.")
m(U, "ped_new", "2026-05-11 13:14:55", "im", "mixed",
  "소아과 옮김 — 봄날소아과 성민재 선생님, walking distance라서 훨씬 편함.")
m(U, "customer_demo", "2026-05-14 10:22:38", "channel", "en",
  "Customer demo for Haneul Logistics: May 21, 3 pm, over Zoom. I present the invoice export part.")
m(U, "sprint_demo", "2026-05-18 16:47:19", "channel", "mixed",
  "Sprint demo는 5/22 금 4시, 10층 큰 회의실. 내 파트는 retry queue.")
m(U, "staging_new", "2026-05-25 11:36:44", "channel", "mixed",
  "infra 공지: staging 옮김, 이제 stg-db-12.internal. port는 그대로.")
m(U, "mina_allergy", "2026-05-28 21:25:06", "im", "mixed",
  "Mina 땅콩 allergy 확인됨, 어린이집에도 말해둠. EpiPen 처방은 아직.")
m(U, "parents", "2026-06-03 23:02:31", "im", "mixed",
  "부모님 Seattle에서 6/20에 오심. staying with us for two weeks, 손님방 정리해야 함.")
m(U, "inlaw_70", "2026-06-08 20:40:12", "im", "ko",
  "장모님 칠순 잔치 7월 11일 토요일 낮 12시, 수원 청송가든 2층 연회장.")
m(U, "mina_swim", "2026-06-12 09:11:48", "im", "mixed",
  "Mina swim class 등록함. 토요일 10시, 8-week session, 16만원.")
m(U, "review", "2026-06-17 18:05:27", "channel", "en",
  "Mid-year review self-assessment due June 26. Doyun wants impact numbers, not task lists.")
m(U, "car_service", "2026-06-22 12:57:09", "im", "mixed",
  "엔진오일 교환 booked at 믿음모터스, 6/27 토 9am. 예약번호 MM-4471.")
m(U, "laptop", "2026-07-01 14:33:50", "channel", "en",
  "New work laptop asset tag LMR-20931. The old one goes back to IT by July 10.")
m(U, "soyeon_bday", "2026-07-08 22:48:15", "im", "ko",
  "소연이 생일 7월 19일 저녁 7시, 한남동 물결 예약해둠. 창가 자리로 부탁함.")

# ---------------------------------------------------------------------------
# u4: 오태식 (52), owns 태식이네 순대국 in Bupyeong, Incheon. Terse notes to self and
# to the staff channel. Cook Ram (from Nepal) reads the English notes; part-timer 은지 (Eunji);
# former kitchen chief 김덕배; son 민규 opened a cafe; nephew 현우 getting married.
# ---------------------------------------------------------------------------
U = "u4"
m(U, "sundae_old", "2026-02-02 05:40:18", "im", "ko",
  "순대 납품 대성식품. 화·금 새벽 6시. 담당 최 과장 010-3318-2054")
m(U, "price_1", "2026-02-03 10:12:44", "channel", "ko",
  "메뉴 가격. 순대국 9,000 / 특 11,000 / 수육 소 22,000")
m(U, "ram_off_old", "2026-02-05 21:30:09", "channel", "en",
  "Ram: day off is Monday. Prep before 9: onions 10 kg, green onions 3 boxes.")
m(U, "gas_old", "2026-02-10 15:02:37", "im", "ko",
  "가스 안전점검 3/18 오전 10시. 주방 비워둘 것")
m(U, "fire_check", "2026-02-12 16:18:55", "im", "ko",
  "소방 점검 3/20 오후 2시. 소화기 2개 교체 필요")
m(U, "rent_old", "2026-02-16 09:27:03", "im", "ko",
  "가게 월세 230. 매달 5일 건물주 황 사장한테 이체")
m(U, "fee_old", "2026-02-20 23:44:21", "im", "mixed",
  "배달콕 commission 9.8%. 너무 셈. 재계약 때 말할 것")
m(U, "pos_old", "2026-02-24 11:51:40", "im", "mixed",
  "POS 고장 나면 support line 1588-3104, 다온포스")
m(U, "chef_old", "2026-02-27 22:05:16", "channel", "ko",
  "주방 실장 김덕배. 육수 담당. 재료 발주도 덕배가 함")
m(U, "kimchi_old", "2026-03-03 14:36:28", "im", "mixed",
  "kimchi order 20kg, 맛나김치, 목요일 입고")
m(U, "hours_old", "2026-03-06 08:10:52", "channel", "en",
  "Hours: open 6 am, close 9 pm, every day.")
m(U, "gas_new", "2026-03-12 17:23:05", "im", "ko",
  "가스 점검 일주일 밀림. 25일 같은 시간")
m(U, "kimchi_new", "2026-03-13 09:48:33", "im", "mixed",
  "정정. 김치 25kg임. 20 아님. 맛나 사장한테 다시 confirm 받음")
m(U, "son_cafe", "2026-03-19 22:14:47", "im", "mixed",
  "아들 민규 카페 grand open 4/11. 부평시장 옆 오늘한잔. 화환 보내기")
m(U, "price_2", "2026-03-30 21:37:12", "channel", "ko",
  "4월부터 순대국 9,500. 특은 그대로")
m(U, "sundae_new", "2026-04-03 06:25:58", "im", "ko",
  "순대 거래처 한마음푸드로 바꿈. 월·목 새벽. 대성은 품질 들쭉날쭉")
m(U, "ram_off_new", "2026-04-08 20:58:40", "channel", "en",
  "From next week Ram takes Wednesdays off instead. Eunji covers the morning prep that day.")
m(U, "fee_new", "2026-04-14 16:42:19", "im", "ko",
  "배달콕 중개 수수료 7.5%로 인하. 5월 정산분부터")
m(U, "chef_new", "2026-04-20 22:31:07", "channel", "mixed",
  "덕배 형님 그만둠. 주방 head는 이제 Ram. 육수도 Ram이")
m(U, "pork", "2026-04-24 13:09:26", "im", "mixed",
  "돼지머리 고기 부평축산 2번 창고. kg당 4,800, cash only")
m(U, "pos_new", "2026-04-29 15:55:44", "im", "mixed",
  "포스기 업체 바꿈. 이제 포스원, 고장 나면 1661-7720. contract 3년")
m(U, "rent_new", "2026-05-06 18:20:31", "im", "ko",
  "재계약 완료. 7월부터 245. 2년.")
m(U, "nephew_wedding", "2026-05-09 10:34:02", "im", "ko",
  "조카 현우 결혼식 6/13 토 12시 반 인천 라온웨딩홀. 축의금 30")
m(U, "hours_new", "2026-05-15 21:46:57", "channel", "en",
  "Starting June: 7 am to 9 pm. Closed Sundays.")
m(U, "price_3", "2026-06-01 11:03:39", "channel", "ko",
  "순대국 만 원으로 올림. 7/1부터. 메뉴판 새로 뽑을 것")
m(U, "menu_print", "2026-06-05 14:27:15", "im", "mixed",
  "메뉴판 print 업체 찍자인쇄 032-515-6620, 3일 걸림")
m(U, "eunji", "2026-06-09 22:12:48", "channel", "en",
  "Eunji works Tuesday to Saturday, 10 to 3, from June. Pay goes out on the 10th.")
m(U, "broth", "2026-06-12 05:55:21", "im", "ko",
  "육수 비율 사골 8 : 물 20. 12시간. 불 줄이는 건 6시간째")
m(U, "freezer", "2026-06-17 16:38:04", "im", "mixed",
  "walk-in freezer 온도 이상. 수리 기사 목 오후, 접수 CF-3092")
m(U, "ram_visa", "2026-06-23 21:19:33", "im", "mixed",
  "Ram 비자 연장 서류 7/6까지. 출입국 appointment 7/8 오전 9시")
m(U, "son_cafe_2", "2026-06-28 23:05:10", "im", "ko",
  "민규 카페 첫 달 매출 생각보다 괜찮다고 함. 일요일에 가볼 것")
m(U, "tax", "2026-07-03 10:47:29", "im", "ko",
  "부가세 신고 7/25까지. 세무사 윤 실장 032-523-1187")
m(U, "summer", "2026-07-09 22:30:46", "channel", "en",
  "Summer break: closed July 27 to 29. Tell the regulars and post a sign on the door.")


# ===========================================================================
# QUERIES. gold/stale hold this user's keys; "uN:key" points at another user's
# memory (only in other_user_mem / confusable_other_user).
# ===========================================================================

# ---- u1 queries ------------------------------------------------------------
U = "u1"
# update (10)
q(U, "서예 수업 무슨 요일 몇 시예요?", "update", ["calli_new"], stale=["calli_old"])
q(U, "How much is my English class fee now?", "update", ["engfee_new"], stale=["engfee_old"])
q(U, "은서네 식구 한국 도착하는 날이 언제라고 했죠? flight 날짜요.", "update", ["eunseo_arr_3"],
  stale=["eunseo_arr_1", "eunseo_arr_2"])
q(U, "혈압약 처방은 어느 선생님께 받아야 하나요?", "update", ["bpdoc_new"], stale=["bpdoc_old"])
q(U, "관리사무소 전화번호 좀 알려 주세요", "update", ["office_new"], stale=["office_old"])
q(U, "독서모임은 어디서 모이나요?", "update", ["book_new"], stale=["book_old", "book_mid"])
q(U, "지호 birthday가 며칠이에요?", "update", ["jiho_bday_new"], stale=["jiho_bday_old"],
  confusable_other_user=["u2:jiho_book"])
q(U, "5월 동창회 여행은 어디로 가나요?", "update", ["reunion_new"], stale=["reunion_old"])
q(U, "What is our garden plot number?", "update", ["garden_new"], stale=["garden_old"])
q(U, "Who teaches my English class?", "update", ["engteacher_new"], stale=["engteacher_old"])
# keyword (3)
q(U, "김치냉장고 수리 기사님 언제 오세요?", "keyword", ["fridge_repair"])
q(U, "이번 달 독서모임 책이 뭐였죠?", "keyword", ["book_title"])
q(U, "English class party에 뭐 가져가기로 했죠?", "keyword", ["eng_party"])
# inflection (3)
q(U, "남편 치과예약이 언제였죠?", "inflection", ["husband_dentist"])
q(U, "은서 오는 날 저녁에 끓여줄 국밥", "inflection", ["eunseo_food"])
q(U, "서예교실 강사님이 누구셨죠?", "inflection", ["calli_old"])
# paraphrase (2)
q(U, "손주 생일 선물로 뭘 샀더라?", "paraphrase", ["jiho_gift"])
q(U, "사위 덩치 때문에 따로 장만한 게 뭐였죠?", "paraphrase", ["eunseo_room"])
# entity (1)
q(U, "은서 관련해서 적어 둔 것 다 알려 주세요", "entity",
  ["eunseo_arr_1", "eunseo_arr_2", "eunseo_arr_3", "eunseo_food", "eunseo_room"], entity="은서")
# numeric (2)
q(U, "혈압 128/82 나왔던 게 언제였죠?", "numeric", ["bp_reading"])
q(U, "5/19 15시에 잡아 둔 예약이 뭐였죠?", "numeric", ["my_dentist"])
# mixed_lang (2)
q(U, "다음 영어 수업 숙제가 뭐였죠?", "mixed_lang", ["eng_homework"])
q(U, "When is the calligraphy exhibition?", "mixed_lang", ["calli_exhibit"])
# negative (2)
q(U, "가스 안전점검 언제 온다고 했죠?", "negative", [], neg_kind="isolation",
  other_user_has="u4", other_user_mem=["u4:gas_old", "u4:gas_new"])
q(U, "What time is my golf lesson?", "negative", [], neg_kind="absent")

# ---- u2 queries ------------------------------------------------------------
U = "u2"
# update (11)
q(U, "알바 shift 무슨 요일이었지?", "update", ["alba_new"], stale=["alba_old"])
q(U, "알바 시급 지금 얼마임?", "update", ["wage_new"], stale=["wage_old"])
q(U, "팀플 meeting 어디서 하기로 했지", "update", ["team_room_new"], stale=["team_room_old", "team_room_mid"])
q(U, "When is my exchange interview?", "update", ["interview_new"], stale=["interview_old"])
q(U, "긱사 room number 뭐였지", "update", ["dorm_new"], stale=["dorm_old"])
q(U, "소음주의보 회비 얼마 내야 됨?", "update", ["dues_new"], stale=["dues_old"])
q(U, "6월 종강 trip 어디로 가기로 했더라", "update", ["trip_new"], stale=["trip_old"])
q(U, "팀플 leader 지금 누구야?", "update", ["leader_new"], stale=["leader_old"])
q(U, "내 토익 시험 날짜 언제로 했지", "update", ["toeic_new"], stale=["toeic_old"])
q(U, "When's the exchange deposit due?", "update", ["deposit_new"], stale=["deposit_old"])
q(U, "과외 schedule 지금 무슨 요일 몇 시?", "update", ["tutor_new"], stale=["tutor_old"])
# keyword (2)
q(U, "지호가 빌려간 전공책 뭐였지", "keyword", ["jiho_book"],
  confusable_other_user=["u1:jiho_bday_old", "u1:jiho_bday_new", "u1:jiho_gift"])
q(U, "수아 birthday 케이크 누가 쏘기로 함?", "keyword", ["sua_bday"])
# inflection (2)
q(U, "언니 토익시험 고사장이 어디였지", "inflection", ["sister_toeic"])
q(U, "마케팅 원론 시험 범위가 몇 장까지야", "inflection", ["midterm"])
# paraphrase (3)
q(U, "엄마 드릴 거 뭐 사기로 했더라", "paraphrase", ["mom_gift"])
q(U, "학기말 프레젠테이션 자료는 누가 만들어?", "paraphrase", ["final_pt"])
q(U, "내가 못 먹는 과일 뭐였지", "paraphrase", ["allergy"])
# entity (1)
q(U, "교환학생 관련된 거 다 알려줘", "entity",
  ["interview_old", "interview_new", "deposit_old", "deposit_new", "exch_courses", "visa", "exch_flight"],
  entity="교환학생")
# numeric (2)
q(U, "SV-240519 pickup 언제였지", "numeric", ["laptop"])
q(U, "What's happening on Aug 24?", "numeric", ["exch_flight"])
# mixed_lang (2)
q(U, "네덜란드 대사관 비자 예약 몇 시야?", "mixed_lang", ["visa"])
q(U, "Utrecht에서 들을 과목 뭐 골랐지?", "mixed_lang", ["exch_courses"])
# negative (2)
q(U, "climbing gym 월 회비 얼마였지?", "negative", [], neg_kind="isolation",
  other_user_has="u3", other_user_mem=["u3:gym_old", "u3:gym_new"])
q(U, "지호 생일 며칠이지?", "negative", [], neg_kind="isolation_same_name",
  other_user_has="u1", other_user_mem=["u1:jiho_bday_old", "u1:jiho_bday_new"])

# ---- u3 queries ------------------------------------------------------------
U = "u3"
# update (10)
q(U, "When does billing v2 launch?", "update", ["launch_3"], stale=["launch_1", "launch_2"])
q(U, "내 on-call week 언제야?", "update", ["oncall_new"], stale=["oncall_old"])
q(U, "What time do I have to pick up Mina?", "update", ["pickup_new"], stale=["pickup_old"])
q(U, "What's my seat number at the office?", "update", ["seat_new"], stale=["seat_old"])
q(U, "내 manager 지금 누구지?", "update", ["manager_new"], stale=["manager_old"])
q(U, "climbing gym 월 회비 얼마야?", "update", ["gym_new"], stale=["gym_old"])
q(U, "What's Soyeon's flight number back from Jeju?", "update", ["flight_new"], stale=["flight_old"])
q(U, "What are we doing for the team event on April 24?", "update", ["offsite_new"], stale=["offsite_old"])
q(U, "Which host is the staging DB on?", "update", ["staging_new"], stale=["staging_old"])
q(U, "Mina pediatrician 지금 어디야?", "update", ["ped_new"], stale=["ped_old"])
# keyword (2)
q(U, "What part do I present at the Haneul Logistics customer demo?", "keyword", ["customer_demo"])
q(U, "sprint demo 내 파트 뭐였지?", "keyword", ["sprint_demo"])
# inflection (2)
q(U, "Mina swimming class 얼마 냈지?", "inflection", ["mina_swim"])
q(U, "장모님 칠순잔치 what time?", "inflection", ["inlaw_70"])
# paraphrase (3)
q(U, "What should I put in my self-evaluation?", "paraphrase", ["review"])
q(U, "When are my mom and dad arriving?", "paraphrase", ["parents"])
q(U, "Mina한테 nuts 줘도 돼?", "paraphrase", ["mina_allergy"])
# entity (2)
q(U, "Tell me everything about Mina.", "entity",
  ["pickup_old", "mina_dentist", "ped_old", "pickup_new", "ped_new", "mina_allergy", "mina_swim"],
  entity="Mina")
q(U, "billing v2 관련 다 알려줘", "entity", ["launch_1", "launch_2", "launch_3"], entity="billing v2")
# numeric (2)
q(U, "MM4471 booking 뭐였지?", "numeric", ["car_service"])
q(U, "What is asset tag 20931 for?", "numeric", ["laptop"])
# mixed_lang (2)
q(U, "Where did I book Soyeon's birthday dinner?", "mixed_lang", ["soyeon_bday"])
q(U, "사무실 근처 치과 예약 언제였지?", "mixed_lang", ["my_dentist"])
# negative (2)
q(U, "What's my TOEIC test date?", "negative", [], neg_kind="isolation",
  other_user_has="u2", other_user_mem=["u2:toeic_old", "u2:toeic_new"])
q(U, "When does my car insurance renew?", "negative", [], neg_kind="absent")

# ---- u4 queries ------------------------------------------------------------
U = "u4"
# update (10)
q(U, "순대 어디서 받지", "update", ["sundae_new"], stale=["sundae_old"])
q(U, "순대국 지금 얼마 받나", "update", ["price_3"], stale=["price_1", "price_2"])
q(U, "Which day is Ram off?", "update", ["ram_off_new"], stale=["ram_off_old"])
q(U, "가스 점검 언제", "update", ["gas_new"], stale=["gas_old"])
q(U, "가게 rent 얼마로 됐지", "update", ["rent_new"], stale=["rent_old"])
q(U, "배달콕 commission 몇 프로?", "update", ["fee_new"], stale=["fee_old"])
q(U, "POS 고장나면 support 번호 뭐였지", "update", ["pos_new"], stale=["pos_old"])
q(U, "주방 head 누구", "update", ["chef_new"], stale=["chef_old"])
q(U, "kimchi 몇 kg 주문했지", "update", ["kimchi_new"], stale=["kimchi_old"])
q(U, "What are our opening hours now?", "update", ["hours_new"], stale=["hours_old"])
# keyword (3)
q(U, "소방 점검 소화기 몇 개 교체", "keyword", ["fire_check"])
q(U, "조카 현우 결혼식 축의금", "keyword", ["nephew_wedding"])
q(U, "메뉴판 print 업체 어디", "keyword", ["menu_print"])
# inflection (2)
q(U, "민규카페 grand open 언제", "inflection", ["son_cafe"])
q(U, "돼지머리고기 kg당 얼마", "inflection", ["pork"])
# paraphrase (2)
q(U, "국물 끓이는 비율", "paraphrase", ["broth"])
q(U, "아들 가게 장사 잘 되나", "paraphrase", ["son_cafe_2"])
# entity (1)
q(U, "Ram 관련 memo 다", "entity", ["ram_off_old", "ram_off_new", "chef_new", "ram_visa"], entity="Ram")
# numeric (2)
q(U, "0325156620 어디 번호", "numeric", ["menu_print"])
q(U, "CF3092 접수 뭐였지", "numeric", ["freezer"])
# mixed_lang (2)
q(U, "여름에 가게 며칠 닫지?", "mixed_lang", ["summer"])
q(U, "은지 근무 요일", "mixed_lang", ["eunji"])
# negative (3)
q(U, "서예 수업 몇 시?", "negative", [], neg_kind="isolation",
  other_user_has="u1", other_user_mem=["u1:calli_old", "u1:calli_new"])
q(U, "치과 예약 언제였지?", "negative", [], neg_kind="isolation",
  other_user_has="u1",
  other_user_mem=["u1:husband_dentist", "u1:my_dentist", "u3:my_dentist", "u3:mina_dentist"])
q(U, "건강검진 결과 언제 나와?", "negative", [], neg_kind="absent")


# ===========================================================================
# Write the files
# ===========================================================================
def main():
    ids = {}                       # (user, key) -> id
    mem_rows = []
    n = 0
    for u in USERS:                # one block of ids per user, in definition order
        for mm in MEMS:
            if mm["user"] != u:
                continue
            n += 1
            mid = "m%04d" % n
            k = (u, mm["key"])
            if k in ids:
                raise SystemExit("duplicate key %s:%s" % k)
            ids[k] = mid
            mem_rows.append({"id": mid, "user_id": USERS[u], "text": mm["text"],
                             "ts": kst_to_utc(mm["kst"]), "channel_type": mm["ch"],
                             "lang": mm["lang"]})

    def res(user, key):
        u, k = key.split(":", 1) if ":" in key else (user, key)
        if (u, k) not in ids:
            raise SystemExit("unknown key %s:%s" % (u, k))
        return ids[(u, k)]

    q_rows = []
    for i, qq in enumerate(QUERIES, 1):
        u = qq["user"]
        row = {"qid": "q%03d" % i, "user_id": USERS[u], "query": qq["query"],
               "gold": [res(u, k) for k in qq["gold"]], "type": qq["type"]}
        ex = qq["extra"]
        if "stale" in ex:
            row["stale"] = [res(u, k) for k in ex["stale"]]
        if "entity" in ex:
            row["entity"] = ex["entity"]
        if "neg_kind" in ex:
            row["neg_kind"] = ex["neg_kind"]
        if "other_user_has" in ex:
            row["other_user_has"] = USERS[ex["other_user_has"]]
        if "other_user_mem" in ex:
            row["other_user_mem"] = [res(u, k) for k in ex["other_user_mem"]]
        if "confusable_other_user" in ex:
            row["confusable_other_user"] = [res(u, k) for k in ex["confusable_other_user"]]
        unknown = set(ex) - {"stale", "entity", "neg_kind", "other_user_has",
                             "other_user_mem", "confusable_other_user"}
        if unknown:
            raise SystemExit("unknown fields %s in %r" % (unknown, qq["query"]))
        q_rows.append(row)

    for name, rows in (("memories.jsonl", mem_rows), ("queries.jsonl", q_rows)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d memories, %d queries" % (len(mem_rows), len(q_rows)))


if __name__ == "__main__":
    main()
