#!/usr/bin/env python3
"""Build the blind23 held-out set: memories.jsonl and queries.jsonl.

Python 3 standard library only; every row is written by hand below.
Memory times are written in KST (UTC+9) and stored as UTC with a trailing Z.
Memory ids (m0001...) are given per user in time order, users in the order of USERS.
Run:  python3 build.py   (writes into the folder holding this script)
"""
import json
import os
from collections import Counter
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    "nurse": "U0F3NK7DJ",   # night-shift ward nurse in Daejeon, marathon runner
    "baker": "U0G8BK2JJ",   # bakery owner in Jeonju, two employees (민지, 태윤)
    "grad": "U0H5MB9PS",    # marine-biology grad student in Busan, thesis on jellyfish polyps
    "dev": "U0J6GD4PG",     # British-Korean game developer in Pangyo, writes mostly English
}

# (key, KST "MM-DD HH:MM", channel_type, lang, text)
MEMS = {
    "nurse": [
        ("n_locker1", "02-03 07:40", "im", "ko", "병동 탈의실 사물함 112번 받음. 열쇠는 수쌤한테 받아가기"),
        ("n_shoe1", "02-05 14:20", "im", "ko", "지금 신는 러닝화 나이키 페가수스 41, 260. 벌써 400키로 넘게 탐"),
        ("n_mom_bday", "02-07 13:10", "im", "ko", "엄마 생신 6월 14일! 올해 환갑이니까 식당 미리 잡기"),
        ("n_pil1", "02-09 15:30", "im", "ko", "필라테스 PT 화목 오후 3시로 등록. 나이트 끝나고 한숨 자고 가면 딱임"),
        ("n_park1", "02-11 08:05", "channel", "ko", "직원주차 배정 나옴, 나는 B2 C-14 구역"),
        ("n_goal1", "02-14 06:50", "im", "mixed", "Half marathon goal this year: sub 1:50 ㅋㅋ 될까"),
        ("n_crew1", "02-16 21:00", "im", "ko", "갑천러너스 크루장 정태오 님 010-4821-3370"),
        ("n_crew2", "02-18 20:40", "im", "ko", "갑천러너스 회비 월 만원, 매달 5일에 총무 언니한테 보내기"),
        ("n_race1", "02-20 16:15", "im", "ko", "4월 12일 한밭 벚꽃런 10K 신청 완료! 배번 3187"),
        ("n_meet1", "02-23 07:30", "channel", "ko", "수간호사 선생님 면담 3월 12일 오후 2시, 연간 평가 건"),
        ("n_dent", "02-25 12:40", "im", "ko", "둔산 미소치과 스케일링 3월 20일 오후 4시"),
        ("n_weight1", "02-27 07:55", "im", "ko", "대회 준비 시작 체중 54.2kg 기록해둠"),
        ("n_derm", "03-02 13:20", "im", "ko", "피부과 레이저 상담 3월 27일 오후 4시 반. 기미 좀 어떻게 해보자"),
        ("n_meet2", "03-04 06:40", "im", "ko", "아 면담 12일 아니고 13일이었음;; 시간은 그대로"),
        ("n_locker2", "03-06 08:10", "channel", "ko", "탈의실 공사 들어가서 당분간 사물함 207번 임시로 씀"),
        ("n_pil2", "03-09 14:00", "im", "ko", "PT 쌤 스케줄 바뀜 → 월수 오후 4시로 옮김"),
        ("n_iron", "03-11 19:30", "im", "ko", "철분제 하루 한 알, 저녁에. 커피랑은 최소 두 시간 띄우기"),
        ("n_shoe2", "03-14 18:20", "im", "ko", "아식스 노바블라스트 5 질렀다ㅋㅋ 이번엔 255로 반 치수 내림"),
        ("n_goal2", "03-18 07:10", "im", "ko", "요즘 페이스 좋아서 하프 목표 1시간 47분으로 올림"),
        ("n_crew3", "03-21 22:10", "im", "ko", "갑천러너스 단체 싱글렛 주문함. S 사이즈, 민트색"),
        ("n_edu", "03-25 09:00", "im", "ko", "보수교육 8시간 6월 30일까지 채워야 됨. 온라인 강의도 인정된대"),
        ("n_mom_dr1", "03-28 11:30", "im", "ko", "엄마 무릎 정형외과 4월 15일 오전 10시 20분, 김민서 선생님"),
        ("n_race2", "04-02 15:45", "im", "ko", "5월 24일 세종 호수 하프 접수함. 배번은 2주 전에 문자로 온대"),
        ("n_park2", "04-06 07:20", "channel", "ko", "주차 재배정 떴네 B3 F-07.. 엘베랑 멀어짐 ㅠ"),
        ("n_sister", "04-09 14:10", "im", "ko", "동생 결혼식 5월 16일 토요일 낮 12시 반, 유성 아드리아홀"),
        ("n_mom_dr2", "04-13 20:00", "im", "ko", "김민서 쌤 학회 가셔서 엄마 진료 박도윤 쌤으로 바뀜. 날짜는 같음"),
        ("n_garmin1", "04-19 10:30", "im", "mixed", "Garmin 워치 AS 맡김, pickup 5/2 예정"),
        ("n_weight2", "04-25 07:40", "im", "ko", "오늘 아침 53.1. 두 달 만에 1키로 넘게 빠짐"),
        ("n_garmin2", "04-30 16:20", "im", "ko", "워치 부품이 늦게 와서 찾는 날 5월 9일 토요일로 밀림"),
        ("n_night1", "05-01 06:30", "channel", "ko", "5월 나이트 파트너 최은비 쌤"),
        ("n_locker3", "05-08 08:00", "channel", "ko", "공사 끝! 사물함 새로 배정 3층 탈의실 41번"),
        ("n_night2", "05-12 07:15", "channel", "mixed", "Night partner for the rest of May: 윤하람 쌤 (은비 쌤 병가)"),
        ("n_pil3", "06-03 13:50", "im", "ko", "필라테스 시간 또 바뀜ㅠ 이제 수금 오후 2시"),
    ],
    "baker": [
        ("b_butter1", "02-02 05:30", "im", "ko", "앵커 버터 1kg 단가 14,800원. 대한식자재 통해서 받음"),
        ("b_minji_t1", "02-03 21:00", "channel", "ko", "민지 이번 달 출근 7시. 오픈 준비 같이 하기"),
        ("b_flour1", "02-05 22:10", "im", "ko", "밀가루 발주 매주 월요일, 20kg 6포"),
        ("b_salt1", "02-07 20:30", "im", "ko", "소금빵 개당 2,800원 유지. 재료값 오르면 다시 생각"),
        ("b_minji_bday", "02-09 19:40", "im", "ko", "민지 생일 5월 3일. 케이크는 내가 구워주기로 함"),
        ("b_off1", "02-11 21:10", "channel", "ko", "정기휴무 매주 화요일"),
        ("b_oven1", "02-13 16:00", "im", "ko", "데크오븐 AS 담당 이재훈 기사님 010-3345-2209"),
        ("b_tae_pay1", "02-16 20:20", "im", "ko", "태윤 시급 10,500원, 주 5일 오후 파트"),
        ("b_tae_health", "02-18 15:10", "im", "ko", "태윤 보건증 3월 31일 만료. 그 전에 보건소 다녀오라고 말하기"),
        ("b_minji_health", "02-18 15:14", "im", "ko", "민지 보건증은 8월 말까지라 아직 괜찮음"),
        ("b_tax", "02-21 18:30", "im", "ko", "세무사 김하은 사무실 010-2290-6614. 부가세 신고 7월에 맡기기"),
        ("b_levain", "02-24 22:40", "im", "ko", "르방 먹이 주기: 밀가루 1 물 1 비율, 아침저녁 두 번"),
        ("b_tae_bday", "02-26 21:50", "im", "ko", "태윤 생일 9월 21일. 미역국 말고 치즈케이크 원한대 ㅋㅋ"),
        ("b_seojun", "03-03 08:20", "im", "ko", "서준이 효자초 3학년 2반, 담임 오은정 선생님"),
        ("b_seoa", "03-03 08:25", "im", "ko", "서아는 어린이집 햇살반, 하원 4시 반"),
        ("b_box1", "03-06 21:30", "im", "mixed", "Box supplier: 팩앤박스, minimum order 1,000개"),
        ("b_butter2", "03-12 06:00", "im", "ko", "버터 값 또 오름 ㅠㅠ 15,900원부터 적용이래"),
        ("b_minji_t2", "03-12 21:20", "channel", "ko", "민지 학원 다니기 시작해서 당분간 8시 출근으로 조정"),
        ("b_butter3", "03-13 07:00", "im", "ko", "아 어제 잘못 적었다. 15,900 아니고 15,400원임"),
        ("b_salt2", "03-20 20:10", "channel", "ko", "4월 1일부터 소금빵 3천원으로 올림. 가격표 새로 뽑기"),
        ("b_flour2", "03-24 21:40", "im", "ko", "이제 발주는 목요일에 넣기로. 물량도 8포로 늘림"),
        ("b_store1", "03-28 22:00", "im", "mixed", "스마트스토어 order cutoff: 오후 2시 (당일 발송)"),
        ("b_flea1", "04-02 19:30", "im", "ko", "한옥마을 플리마켓 5월 23일 토요일 참가 확정, 부스 B-12"),
        ("b_tae_pay2", "04-04 21:00", "im", "ko", "태윤 4월부터 시급 11,000원으로 올려주기로 함"),
        ("b_off2", "04-08 22:15", "channel", "ko", "휴무 월요일로 바꿈. 인스타 공지 올림"),
        ("b_flea2", "04-10 20:50", "im", "ko", "플리마켓 참가비 3만원 입금 완료"),
        ("b_box2", "04-15 21:10", "im", "mixed", "Switched box supplier to 전주포장 - cheaper, and MOQ is only 500"),
        ("b_oven2", "04-20 15:30", "im", "ko", "오븐 수리 담당 바뀜. 이제 강동민 기사님 010-7712-5083"),
        ("b_store2", "04-27 21:30", "im", "ko", "온라인 주문 마감 1시로 당김. 택배 수거가 빨라져서"),
        ("b_minji_t3", "05-06 20:00", "channel", "ko", "민지 학원 끝나서 다시 7시 반 출근"),
        ("b_cake1", "05-15 19:00", "im", "ko", "정소연님 생크림 케이크 2호 예약, 6월 7일 오후 3시 픽업. 레터링 '엄마 생신 축하해요'"),
        ("b_flea3", "05-20 22:00", "im", "ko", "플리마켓 챙길 거: 접이식 테이블, 가격표, 카드단말기, 시식용 집게"),
        ("b_cake2", "06-02 20:40", "im", "mixed", "정소연님 pickup moved to 5pm, 날짜는 그대로"),
    ],
    "grad": [
        ("g_mom_bday", "02-02 23:10", "im", "ko", "엄마 생신 3월 29일. 부산 내려오시면 해운대 복국집 예약하기"),
        ("g_tank1", "02-04 18:40", "channel", "ko", "B 수조 20도 유지, 1단계 대조군 조건"),
        ("g_minji", "02-05 14:00", "im", "ko", "랩 동기 한민지 010-6603-1184"),
        ("g_ta1", "02-06 10:30", "channel", "ko", "조교 근무시간 화요일 2-4시, 412호"),
        ("g_sample1", "02-09 17:20", "channel", "ko", "다대포 폴립 샘플 총 48개 확보"),
        ("g_adv1", "02-11 09:15", "im", "ko", "교수님 면담 수요일 오후 3시로 잡힘"),
        ("g_adv2", "02-11 22:40", "im", "ko", "아 착각했네 ㅋㅋ 수요일 아니고 목요일임. 3시는 맞음"),
        ("g_coffee", "02-12 10:05", "im", "ko", "최교수님 커피는 아아 샷 추가. 면담 갈 때 사가기"),
        ("g_ch3", "02-20 16:30", "im", "ko", "논문 3장 제목: 수온 상승이 보름달물해파리 폴립 출아에 미치는 영향"),
        ("g_nas", "02-25 01:20", "im", "ko", "통계 R 스크립트 전부 랩 NAS /thesis/ch3/stats 에 올려둠"),
        ("g_scope1", "03-03 11:00", "channel", "ko", "공용 공초점 현미경 예약 3/19 13:00-15:00, 3층 공동기기실"),
        ("g_dadae", "03-05 19:10", "im", "ko", "오늘 오전 다대포 수온 14.2도"),
        ("g_gijang", "03-05 19:14", "im", "ko", "같은 날 기장은 15.8도. 생각보다 차이 큼"),
        ("g_scope2", "03-16 13:40", "channel", "ko", "컨포컬 3/26 오전 10시로 다시 잡음. 19일은 장비 점검이래"),
        ("g_boat1", "03-20 09:00", "channel", "ko", "해온호 승선 4월 8일 오전 6시, 다대포항 집합"),
        ("g_bike", "03-24 18:00", "im", "ko", "자전거 광안리 바퀴공방에 맡김. 체인이랑 브레이크 패드 갈고 35,000원"),
        ("g_boat2", "04-03 20:30", "channel", "mixed", "Boat trip moved to Apr 10 - 풍랑주의보 때문에"),
        ("g_tank2", "04-06 10:10", "channel", "ko", "B 탱크 22도로 올림. 실험 2단계 시작"),
        ("g_boat3", "04-08 23:50", "channel", "ko", "해온호 또 밀림.. 4/14 새벽 5시 반, 출항은 감천항에서"),
        ("g_deadline1", "04-13 14:20", "im", "ko", "본심 논문 제출 마감 5월 15일"),
        ("g_sample2", "04-17 09:30", "channel", "en", "After the die-off we're down to 36 polyp samples, healthy ones only"),
        ("g_move1", "04-21 17:45", "im", "ko", "이사 갈 집 대연동으로 확정, 5월 2일 이사"),
        ("g_deadline2", "04-24 11:00", "im", "ko", "제출 마감 5월 22일로 연장됐대!!"),
        ("g_move2", "04-28 15:30", "im", "ko", "이삿날 5/9로 미룸. 용달 다시 불러야 함"),
        ("g_deadline3", "05-04 12:10", "im", "ko", "학과 공지 다시 뜸. 최종 마감은 5월 20일 오후 6시, 22일 아님"),
        ("g_ta2", "05-07 10:00", "channel", "ko", "조교 시간 목요일 오전 10-12시로 변경"),
        ("g_poster1", "05-11 21:20", "im", "en", "Poster for the spring marine ecology meeting: A0, portrait"),
        ("g_talk1", "05-19 16:40", "im", "mixed", "학회 발표 slot: 6월 12일 2:40pm, Room 301"),
        ("g_poster2", "05-26 13:05", "im", "en", "Poster spec changed: 90 x 120 cm, landscape now. Need to redo the layout"),
        ("g_talk2", "06-02 11:30", "im", "mixed", "Talk room changed to 205호. 시간은 그대로"),
        ("g_dive1", "06-08 22:00", "im", "ko", "다이빙 어드밴스드 따기! 6월 말 제주 문섬 투어 예정"),
        ("g_dive2", "06-12 20:15", "im", "ko", "다이빙 장비 렌탈 하루 45,000원 (BCD랑 레귤 포함)"),
        ("g_dive3", "06-15 19:00", "im", "ko", "다이빙 버디는 서도현. 로그북 같이 쓰기로 함"),
    ],
    "dev": [
        ("d_mum_bday", "02-02 20:15", "im", "en", "Mum's birthday: 11 July. Send flowers to Didsbury by the 4th, international shipping is slow"),
        ("d_standup1", "02-03 09:40", "channel", "en", "Daily standup at 10:00 in the Harbor room"),
        ("d_alpha1", "02-04 18:30", "channel", "en", "Alpha build lock: March 20"),
        ("d_seat1", "02-05 11:20", "im", "en", "New seat at the Pangyo office: 6F, desk 6-B-14"),
        ("d_unity1", "02-06 15:50", "channel", "en", "Tidebreaker is on Unity 2022.3.41f1 - don't upgrade your local install"),
        ("d_korean1", "02-09 21:40", "im", "mixed", "Korean class at 세종학당: Tue/Thu 7pm, teacher is 김선영 쌤"),
        ("d_rent1", "02-11 22:30", "im", "mixed", "오피스텔 rent: 950,000 won a month, due on the 25th"),
        ("d_climb1", "02-12 23:00", "im", "en", "Climbing with Seungho: Wednesdays 8pm at the bouldering gym in Jeongja"),
        ("d_haram", "02-16 14:00", "channel", "en", "Haram (QA lead) birthday is Sep 2 - team is chipping in for a cake"),
        ("d_jiwoo", "02-18 17:30", "im", "en", "1:1 with Jiwoo (producer) every other Friday, 4pm"),
        ("d_mark", "02-19 08:45", "im", "en", "1:1 with Mark from the Seattle publisher: first Tuesday of each month, 9am KST"),
        ("d_gukbap", "02-23 12:50", "im", "en", "Best gukbap near the office: Dure Gukbap. Get the sundae one, no dadaegi"),
        ("d_shellfish", "02-26 19:00", "im", "en", "Note for team dinners: I'm allergic to shellfish. No crab, no prawns"),
        ("d_seat2", "03-03 10:10", "im", "en", "Moved seats again - 6-C-02, by the window"),
        ("d_dent1", "03-05 13:30", "im", "mixed", "Dentist: 판교 바른숲치과, Apr 9 at 6:30pm"),
        ("d_alpha2", "03-10 19:20", "channel", "en", "Alpha lock pushed to Mar 27. Art needs another week"),
        ("d_sora", "03-14 22:10", "im", "en", "Sora's number: 010-5528-9047"),
        ("d_gran", "03-18 20:00", "im", "en", "Gran's 90th: June 21, lunch at the Bramhall Arms in Stockport. Whole family's coming"),
        ("d_flight1", "03-22 21:30", "im", "en", "Booked the flight home: June 18, 13:05 ICN to LHR, booking ref 7QXK2M"),
        ("d_alpha3", "03-25 18:10", "channel", "en", "Alpha now locks April 3. Jiwoo says that's final, no more slips"),
        ("d_climb2", "03-30 22:40", "im", "en", "Climbing's on Thursdays from now on, 8:30. Seungho has a class on Weds"),
        ("d_playtest1", "04-02 11:00", "channel", "en", "External playtest Apr 22, 2-5pm, meeting room Orca"),
        ("d_playtest2", "04-03 09:20", "channel", "en", "Oops, wrong room in my last note - playtest is in Narwhal, not Orca"),
        ("d_dent2", "04-06 18:40", "im", "mixed", "치과 moved to Apr 16, same time"),
        ("d_busan1", "04-10 20:00", "im", "en", "Busan trip with Sora: May 2-4"),
        ("d_unity2", "04-14 16:30", "channel", "en", "Engine upgrade landed this sprint, we're on 6000.0.23f1 now"),
        ("d_busan2", "04-16 21:10", "im", "en", "SRT to Busan booked: May 2, 08:00 from Suseo, seats 7A and 7B"),
        ("d_korean2", "04-20 22:00", "im", "mixed", "한국어 수업 선생님 바뀜 - it's 이도현 쌤 now"),
        ("d_busan3", "04-23 23:15", "im", "mixed", "Airbnb in 광안리: check-in 3pm, host says parking is free"),
        ("d_rent2", "04-28 21:00", "im", "ko", "월세 협상 성공ㅋㅋ 92만원으로 깎음"),
        ("d_standup2", "05-06 09:35", "channel", "en", "Standup's at 10:30 now because of the Seattle sync"),
        ("d_seat3", "05-13 10:00", "im", "en", "Team reshuffle: I'm on 7F now, desk 7-A-09"),
        ("d_flight2", "06-05 22:20", "im", "en", "Flight rebooked: June 20, departs 11:40. Same booking ref"),
    ],
}

