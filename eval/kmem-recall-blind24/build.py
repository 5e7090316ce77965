#!/usr/bin/env python3
"""Build the blind24 held-out memory eval set (4 invented Slack users).

Standard library only; all data is inline. Writes memories.jsonl and queries.jsonl
next to this file, deterministically, and prints counts.

Memories are written with a readable key and a local (KST, UTC+9) time; ids are
assigned after sorting each user's memories by time, so ids follow time order.
Queries refer to memories by key.
"""
import hashlib
import json
import os
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
YEAR = 2026

USERS = {
    "A": "U0K2A7MQ4",  # ferry engine mechanic, Mokpo
    "B": "U0K2B3XN8",  # freelance sign-language interpreter, Seoul
    "C": "U0K2C9PL1",  # high-school PE teacher, Daegu
    "D": "U0K2D4RT6",  # Canadian English teacher, Gwangju
}
USER_ORDER = ["A", "B", "C", "D"]

# (user, key, local KST "MM-DD HH:MM", channel_type, lang, text, event date "MM-DD" or None)
# event date = the day an appointment / deadline in the note happens; the note must come before it.
MEMS = [
    # ---------------- A: ferry engine mechanic, Mokpo ----------------
    ("A", "a_dc1", "02-04 08:40", "im", "ko", "서준이 어린이집 해님어린이집, 용해동 주공 상가 2층", None),
    ("A", "a_jmj_num", "02-06 10:20", "im", "ko", "정민재 기관장님 폰 번호 010-5528-1407", None),
    ("A", "a_choi_num", "02-06 10:25", "im", "ko", "최동욱 정비반장 번호 010-5582-3071, 야간엔 문자로", None),
    ("A", "a_pick1", "02-09 22:10", "im", "ko", "서준이 화목 하원은 장모님이 해주시기로 햇음", None),
    ("A", "a_allergy", "02-10 07:50", "im", "ko", "서준이 땅콩 알러지 있음, 어린이집 간식표 꼭 확인", None),
    ("A", "a_oil1", "02-12 11:00", "channel", "ko", "1호기 2호기 엔진오일 교환주기 500시간 기준", None),
    ("A", "a_precheck", "02-14 06:30", "channel", "ko", "출항전 체크: 냉각수 레벨, 연료필터 드레인, 배터리 24V 확인", None),
    ("A", "a_ph1", "02-16 18:20", "im", "ko", "아부지 당뇨약은 용해동 늘푸른약국에서 받음", None),
    ("A", "a_chk1", "02-20 21:40", "im", "ko", "아부지 한결내과 정기검진 3/12 목 오전 10시 예약함. 공복으로 가야됨", "03-12"),
    ("A", "a_jmj_vac", "02-23 16:00", "channel", "ko", "정민재 기관장 휴가 3/9~3/13, 그동안 정비일지 결재 내가 대신", "03-09"),
    ("A", "a_strip1", "02-25 21:00", "im", "ko", "아부지 혈당 시험지 50매 18000원, 한빛의료기", None),
    ("A", "a_duty1", "02-26 17:10", "channel", "mixed", "3월 night shift 화 목 토로 배정됨", "03-01"),
    ("A", "a_gk1", "02-27 14:00", "channel", "mixed", "터보차저 gasket 부산 대리점서 발송함, ETA 3/5", "03-05"),
    ("A", "a_duty2", "03-02 09:30", "channel", "ko", "야간당직 목요일 빼고 수요일로 바꿈. 화 토는 그대로", "03-03"),
    ("A", "a_part1", "03-03 10:30", "channel", "ko", "2호기 연료분사펌프 부품번호 FP-7731 발주 넣음", None),
    ("A", "a_part2", "03-03 15:45", "channel", "ko", "아까 번호 잘못 적음 FP-7731 아니고 FP-7713 맞음. 담주 월 입고", None),
    ("A", "a_gk2", "03-04 18:40", "channel", "mixed", "gasket delivery 늦어진대 3/10 도착 예정", "03-10"),
    ("A", "a_ped", "03-06 12:30", "im", "ko", "서준이 한결소아과 예방접종 3/14 토 오전 11시", "03-14"),
    ("A", "a_chk2", "03-09 12:15", "im", "ko", "아부지 검진 3/19로 밀림. 병원서 전화옴 ㅇㅇ", "03-19"),
    ("A", "a_jmj_smoke", "03-12 22:40", "im", "ko", "정민재 기관장님 담배 끊으심. 회식때 옆에서 피지 말기", None),
    ("A", "a_chk3", "03-16 19:05", "im", "ko", "한결내과 또 연락옴 ㅡㅡ 19일 날짜는 그대로고 시간만 오후 2시반으로", "03-19"),
    ("A", "a_hypo", "03-18 21:15", "im", "ko", "아부지 저혈당 오면 사탕 3개 드리고 15분뒤 다시 재기", None),
    ("A", "a_pick2", "03-23 08:20", "im", "ko", "화목 하원 장모님 허리 다치셔서 당분간 처제가 하기로", None),
    ("A", "a_oil2", "03-27 16:30", "channel", "mixed", "본사 지침 바뀜, oil change interval 400h로 줄임", None),
    ("A", "a_dc2", "03-29 20:10", "im", "ko", "4월부터 솔빛어린이집으로 옮김 ㅇㅇ 해님은 너무 멀어서", "04-01"),
    ("A", "a_insp1", "04-02 13:20", "channel", "ko", "새바다호 중간검사 4/22 수. 선급 검사관 오전 9시 옴", "04-22"),
    ("A", "a_ph2", "04-08 20:05", "im", "ko", "늘푸른약국 상동 버스터미널 옆으로 이전함. 이름 그대로", None),
    ("A", "a_jmj_wed", "04-10 21:30", "im", "ko", "정민재 기관장님 딸 결혼식 4/25 토 12시 라온웨딩홀, 축의금 10만", "04-25"),
    ("A", "a_insp2", "04-14 17:50", "channel", "ko", "검사관 일정땜에 중간검사 4/29로 연기", "04-22"),
    ("A", "a_insp3", "04-24 09:10", "channel", "ko", "중검 그거 결국 5/6으로 또 밀림 ㅋㅋ 연휴 끼어서", "04-29"),
    ("A", "a_wife_bd", "04-28 22:00", "im", "ko", "와이프 생일 5/17 일. 바닷가제과 딸기케이크 예약하기", "05-17"),
    ("A", "a_strip2", "05-07 19:30", "im", "ko", "한빛의료기 시험지 또 올림 ㅡㅡ 50매 21000", None),
    ("A", "a_park", "05-20 18:00", "im", "mixed", "목포항 터미널 주차 monthly pass 45000원, 6월부터", "06-01"),

    # ---------------- B: freelance sign-language interpreter, Seoul ----------------
    ("B", "b_rate1", "02-03 11:00", "im", "ko", "병원 동행 통역 시간당 45,000원, 교통비 별도", None),
    ("B", "b_cl_hosp", "02-05 09:00", "channel", "ko", "조은결님 병원통역 매주 화요일 10시, 온유병원 내분비내과", None),
    ("B", "b_vol1", "02-07 20:00", "im", "ko", "다온보호소 봉사 매주 토요일 오전 9시~1시", None),
    ("B", "b_lead1", "02-08 18:00", "im", "mixed", "shelter 봉사팀장 contact: 한다인 님 010-2290-7715", None),
    ("B", "b_yoon1", "02-11 14:30", "channel", "ko", "한울복지관 통역 담당 윤가람 주임 02-3471-6608", None),
    ("B", "b_cl_style", "02-12 22:00", "im", "ko", "조은결님은 부산 지역수어 많이 쓰심. 천천히, 지화 크게", None),
    ("B", "b_sg1", "02-15 22:00", "im", "en", "Study group: Tuesdays 8pm on Zoom, link pinned in the group chat", None),
    ("B", "b_yoon2", "02-18 09:50", "channel", "ko", "윤주임 번호 잘못 저장했었음. 6608 아니고 6680", None),
    ("B", "b_part1", "02-19 10:00", "channel", "ko", "수요일 정기통역 파트너 강소윤 쌤, 교대는 20분마다", None),
    ("B", "b_cl_son", "02-24 15:00", "channel", "ko", "조은결님 보호자 아드님 연락처 010-8830-2157", None),
    ("B", "b_haptic", "03-01 16:00", "im", "ko", "촉수화: 시청각장애인 손 위에서 하는 수어, 시험 용어집에 추가", None),
    ("B", "b_exam1", "03-05 22:30", "im", "ko", "수어통역사 필기시험 5/23 토, 원서접수 4/20까지", "04-20"),
    ("B", "b_venue1", "03-08 21:00", "im", "ko", "실기 특강 매주 금요일 7시, 마포 수어교육센터 3층", None),
    ("B", "b_vol2", "03-15 21:20", "im", "ko", "토요일에 통역 고정 잡혀서 봉사는 일요일 오전으로 옮김", None),
    ("B", "b_mochi1", "03-19 19:00", "im", "ko", "모찌 입양 희망 가족 상담 3/28 토 오후 2시 보호소에서", "03-28"),
    ("B", "b_mochi2", "03-25 12:40", "im", "ko", "모찌 상담 일주일 밀림 4/4 같은시간", "03-28"),
    ("B", "b_cl_bd", "03-27 21:00", "im", "ko", "조은결님 생신 4/9, 작은 꽃다발 챙겨가기", "04-09"),
    ("B", "b_rate2", "03-30 19:40", "im", "mixed", "4월부터 병원 동행 rate 5만원으로 올림. 교통비는 그대로 별도", "04-01"),
    ("B", "b_mochi3", "04-01 20:30", "im", "ko", "4/4 말고 4/5 일요일 오전 11시로 또 바뀜. 모찌 상담", "04-04"),
    ("B", "b_taxi", "04-01 22:10", "channel", "ko", "3월 택시비 영수증 총 38,400원, 한울복지관에 청구하기", None),
    ("B", "b_mock1", "04-04 23:10", "im", "mixed", "필기 1회 모의고사 62점.. 수어학개론 파트 weak", None),
    ("B", "b_sg2", "04-05 21:10", "im", "en", "study grp now Wed 9pm, Hana can't do Tuesdays anymore", None),
    ("B", "b_pick1", "04-09 17:20", "im", "ko", "보호소 후원물품 픽업 4/18 토 오후 3시, 망원동 창고", "04-18"),
    ("B", "b_gs1", "04-10 12:00", "channel", "ko", "4/16 목 오후 2시 강서구청 민원실 통역", "04-16"),
    ("B", "b_gs2", "04-11 10:30", "channel", "ko", "4/16 목 저녁 7시 강서구민회관 장애인의날 기념행사 통역", "04-16"),
    ("B", "b_exam2", "04-13 10:10", "im", "mixed", "필기 원서접수 deadline 4/24로 연장됐대, 서버 터져서", "04-20"),
    ("B", "b_pick2", "04-14 09:15", "im", "ko", "그거 담주로 미뤄짐. 25일 같은 시간", "04-18"),
    ("B", "b_part2", "04-15 18:30", "channel", "ko", "수요 정기 강소윤쌤 대신 민태오쌤 들어옴. 교대 방식은 똑같이", None),
    ("B", "b_venue2", "04-17 13:00", "im", "mixed", "특강 venue 바뀜 → 합정역 7번출구 근처 세미나실 2층", None),
    ("B", "b_exam3", "04-22 23:00", "im", "mixed", "접수 마감 또 연장 → 4/28 6pm. 시험일은 그대로 5/23", "04-24"),
    ("B", "b_mock2", "05-02 22:50", "im", "ko", "2회 모의고사 71점! 통역윤리 파트 다 맞음", None),
    ("B", "b_lead2", "05-03 20:40", "im", "ko", "봉사팀장 한다인님에서 서도윤님으로 바뀜 010-6634-1209", None),
    ("B", "b_charger", "05-10 21:40", "im", "ko", "노트북 충전기 보호소 사무실에 두고옴 ㅠ 담주 일욜에 챙기기", None),

    # ---------------- C: high-school PE teacher, Daegu ----------------
    ("C", "c_move1", "02-10 22:00", "im", "ko", "인테리어 4/30 완료 예정, 이사는 5/2 토", "04-30"),
    ("C", "c_jmj_num", "02-13 19:00", "im", "ko", "인테리어 정민재 실장 번호 010-3306-7781", None),
    ("C", "c_coach", "02-17 18:30", "channel", "ko", "배구 외부코치 류태민 코치 010-9034-5512", None),
    ("C", "c_gym", "02-17 18:40", "channel", "ko", "체육관 관리 주무관 류태경 053-741-5512", None),
    ("C", "c_jmj_visit", "02-20 20:00", "im", "ko", "정민재 실장 현장 체크 매주 월요일 오후 5시", None),
    ("C", "c_sd1", "02-26 17:30", "channel", "ko", "체육대회 5/15 금 확정. 우천시 5/19 화", "05-15"),
    ("C", "c_boiler", "02-28 20:00", "im", "ko", "보일러 교체 견적 165만, 콘덴싱으로 바꾸기", None),
    ("C", "c_tile1", "03-02 20:30", "im", "ko", "욕실 타일 시공 견적 280만, 자재 포함", None),
    ("C", "c_cap1", "03-04 18:00", "im", "ko", "배구부 주장 김하율 어머님 번호 010-6671-2048", None),
    ("C", "c_cap2", "03-05 07:40", "im", "ko", "하율이 어머님 번호 오타였음, 끝자리 2084가 맞음", None),
    ("C", "c_jmj_color", "03-08 22:30", "im", "ko", "정민재 실장 추천: 주방 상부장 화이트 말고 웜그레이", None),
    ("C", "c_wp1", "03-09 21:00", "im", "ko", "안방 벽지 라이트그레이로 결정, 실크벽지로", None),
    ("C", "c_wp2", "03-09 21:05", "im", "ko", "작은방 벽지는 민트, 딸 방이라 합지로", None),
    ("C", "c_lg1", "03-10 17:00", "channel", "ko", "교육장배 배구대회 예선 4/25, 수성구민체육관", "04-25"),
    ("C", "c_wall1", "03-11 21:40", "im", "ko", "도배 3/18 수요일 시작, 한빛도배 사장님 직접 오심", "03-18"),
    ("C", "c_tile2", "03-13 19:10", "im", "ko", "자재값 올라서 욕실 타일 310만으로 다시 받음 ㅠ", None),
    ("C", "c_wall2", "03-14 10:00", "im", "ko", "그거 하루 당겨짐. 17일 화요일로", "03-17"),
    ("C", "c_sd2", "03-20 16:10", "channel", "ko", "교감쌤이 중간고사 땜에 체육대회 5/22로 옮기자 하심", "05-15"),
    ("C", "c_sink1", "03-20 21:00", "im", "en", "Kitchen sink install Thursday 3/26, plumber arrives 10am", "03-26"),
    ("C", "c_pmeet", "03-24 20:00", "channel", "ko", "배구부 학부모 간담회 4/2 목 저녁 6시반 시청각실", "04-02"),
    ("C", "c_sink2", "03-25 18:30", "im", "en", "Sink install pushed to Mon 3/30, countertop isn't ready", "03-26"),
    ("C", "c_jmj_pay", "03-27 21:20", "im", "ko", "정민재 실장한테 중도금 4/3까지 보내기로 함", "04-03"),
    ("C", "c_sd3", "04-03 15:40", "channel", "ko", "22일은 개교기념일이라 안된대. 최종 5/21 목으로", "05-21"),
    ("C", "c_match1", "04-06 21:00", "im", "ko", "배구부 연습경기 4/11 토 10시 수성여고, 우리학교 체육관", "04-11"),
    ("C", "c_match2", "04-06 22:15", "im", "ko", "아까 잘못씀. 수성여고 아니고 달서여고. 시간 장소는 맞음", "04-11"),
    ("C", "c_sound1", "04-07 13:00", "channel", "ko", "체육대회 방송 음향 담당 한지석쌤 (3학년부)", "05-21"),
    ("C", "c_lg2", "04-09 16:20", "channel", "mixed", "예선 venue changed → 두류체육관 B코트, 날짜는 그대로", "04-25"),
    ("C", "c_move2", "04-16 21:30", "im", "mixed", "공사 1주 delay → 완공 5/7, 이사 5/9로", "04-30"),
    ("C", "c_tee1", "04-20 15:00", "channel", "mixed", "sports day 단체티 120벌 order 완료, 장당 9,500", None),
    ("C", "c_move3", "04-27 20:50", "im", "ko", "이삿짐센터 토요일 다 차서 이사 5/9 말고 5/10 일요일로", "05-09"),
    ("C", "c_tee2", "04-29 11:30", "channel", "ko", "단체티 120 → 134벌로 추가. 2학년 전학생 포함, 단가 그대로", None),
    ("C", "c_hmeet", "05-04 15:00", "channel", "ko", "체육대회 학부모 도우미 회의 5/12 화 4시 시청각실", "05-12"),
    ("C", "c_sound2", "05-11 12:20", "channel", "ko", "한지석쌤 연수 겹쳐서 음향은 오세린쌤이 맡기로", "05-21"),

    # ---------------- D: Canadian English teacher, Gwangju ----------------
    ("D", "d_mochi_bd", "02-02 21:00", "im", "en", "Mochi's birthday is Feb 3, adopted from a shelter in 2024", "02-03"),
    ("D", "d_kc1", "02-03 20:00", "im", "mixed", "Korean class Tue/Thu 10am, 누리 언어교육원 room 302", None),
    ("D", "d_ice1", "02-05 23:00", "im", "en", "Drop-in ice at Riverside Arena: 15,000 won per session", None),
    ("D", "d_mochi_allergy", "02-07 14:00", "im", "en", "Mochi is allergic to chicken, fish-based treats only", None),
    ("D", "d_fee1", "02-09 21:00", "im", "ko", "관리비 매달 25일까지 내야 함", None),
    ("D", "d_recy1", "02-11 22:00", "im", "ko", "우리 아파트 분리수거는 목요일 저녁에 내놓기", None),
    ("D", "d_ride1", "02-14 21:00", "im", "en", "Jae-won picks me up for hockey at 9pm on game nights", None),
    ("D", "d_jaewon", "02-14 21:05", "im", "en", "Jae-won's number 010-4428-1397, text before calling", None),
    ("D", "d_lx1", "02-19 22:10", "im", "en", "Language exchange meetup Saturdays 3pm at Cafe Dahlia, Geumnam-ro", None),
    ("D", "d_jer1", "02-21 16:00", "im", "en", "Requested jersey #27 for the spring league", None),
    ("D", "d_sch1", "02-27 19:00", "channel", "en", "Spring term schedule: Mon-Fri 2pm-9pm, Saturdays off", None),
    ("D", "d_kc2", "03-02 21:00", "im", "en", "Korean class switching to Mon/Wed starting next week, same time", None),
    ("D", "d_jer2", "03-03 22:00", "im", "mixed", "27 was taken, so 등번호 is 72 now lol", None),
    ("D", "d_game1", "03-08 22:00", "im", "en", "League game Sat 3/14 vs the Otters, 10:20pm puck drop", "03-14"),
    ("D", "d_game2", "03-11 19:30", "im", "en", "Otters game moved to 11pm same night, ice resurfacer broke", "03-14"),
    ("D", "d_game3", "03-13 12:10", "im", "en", "Scratch that, back to 10:20. Rink fixed the machine", "03-14"),
    ("D", "d_visa", "03-16 21:00", "im", "mixed", "Visa renewal: bring 재직증명서 and 건강검진 results, immigration appt May 8 10am", "05-08"),
    ("D", "d_stick", "03-21 17:00", "im", "en", "New stick from Ice Box shop, 189,000 won, 75 flex", None),
    ("D", "d_sch2", "03-29 20:00", "channel", "en", "New timetable: Fridays now end at 7pm, rest of the week unchanged", None),
    ("D", "d_ptm1", "04-02 18:00", "channel", "en", "Level 5 parent-teacher meeting Thu Apr 9, 4pm, room B", "04-09"),
    ("D", "d_kc3", "04-06 21:30", "im", "ko", "한국어 수업 월수 10시 → 10시 반. 요일은 그대로", None),
    ("D", "d_ptm2", "04-07 17:45", "channel", "en", "that got pushed to the 16th, same room", "04-09"),
    ("D", "d_report", "04-08 19:20", "channel", "en", "Director Yoon wants midterm reports for all classes by Apr 30", "04-30"),
    ("D", "d_ride2", "04-12 20:00", "im", "en", "Jae-won's out with a knee injury, Marcus is driving me now", None),
    ("D", "d_marcus", "04-12 20:05", "im", "en", "Marcus from the team, his number is 010-4482-1937", None),
    ("D", "d_mochi_vet", "04-14 22:00", "im", "en", "Mochi vet checkup Sat Apr 18, 11am at Haneul Animal Clinic", "04-18"),
    ("D", "d_ortho", "04-15 19:00", "im", "mixed", "Shoulder 정형외과 appointment Mon Apr 20, 11am, Suwan Bareun clinic", "04-20"),
    ("D", "d_ice2", "04-20 22:30", "im", "en", "drop-in went up to 18k a session, still worth it", None),
    ("D", "d_lx2", "04-23 21:00", "im", "en", "Language exchange moved to Book Lamp cafe in Dongmyeong-dong, same time", None),
    ("D", "d_mochi_spay", "04-25 21:00", "im", "en", "Mochi spay surgery Tue May 12, drop off 9am, no food after midnight", "05-12"),
    ("D", "d_fee2", "05-01 20:00", "im", "ko", "관리비 내는 날 28일로 바뀜. 관리실 공지", None),
    ("D", "d_words", "05-05 22:00", "im", "mixed", "Korean words to review: 영수증 receipt, 환불 refund, 교환 exchange", None),
    ("D", "d_recy2", "05-18 21:00", "im", "ko", "분리수거 요일 화요일로 바뀜!! 목요일 아님", None),
]

