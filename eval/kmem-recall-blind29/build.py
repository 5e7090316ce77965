#!/usr/bin/env python3
"""Build the blind29 held-out memory set.

All data is inline. Memories are written with readable keys (A01, B17, ...) and
local Korean time (KST, UTC+9); this script converts times to UTC, sorts each
user's memories by time, assigns ids m0001... in per-user blocks (A, B, C, D)
and resolves the keys used in queries to those ids.

Outputs: memories.jsonl, queries.jsonl (same rows and field names as kmem-dev).
"""
import json
import os
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
YEAR = 2026

USERS = {
    # terse 반말, slang and typos
    "A": "U0K7T2M4Q",
    # polite, long Korean sentences
    "B": "U0P3WQ8N5",
    # switches Korean/English mid-sentence
    "C": "U0H9ZJ6R2",
    # mostly English
    "D": "U0D5XL8V1",
}
USER_ORDER = ["A", "B", "C", "D"]

# (key, KST "MM-DD HH:MM", channel_type, lang, text)
MEMS = [
    # ---------------- A: 도현, 24, 물류센터 알바 + 인디밴드 드러머, 게코 '망고' ----------------
    ("A01", "01-04 02:13", "im", "mixed", "센터 night shift 확정됨 밤 9시 출근 아침 6시 퇴근 ㅋㅋ 인생"),
    ("A02", "01-06 23:50", "im", "ko", "월세 38 관리비 5 매달 25일 자동이체 걸어둠"),
    ("A03", "01-09 00:30", "im", "ko", "망고 레오파드게코 작년 9월생 ㅋㅋ 펫샵 도마뱀하우스에서 데려옴 7만원 줌"),
    ("A04", "01-11 19:02", "channel", "ko", "합주 매주 목욜 밤 10시 부평 소리굴 합주실 3번방 늦으면 벌금 오천원"),
    ("A05", "01-13 14:20", "im", "ko", "망고 밀웜 이틀에 한번 줌 칼슘가루 꼭 묻혀야댐"),
    ("A06", "01-15 22:10", "channel", "ko", "멤버 정리 보컬 은호형 기타 준석 베이스 민재 드럼 나 ㅇㅇ 밴드명 새벽세시"),
    ("A07", "01-18 16:45", "im", "ko", "풋살팀 부평FC 회비 한달 2만 매주 일욜 아침 8시 삼산 풋살장"),
    ("A08", "01-21 03:05", "im", "mixed", "drum stick은 Vic Firth 5A만 씀 딴건 손에 안맞음"),
    ("A09", "01-24 20:30", "im", "ko", "하이햇 당근에 15만에 올림 질젼 14인치 상태 괜춘"),
    ("A10", "01-27 11:11", "im", "mixed", "민재 자취방 월세 55래 ㄷㄷ 신촌 rent 진짜 미쳤다"),
    ("A11", "02-01 21:40", "im", "ko", "엄마 환갑 여행 제주 3박4일로 정함 누나랑 반반 내기로"),
    ("A12", "02-03 09:15", "im", "ko", "센터 출근 밤 8시반으로 당겨짐 ㅡㅡ 버스 한대 일찍 타야됨"),
    ("A13", "02-06 18:00", "channel", "ko", "첫 공연 4월 25일 토욜 홍대 판데모 저녁 8시 우리 두번째 순서"),
    ("A14", "02-08 02:40", "im", "ko", "하이햇 12만으로 내림 아무도 연락을 안함;;"),
    ("A15", "02-10 13:30", "im", "ko", "망고 다니는 병원 파충류동물병원 부평역 3번출구 근처 원장님 친절함"),
    ("A16", "02-14 23:20", "im", "ko", "집주인이 담달부터 42 달래 ㅅㅂ 관리비는 그대로고"),
    ("A17", "02-17 19:45", "channel", "ko", "은호형 탈퇴함.. 새 보컬은 하린이 고딩 후배 목소리 ㄹㅇ 좋음"),
    ("A18", "02-20 10:05", "im", "ko", "풋살 회비 만오천으로 내림 인원 늘어서 ㅋ"),
    ("A19", "02-22 15:30", "im", "ko", "걍 10에 팔림 부평역에서 직거래함 ㅠ"),
    ("A20", "02-25 21:10", "channel", "mixed", "setlist 확정: 새벽버스 잠수 파란불 3곡 encore는 없음"),
    ("A21", "03-01 00:45", "im", "ko", "요즘 귀뚜라미로 바꿈 사흘에 한번 밀웜보다 훨 잘먹음"),
    ("A22", "03-04 22:00", "channel", "ko", "공연 5월 9일로 밀림 판데모 사정땜에 시간은 똑같이 8시"),
    ("A23", "03-07 12:30", "im", "ko", "엄마 비행기 무섭다해서 걍 부산 가기로 함 KTX 타고"),
    ("A24", "03-10 08:10", "im", "ko", "결국 주간조로 옮김 아침 7시 출근 오후 4시 퇴근 드디어 사람됨"),
    ("A25", "03-14 20:00", "im", "mixed", "요즘 Promark 5B가 grip 더 좋음 이걸로 갈아탐"),
    ("A26", "03-18 17:20", "channel", "ko", "합주 토욜 오후 4시로 바뀜 하린이 평일엔 야자땜에 못옴"),
    ("A27", "03-21 13:00", "im", "ko", "풋살장 삼산 말고 갈산으로 옮김 시간은 그대로"),
    ("A28", "03-25 23:55", "im", "ko", "망고 사육장 온도 낮 30도 밤 25도로 맞춰놓음 히팅패드 켜두기"),
    ("A29", "03-29 18:40", "im", "mixed", "gig 포스터 하린이 친구가 free로 해준대 ㅋㅋ 개꿀"),
    ("A30", "04-02 10:00", "im", "ko", "하린이 학교 축제 공연 5월 22일 금욜 그날 구경가야됨"),
    ("A31", "04-06 21:25", "channel", "mixed", "새 합주실 후보 비트박스 시간당 만2천 소리굴보다 넓고 vibe 좋음"),
    ("A32", "04-10 15:15", "im", "en", "Pandemo soundcheck 6:30pm, load-in by 6. bring own snare"),
    ("A33", "04-20 02:10", "im", "mixed", "부산 숙소 해운대 바다정원 펜션 5월 30일 check-in 2박"),
    ("A34", "05-02 19:30", "im", "ko", "망고 탈피함 ㅋㅋ 벗은 껍질 지가 다 먹어버림"),

    # ---------------- B: 57세 약사, 대전 둔산동 햇살약국, 손녀 서윤, 성가대 알토 ----------------
    ("B01", "01-05 08:40", "channel", "ko", "햇살약국 영업시간과 연락처를 정리해 둡니다. 평일 오전 9시부터 오후 7시까지, 토요일은 오후 2시까지 하고 일요일과 공휴일은 쉽니다. 전화는 042-471-2259입니다."),
    ("B02", "01-07 21:15", "im", "ko", "지오팜 도매 담당은 김태성 과장님이고 연락처는 010-3381-4276입니다. 주문은 매주 월요일과 목요일 오전 11시 전에 넣어야 다음 날 들어와요."),
    ("B03", "01-10 19:30", "im", "ko", "성당 성가대 연습은 매주 수요일 저녁 7시 반, 교리실 2층에서 합니다. 저는 알토 파트를 맡고 있어요."),
    ("B04", "01-13 07:50", "im", "ko", "남편 혈압약은 암로디핀 5mg, 아침 식후에 한 알 먹습니다. 을지병원 순환기내과 최동훈 교수님께 다니고 있어요."),
    ("B05", "01-16 22:05", "im", "ko", "딸네 식구는 세종시 새롬동 새뜸마을 아파트에 살아요. 손녀 서윤이는 3월이면 세 돌이 됩니다."),
    ("B06", "01-19 10:20", "im", "ko", "시어머님 당뇨약은 메트포르민 500mg 저녁 한 알입니다. 주말마다 일주일 치를 정리해서 요양원에 가져다드려야 해요."),
    ("B07", "01-22 15:40", "im", "ko", "올해 텃밭은 도안 주말농장 B-12 구획을 분양받았습니다. 1년에 12만원이고 상추, 고추, 방울토마토를 심을 생각이에요."),
    ("B08", "01-26 20:10", "im", "ko", "건강검진은 3월 18일 을지병원 건강증진센터로 예약했습니다. 전날 밤 9시부터 금식해야 합니다."),
    ("B09", "01-29 18:30", "im", "ko", "조카 민재가 강원도 양구에서 군 복무 중인데 전역일이 8월 14일이라고 언니가 알려 주었어요."),
    ("B10", "02-02 09:00", "channel", "mixed", "part-time으로 오는 정민지 씨는 화요일, 목요일, 토요일 근무입니다. 시급은 1만 1천원으로 정했어요."),
    ("B11", "02-05 21:45", "im", "ko", "여고 동창회 회비가 올해부터 5만원입니다. 총무는 박영숙이고, 모임은 분기마다 둔산동 진미한정식에서 해요."),
    ("B12", "02-09 13:10", "im", "mixed", "딸이 서윤이 어린이집 준비물 목록을 보내 줬어요: indoor shoes, spare clothes, 이름 스티커, 물병."),
    ("B13", "02-12 08:30", "channel", "ko", "토요일은 다음 달부터 오후 1시에 문을 닫기로 했습니다. 민지 씨 퇴근 시간도 거기에 맞춰 조정할게요."),
    ("B14", "02-15 19:00", "im", "ko", "옆 건물 한결내과는 토요일 진료가 12시 30분까지라서 처방전 손님이 그 직후에 한꺼번에 몰립니다."),
    ("B15", "02-18 16:25", "im", "ko", "검진 날짜를 4월 2일로 바꿨어요. 3월에는 약사회 일정이 많아서 도저히 안 되겠더라고요."),
    ("B16", "02-21 11:40", "im", "ko", "지오팜 담당이 바뀌었다고 연락이 왔어요. 이제 오세진 대리님이 오신대요. 번호는 010-5520-1938입니다."),
    ("B17", "02-24 20:30", "im", "ko", "그이 약이 잘 안 들어서 최동훈 교수님이 용량을 두 배로 올리셨어요. 이제 10mg짜리로 아침에 한 알입니다."),
    ("B18", "02-27 17:15", "im", "en", "KPA Daejeon branch seminar: Mar 21, 2pm, Daejeon Convention Center Hall 3. Topic: deprescribing in older adults."),
    ("B19", "03-03 21:00", "im", "ko", "성가대 연습이 금요일 저녁 8시로 옮겨졌습니다. 새로 오신 지휘자 선생님이 수요일에는 시간이 안 되신대요."),
    ("B20", "03-06 14:00", "im", "ko", "텃밭 구획을 C-7로 바꿨어요. 수돗가에서 가깝고 오후에 그늘이 덜 져서 좋아요."),
    ("B21", "03-09 19:40", "im", "ko", "딸 내외가 사위 직장 때문에 대전 도안동 숲속마을 7단지로 옮긴다고 합니다. 4월 말에 입주한대요."),
    ("B22", "03-12 10:10", "channel", "ko", "민지 씨 학교 시간표가 바뀌어서 근무를 월·수·금으로 조정했습니다. 시급은 그대로예요."),
    ("B23", "03-15 22:30", "im", "ko", "조카 민경이는 세종 정부청사에서 일해요. 세종에 오래 살아서 그 동네 맛집은 민경이한테 물어보면 됩니다."),
    ("B24", "03-18 09:30", "im", "ko", "동창회 총무 영숙이가 회비를 7만원으로 올리자고 해서 다들 찬성했어요. 4월 모임부터 적용입니다."),
    ("B28", "03-20 11:00", "im", "ko", "서윤이 세 돌 선물로 튼튼한 세발자전거를 주문했어요. 생일이 3월 27일이라 그 전에 도착한대요."),
    ("B25", "03-22 16:50", "im", "ko", "을지병원에서 문자가 왔는데 장비 점검 때문에 또 미뤄졌어요. 최종적으로 4월 9일 오전 8시이고, 금식은 똑같이 전날 밤 9시부터예요."),
    ("B26", "03-25 20:20", "im", "mixed", "성가대 부활절 특송 'You Raise Me Up'에서 알토 solo part를 제가 맡게 됐어요. 4월 5일 오전 11시 미사입니다."),
    ("B27", "03-29 08:00", "channel", "ko", "새 번호는 042-486-7730입니다. 통신사를 옮기면서 바뀌었고, 예전 번호는 5월 말까지 착신 전환돼요."),
    ("B29", "04-06 13:00", "im", "en", "Note from the Daon Pharm rep: new insulin pen stock arrives Apr 15, max 20 boxes per pharmacy."),
    ("B30", "04-10 19:10", "im", "ko", "텃밭에 방울토마토 모종 12개, 고추 모종 10개를 심었어요. 물은 이틀에 한 번 주면 된대요."),
    ("B31", "04-14 21:00", "im", "ko", "남편이 4월 21일부터 동네 문화센터 서예반에 다닙니다. 매주 화요일 오전 10시예요."),
    ("B32", "04-20 11:30", "im", "mixed", "딸이 깔아 준 'Medisafe' 앱에 남편 약 reminder를 아침 8시로 맞춰 두었어요."),
    ("B33", "05-01 18:00", "im", "mixed", "어버이날 dinner는 딸네 도안동 새집에서 하기로 했어요. 서윤이가 카드를 만들어 준대요. 5월 8일 저녁 6시 반."),
    ("B34", "05-06 09:20", "im", "ko", "민재가 휴가 나오면 6월 첫 주에 같이 밥 먹기로 언니랑 약속했어요."),

    # ---------------- C: 33세 UX researcher (판교 게임사), 남편 Daniel, 볼더링, 하프마라톤 ----------------
    ("C01", "01-05 10:30", "channel", "mixed", "새 프로젝트 codename은 'Nimbus'. mobile RPG이고 내가 UX research lead 맡음"),
    ("C02", "01-06 22:00", "im", "mixed", "내 manager는 Sora Lim, 1:1은 격주 화요일 4pm"),
    ("C03", "01-08 20:15", "im", "mixed", "클라이밍 gym은 볼더프렌즈 판교, 월 회원권 18만원. 보통 퇴근하고 8pm쯤 감"),
    ("C04", "01-11 09:00", "im", "mixed", "하프마라톤 4/26 Seoul Spring Half 신청 완료! target은 2시간 5분"),
    ("C05", "01-14 23:30", "im", "mixed", "Daniel 생일 2/20, dinner는 청담 'Maru Table' 7pm으로 예약함"),
    ("C06", "01-17 14:45", "channel", "mixed", "usability test 세션 3/12 2pm, 본사 7층 Lab B. participant 6명 recruit 완료"),
    ("C08", "01-23 11:10", "im", "mixed", "이직 고민 중... Orbit Studio offer 연봉 8,400에 sign-on 1,000"),
    ("C09", "01-26 08:30", "channel", "mixed", "Q2 team offsite 강릉 5/14-15, 숙소는 Sea Stay 호텔"),
    ("C10", "01-29 21:00", "im", "mixed", "Sora 팀 new grad 연봉 5,200이라고 들음, 업계 평균보다 좀 낮은 듯"),
    ("C11", "02-01 15:00", "im", "en", "Daniel's gym is FitOn Jeongja, 130k a month. He goes at 6am."),
    ("C12", "02-03 22:40", "im", "mixed", "Seattle 가는 flight KE0617 6/3 출발. Daniel 누나 결혼식이 6/6"),
    ("C13", "02-06 18:10", "im", "mixed", "Maru Table에서 call 옴, 7:30으로 바꿔줄 수 있냐고 해서 그러자고 함"),
    ("C14", "02-09 10:00", "channel", "mixed", "UT 세션 3/19로 pushed back. Lab B 공사 때문에"),
    ("C15", "02-12 13:30", "im", "ko", "이사 갈 집 잔금일 7월 10일, 정자동 은행나무마을 2단지"),
    ("C16", "02-15 20:00", "channel", "mixed", "re-org 이후 reporting line 바뀜. 이제 Kevin Park한테 report하고 Sora는 다른 org로 감"),
    ("C17", "02-18 07:30", "im", "mixed", "long run 18km 1:52에 끝냄, half goal time 1:58로 올려봄"),
    ("C07", "02-20 19:20", "im", "mixed", "wine club 3월 모임은 성수 'Vinlab', 3/14 토 7pm. 각자 natural wine 한 병씩"),
    ("C18", "02-21 21:30", "im", "mixed", "gym membership 이제 21만 됐다 ㅠ 가격 인상 공지 옴"),
    ("C19", "02-24 16:00", "channel", "mixed", "Nimbus 이름 legal 이슈 때문에 'Cirrus'로 rename. 내일부터 Slack channel도 #cirrus-ux"),
    ("C20", "03-02 19:45", "im", "mixed", "3/14 모임 장소 바뀜 → 한남동 'Cave 21', host가 Jenny로 바뀌어서"),
    ("C21", "03-05 12:00", "im", "en", "Orbit Studio came back with 9,000 base after I countered. Sign-on stays at 1,000."),
    ("C23", "03-11 22:15", "im", "mixed", "flight 바꿈: OZ0283 6/5 출발, 결혼식 전날 도착"),
    ("C24", "03-14 18:30", "im", "ko", "잔금 7월 3일로 당겨짐. 매도인 쪽 사정이라고 함"),
    ("C31", "03-15 12:00", "im", "mixed", "어제 wine club에서 마신 Jura Savagnin 진짜 맛있었음, 다음에 또 살 것"),
    ("C25", "03-18 07:00", "im", "mixed", "이번 주 tempo run 좋았음 → coach랑 얘기해서 sub 1:55 도전하기로 함"),
    ("C26", "03-21 13:00", "channel", "en", "UT readout deck due Mar 27, share with Kevin before the design review."),
    ("C27", "03-24 20:40", "im", "mixed", "Daniel 요즘 pottery class 다님, 토요일 11am 연남동 'Clay Hour'"),
    ("C28", "03-28 16:30", "channel", "mixed", "Cirrus beta launch 6/30 확정, 그 전에 UT 2 round 더 돌려야 함"),
    ("C29", "04-02 21:10", "im", "ko", "볼더링 V4 드디어 완등함 ㅋㅋ 파란색 테이프 문제"),
    ("C30", "04-08 08:30", "channel", "en", "Design review with Kevin every other Thursday, 3pm, room Orion."),
    ("C32", "04-15 19:00", "im", "mixed", "Daniel은 먼저 5/30에 Seattle 감, 나는 일 때문에 나중에 follow"),
    ("C33", "04-20 22:00", "im", "ko", "정자동 새집 인터넷 설치 7월 4일 오전으로 예약, 기사님은 당일 아침에 연락 준대"),
    ("C35", "04-22 21:30", "im", "mixed", "race day 준비물: gel 3개, 모자, 배번은 4/24까지 미리 픽업"),
    ("C34", "05-01 10:00", "im", "en", "Jenny's rule for wine club: one bottle each, under 50k."),

    # ---------------- D: Owen, 39, British debate teacher in 대치동, wife 지현, rugby, motorbike, podcast ----------------
    ("D01", "01-04 11:00", "channel", "en", "Teaching the middle-school debate class Tue/Thu 7-9pm this term, room 302."),
    ("D02", "01-06 20:30", "im", "en", "Seoul Sharks training: Saturdays 10am at Nanji pitch 2. Bring studs and a white shirt."),
    ("D03", "01-09 09:10", "im", "en", "Landlord is Mr. Bae Jong-su, 010-7731-2284. Rent is 1.2M won a month, due on the 5th."),
    ("D04", "01-12 19:50", "im", "en", "Podcast 'Kimchi & Tea' episodes drop every Friday at 6pm. Co-host is Mina."),
    ("D05", "01-15 14:00", "im", "en", "Bike service at Moto Garage 88 in Hapjeong, booked for Mar 14, 10am. Oil change and new chain."),
    ("D06", "01-18 21:40", "channel", "en", "Daniel Cho (head teacher) wants lesson plans in by Sunday night every week."),
    ("D07", "01-21 08:20", "im", "en", "My usual at Bean Tree: oat flat white, extra hot."),
    ("D08", "01-24 17:30", "im", "en", "Korean class at Hanbit Institute: level 3, starts Apr 6, Mon/Wed/Fri 9am."),
    ("D09", "01-27 22:15", "im", "mixed", "지현's parents visiting for 설날, arriving Feb 15 on the KTX from 대구."),
    ("D10", "01-30 13:00", "im", "mixed", "Dentist: 미소치과 망원점, Mar 3, 3pm, scaling."),
    ("D11", "02-02 19:00", "im", "mixed", "Jihyun's on nights at the hospital 2월 내내, so dinner plans only on weekends."),
    ("D12", "02-05 10:30", "channel", "en", "Debate class moves to Mon/Wed from March, same 7-9pm slot."),
    ("D13", "02-08 20:00", "im", "en", "Tom's rent in Itaewon just went up to 1.8M. Glad mine's cheaper."),
    ("D14", "02-10 12:45", "im", "mixed", "장인어른 and 장모님 are coming a day early: Feb 14, KTX into Seoul Station around 4pm."),
    ("D15", "02-13 18:20", "im", "en", "Garage called: service pushed to Mar 21, parts delayed."),
    ("D16", "02-16 09:00", "im", "en", "Training's at 9 now, the youth league has the pitch from 10."),
    ("D17", "02-19 21:00", "im", "en", "Building got sold. New landlord is Ms. Yoon Hae-ri, 010-9042-6615. Rent stays the same for now."),
    ("D18", "02-22 15:40", "im", "en", "Switching the podcast to Sunday releases, 8pm. More listeners at the weekend."),
    ("D19", "02-25 08:45", "im", "en", "Cutting out dairy, so it's a long black now at the usual place."),
    ("D20", "02-28 19:30", "im", "mixed", "미소치과 rescheduled me to Mar 10, 11am."),
    ("D21", "03-03 16:00", "im", "en", "Placement test put me in level 4 instead. Same start date."),
    ("D22", "03-06 11:15", "im", "en", "Moto Garage 88 again: now Mar 28, the parts are still stuck in customs."),
    ("D23", "03-09 20:20", "im", "en", "Sharks away game vs Busan Bulls on Apr 11, bus leaves Hapjeong 7am."),
    ("D24", "03-12 10:00", "channel", "en", "Daniel Cho is going on paternity leave in May; Grace Lim covers head teacher duties."),
    ("D25", "03-15 22:30", "im", "ko", "망원시장 반찬가게 엄마손은 화요일 휴무"),
    ("D26", "03-18 18:00", "im", "en", "Nanji pitch 2 is closed for re-turfing until May, so we're on World Cup Park pitch 1."),
    ("D27", "03-21 09:30", "im", "en", "Letter from the new landlord: rent goes up to 1.3M from July."),
    ("D28", "03-25 20:45", "im", "mixed", "Podcast guest next week: 김선생님 from Hanbit Institute, talking about 존댓말."),
    ("D29", "03-29 13:30", "im", "en", "Jihyun's birthday is May 2. She wants omakase at Sushi Haru in Yeonnam-dong."),
    ("D30", "04-03 17:00", "im", "ko", "지현이 생일 선물로 목걸이 주문함. 망원동 은하수공방, 4월 28일 찾으러 가기"),
    ("D31", "04-07 21:10", "im", "mixed", "Mina can't co-host in April, 부산 사는 Ben is filling in."),
    ("D32", "04-12 10:20", "im", "mixed", "Bike's back from the garage. 정비비 total 380,000 won."),
    ("D33", "04-18 19:00", "im", "en", "Sharks end-of-season dinner May 23 at The Bulldog in Itaewon, 30k each."),
    ("D34", "04-24 08:00", "channel", "en", "Mid-term reports for the debate kids are due May 8."),
]