# (user, query, gold keys, type, extras)
# extras: stale=[keys] (update), entity=str, other=[keys] + neg_kind (negative),
#         confusable=[keys] (same-name memories of other users)
NURSE_Q = [
    ("nurse", "내 사물함 지금 몇 번이지?", ["n_locker3"], "update", {"stale": ["n_locker1", "n_locker2"]}),
    ("nurse", "필라테스 요즘 무슨 요일 몇 시에 가?", ["n_pil3"], "update", {"stale": ["n_pil1", "n_pil2"]}),
    ("nurse", "수쌤 면담 며칠이었지?", ["n_meet2"], "update", {"stale": ["n_meet1"]}),
    ("nurse", "요즘 신는 러닝화 모델이랑 사이즈 알려줘", ["n_shoe2"], "update", {"stale": ["n_shoe1"]}),
    ("nurse", "최근 몸무게 몇 키로였지", ["n_weight2"], "update", {"stale": ["n_weight1"]}),
    ("nurse", "엄마 무릎 봐주시는 의사 선생님 누구야", ["n_mom_dr2"], "update", {"stale": ["n_mom_dr1"]}),
    ("nurse", "내 차 어디다 대야 되더라? 주차 구역", ["n_park2"], "update", {"stale": ["n_park1"]}),
    ("nurse", "하프 목표 기록 몇 분으로 잡았더라", ["n_goal2"], "update", {"stale": ["n_goal1"]}),
    ("nurse", "When can I pick up my Garmin?", ["n_garmin2"], "update", {"stale": ["n_garmin1"]}),
    ("nurse", "5월 나이트 누구랑 서?", ["n_night2"], "update", {"stale": ["n_night1"]}),
    ("nurse", "치과 스케일링 예약 언제야", ["n_dent"], "keyword", {}),
    ("nurse", "피부과 상담 몇 시였지", ["n_derm"], "keyword", {}),
    ("nurse", "세종호수하프 며칠이더라", ["n_race2"], "inflection", {}),
    ("nurse", "회비 보내는 날이 며칠이야", ["n_crew2"], "inflection", {}),
    ("nurse", "동생 식 올리는 데 어디고 몇 시야?", ["n_sister"], "paraphrase", {}),
    ("nurse", "빈혈약 언제 먹으라고 했더라", ["n_iron"], "paraphrase", {}),
    ("nurse", "크루 단체티 무슨 색으로 했지", ["n_crew3"], "paraphrase", {}),
    ("nurse", "배번 3187 어느 대회였지", ["n_race1"], "numeric", {}),
    ("nurse", "3370으로 끝나는 번호 누구 거?", ["n_crew1"], "numeric", {}),
    ("nurse", "갑천러너스 관련 정보 다 알려줘", ["n_crew1", "n_crew2", "n_crew3"], "entity", {"entity": "갑천러너스"}),
    ("nurse", "When is mom's birthday?", ["n_mom_bday"], "mixed_lang", {"confusable": ["g_mom_bday", "d_mum_bday", "b_cake1"]}),
    ("nurse", "How many hours of continuing education do I need?", ["n_edu"], "mixed_lang", {}),
    ("nurse", "내 혈액형 적어둔 거 있나?", [], "negative", {"neg_kind": "absent"}),
    ("nurse", "자전거 수리 맡긴 데 어디였지", [], "negative", {"neg_kind": "isolation", "other": ["g_bike"]}),
    ("nurse", "하람 쌤 birthday 언제였지?", [], "negative", {"neg_kind": "isolation_same_name", "other": ["d_haram"]}),
]