A_JMJ = ["a_jmj_vac", "a_jmj_num", "a_jmj_wed", "a_jmj_smoke"]
C_JMJ = ["c_jmj_num", "c_jmj_pay", "c_jmj_visit", "c_jmj_color"]
B_MOCHI = ["b_mochi1", "b_mochi2", "b_mochi3"]
D_MOCHI = ["d_mochi_vet", "d_mochi_spay", "d_mochi_allergy", "d_mochi_bd"]


def Q(user, query, qtype, gold, **kw):
    d = {"u": user, "query": query, "type": qtype, "gold": list(gold)}
    d.update(kw)
    return d


# Optional keys: stale, entity, other_user (letter), other_user_mem (keys), neg_kind, conf (keys)
QUERIES = [
    # ================= A =================
    # update
    Q("A", "아부지 검진 지금 몇일 몇시로 돼있지", "update", ["a_chk3"], stale=["a_chk1", "a_chk2"]),
    Q("A", "목요일에 서준이 누가 데리러 가?", "update", ["a_pick2"], stale=["a_pick1"]),
    Q("A", "분사펌프 부품번호 뭐였더라", "update", ["a_part2"], stale=["a_part1"]),
    Q("A", "새바다호 중간검사 요즘 언제로 잡혀있냐", "update", ["a_insp3"], stale=["a_insp1", "a_insp2"]),
    Q("A", "엔진오일 몇시간마다 갈아야 되지", "update", ["a_oil2"], stale=["a_oil1"]),
    Q("A", "서준이 지금 다니는 어린이집 어디지", "update", ["a_dc2"], stale=["a_dc1"]),
    Q("A", "아부지 약 타러 어디로 가야돼", "update", ["a_ph2"], stale=["a_ph1"]),
    Q("A", "혈당 검사지 요즘 얼마함", "update", ["a_strip2"], stale=["a_strip1"]),
    Q("A", "3월 야간당직 무슨 요일이었지", "update", ["a_duty2"], stale=["a_duty1"]),
    Q("A", "터보 가스켓 언제 도착한다 했지", "update", ["a_gk2"], stale=["a_gk1"]),
    # keyword
    Q("A", "최동욱 반장 번호", "keyword", ["a_choi_num"]),
    Q("A", "한결소아과 예방접종 몇시", "keyword", ["a_ped"]),
    Q("A", "출항전 체크 뭐뭐였지", "keyword", ["a_precheck"]),
    # inflection
    Q("A", "와이프생일이 언제였더라", "inflection", ["a_wife_bd"]),
    Q("A", "서준이 땅콩알러지 있었나", "inflection", ["a_allergy"]),
    # paraphrase
    Q("A", "아빠 당 떨어지면 어떻게 하라 했지", "paraphrase", ["a_hypo"]),
    Q("A", "기관장님 요새 금연하시나", "paraphrase", ["a_jmj_smoke"]),
    # numeric
    Q("A", "5528 들어가는 번호 누구꺼였지", "numeric", ["a_jmj_num"]),
    Q("A", "주차 정기권 4만5천원 언제부터", "numeric", ["a_park"]),
    # mixed_lang
    Q("A", "chief engineer vacation dates", "mixed_lang", ["a_jmj_vac"]),
    Q("A", "how much cash for the chief engineer's daughter's wedding", "mixed_lang", ["a_jmj_wed"]),
    # entity
    Q("A", "정민재 기관장님 관련된거 다 알려줘", "entity", A_JMJ, entity="정민재", conf=C_JMJ),
    # negative
    Q("A", "헬스장 회원권 언제까지였지", "negative", [], neg_kind="absent"),
    Q("A", "보일러 교체 견적 얼마였지", "negative", [], neg_kind="isolation",
      other_user="C", other_user_mem=["c_boiler"]),
    Q("A", "하키 스틱 얼마 주고 샀더라", "negative", [], neg_kind="isolation",
      other_user="D", other_user_mem=["d_stick"]),

    # ================= B =================
    Q("B", "필기 원서접수 언제까지야?", "update", ["b_exam3"], stale=["b_exam1", "b_exam2"]),
    Q("B", "보호소 봉사 요즘 무슨 요일에 가지", "update", ["b_vol2"], stale=["b_vol1"]),
    Q("B", "한울복지관 윤가람 주임 번호", "update", ["b_yoon2"], stale=["b_yoon1"]),
    Q("B", "병원 동행 통역 지금 시간당 얼마 받지", "update", ["b_rate2"], stale=["b_rate1"]),
    Q("B", "when is study group now", "update", ["b_sg2"], stale=["b_sg1"]),
    Q("B", "모찌 입양 상담 지금 언제로 돼있어?", "update", ["b_mochi3"], stale=["b_mochi1", "b_mochi2"],
      conf=D_MOCHI),
    Q("B", "수요일 정기통역 파트너 바뀌었지? 누구로?", "update", ["b_part2"], stale=["b_part1"]),
    Q("B", "실기 특강 어디서 하더라", "update", ["b_venue2"], stale=["b_venue1"]),
    Q("B", "후원물품 픽업 언제였지", "update", ["b_pick2"], stale=["b_pick1"]),
    Q("B", "봉사팀장 연락처 뭐야", "update", ["b_lead2"], stale=["b_lead1"]),
    Q("B", "강서구청 민원실 통역 몇시", "keyword", ["b_gs1"]),
    Q("B", "강서구민회관 행사 통역 몇시", "keyword", ["b_gs2"]),
    Q("B", "2회모의고사 점수가 몇점이었지", "inflection", ["b_mock2"]),
    Q("B", "조은결님 생신은 언제였지", "inflection", ["b_cl_bd"]),
    Q("B", "랩탑 어댑터 어디 놓고 왔더라", "paraphrase", ["b_charger"]),
    Q("B", "은결님 통역할 때 신경 쓸 부분", "paraphrase", ["b_cl_style"]),
    Q("B", "처음 본 모의 시험 성적 어땠지", "paraphrase", ["b_mock1"]),
    Q("B", "38400원 청구할 데 어디였지", "numeric", ["b_taxi"]),
    Q("B", "01088302157 누구 번호지", "numeric", ["b_cl_son"]),
    Q("B", "Eungyeol's weekly hospital interpreting, what day and time?", "mixed_lang", ["b_cl_hosp"]),
    Q("B", "term for signing into a deafblind person's hands", "mixed_lang", ["b_haptic"]),
    Q("B", "조은결님 관련 다 정리해줘", "entity", ["b_cl_hosp", "b_cl_style", "b_cl_bd", "b_cl_son"],
      entity="조은결"),
    Q("B", "여권 만료일 언제더라", "negative", [], neg_kind="absent"),
    Q("B", "배구부 연습경기 상대 어디였지", "negative", [], neg_kind="isolation",
      other_user="C", other_user_mem=["c_match1", "c_match2"]),
    Q("B", "모찌 중성화 수술 언제였지", "negative", [], neg_kind="isolation_same_name",
      other_user="D", other_user_mem=["d_mochi_spay"]),

    # ================= C =================
    Q("C", "체육대회 최종 날짜 언제로 됐어?", "update", ["c_sd3"], stale=["c_sd1", "c_sd2"]),
    Q("C", "토요일 연습경기 상대 학교 어디야", "update", ["c_match2"], stale=["c_match1"]),
    Q("C", "욕실 타일 견적 얼마였지", "update", ["c_tile2"], stale=["c_tile1"]),
    Q("C", "이사 날짜 지금 언제로 잡혀있지", "update", ["c_move3"], stale=["c_move1", "c_move2"]),
    Q("C", "체육대회 음향 누가 맡아?", "update", ["c_sound2"], stale=["c_sound1"]),
    Q("C", "배구부 주장 어머님 번호", "update", ["c_cap2"], stale=["c_cap1"]),
    Q("C", "when is the sink getting installed", "update", ["c_sink2"], stale=["c_sink1"]),
    Q("C", "배구 예선 경기장 바뀌었지? 어디로?", "update", ["c_lg2"], stale=["c_lg1"]),
    Q("C", "도배 언제 시작이라 그랬지", "update", ["c_wall2"], stale=["c_wall1"]),
    Q("C", "체육대회 티셔츠 몇 벌 주문했더라", "update", ["c_tee2"], stale=["c_tee1"]),
    Q("C", "류태민 코치 번호", "keyword", ["c_coach"]),
    Q("C", "배구부 학부모 간담회 몇시", "keyword", ["c_pmeet"]),
    Q("C", "작은방벽지는 뭘로 했지", "inflection", ["c_wp2"]),
    Q("C", "보일러교체 견적이 얼마였더라", "inflection", ["c_boiler"]),
    Q("C", "안방 도배지 색깔 뭘로 했지", "paraphrase", ["c_wp1"]),
    Q("C", "체육대회 학부모 봉사 모임 언제", "paraphrase", ["c_hmeet"]),
    Q("C", "인테리어 실장님 집 보러 오는 날", "paraphrase", ["c_jmj_visit"]),
    Q("C", "0537415512 누구 번호", "numeric", ["c_gym"]),
    Q("C", "3306-7781 누구였지", "numeric", ["c_jmj_num"]),
    Q("C", "when do I send the interim payment", "mixed_lang", ["c_jmj_pay"]),
    Q("C", "paint color for the upper kitchen cabinets", "mixed_lang", ["c_jmj_color"]),
    Q("C", "정민재 실장 관련 다 알려줘", "entity", C_JMJ, entity="정민재", conf=A_JMJ),
    Q("C", "자동차 보험 갱신 언제까지지", "negative", [], neg_kind="absent"),
    Q("C", "분리수거 무슨 요일에 내놓더라", "negative", [], neg_kind="isolation",
      other_user="D", other_user_mem=["d_recy1", "d_recy2"]),
    Q("C", "정민재 휴가 언제부터였지", "negative", [], neg_kind="isolation_same_name",
      other_user="A", other_user_mem=["a_jmj_vac"]),

    # ================= D =================
    Q("D", "what time is the Otters game", "update", ["d_game3"], stale=["d_game1", "d_game2"]),
    Q("D", "who's driving me to hockey these days", "update", ["d_ride2"], stale=["d_ride1"]),
    Q("D", "how much is drop-in ice now", "update", ["d_ice2"], stale=["d_ice1"]),
    Q("D", "when is my Korean class now", "update", ["d_kc3"], stale=["d_kc1", "d_kc2"]),
    Q("D", "where's the language exchange meetup now", "update", ["d_lx2"], stale=["d_lx1"]),
    Q("D", "when's the Level 5 parent-teacher meeting", "update", ["d_ptm2"], stale=["d_ptm1"]),
    Q("D", "what time do I finish on Fridays", "update", ["d_sch2"], stale=["d_sch1"]),
    Q("D", "관리비 며칠까지 내야 돼?", "update", ["d_fee2"], stale=["d_fee1"]),
    Q("D", "분리수거 화요일로 바뀌었지?", "update", ["d_recy2"], stale=["d_recy1"]),
    Q("D", "what's my jersey number", "update", ["d_jer2"], stale=["d_jer1"]),
    Q("D", "Marcus number", "keyword", ["d_marcus"]),
    Q("D", "Korean words to review", "keyword", ["d_words"]),
    Q("D", "when am I renewing my visa", "inflection", ["d_visa"]),
    Q("D", "what allergies does Mochi have", "inflection", ["d_mochi_allergy"]),
    Q("D", "when is Mochi getting fixed", "paraphrase", ["d_mochi_spay"], conf=B_MOCHI),
    Q("D", "when do I see the bone doctor", "paraphrase", ["d_ortho"]),
    Q("D", "whose number ends in 1397", "numeric", ["d_jaewon"]),
    Q("D", "what did I spend 189k on", "numeric", ["d_stick"]),
    Q("D", "모찌 병원 검진 언제야", "mixed_lang", ["d_mochi_vet"], conf=B_MOCHI),
    Q("D", "모찌 생일 언제지", "mixed_lang", ["d_mochi_bd"], conf=B_MOCHI),
    Q("D", "원장님이 중간 보고서 언제까지 내래?", "mixed_lang", ["d_report"]),
    Q("D", "tell me everything about Mochi", "entity", D_MOCHI, entity="Mochi", conf=B_MOCHI),
    Q("D", "when's my dentist appointment", "negative", [], neg_kind="absent"),
    Q("D", "what time is study group", "negative", [], neg_kind="isolation",
      other_user="B", other_user_mem=["b_sg1", "b_sg2"]),
    Q("D", "how much is the monthly parking pass at the terminal", "negative", [], neg_kind="isolation",
      other_user="A", other_user_mem=["a_park"]),
]