def Q(user, qtype, query, gold=(), **kw):
    d = {"user": user, "type": qtype, "query": query, "gold": list(gold)}
    d.update(kw)
    return d


# Update queries carry `style` (build-time annotation only, not written):
#   "same" = the newest note repeats the topic word of the older one
#   "diff" = it refers to the same thing differently (synonym, abbreviation,
#            other language, description, or no topic word at all)
QUERIES = [
    # ================= A =================
    Q("A", "keyword", "소리굴 합주실 몇번방이었지", ["A04"]),
    Q("A", "keyword", "파충류동물병원 어디 있다 했지", ["A15"]),
    Q("A", "inflection", "민재 자췻방 월세가 얼마랬지", ["A10"], confusable=["B09", "B34"]),
    Q("A", "inflection", "풋살장 옮긴 데가 어디였지", ["A27"]),
    Q("A", "paraphrase", "내 파충류 처음 들인 가게 어디였더라", ["A03"]),
    Q("A", "paraphrase", "게코 허물 벗었던 거 언제였지", ["A34"]),
    Q("A", "entity", "망고 관련된 거 다 알려줘", ["A03", "A05", "A15", "A21", "A28", "A34"], entity="망고"),
    Q("A", "entity", "하린이 관련 전부 알려줘", ["A17", "A26", "A29", "A30"], entity="하린"),
    Q("A", "numeric", "25일마다 빠져나가는 거 뭐였지", ["A02"]),
    Q("A", "numeric", "5/30에 체크인하는 숙소 이름", ["A33"]),
    Q("A", "mixed_lang", "판데모 사운드체크 몇시까지 가야돼", ["A32"]),
    Q("A", "mixed_lang", "what temperature did I set for the gecko tank", ["A28"]),
    Q("A", "update", "요즘 센터 몇시까지 가야 돼", ["A24"], stale=["A01", "A12"], style="same"),
    Q("A", "update", "지금 집세 한달에 얼마 내지", ["A16"], stale=["A02"], style="diff"),
    Q("A", "update", "우리 밴드 지금 노래 누가 부르지", ["A17"], stale=["A06"], style="same"),
    Q("A", "update", "부평FC 한달에 내는 돈 얼마임", ["A18"], stale=["A07"], style="same"),
    Q("A", "update", "게코 요즘 뭘 먹이고 있지", ["A21"], stale=["A05"], style="diff"),
    Q("A", "update", "심벌 결국 얼마 받고 넘겼지", ["A19"], stale=["A09", "A14"], style="diff"),
    Q("A", "update", "판데모 무대 언제 서는 걸로 됐지", ["A22"], stale=["A13"], style="same"),
    Q("A", "update", "엄마 환갑 기념 여행지 어디로 정했더라", ["A23", "A33"], stale=["A11"], style="diff"),
    Q("A", "update", "요즘 드럼채 뭐 쓰지", ["A25"], stale=["A08"], style="diff"),
    Q("A", "update", "밴드 연습 요즘 무슨 요일 몇시에 해", ["A26"], stale=["A04"], style="same"),
    Q("A", "negative", "내 여권 만료일 언제였지", neg_kind="absent"),
    Q("A", "negative", "치과 예약 언제였지", neg_kind="isolation", other=["D10", "D20"]),
    Q("A", "negative", "민재 전역일 언제야", neg_kind="isolation_same_name", other=["B09"]),

    # ================= B =================
    Q("B", "keyword", "지오팜 주문은 무슨 요일 몇 시 전까지 넣어야 하죠", ["B02"]),
    Q("B", "keyword", "진미한정식 동창 모임은 얼마나 자주 하나요", ["B11"]),
    Q("B", "inflection", "시어머님 당뇨약이 뭐였죠", ["B06"]),
    Q("B", "inflection", "방울토마토모종 몇 개 심었었나요", ["B30"]),
    Q("B", "paraphrase", "남편 붓글씨 배우러 가는 요일이 언제예요", ["B31"]),
    Q("B", "paraphrase", "손녀 생일에 주려고 산 탈것", ["B28"]),
    Q("B", "entity", "서윤이 관련된 것 다 알려 주세요", ["B05", "B12", "B28", "B33"], entity="서윤"),
    Q("B", "entity", "성가대 관련 내용 전부 보여 주세요", ["B03", "B19", "B26"], entity="성가대"),
    Q("B", "numeric", "1938로 끝나는 번호는 누구 거였죠", ["B16"]),
    Q("B", "numeric", "8월 14일이 무슨 날이었죠", ["B09"]),
    Q("B", "mixed_lang", "약사회 세미나 몇 번 홀에서 하나요", ["B18"]),
    Q("B", "mixed_lang", "인슐린 펜 재고 언제 들어와요", ["B29"]),
    Q("B", "update", "주말에 약국 몇 시까지 열죠", ["B13"], stale=["B01"], style="same"),
    Q("B", "update", "약 주문하려면 요즘 도매 쪽 누구한테 연락해야 하죠", ["B16"], stale=["B02"], style="same"),
    Q("B", "update", "성당 노래 연습 요즘 언제 있어요", ["B19"], stale=["B03"], style="same"),
    Q("B", "update", "남편이 아침에 드시는 혈압약 지금 몇 밀리예요", ["B17"], stale=["B04"], style="diff"),
    Q("B", "update", "딸 가족 요즘 어디 살아요", ["B21", "B33"], stale=["B05"], style="diff"),
    Q("B", "update", "주말농장 제 자리 번호가 뭐였죠", ["B20"], stale=["B07"], style="same"),
    Q("B", "update", "종합검진 최종 날짜가 언제로 잡혔어요", ["B25"], stale=["B08", "B15"], style="diff"),
    Q("B", "update", "민지 씨는 요즘 무슨 요일에 나오죠", ["B22"], stale=["B10"], style="same"),
    Q("B", "update", "여고 모임 회비 요즘 얼마 내요", ["B24"], stale=["B11"], style="same"),
    Q("B", "update", "우리 약국 대표 전화 지금 뭐예요", ["B27"], stale=["B01"], style="diff"),
    Q("B", "negative", "약국 인테리어 공사 업체 연락처 알려 주세요", neg_kind="absent"),
    Q("B", "negative", "클라이밍장 회원권 얼마였죠", neg_kind="isolation", other=["C03", "C18"]),
    Q("B", "negative", "민재가 밴드에서 무슨 악기 맡고 있죠", neg_kind="isolation_same_name", other=["A06"]),

    # ================= C =================
    Q("C", "keyword", "Jura Savagnin 다음에 또 사기로 한 거", ["C31"]),
    Q("C", "keyword", "Sea Stay 호텔 offsite 날짜", ["C09"]),
    Q("C", "inflection", "인터넷설치 예약 몇일 오전이었지", ["C33"]),
    Q("C", "inflection", "Daniel 누나 결혼식이 언제였지", ["C12"]),
    Q("C", "paraphrase", "남편 도자기 배우러 다니는 곳", ["C27"]),
    Q("C", "paraphrase", "대회 당일 챙겨갈 것들", ["C35"]),
    Q("C", "entity", "Daniel 관련 다 알려줘", ["C05", "C11", "C12", "C27", "C32"], entity="Daniel",
      confusable=["D06", "D24"]),
    Q("C", "entity", "Cirrus 프로젝트 관련된 거 전부", ["C01", "C19", "C28"], entity="Cirrus"),
    Q("C", "numeric", "5200 얘기 나왔던 거 뭐였지", ["C10"]),
    Q("C", "numeric", "5만원 넘으면 안 되는 거 뭐였지", ["C34"]),
    Q("C", "mixed_lang", "which color was the V4 problem I finally topped?", ["C29"]),
    Q("C", "mixed_lang", "디자인 리뷰 어느 회의실에서 해?", ["C30"]),
    Q("C", "update", "지금 우리 게임 프로젝트 이름 뭐였지", ["C19", "C28"], stale=["C01"], style="same"),
    Q("C", "update", "요즘 내가 보고하는 직속 상사 누구지", ["C16"], stale=["C02"], style="diff"),
    Q("C", "update", "클라이밍장 한 달 이용료 지금 얼마야", ["C18"], stale=["C03"], style="same"),
    Q("C", "update", "하프 뛸 때 목표 기록 최종 몇으로 잡았지", ["C25"], stale=["C04", "C17"], style="diff"),
    Q("C", "update", "Daniel 생일 저녁 예약 몇 시로 돼 있지", ["C13"], stale=["C05"], style="diff",
      confusable=["D06", "D24"]),
    Q("C", "update", "사용성 테스트 언제로 잡혀있지", ["C14"], stale=["C06"], style="diff"),
    Q("C", "update", "3월 와인 모임 장소 어디로 됐지", ["C20"], stale=["C07"], style="diff"),
    Q("C", "update", "Orbit에서 최종으로 제시한 연봉 얼마였지", ["C21"], stale=["C08"], style="diff"),
    Q("C", "update", "시애틀 갈 때 타는 비행기 편명 뭐지", ["C23"], stale=["C12"], style="same"),
    Q("C", "update", "새 아파트 잔금 치르는 날이 언제지", ["C24"], stale=["C15"], style="same"),
    Q("C", "negative", "요가 수업 몇 시였지", neg_kind="absent"),
    Q("C", "negative", "rugby 훈련 몇 시였지", neg_kind="isolation", other=["D02", "D16"]),
    Q("C", "negative", "텃밭 구획 번호 뭐였지", neg_kind="isolation", other=["B07", "B20"]),

    # ================= D =================
    Q("D", "keyword", "Where is Sushi Haru?", ["D29"]),
    Q("D", "keyword", "What time does the bus leave for the Busan Bulls away game?", ["D23"]),
    Q("D", "inflection", "When's the midterm report deadline for my debate students?", ["D34"]),
    Q("D", "inflection", "Which pitch are we on while Nanji gets returfed?", ["D26"]),
    Q("D", "paraphrase", "Who's standing in for the head teacher while he's off with the new baby?", ["D24"]),
    Q("D", "paraphrase", "How much did fixing the motorcycle cost in the end?", ["D32"]),
    Q("D", "entity", "Tell me everything about the Seoul Sharks", ["D02", "D16", "D23", "D26", "D33"],
      entity="Seoul Sharks"),
    Q("D", "entity", "Everything I've noted about Jihyun", ["D09", "D11", "D29", "D30"], entity="Jihyun (지현)"),
    Q("D", "numeric", "Whose number is 01090426615?", ["D17"]),
    Q("D", "numeric", "What's the 30,000 won per person thing?", ["D33"]),
    Q("D", "mixed_lang", "Which day is the banchan shop at Mangwon market closed?", ["D25"]),
    Q("D", "mixed_lang", "What did I order for Jihyun's birthday present?", ["D30"]),
    Q("D", "update", "Which evenings do I teach debate these days?", ["D12"], stale=["D01"], style="same"),
    Q("D", "update", "What time do the Sharks train on Saturdays now?", ["D16"], stale=["D02"], style="diff"),
    Q("D", "update", "Who owns my flat now and how do I reach them?", ["D17"], stale=["D03"], style="same"),
    Q("D", "update", "When do new Kimchi & Tea episodes come out?", ["D18"], stale=["D04"], style="same"),
    Q("D", "update", "When is the motorbike actually going in for its service?", ["D22"], stale=["D05", "D15"],
      style="same"),
    Q("D", "update", "What do I order at Bean Tree these days?", ["D19"], stale=["D07"], style="diff"),
    Q("D", "update", "What level of Korean am I starting at?", ["D21"], stale=["D08"], style="diff"),
    Q("D", "update", "When do Jihyun's mum and dad get to Seoul for the holiday?", ["D14"], stale=["D09"],
      style="diff"),
    Q("D", "update", "When's my teeth cleaning?", ["D20"], stale=["D10"], style="same"),
    Q("D", "update", "How much will I be paying for the flat each month?", ["D27"], stale=["D03", "D17"],
      style="same"),
    Q("D", "negative", "When does my driving licence need renewing?", neg_kind="absent"),
    Q("D", "negative", "What's my target time for the half marathon?", neg_kind="isolation",
      other=["C04", "C17", "C25"]),
    Q("D", "negative", "What time is Daniel's birthday dinner booked for?", neg_kind="isolation_same_name",
      other=["C05", "C13"]),
]