BAKER_Q = [
    ("baker", "버터 1키로 지금 얼마에 받고 있지?", ["b_butter3"], "update", {"stale": ["b_butter1", "b_butter2"]}),
    ("baker", "민지 요즘 몇 시 출근이야?", ["b_minji_t3"], "update", {"stale": ["b_minji_t1", "b_minji_t2"]}),
    ("baker", "밀가루 주문 무슨 요일에 넣더라", ["b_flour2"], "update", {"stale": ["b_flour1"]}),
    ("baker", "소금빵 지금 얼마 받지?", ["b_salt2"], "update", {"stale": ["b_salt1"]}),
    ("baker", "가게 쉬는 날 무슨 요일이었지", ["b_off2"], "update", {"stale": ["b_off1"]}),
    ("baker", "오븐 고장 나면 누구한테 전화해?", ["b_oven2"], "update", {"stale": ["b_oven1"]}),
    ("baker", "태윤이 시급 얼마 주고 있지", ["b_tae_pay2"], "update", {"stale": ["b_tae_pay1"]}),
    ("baker", "정소연 손님 케이크 몇 시에 찾으러 와?", ["b_cake2"], "update", {"stale": ["b_cake1"]}),
    ("baker", "smart store 주문 마감 몇 시야?", ["b_store2"], "update", {"stale": ["b_store1"]}),
    ("baker", "박스 최소주문 몇 개였지", ["b_box2"], "update", {"stale": ["b_box1"]}),
    ("baker", "태윤 생일 언제였지", ["b_tae_bday"], "keyword", {}),
    ("baker", "태윤 보건증 언제까지 갱신해야 돼", ["b_tae_health"], "keyword", {}),
    ("baker", "민지보건증 만료일이 언제야", ["b_minji_health"], "inflection", {}),
    ("baker", "민지 생일이 며칠이었더라", ["b_minji_bday"], "inflection", {}),
    ("baker", "세금 신고 맡기는 분 연락처", ["b_tax"], "paraphrase", {}),
    ("baker", "르방 밥 주는 비율 어케 되지", ["b_levain"], "paraphrase", {}),
    ("baker", "장터 나갈 때 뭐 챙겨야 돼?", ["b_flea3"], "paraphrase", {}),
    ("baker", "B-12 부스 무슨 행사였지", ["b_flea1"], "numeric", {}),
    ("baker", "6614로 끝나는 번호 누구야", ["b_tax"], "numeric", {}),
    ("baker", "플리마켓 관련된 거 정리해줘", ["b_flea1", "b_flea2", "b_flea3"], "entity", {"entity": "플리마켓"}),
    ("baker", "What grade and class is Seojun in?", ["b_seojun"], "mixed_lang", {}),
    ("baker", "Seoa's daycare class name?", ["b_seoa"], "mixed_lang", {}),
    ("baker", "가게 전기요금 이번 달 얼마 나왔더라", [], "negative", {"neg_kind": "absent"}),
    ("baker", "What size are my running shoes?", [], "negative", {"neg_kind": "isolation", "other": ["n_shoe1", "n_shoe2"]}),
    ("baker", "민지 전화번호 뭐였지?", [], "negative", {"neg_kind": "isolation_same_name", "other": ["g_minji"]}),
]