# Look-alike pairs: two different facts that share words. Neither supersedes the other.
LOOKALIKE = [
    ("a_jmj_num", "a_choi_num"),   # two coworkers' numbers, 5528 vs 5582
    ("a_ped", "a_chk3"),           # 한결소아과 shot vs 한결내과 checkup (two appointments)
    ("b_mock1", "b_mock2"),        # two different mock exams
    ("b_gs1", "b_gs2"),            # two jobs on 4/16 at 강서구청 vs 강서구민회관
    ("c_pmeet", "c_hmeet"),        # two parents' meetings in 시청각실
    ("c_wp1", "c_wp2"),            # two rooms' wallpaper
    ("c_coach", "c_gym"),          # 류태민 vs 류태경, both numbers end 5512
    ("d_marcus", "d_jaewon"),      # two teammates' numbers, 1937 vs 1397
    ("d_mochi_vet", "d_ortho"),    # two 11am clinic appointments, Apr 18 vs Apr 20
]

QUERY_FIELDS = ["stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"]


def _seconds(key):
    return int(hashlib.md5(key.encode("utf-8")).hexdigest(), 16) % 60


def _utc(key, local):
    dt = datetime.strptime("%d-%s:%02d" % (YEAR, local, _seconds(key)), "%Y-%m-%d %H:%M:%S")
    return (dt - timedelta(hours=9)).strftime("%Y-%m-%dT%H:%M:%SZ")