def kst_to_utc(mmdd_hhmm, salt):
    dt = datetime.strptime(f"{YEAR}-{mmdd_hhmm}", "%Y-%m-%d %H:%M")
    dt = dt + timedelta(seconds=(salt * 37) % 60) - timedelta(hours=9)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    keys = [m[0] for m in MEMS]
    assert len(keys) == len(set(keys)), "duplicate memory key"

    rows, key2id, key2user = [], {}, {}
    n = 0
    for u in USER_ORDER:
        mine = [m for m in MEMS if m[0][0] == u]
        mine.sort(key=lambda m: m[1])
        for i, (key, kst, ch, lang, text) in enumerate(mine):
            n += 1
            mid = f"m{n:04d}"
            key2id[key] = mid
            key2user[key] = USERS[u]
            rows.append({"id": mid, "user_id": USERS[u], "text": text,
                         "ts": kst_to_utc(kst, n), "channel_type": ch, "lang": lang})

    qrows = []
    style_count = {"same": 0, "diff": 0}
    for i, q in enumerate(sorted(QUERIES, key=lambda q: USER_ORDER.index(q["user"])), 1):
        r = {"qid": f"q{i:03d}", "user_id": USERS[q["user"]], "query": q["query"],
             "gold": [key2id[k] for k in q["gold"]], "type": q["type"]}
        if q["type"] == "update":
            r["stale"] = [key2id[k] for k in q["stale"]]
            style_count[q["style"]] += 1
        if q["type"] == "entity":
            r["entity"] = q["entity"]
        if q["type"] == "negative":
            r["neg_kind"] = q["neg_kind"]
            if q.get("other"):
                r["other_user_has"] = key2user[q["other"][0]]
                r["other_user_mem"] = [key2id[k] for k in q["other"]]
        if q.get("confusable"):
            r["confusable_other_user"] = [key2id[k] for k in q["confusable"]]
        qrows.append(r)

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in qrows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    print(f"wrote {len(rows)} memories, {len(qrows)} queries")
    print(f"update note style: same topic word {style_count['same']}, "
          f"different reference {style_count['diff']}, "
          f"chains (2+ stale) {sum(1 for r in qrows if len(r.get('stale', [])) >= 2)}")


if __name__ == "__main__":
    main()