GRAD_Q = [
    ("grad", "논문 최종본 언제까지 내야 돼?", ["g_deadline3"], "update", {"stale": ["g_deadline1", "g_deadline2"]}),
    ("grad", "다음 승선 언제 어디서 출발이야?", ["g_boat3"], "update", {"stale": ["g_boat1", "g_boat2"]}),
    ("grad", "B탱크 지금 몇 도로 맞춰놨지", ["g_tank2"], "update", {"stale": ["g_tank1"]}),
    ("grad", "최교수님 면담 무슨 요일이더라", ["g_adv2"], "update", {"stale": ["g_adv1"]}),
    ("grad", "공초점 현미경 언제로 잡아놨지", ["g_scope2"], "update", {"stale": ["g_scope1"]}),
    ("grad", "이사 며칠에 해?", ["g_move2"], "update", {"stale": ["g_move1"]}),
    ("grad", "조교 근무하는 시간 언제야", ["g_ta2"], "update", {"stale": ["g_ta1"]}),
    ("grad", "What size is my conference poster?", ["g_poster2"], "update", {"stale": ["g_poster1"]}),
    ("grad", "학회 발표 몇 호실에서 해?", ["g_talk2"], "update", {"stale": ["g_talk1"]}),
    ("grad", "폴립 샘플 지금 몇 개 남았지?", ["g_sample2"], "update", {"stale": ["g_sample1"]}),
    ("grad", "기장 수온 몇 도였어?", ["g_gijang"], "keyword", {}),
    ("grad", "논문 3장 제목 뭐였지", ["g_ch3"], "keyword", {}),
    ("grad", "다이빙장비 렌탈비 얼마야", ["g_dive2"], "inflection", {}),
    ("grad", "R스크립트 어디 올려놨더라", ["g_nas"], "inflection", {}),
    ("grad", "자전거 고친 가게 어디였지", ["g_bike"], "paraphrase", {}),
    ("grad", "지도교수님 음료 취향 뭐였지", ["g_coffee"], "paraphrase", {}),
    ("grad", "14.2도 나왔던 데가 어디더라", ["g_dadae"], "numeric", {}),
    ("grad", "6603-1184 누구 번호였지?", ["g_minji"], "numeric",
     {"confusable": ["b_minji_t1", "b_minji_bday", "b_minji_health", "b_minji_t2", "b_minji_t3"]}),
    ("grad", "다이빙 관련 메모 다 보여줘", ["g_dive1", "g_dive2", "g_dive3"], "entity", {"entity": "다이빙"}),
    ("grad", "When's mom's birthday again?", ["g_mom_bday"], "mixed_lang", {"confusable": ["n_mom_bday", "d_mum_bday", "b_cake1"]}),
    ("grad", "where did I upload the stats code?", ["g_nas"], "mixed_lang", {}),
    ("grad", "Who's my dive buddy?", ["g_dive3"], "mixed_lang", {}),
    ("grad", "Which dorm room am I in?", [], "negative", {"neg_kind": "absent"}),
    ("grad", "Garmin 워치 언제 찾으러 가?", [], "negative", {"neg_kind": "isolation", "other": ["n_garmin1", "n_garmin2"]}),
    ("grad", "교수님 연구실 내선번호 뭐였지", [], "negative", {"neg_kind": "absent"}),
]