def build():
    """Return (memories, queries, key_to_id, events) without writing anything."""
    mems, key_to_id, events = [], {}, {}
    n = 0
    for u in USER_ORDER:
        rows = [m for m in MEMS if m[0] == u]
        rows.sort(key=lambda m: m[2])
        for (_, key, local, chan, lang, text, ev) in rows:
            n += 1
            mid = "m%04d" % n
            if key in key_to_id:
                raise SystemExit("duplicate key " + key)
            key_to_id[key] = mid
            if ev:
                events[mid] = (local, ev)
            mems.append({"id": mid, "user_id": USERS[u], "text": text, "ts": _utc(key, local),
                         "channel_type": chan, "lang": lang})
    ids = lambda keys: sorted(key_to_id[k] for k in keys)
    queries = []
    n = 0
    for u in USER_ORDER:
        qs = [q for q in QUERIES if q["u"] == u]
        # deterministic interleaving of types (not grouped by type)
        qs.sort(key=lambda q: hashlib.md5(q["query"].encode("utf-8")).hexdigest())
        for q in qs:
            n += 1
            row = {"qid": "q%03d" % n, "user_id": USERS[u], "query": q["query"],
                   "gold": ids(q["gold"]), "type": q["type"]}
            if "stale" in q:
                row["stale"] = ids(q["stale"])
            if "entity" in q:
                row["entity"] = q["entity"]
            if "other_user" in q:
                row["other_user_has"] = USERS[q["other_user"]]
                row["other_user_mem"] = ids(q["other_user_mem"])
            if "neg_kind" in q:
                row["neg_kind"] = q["neg_kind"]
            if "conf" in q:
                row["confusable_other_user"] = ids(q["conf"])
            queries.append(row)
    return mems, queries, key_to_id, events


def dumps(rows):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def chain_lang(mem_by_id, ids_):
    langs = {mem_by_id[i]["lang"] for i in ids_}
    if langs == {"ko"}:
        return "ko"
    if langs == {"en"}:
        return "en"
    return "mixed"


def main():
    mems, queries, _, _ = build()
    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write(dumps(mems))
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        f.write(dumps(queries))
    from collections import Counter
    print("memories: %d (%s)" % (len(mems), ", ".join("%s=%d" % kv for kv in sorted(Counter(m["lang"] for m in mems).items()))))
    print("queries: %d" % len(queries))
    order = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
    tc = Counter(q["type"] for q in queries)
    print("types: " + ", ".join("%s=%d" % (t, tc[t]) for t in order))
    mb = {m["id"]: m for m in mems}
    ul = Counter(chain_lang(mb, q["stale"] + q["gold"]) for q in queries if q["type"] == "update")
    print("update chains by language: " + ", ".join("%s=%d" % kv for kv in sorted(ul.items())))
    print("three-version chains: %d" % sum(1 for q in queries if q["type"] == "update" and len(q["stale"]) == 2))


if __name__ == "__main__":
    main()