DEV_Q = [
    ("dev", "when's alpha lock?", ["d_alpha3"], "update", {"stale": ["d_alpha1", "d_alpha2"]}),
    ("dev", "which desk am I at these days", ["d_seat3"], "update", {"stale": ["d_seat1", "d_seat2"]}),
    ("dev", "What time is my flight to London now?", ["d_flight2"], "update", {"stale": ["d_flight1"]}),
    ("dev", "what night is climbing?", ["d_climb2"], "update", {"stale": ["d_climb1"]}),
    ("dev", "Which room is the external playtest in?", ["d_playtest2"], "update", {"stale": ["d_playtest1"]}),
    ("dev", "what Unity version is the project on", ["d_unity2"], "update", {"stale": ["d_unity1"]}),
    ("dev", "what time is standup", ["d_standup2"], "update", {"stale": ["d_standup1"]}),
    ("dev", "치과 예약 언제였지?", ["d_dent2"], "update", {"stale": ["d_dent1"]}),
    ("dev", "Who's my Korean teacher at the moment?", ["d_korean2"], "update", {"stale": ["d_korean1"]}),
    ("dev", "How much is my monthly rent now?", ["d_rent2"], "update", {"stale": ["d_rent1"]}),
    ("dev", "When's Gran's 90th?", ["d_gran"], "keyword", {}),
    ("dev", "Jiwoo 1:1 what time?", ["d_jiwoo"], "keyword", {}),
    ("dev", "Sora phone", ["d_sora"], "keyword", {}),
    ("dev", "when is mums bday", ["d_mum_bday"], "inflection", {"confusable": ["n_mom_bday", "g_mom_bday", "b_cake1"]}),
    ("dev", "airbnb check in time", ["d_busan3"], "inflection", {}),
    ("dev", "when do I catch up with the publisher", ["d_mark"], "paraphrase", {}),
    ("dev", "anything I can't eat at 회식?", ["d_shellfish"], "paraphrase", {}),
    ("dev", "whose number ends in 9047", ["d_sora"], "numeric", {}),
    ("dev", "what's the 8am train for", ["d_busan2"], "numeric", {}),
    ("dev", "Busan trip details", ["d_busan1", "d_busan2", "d_busan3"], "entity", {"entity": "Busan trip"}),
    ("dev", "하람 생일 언제더라?", ["d_haram"], "mixed_lang", {}),
    ("dev", "회사 근처 국밥집 이름 뭐였지", ["d_gukbap"], "mixed_lang", {}),
    ("dev", "What's my landlord's name?", [], "negative", {"neg_kind": "absent"}),
    ("dev", "When's the flea market and what's my booth?", [], "negative", {"neg_kind": "isolation", "other": ["b_flea1"]}),
    ("dev", "내 visa 만료일 언제였지?", [], "negative", {"neg_kind": "absent"}),
]

QUERIES = NURSE_Q + BAKER_Q + GRAD_Q + DEV_Q

KST = timedelta(hours=9)


def to_utc(kst, key):
    local = datetime.strptime("2026-" + kst, "%Y-%m-%d %H:%M")
    sec = sum(map(ord, key)) % 60  # deterministic seconds
    return (local - KST + timedelta(seconds=sec)).strftime("%Y-%m-%dT%H:%M:%SZ")


def build():
    memories, key2id, key2user, key2ts = [], {}, {}, {}
    n = 0
    for ukey, uid in USERS.items():
        rows = sorted(MEMS[ukey], key=lambda r: to_utc(r[1], r[0]))
        for key, kst, ch, lang, text in rows:
            if key in key2id:
                raise SystemExit("duplicate memory key " + key)
            n += 1
            mid = "m%04d" % n
            ts = to_utc(kst, key)
            key2id[key], key2user[key], key2ts[key] = mid, uid, ts
            memories.append({"id": mid, "user_id": uid, "text": text, "ts": ts,
                             "channel_type": ch, "lang": lang})

    queries = []
    for i, (ukey, q, gold, qtype, ex) in enumerate(QUERIES, 1):
        row = {"qid": "q%03d" % i, "user_id": USERS[ukey], "query": q,
               "gold": [key2id[k] for k in gold], "type": qtype}
        if "stale" in ex:
            row["stale"] = [key2id[k] for k in ex["stale"]]
        if "entity" in ex:
            row["entity"] = ex["entity"]
        if "other" in ex:
            row["other_user_has"] = key2user[ex["other"][0]]
            row["other_user_mem"] = [key2id[k] for k in ex["other"]]
        if "neg_kind" in ex:
            row["neg_kind"] = ex["neg_kind"]
        if "confusable" in ex:
            row["confusable_other_user"] = [key2id[k] for k in ex["confusable"]]
        queries.append(row)

    for name, rows in (("memories.jsonl", memories), ("queries.jsonl", queries)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # summary
    mem_lang = {m["id"]: m["lang"] for m in memories}
    print("memories:", len(memories), dict(Counter(m["lang"] for m in memories)),
          dict(Counter(m["channel_type"] for m in memories)))
    print("queries:", len(queries), dict(Counter(q["type"] for q in queries)))
    print("queries per user:", dict(Counter(q["user_id"] for q in queries)))
    pair_lang = Counter()
    chains = 0
    for q in queries:
        if q["type"] != "update":
            continue
        langs = {mem_lang[i] for i in q["gold"] + q["stale"]}
        pair_lang["ko" if langs == {"ko"} else "en" if langs == {"en"} else "mixed"] += 1
        chains += len(q["stale"]) > 1
    print("update pairs by language:", dict(pair_lang), "| three-version chains:", chains)
    print("negatives by neg_kind:", dict(Counter(q["neg_kind"] for q in queries if q["type"] == "negative")))


if __name__ == "__main__":
    build()
