#!/usr/bin/env python3
"""blind25: held-out Korean/English Slack personal-memory eval set.

All data is inline. Running this writes memories.jsonl, queries.jsonl and README.md next to
this file. Output is deterministic. Python 3 standard library only.
"""
import datetime as _dt
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KST = _dt.timezone(_dt.timedelta(hours=9))

# user letter -> (Slack user id, persona)
USERS = {
    "A": ("U07KX4PQ2", "Incheon subway Line 2 train driver (기관사) living in 검단 with his wife, a first-grade daughter 서윤 and a cheese cat named 콩이. Writes mostly plain Korean notes."),
    "B": ("U05RM8TZ6", "Korean-American data engineer at a fintech in 여의도, lives alone in 성수, girlfriend 지우, parents in Fullerton CA. Mixes Korean and English in almost every line."),
    "C": ("U09HD3WL1", "Hanwoo cattle farmer in 장흥, 전남, with a son 준호, a daughter 수아 and a calf named 콩이. Terse 반말 shorthand with typos (ㅇㅇ, 담주, 화욜, 이엇음)."),
    "D": ("U04NC7VB5", "Canadian international-admissions officer at the invented 서림대 (Seorim University) in Daejeon, with a co-worker Haeun and a brother Daniel. Writes mostly English, a few mixed lines."),
}
ORDER = ["A", "B", "C", "D"]

MEMS = []        # dicts: u, key, local, ch, lang, text
CHAINS = {}      # name -> dict(u, keys, how, correction)
QUERIES = []     # dicts: u, type, query, gold keys, extra
LOOKALIKES = []  # (key1, key2, what they share)


def mem(u, key, local, ch, lang, text):
    MEMS.append(dict(u=u, key=key, local=local, ch=ch, lang=lang, text=text))


def chain(name, u, keys, how, correction=False):
    CHAINS[name] = dict(u=u, keys=list(keys), how=how, correction=correction)


def q(u, typ, query, gold=(), **extra):
    QUERIES.append(dict(u=u, type=typ, query=query, gold=list(gold), extra=extra))


def upd(u, chain_name, query):
    q(u, "update", query, chain=chain_name)


def look(k1, k2, shared):
    LOOKALIKES.append((k1, k2, shared))


# ---------------------------------------------------------------- user A: train driver (ko)
A = "A"
mem(A, "a_kong_bday", "2026-02-03 22:14", "im", "ko", "콩이 생일 2월 22일. 고양이의 날이랑 같아서 안 까먹음 ㅎ 치즈 코숏 3살")
mem(A, "a_medical_v1", "2026-02-05 07:40", "channel", "ko", "[승무 공지] 정기 신체검사 4월 8일(수) 오전 9시, 서해중앙병원 건강검진센터 3층. 전날 밤 9시부터 금식")
mem(A, "a_vet_v1", "2026-02-09 19:05", "im", "ko", "콩이 다니는 동물병원은 '냥이랑동물병원', 최은별 원장님이 담당. 예약제고 번호는 032-563-7702")
mem(A, "a_bowling_v1", "2026-02-12 21:30", "channel", "ko", "승무원 볼링 동호회 월회비 2만원, 매달 10일까지 총무 한상길 님한테 보내면 됨")
mem(A, "a_mgmt_office", "2026-02-16 12:10", "im", "ko", "우리 아파트 '푸른마을 7단지' 관리사무소 032-568-4410, 평일 9시~18시만 받음")
mem(A, "a_car_v1", "2026-02-20 20:45", "im", "ko", "차 정기점검 예약함. 검단 '한길모터스' 3월 21일 토요일 오전 10시, 엔진오일이랑 브레이크패드 교체")
mem(A, "a_minjae_wedding", "2026-02-24 23:02", "im", "ko", "민재(남동생) 결혼식 10월 10일 토요일 낮 12시, 부산 해운대 '오션그랜드홀'. 축가 부탁받음;;")
mem(A, "a_shift_v1", "2026-03-02 06:05", "channel", "ko", "3월 교번표 나옴. 나는 B조, 오후 출근 13:20 / 퇴근 22:40 패턴")
mem(A, "a_consult_v1", "2026-03-09 21:15", "im", "ko", "서윤이 담임 상담 4월 2일 목요일 15:30, 검단초 1학년 3반 교실에서")
mem(A, "a_car_v2", "2026-03-16 23:40", "im", "ko", "주말 근무 갑자기 잡혀서 정비 예약 옮김 → 3월 24일 화요일 오후 2시. 한길모터스에 전화로 변경 완료")
mem(A, "a_community", "2026-03-18 10:20", "im", "ko", "검단2동 주민센터 민원실 032-568-4417. 서윤이 전입 서류 건으로 통화함")
mem(A, "a_internet_v1", "2026-03-25 20:00", "im", "ko", "집 인터넷 약정 8월에 끝남. 지금 TV 포함해서 월 33,000원 나감")
mem(A, "a_consult_v2", "2026-03-27 22:10", "im", "ko", "담임쌤 학년회의 생기셔서 상담 한 시간 뒤로 → 16:30. 알림장으로 옴")
mem(A, "a_medical_v2", "2026-03-30 14:55", "im", "ko", "신검 4/8 → 4/15로 밀림. 검진센터 장비 교체 때문이라고 사업소 공지 뜸")
mem(A, "a_piano_v1", "2026-04-01 18:20", "im", "ko", "서윤이 피아노 학원 '도담피아노', 원당동 상가 2층. 화·목 오후 4시 수업, 원비 월 15만원")
mem(A, "a_award", "2026-04-06 21:00", "channel", "ko", "안전운행 무사고 표창 받음 🎉 포상금 30만원은 4월 급여에 같이 들어온대")
mem(A, "a_medical_v3", "2026-04-07 13:00", "im", "ko", "신체검사 또 바뀜;; 4월 14일 화요일 오전 8시 30분으로 당겨짐. 장소는 그대로 서해중앙병원")
mem(A, "a_bowling_v2", "2026-04-11 22:30", "channel", "ko", "볼링회비 25,000원으로 오름 ㅠ 볼링장 레인비가 올라서 어쩔 수 없대")
mem(A, "a_bowling_v3", "2026-04-13 09:10", "channel", "ko", "아 정정. 회비 25,000 아니고 23,000원이래. 총무님이 단톡에 다시 올리심")
mem(A, "a_mil_bday", "2026-04-14 20:10", "im", "ko", "장모님 생신 양력 9월 3일. 작년에 깜빡해서 혼났으니 올해는 미리 준비")
mem(A, "a_mom_bday", "2026-04-20 21:35", "im", "ko", "엄마 생신은 음력 9월 3일이라 매년 양력 날짜 달력으로 다시 확인해야 함")
mem(A, "a_vet_v2", "2026-04-28 19:30", "im", "ko", "냥이랑 최원장님 그만두셨대. 이제 콩이 진료는 박지완 선생님이 보심. 병원 번호는 그대로")
mem(A, "a_shift_v2", "2026-04-30 22:00", "channel", "ko", "5월부터 조 바뀜. B조 말고 이제 D조, 새벽 출근 05:50 시작이라 알람 4시 50분")
mem(A, "a_training_v1", "2026-05-04 07:15", "channel", "ko", "안전운행 보수교육 5월 20일(수) 09:00~17:00, 운연 교육센터 2강의실. 비번날이라 출석만 잘 찍기")
mem(A, "a_minjae_job", "2026-05-08 21:40", "im", "ko", "민재 울산 '동해정밀'로 이직했대. 품질관리팀이고 6월 1일 첫 출근")
mem(A, "a_training_v2", "2026-05-11 12:00", "im", "ko", "그거 대면 말고 온라인으로 바뀜. 날짜 같고 줌 링크는 전날 문자로 온대")
mem(A, "a_anniv_v1", "2026-05-12 22:05", "im", "ko", "결혼기념일 디너 예약: 송도 '라메르 그릴' 6월 6일 토요일 저녁 7시, 창가 2인석")
mem(A, "a_piano_v2", "2026-05-15 17:30", "im", "ko", "도담피아노 이사함. 이제 마전동 새 건물 3층 (마전역 1번 출구 앞). 요일, 시간, 원비는 그대로")
mem(A, "a_gukbap", "2026-05-18 13:20", "im", "ko", "석남동 '석남옥' 돼지국밥 9천원. 야간 끝나고 아침 7시부터 열어서 딱 좋음")
mem(A, "a_anniv_v2", "2026-05-29 19:40", "im", "mixed", "anniversary dinner 7시 → 7:30 PM으로 변경. 라메르 그릴에서 전화 옴 (kitchen 사정이래)")
mem(A, "a_minjae_chairs", "2026-06-03 20:00", "im", "ko", "민재가 빌려간 캠핑의자 2개 아직 안 줌. 결혼식 때 받아오기")
mem(A, "a_internet_v2", "2026-06-10 21:10", "im", "mixed", "home wifi 요금 이번 달부터 29,700원. 재약정하면서 TV는 빼고 internet만 남김")
mem(A, "a_blackout", "2026-06-15 23:30", "im", "ko", "야간 근무 후 낮잠용 암막커튼 주문함. 안방 창문 폭 240cm")
mem(A, "a_kong_food", "2026-06-20 20:20", "im", "ko", "콩이 사료 '그레인프리 연어' 2kg짜리 한 달 반 정도 감. 다음 주문은 7월 말")

chain("a_medical", A, ["a_medical_v1", "a_medical_v2", "a_medical_v3"], "abbreviation 신검 + date pushed; then topic words repeated, date pulled, place stays")
chain("a_bowling", A, ["a_bowling_v1", "a_bowling_v2", "a_bowling_v3"], "shortened topic 볼링회비, price up with reason; then correction of the new price (정정)", correction=True)
chain("a_vet", A, ["a_vet_v1", "a_vet_v2"], "person replaced, clinic number stays")
chain("a_car", A, ["a_car_v1", "a_car_v2"], "reason first (주말 근무), date pushed, synonym 정비")
chain("a_shift", A, ["a_shift_v1", "a_shift_v2"], "names the old value (B조 말고 D조)")
chain("a_consult", A, ["a_consult_v1", "a_consult_v2"], "reason first, time pushed one hour")
chain("a_internet", A, ["a_internet_v1", "a_internet_v2"], "synonym (home wifi), price changed, weeks later")
chain("a_piano", A, ["a_piano_v1", "a_piano_v2"], "place moved, says days/time/fee stay the same")
chain("a_training", A, ["a_training_v1", "a_training_v2"], "pronoun only (그거), moved online, date stays")
chain("a_anniv", A, ["a_anniv_v1", "a_anniv_v2"], "English synonym (anniversary dinner), time pushed")

upd(A, "a_medical", "신체검사 날짜 최종으로 언제야?")
upd(A, "a_bowling", "볼링 동호회 회비 한 달에 얼마 내야 돼?")
upd(A, "a_vet", "콩이 봐주시는 수의사 선생님 누구지")
upd(A, "a_car", "차 정기점검 예약 날짜")
upd(A, "a_shift", "나 지금 교번 무슨 조야?")
upd(A, "a_consult", "서윤이 담임 상담 몇 시였지")
upd(A, "a_internet", "인터넷 요금 매달 얼마 나가?")
upd(A, "a_piano", "도담피아노 위치 어디야")
upd(A, "a_training", "보수교육 어디서 들어?")
upd(A, "a_anniv", "결혼기념일 저녁 예약 몇 시야")

q(A, "keyword", "관리사무소 전화번호", ["a_mgmt_office"])
q(A, "keyword", "암막커튼 주문할 때 창문 폭", ["a_blackout"])
q(A, "keyword", "민재 캠핑의자 빌려간 거", ["a_minjae_chairs"])
q(A, "inflection", "장모님 생신이 언제였더라", ["a_mil_bday"])
q(A, "inflection", "무사고표창 포상금은 얼마였지", ["a_award"])
q(A, "paraphrase", "우리 고양이 태어난 날", ["a_kong_bday"], confusable=["c_calf_born"])
q(A, "paraphrase", "고양이 밥 다음에 언제 사야 돼", ["a_kong_food"])
q(A, "entity", "민재 관련해서 적어둔 거 전부 보여줘", ["a_minjae_wedding", "a_minjae_job", "a_minjae_chairs"], entity="민재")
q(A, "numeric", "0325684417 어디 번호였지", ["a_community"])
q(A, "numeric", "음력 9월 3일이 누구 생신이지", ["a_mom_bday"])
q(A, "mixed_lang", "Where is my brother's wedding in Busan?", ["a_minjae_wedding"])
q(A, "mixed_lang", "gukbap place that opens at 7am after a night shift", ["a_gukbap"])
q(A, "negative", "콩이 중성화 수술 날짜 언제였지", [], neg_kind="absent")
q(A, "negative", "콩이 귀표 번호 뭐였지", [], neg_kind="isolation_same_name", other="C", other_mem=["c_ear_tag"])
q(A, "negative", "사료 포대당 가격 얼마로 올랐지", [], neg_kind="isolation", other="C", other_mem=["c_feed_v1", "c_feed_v2"])

look("a_mgmt_office", "a_community", "검단 office phone numbers 032-568-4410 vs 032-568-4417")
look("a_mil_bday", "a_mom_bday", "생신 9월 3일: 장모님 (양력) vs 엄마 (음력)")

# ---------------------------------------------------------------- user B: data engineer (mixed)
B = "B"
mem(B, "b_office", "2026-02-02 09:12", "im", "mixed", "New office: 여의도 한강파이낸스타워 18층. 출입증은 1층 security desk에서 받으면 됨")
mem(B, "b_allergy", "2026-02-04 12:40", "im", "mixed", "Note to self: 나 peanut allergy 있음 — 회식 때 땅콩 소스 빼달라고 꼭 말하기")
mem(B, "b_rent_v1", "2026-02-06 22:10", "im", "mixed", "성수 원룸 월세 130만원, 관리비 별도 (보통 12만 정도). auto-transfer every 25th")
mem(B, "b_jenny_fin", "2026-02-10 15:20", "channel", "en", "Jenny Park on the finance team owns the settlement tables. Ask her before touching any reconciliation columns.")
mem(B, "b_manager_v1", "2026-02-13 17:00", "channel", "mixed", "새 팀장님 Daniel Cho 오심. 1:1은 매주 목요일 4pm, 14층 small meeting room")
mem(B, "b_dentist_v1", "2026-02-18 21:30", "im", "mixed", "치과 scaling 예약: 성수 '바른결치과' 3/14 (Sat) 11am")
mem(B, "b_dag_count_v1", "2026-02-23 11:05", "channel", "mixed", "Dagster migration 대상 DAG 총 42개. ledger_* 전부 포함")
mem(B, "b_cutover_v1", "2026-02-26 18:30", "channel", "mixed", "Ledger pipeline cutover 날짜 fix: 4/20 (Mon) 02:00 KST. 그 주 on-call은 나")
mem(B, "b_climbing_v1", "2026-03-02 21:45", "im", "en", "Climbing gym: Boulder Yard Seongsu, 3-month pass for 270,000 won, good until May 31.")
mem(B, "b_dag_naming", "2026-03-05 10:30", "channel", "en", "DAG naming rule from now on: ledger_<domain>_<freq>, e.g. ledger_fx_daily. No more _v2 suffixes.")
mem(B, "b_dentist_v2", "2026-03-09 22:00", "im", "mixed", "Dentist 3/14 → 3/21로 미룸, 시간은 same 11am. 토요일 on-call이랑 겹쳐서")
mem(B, "b_jiwoo_bday", "2026-03-12 23:10", "im", "mixed", "지우 birthday June 9 — 사귀고 첫 생일이라 선물 미리 고민하기")
mem(B, "b_team_dinner_v1", "2026-03-17 13:30", "channel", "mixed", "Team 회식 4/3 (Fri) 7pm, 여의도 '숯불정원' 2층 룸")
mem(B, "b_dentist_v3", "2026-03-19 08:50", "im", "mixed", "치과 또 연기 ㅋㅋ 3/28 Sat 10:30am. this time for real")
mem(B, "b_jenny_family", "2026-03-24 20:30", "im", "mixed", "엄마 친구 딸 Jenny Park, 4월에 서울 출장 온대. 밥 한번 사주기로 함 (mom's request)")
mem(B, "b_team_dinner_v2", "2026-03-31 10:15", "channel", "en", "That got moved to 4/10. Same place, same time.")
mem(B, "b_korean_class", "2026-04-02 20:00", "im", "mixed", "존댓말 email writing class 등록: 화/목 7:30pm, 강남 '말글어학원', 3개월 45만원")
mem(B, "b_cutover_v2", "2026-04-06 16:40", "channel", "mixed", "Cutover pushed to 4/27 — 감사팀 review가 아직 안 끝남")
mem(B, "b_dad_gifts", "2026-04-08 22:30", "im", "mixed", "아빠 부탁 list: 홍삼 2박스, 쿨파스 3팩, 김 한 박스 — LA 갈 때 pack하기")
mem(B, "b_cutover_v3", "2026-04-09 09:20", "channel", "mixed", "Correction: cutover는 4/27 아니고 4/28 (Tue) 02:00. 월요일 새벽엔 정산 batch가 돌아서 안 됨")
mem(B, "b_visa_v1", "2026-04-13 12:10", "im", "mixed", "F-4 체류기간 연장 appointment: 목동 출입국사무소 5/7 (Thu) 2:30pm. 여권, 재직증명서, 가족관계 서류 챙기기")
mem(B, "b_jiwoo_mom", "2026-04-17 21:20", "im", "mixed", "지우 어머님 생신 June 19 — 지우가 그날 같이 식사하자고 함")
mem(B, "b_gift_v1", "2026-04-20 23:00", "im", "mixed", "지우 생일 선물: 성수 '오브제 향공방' perfume making class, 6/6 (Sat) 2pm 2인 예약함")
mem(B, "b_manager_v2", "2026-04-24 18:10", "channel", "mixed", "Daniel 팀장님 risk팀으로 이동. 이제 1:1은 강수민 팀장님이랑 — 시간은 그대로 목 4pm")
mem(B, "b_dag_count_v2", "2026-04-29 15:00", "channel", "mixed", "Migration scope 줄임: 42 → 37 DAGs. 나머지 5개는 그냥 deprecate하기로")
mem(B, "b_visa_v2", "2026-05-01 19:30", "im", "mixed", "출입국 appt 5/12 (Tue) 10am으로 변경. 서류는 같음")
mem(B, "b_dad_surgery", "2026-05-06 08:40", "im", "mixed", "아빠 무릎 수술 7/2, Orangewood Medical Center (Fullerton). 6월 말부터 LA에 있어야 함")
mem(B, "b_flight_v1", "2026-05-11 22:50", "im", "mixed", "LA 집 가는 flight: 6/25 ICN→LAX OZ2041 저녁 출발, 예약번호 HQ7M2P")
mem(B, "b_climbing_v2", "2026-05-20 21:00", "im", "en", "Not Boulder Yard anymore. Switched to Crux Lab by Ttukseom station, 99,000 won a month.")
mem(B, "b_gift_v2", "2026-05-26 22:40", "im", "mixed", "wait, 향공방 class 6/6 아니고 6/13이었음. 문자 다시 보니까 내가 날짜 잘못 적음")
mem(B, "b_rent_v2", "2026-06-01 20:10", "im", "mixed", "Housing cost update: 집주인이 재계약 조건으로 월 135만원 요구 → OK 했음. 8월분부터 적용")
mem(B, "b_dad_70", "2026-06-05 21:00", "im", "mixed", "Dad's 70th birthday Aug 14 — 형이랑 cake이랑 dinner 비용 반반 하기로")
mem(B, "b_flight_v2", "2026-06-09 13:15", "im", "mixed", "병원 일정이 빠듯해서 LAX 비행기 하루 당김 → 6/24 출발. flight no.는 그대로, change fee 8만원")
mem(B, "b_plant", "2026-06-14 10:00", "im", "mixed", "몬스테라 watering: 10일에 한 번, 베란다 말고 거실 창가에 두기")

chain("b_dentist", B, ["b_dentist_v1", "b_dentist_v2", "b_dentist_v3"], "English synonym (Dentist), date pushed, reason last; then 또 연기, pushed again with new time")
chain("b_cutover", B, ["b_cutover_v1", "b_cutover_v2", "b_cutover_v3"], "date pushed with a reason; then correction (4/27 아니고 4/28)", correction=True)
chain("b_climbing", B, ["b_climbing_v1", "b_climbing_v2"], "names the old value (Not Boulder Yard anymore), place moved, price changed, weeks later")
chain("b_visa", B, ["b_visa_v1", "b_visa_v2"], "abbreviation (출입국 appt), date pushed, says documents stay the same")
chain("b_manager", B, ["b_manager_v1", "b_manager_v2"], "person replaced, time stays")
chain("b_flight", B, ["b_flight_v1", "b_flight_v2"], "reason first, date pulled one day, synonym 비행기")
chain("b_rent", B, ["b_rent_v1", "b_rent_v2"], "synonym (housing cost), price changed, months later")
chain("b_team_dinner", B, ["b_team_dinner_v1", "b_team_dinner_v2"], "pronoun only in English (That got moved), date pushed")
chain("b_gift", B, ["b_gift_v1", "b_gift_v2"], "correction (6/6 아니고 6/13), short topic 향공방 class", correction=True)
chain("b_dag_count", B, ["b_dag_count_v1", "b_dag_count_v2"], "count changed (42 → 37), synonym migration scope")

upd(B, "b_dentist", "When's my dentist appointment?")
upd(B, "b_cutover", "ledger cutover 언제로 확정됐지")
upd(B, "b_climbing", "Which climbing gym am I going to now?")
upd(B, "b_visa", "F-4 연장 appointment 날짜 언제야")
upd(B, "b_manager", "매주 1:1 누구랑 하지?")
upd(B, "b_flight", "LA 가는 비행기 언제 출발?")
upd(B, "b_rent", "월세 지금 얼마야")
upd(B, "b_team_dinner", "team dinner 날짜 언제였지")
upd(B, "b_gift", "향공방 perfume class 날짜")
upd(B, "b_dag_count", "Dagster로 옮기는 DAG 몇 개야?")

q(B, "keyword", "DAG naming rule", ["b_dag_naming"])
q(B, "keyword", "말글어학원 수업 요일", ["b_korean_class"])
q(B, "keyword", "몬스테라 물 주기", ["b_plant"])
q(B, "inflection", "지우 어머님 생신이 언제더라", ["b_jiwoo_mom"])
q(B, "inflection", "땅콩알레르기 있다고 말해야 하나", ["b_allergy"])
q(B, "paraphrase", "회사 건물 출입카드 어디서 받지", ["b_office"])
q(B, "paraphrase", "사귀는 사람 생일이 언제야", ["b_jiwoo_bday"])
q(B, "entity", "아빠 관련 메모 전부", ["b_dad_gifts", "b_dad_surgery", "b_dad_70"], entity="아빠")
q(B, "numeric", "Aug 14 무슨 날이야", ["b_dad_70"])
q(B, "numeric", "450,000원 낸 수업 뭐였지", ["b_korean_class"])
q(B, "mixed_lang", "정산 테이블 담당자 누구야", ["b_jenny_fin"])
q(B, "mixed_lang", "When is mom's friend's daughter Jenny visiting Seoul?", ["b_jenny_family"])
q(B, "negative", "gym locker number", [], neg_kind="absent")
q(B, "negative", "피아노 학원 원비 얼마였지", [], neg_kind="isolation", other="A", other_mem=["a_piano_v1", "a_piano_v2"])
q(B, "negative", "Haeun 결혼식 언제였지?", [], neg_kind="isolation", other="D", other_mem=["d_haeun_wedding"])

look("b_jenny_fin", "b_jenny_family", "two different people named Jenny Park")
look("b_jiwoo_bday", "b_jiwoo_mom", "지우 June 9 birthday vs 지우 어머님 June 19")

# ---------------------------------------------------------------- user C: hanwoo farmer (ko, terse)
C = "C"
mem(C, "c_feed_v1", "2026-02-03 06:20", "im", "ko", "비육사료 한포 25키로 13,800원. 남도사료 배영식 사장한테 40포 주문함")
mem(C, "c_vet_v1", "2026-02-07 19:40", "im", "ko", "푸른들동물병원 정태웅 원장 소 왕진 폰 010-3358-2061")
mem(C, "c_hay_v1", "2026-02-11 08:10", "im", "ko", "볏짚 곤포 60롤 주문 롤당 5만 4월초 배달")
mem(C, "c_cctv_v1", "2026-02-15 21:15", "im", "ko", "축사 cctv 4대 설치 견적 180만 장흥테크")
mem(C, "c_9_hoof", "2026-02-19 17:30", "im", "ko", "9번 발굽 깍음 절뚝거리던거 좀 나아짐")
mem(C, "c_calf_born", "2026-02-27 05:40", "im", "ko", "콩이 태어남 2/27 새벽 5시쯤. 9번 새끼 암송아지 이름은 수아가 지음")
mem(C, "c_ear_tag", "2026-03-02 14:00", "im", "ko", "콩이 귀표 410 2231 7785 신고완료 ㅇㅇ")
mem(C, "c_hay_v2", "2026-03-06 20:30", "im", "ko", "창고 자리 모자라서 짚 사일리지 45개로 줄임 값은 그대로")
mem(C, "c_9_milk", "2026-03-08 07:30", "im", "ko", "9번 젖 잘 안나옴 콩이 대용유 하루 2번 먹이는중")
mem(C, "c_assembly_v1", "2026-03-10 21:00", "channel", "ko", "[영농조합] 정기총회 3/28 토 오후2시 마을회관")
mem(C, "c_cctv_v2", "2026-03-18 22:20", "im", "ko", "cctv 견적 다시받음 160 ㄱㄱ 업체는 장흥테크 그대로")
mem(C, "c_assembly_v2", "2026-03-20 18:00", "channel", "ko", "총회 장소 바뀜 회관 공사중이라 면사무소 2층 회의실. 시간 똑같음")
mem(C, "c_ship_v1", "2026-03-25 20:10", "im", "ko", "큰소 3두 출하 4/22 나주 공판장 새벽 5시 상차")
mem(C, "c_feed_v2", "2026-04-01 12:30", "im", "ko", "사료 또오름 ㅡㅡ 포대당 14,600 담달부터래")
mem(C, "c_ship_v2", "2026-04-10 21:40", "im", "ko", "그거 4/29로 미룸 ㅇㅇ 공판장 자리없대")
mem(C, "c_ai_v1", "2026-04-13 06:50", "im", "ko", "17번 발정옴 수정사 김동춘 담주 화욜 오전 온다함")
mem(C, "c_ai_v2", "2026-04-16 20:00", "im", "ko", "수정 화욜 말고 수욜 아침7시로 바꿈")
mem(C, "c_ai_v3", "2026-04-20 19:10", "im", "ko", "김동춘씨 허리다쳐서 못온대 대신 오재필 수정사가 옴 수욜 아침 그대로")
mem(C, "c_tractor_v1", "2026-04-23 16:00", "im", "ko", "트랙터 유압 새는거 대덕농기계 맡김 금욜 찾으러감")
mem(C, "c_tractor_v2", "2026-04-25 11:30", "im", "ko", "대덕 부품없대서 강진 성진농기계센터로 넘김. 찾는건 담주 월욜")
mem(C, "c_cow31", "2026-04-27 21:00", "im", "ko", "31번 분만예정 6/12 ㅇㅇ 분만실 비워두기")
mem(C, "c_sports_v1", "2026-04-28 22:00", "im", "ko", "준호 운동회 5/15 금 오전9시 장흥초")
mem(C, "c_cow13", "2026-05-02 20:40", "im", "ko", "13번 분만예정 6/21. 초산이라 잘봐야됨")
mem(C, "c_vet_v2", "2026-05-06 18:20", "im", "ko", "정원장님 번호바뀜 010-4172-9935 예전꺼 안씀")
mem(C, "c_auction_v1", "2026-05-10 21:10", "im", "ko", "담주 장흥 송아지경매 4마리 냄 수3 암1")
mem(C, "c_sports_v2", "2026-05-11 07:20", "im", "ko", "운동회 5/15아니고 5/14목이엇음 가정통신문 잘못봄")
mem(C, "c_auction_v2", "2026-05-13 22:30", "im", "ko", "경매 5마리로 늘림 23번새끼도 내기로")
mem(C, "c_auction_v3", "2026-05-17 06:10", "im", "ko", "송아지 경매 결국 4두. 23번새끼 설사해서 뺏음 ㅠ")
mem(C, "c_hanwoo_fest", "2026-05-24 20:00", "channel", "ko", "[영농조합] 탐진 한우축제 부스 9/25~27 신청받음. 우리 시식부스 ㅇㅋ")
mem(C, "c_water_fest", "2026-06-08 21:30", "im", "ko", "탐진 물놀이축제 7/31 수아 데려가기로 약속함")
mem(C, "c_allowance", "2026-06-15 08:00", "im", "ko", "농업인수당 신청 6월30일까지 면사무소. 경영체 확인서 떼가야됨")
mem(C, "c_compost", "2026-06-20 19:00", "im", "ko", "퇴비장 냄새 민원 들어옴 옆집 윤씨 ㅠ 덮개 사야됨 폭 6미터")
mem(C, "c_wife_bday", "2026-06-25 21:00", "im", "ko", "와이프 생일 7/19 장흥읍 횟집 바다마루 6시 예약함")
mem(C, "c_truck", "2026-07-02 20:00", "im", "ko", "1톤트럭 보험 만기 9/30. 갱신 문자오면 딴데랑 비교해보기")

chain("c_ai", C, ["c_ai_v1", "c_ai_v2", "c_ai_v3"], "names the old day (화욜 말고 수욜); then reason first and person replaced, time stays")
chain("c_auction", C, ["c_auction_v1", "c_auction_v2", "c_auction_v3"], "count up 4 → 5; then topic words repeated, count back to 4 with reason")
chain("c_feed", C, ["c_feed_v1", "c_feed_v2"], "short topic 사료, price up, weeks later")
chain("c_vet", C, ["c_vet_v1", "c_vet_v2"], "abbreviated name 정원장님, phone changed, says the old one is dead")
chain("c_hay", C, ["c_hay_v1", "c_hay_v2"], "reason first, synonym (짚 사일리지 for 볏짚 곤포), count changed, price stays")
chain("c_cctv", C, ["c_cctv_v1", "c_cctv_v2"], "price changed, says the company stays")
chain("c_assembly", C, ["c_assembly_v1", "c_assembly_v2"], "place moved with reason, time stays")
chain("c_ship", C, ["c_ship_v1", "c_ship_v2"], "pronoun only (그거), date pushed, weeks later")
chain("c_tractor", C, ["c_tractor_v1", "c_tractor_v2"], "place moved (repair shop), abbreviated old shop name")
chain("c_sports", C, ["c_sports_v1", "c_sports_v2"], "correction with typo (5/15아니고 5/14목이엇음)", correction=True)

upd(C, "c_ai", "17번 수정하러 누가 와")
upd(C, "c_auction", "송아지 경매 몇마리 내지")
upd(C, "c_feed", "비육사료 포대당 얼마")
upd(C, "c_vet", "정태웅 원장 번호")
upd(C, "c_hay", "볏짚 곤포 몇개 시켰더라")
upd(C, "c_cctv", "축사 cctv 견적 얼마")
upd(C, "c_assembly", "영농조합 총회 어디서 해")
upd(C, "c_ship", "큰소 출하 날짜")
upd(C, "c_tractor", "트랙터 어디 맡겼지")
upd(C, "c_sports", "준호 운동회 언제")

q(C, "keyword", "퇴비장 덮개 폭", ["c_compost"])
q(C, "keyword", "트럭 보험 만기", ["c_truck"])
q(C, "inflection", "31번 분만 예정일은", ["c_cow31"])
q(C, "inflection", "농업인 수당은 언제까지 신청해", ["c_allowance"])
q(C, "paraphrase", "어미 젖 부족해서 송아지한테 뭐 먹이고 있지", ["c_9_milk"])
q(C, "paraphrase", "딸이랑 여름에 가기로 한 행사", ["c_water_fest"])
q(C, "paraphrase", "집사람 생일 저녁 어디 잡았지", ["c_wife_bday"])
q(C, "entity", "9번 소 관련 기록 다", ["c_9_hoof", "c_calf_born", "c_9_milk"], entity="9번")
q(C, "numeric", "410 2231 7785 누구 귀표야", ["c_ear_tag"])
q(C, "numeric", "6/21 분만 예정인 소 몇번이지", ["c_cow13"])
q(C, "mixed_lang", "When was the calf Kongi born?", ["c_calf_born"], confusable=["a_kong_bday"])
q(C, "mixed_lang", "hanwoo festival booth dates", ["c_hanwoo_fest"])
q(C, "negative", "가축재해보험 가입했었나", [], neg_kind="absent")
q(C, "negative", "치과 스케일링 언제였지", [], neg_kind="isolation", other="B", other_mem=["b_dentist_v1", "b_dentist_v2", "b_dentist_v3"])
q(C, "negative", "결혼기념일 저녁 예약 몇 시", [], neg_kind="isolation", other="A", other_mem=["a_anniv_v1", "a_anniv_v2"])

look("c_cow31", "c_cow13", "분만예정: 31번 6/12 vs 13번 6/21 (digits swapped)")
look("c_hanwoo_fest", "c_water_fest", "탐진 ...축제: 한우축제 부스 vs 물놀이축제")

# ---------------------------------------------------------------- user D: admissions officer (en)
D = "D"
mem(D, "d_haeun_cover", "2026-02-02 10:30", "channel", "en", "Haeun Seo (Korean admissions) covers my inbox whenever I'm traveling. Loop her in on anything urgent.")
mem(D, "d_korean_fee_v1", "2026-02-05 20:00", "im", "en", "Korean class at the Daejeon Global Center: spring term, 10 weeks, 180,000 won. Tue/Thu 7pm.")
mem(D, "d_deadline_v1", "2026-02-09 09:40", "channel", "en", "Fall 2026 international undergrad application deadline: May 15, 5pm KST.")
mem(D, "d_scholar_v1", "2026-02-12 15:15", "channel", "en", "Global Excellence Scholarship for fall: 12 slots, full tuition for the first year.")
mem(D, "d_phrase", "2026-02-16 22:00", "im", "mixed", "Korean phrases I keep forgetting: 서류 미비 = incomplete documents, 보완 요청 = request for supplements.")
mem(D, "d_tashkent_v1", "2026-02-20 11:00", "channel", "en", "Tashkent education fair Apr 18-19 at Silk Road Expo Hall. Our booth is B14.")
mem(D, "d_agency_v1", "2026-02-24 14:20", "channel", "en", "Hanoi agency partner is Lotus Study Link. Our contact there is Ms. Tran Minh Thu.")
mem(D, "d_boiler_v1", "2026-02-26 21:10", "im", "en", "Apartment boiler service booked with Hanul Gas: Mar 12, 10am. Building manager has to open the utility room.")
mem(D, "d_mecheng_v1", "2026-03-03 16:10", "channel", "mixed", "Transfer credit 문의 for Mech Eng → 박은서 조교, ext. 5512")
mem(D, "d_boiler_v2", "2026-03-10 18:30", "im", "en", "Hanul's technician called in sick, so the heating repair is now Saturday Mar 14, 9am.")
mem(D, "d_lan", "2026-03-13 10:05", "channel", "en", "Applicant Nguyen Thi Lan (26F-0413) is missing her bank balance certificate. Reminder email sent today.")
mem(D, "d_lanh", "2026-03-16 11:20", "channel", "en", "Applicant Nguyen Thi Lanh (26F-0431) needs to re-upload her TOPIK score report; the PDF came through blank.")
mem(D, "d_tashkent_v2", "2026-03-23 09:30", "channel", "en", "They moved us to booth C02 for Tashkent, closer to the main entrance.")
mem(D, "d_haeun_wedding", "2026-03-27 20:45", "im", "en", "Haeun's wedding: Nov 21, 12:30pm, in Cheongju. Bring a cash gift envelope.")
mem(D, "d_arc", "2026-04-02 19:00", "im", "en", "My ARC expires Jan 20, 2027. Start the renewal at the immigration office in October.")
mem(D, "d_tashkent_v3", "2026-04-09 13:10", "channel", "en", "Booth changed again: C07. Apparently C02 went to a sponsor. Same hall.")
mem(D, "d_embassy", "2026-04-15 10:40", "channel", "en", "Uzbek applicants: the embassy in Tashkent wants apostilled diplomas, not notarized copies.")
mem(D, "d_hanoi", "2026-04-22 10:00", "channel", "en", "Hanoi study-abroad fair: Oct 3-4 at Hanoi Trade Pavilion. Two staff needed.")
mem(D, "d_deadline_v2", "2026-04-28 17:30", "channel", "en", "Application deadline extended to May 29. The committee approved it this morning.")
mem(D, "d_hcmc", "2026-04-30 14:00", "channel", "en", "Ho Chi Minh City fair: Oct 10-11 at Saigon Riverside Convention Center. Two staff needed.")
mem(D, "d_agency_v2", "2026-05-06 15:40", "channel", "en", "Lotus Study Link has a new Korea desk lead: Mr. Hoang Duc Anh takes over from Thu. Same shared email.")
mem(D, "d_deadline_v3", "2026-05-08 09:05", "channel", "en", "Correction from the dean's office: it's May 27, not the 29th. The 29th was a typo in the draft memo.")
mem(D, "d_korean_fee_v2", "2026-05-12 21:00", "im", "en", "Korean class fee went up to 210,000 for the summer term. Still Tue/Thu evenings.")
mem(D, "d_interview_v1", "2026-05-14 16:20", "channel", "en", "Grad applicant online interviews: Jun 17, room 304, International Hall. Panel of three.")
mem(D, "d_haeun_lunch", "2026-05-19 12:50", "im", "mixed", "Haeun's lunch pick near the west gate: '소담칼국수', 8,000 won, closes at 3pm.")
mem(D, "d_parents_v1", "2026-05-22 22:30", "im", "en", "Mom and Dad arrive Sep 5. They're staying at Yuseong Spa Hotel for a week.")
mem(D, "d_scholar_v2", "2026-05-27 15:00", "channel", "mixed", "GES 장학 slots cut to 9 — 예산이 줄었대. Tell the agencies.")
mem(D, "d_coa_v1", "2026-05-29 10:20", "channel", "en", "Certificate of Admission batch goes out by EMS on Jun 10.")
mem(D, "d_coa_v2", "2026-06-01 09:00", "channel", "en", "COA batch pulled forward to Jun 3 so students can book embassy slots earlier.")
mem(D, "d_interview_v2", "2026-06-04 11:45", "channel", "en", "Bumped by the dean's seminar. Now room 512, same building, same date.")
mem(D, "d_mecheng_v2", "2026-06-08 15:10", "channel", "mixed", "Mech Eng 조교 바뀜: 윤태린 선생님 handles transfer credits now, 박은서 선생님 on leave. ext. same")
mem(D, "d_report", "2026-06-15 09:00", "channel", "en", "Monthly intake report to the VP is due the first Monday of every month, before 10am.")
mem(D, "d_daniel", "2026-06-29 18:00", "im", "en", "My brother Daniel's KTX gets into Daejeon Station Jul 12 at 6:40pm. Pick him up at exit 2.")
mem(D, "d_parents_v2", "2026-07-01 21:15", "im", "en", "Not Yuseong Spa Hotel anymore. Mom booked Gapcheon Riverside Stay instead, cheaper and it has a kitchen.")

chain("d_deadline", D, ["d_deadline_v1", "d_deadline_v2", "d_deadline_v3"], "topic words repeated, date pushed; then correction (May 27, not the 29th)", correction=True)
chain("d_tashkent", D, ["d_tashkent_v1", "d_tashkent_v2", "d_tashkent_v3"], "place (booth) moved; then moved again with reason, says the hall stays")
chain("d_boiler", D, ["d_boiler_v1", "d_boiler_v2"], "reason first, synonym (heating repair for boiler service), date pushed")
chain("d_korean_fee", D, ["d_korean_fee_v1", "d_korean_fee_v2"], "price changed, says the days stay, months later")
chain("d_agency", D, ["d_agency_v1", "d_agency_v2"], "person replaced, says the shared email stays")
chain("d_interview", D, ["d_interview_v1", "d_interview_v2"], "ellipsis only (Bumped by ... Now room 512), place moved, date stays")
chain("d_parents", D, ["d_parents_v1", "d_parents_v2"], "names the old value (Not Yuseong Spa Hotel anymore), place moved, weeks later")
chain("d_coa", D, ["d_coa_v1", "d_coa_v2"], "abbreviation (COA), date pulled forward, reason last")
chain("d_mecheng", D, ["d_mecheng_v1", "d_mecheng_v2"], "person replaced, mixed Korean/English, says the extension stays")
chain("d_scholar", D, ["d_scholar_v1", "d_scholar_v2"], "abbreviation (GES), count changed (12 → 9), reason in Korean")

upd(D, "d_deadline", "What's the fall international undergrad application deadline?")
upd(D, "d_tashkent", "Tashkent fair booth number")
upd(D, "d_boiler", "When is the boiler guy coming?")
upd(D, "d_korean_fee", "How much does my Korean class cost?")
upd(D, "d_agency", "Who's our contact at Lotus Study Link?")
upd(D, "d_interview", "Which room are the grad interviews in?")
upd(D, "d_parents", "Where are Mom and Dad staying in September?")
upd(D, "d_coa", "When does the Certificate of Admission batch ship?")
upd(D, "d_mecheng", "Mech Eng transfer credit 담당 조교 누구야?")
upd(D, "d_scholar", "How many Global Excellence Scholarship slots are there?")

q(D, "keyword", "monthly intake report VP due", ["d_report"])
q(D, "keyword", "apostilled diplomas Tashkent embassy", ["d_embassy"])
q(D, "keyword", "Nguyen Thi Lanh TOPIK re-upload", ["d_lanh"])
q(D, "inflection", "when is my ARC expiring", ["d_arc"])
q(D, "inflection", "picking up Daniel at Daejeon station", ["d_daniel"], confusable=["b_manager_v1", "b_manager_v2"])
q(D, "paraphrase", "who handles my emails while I'm on a trip", ["d_haeun_cover"])
q(D, "paraphrase", "cheap noodle place my coworker recommended", ["d_haeun_lunch"])
q(D, "entity", "Everything I noted about Haeun", ["d_haeun_cover", "d_haeun_wedding", "d_haeun_lunch"], entity="Haeun")
q(D, "numeric", "what is 26F-0413 missing", ["d_lan"])
q(D, "numeric", "which fair is Oct 10-11", ["d_hcmc"])
q(D, "mixed_lang", "서류 미비 영어로 뭐였지", ["d_phrase"])
q(D, "mixed_lang", "하노이 유학 박람회 날짜", ["d_hanoi"])
q(D, "negative", "Where did I put the spare apartment key?", [], neg_kind="absent")
q(D, "negative", "Who owns the settlement tables?", [], neg_kind="isolation", other="B", other_mem=["b_jenny_fin"])
q(D, "negative", "What time is my weekly 1:1 with Daniel?", [], neg_kind="isolation_same_name", other="B", other_mem=["b_manager_v1", "b_manager_v2"])

look("d_lan", "d_lanh", "applicants Nguyen Thi Lan 26F-0413 vs Nguyen Thi Lanh 26F-0431")
look("d_hanoi", "d_hcmc", "Vietnam fairs in October, two staff needed: Hanoi Oct 3-4 vs HCMC Oct 10-11")

# ---------------------------------------------------------------- build
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]


def utc_ts(key, local):
    """Local KST 'YYYY-MM-DD HH:MM' -> UTC 'YYYY-MM-DDTHH:MM:SSZ'; seconds derived from the key."""
    sec = int(hashlib.md5(key.encode("utf-8")).hexdigest(), 16) % 60
    t = _dt.datetime.strptime(local, "%Y-%m-%d %H:%M").replace(second=sec, tzinfo=KST)
    return t.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def chain_lang(keys, by_key):
    langs = {by_key[k]["lang"] for k in keys}
    if langs == {"en"}:
        return "en"
    if langs == {"ko"}:
        return "ko"
    return "mixed"


def build():
    """Returns (memories, queries, meta). meta maps keys to ids and carries chains/look-alikes."""
    key2id, id2key, by_key = {}, {}, {}
    memories = []
    n = 0
    for u in ORDER:
        rows = sorted((m for m in MEMS if m["u"] == u), key=lambda m: (m["local"], m["key"]))
        for m in rows:
            n += 1
            mid = "m%04d" % n
            if m["key"] in key2id:
                raise SystemExit("duplicate key " + m["key"])
            key2id[m["key"]] = mid
            id2key[mid] = m["key"]
            by_key[m["key"]] = m
            memories.append({
                "id": mid,
                "user_id": USERS[u][0],
                "text": m["text"],
                "ts": utc_ts(m["key"], m["local"]),
                "channel_type": m["ch"],
                "lang": m["lang"],
            })
    queries = []
    qchain = {}
    n = 0
    for u in ORDER:
        for qq in (x for x in QUERIES if x["u"] == u):
            n += 1
            qid = "q%03d" % n
            ex = qq["extra"]
            row = {"qid": qid, "user_id": USERS[u][0], "query": qq["query"]}
            if qq["type"] == "update":
                ch = CHAINS[ex["chain"]]
                row["gold"] = [key2id[ch["keys"][-1]]]
                row["type"] = "update"
                row["stale"] = [key2id[k] for k in ch["keys"][:-1]]
                qchain[qid] = ex["chain"]
            else:
                row["gold"] = [key2id[k] for k in qq["gold"]]
                row["type"] = qq["type"]
            if "entity" in ex:
                row["entity"] = ex["entity"]
            if "other" in ex:
                row["other_user_has"] = USERS[ex["other"]][0]
                row["other_user_mem"] = [key2id[k] for k in ex["other_mem"]]
            if "neg_kind" in ex:
                row["neg_kind"] = ex["neg_kind"]
            if "confusable" in ex:
                row["confusable_other_user"] = [key2id[k] for k in ex["confusable"]]
            queries.append(row)
    meta = {
        "key2id": key2id,
        "id2key": id2key,
        "by_key": by_key,
        "chains": CHAINS,
        "qchain": qchain,
        "lookalikes": [(key2id[a], key2id[b], s) for a, b, s in LOOKALIKES],
        "users": {u: USERS[u][0] for u in ORDER},
    }
    return memories, queries, meta


def dumps_jsonl(rows):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def _cnt(rows, f):
    out = {}
    for r in rows:
        out[f(r)] = out.get(f(r), 0) + 1
    return out


def render_readme(memories, queries, meta):
    uid2l = {v: k for k, v in meta["users"].items()}
    mem_by_id = {m["id"]: m for m in memories}
    L = []
    w = L.append
    w("# blind25: a small held-out Korean/English Slack memory set")
    w("")
    w("Hand-written, held-out evaluation data for the Slack personal-memory assistant. Four invented users,")
    w("%d memories, %d queries. Same row format, id formats, query types, optional fields and scoring as" % (len(memories), len(queries)))
    w("`eval/kmem-dev` (see its README). Every person, shop, clinic, number and code is invented; the set")
    w("holds no passwords, PINs, or card or account numbers.")
    w("")
    w("- `build.py` holds all data inline (each memory has a readable key and a local KST time) and writes")
    w("  `memories.jsonl`, `queries.jsonl` and this README. Ids are assigned after sorting each user's notes by")
    w("  time, so ids follow time order within a user; `ts` is UTC with `Z`.")
    w("- `validate.py` checks schema, ownership, update chains, look-alike pairs and negatives, and rebuilds the")
    w("  data in memory to confirm the files match `build.py`. Run `python3 build.py && python3 validate.py`.")
    w("")
    w("## Personas")
    w("")
    w("| user | user_id | persona | memories | ko / en / mixed | im / channel |")
    w("|---|---|---|---|---|---|")
    for u in ORDER:
        uid = USERS[u][0]
        ms = [m for m in memories if m["user_id"] == uid]
        lc = _cnt(ms, lambda m: m["lang"])
        cc = _cnt(ms, lambda m: m["channel_type"])
        w("| %s | %s | %s | %d | %d / %d / %d | %d / %d |" % (u, uid, USERS[u][1], len(ms), lc.get("ko", 0), lc.get("en", 0),
                                                           lc.get("mixed", 0), cc.get("im", 0), cc.get("channel", 0)))
    w("")
    w("## Counts")
    w("")
    lc = _cnt(memories, lambda m: m["lang"])
    cc = _cnt(memories, lambda m: m["channel_type"])
    N = len(memories)
    w("| split | ko | en | mixed | im / channel |")
    w("|---|---|---|---|---|")
    w("| blind25 | %d (%d%%) | %d (%d%%) | %d (%d%%) | %d / %d |" % (
        lc.get("ko", 0), round(100 * lc.get("ko", 0) / N), lc.get("en", 0), round(100 * lc.get("en", 0) / N),
        lc.get("mixed", 0), round(100 * lc.get("mixed", 0) / N), cc.get("im", 0), cc.get("channel", 0)))
    w("")
    w("Queries per type and user:")
    w("")
    w("| user | " + " | ".join(TYPES) + " | total |")
    w("|---|" + "---|" * (len(TYPES) + 1))
    for u in ORDER + ["all"]:
        qs = queries if u == "all" else [x for x in queries if x["user_id"] == USERS[u][0]]
        tc = _cnt(qs, lambda x: x["type"])
        w("| %s | " % u + " | ".join(str(tc.get(t, 0)) for t in TYPES) + " | %d |" % len(qs))
    w("")
    chains = meta["chains"]
    langs = _cnt(chains.values(), lambda c: chain_lang(c["keys"], meta["by_key"]))
    three = sum(1 for c in chains.values() if len(c["keys"]) == 3)
    corr = sum(1 for c in chains.values() if c["correction"])
    w("Update chains: %d (%d per user), %d with three versions, %d corrections (the newer note says the older one"
      % (len(chains), len(chains) // 4, three, corr))
    w("was wrong). Chain language: %d ko, %d en (all versions English), %d mixed (a mixed line or versions in"
      % (langs.get("ko", 0), langs.get("en", 0), langs.get("mixed", 0)))
    w("different languages). Query languages vary independently of the chain language.")
    w("")
    w("## Update queries")
    w("")
    w("`gold` is the single newest version; `stale` lists every older version (never gold anywhere).")
    w("")
    w("| qid | user | query | gold | stale | chain lang | how the newer note is written |")
    w("|---|---|---|---|---|---|---|")
    for x in queries:
        if x["type"] != "update":
            continue
        c = chains[meta["qchain"][x["qid"]]]
        mark = " **(correction)**" if c["correction"] else ""
        w("| %s | %s | %s | %s | %s | %s | %s%s |" % (x["qid"], uid2l[x["user_id"]], x["query"].replace("|", "/"),
                                                   ", ".join(x["gold"]), ", ".join(x["stale"]),
                                                   chain_lang(c["keys"], meta["by_key"]), c["how"], mark))
    w("")
    w("## Look-alike pairs")
    w("")
    w("Two different facts that share words or numbers; neither supersedes the other. Each side is queried with")
    w("only that side as gold, and the two never appear together in one query's gold or stale list.")
    w("")
    w("| user | pair | shared | queried by |")
    w("|---|---|---|---|")
    for a, b, s in meta["lookalikes"]:
        qa = [x["qid"] for x in queries if a in x["gold"]]
        qb = [x["qid"] for x in queries if b in x["gold"]]
        w("| %s | %s / %s | %s | %s: %s; %s: %s |" % (uid2l[mem_by_id[a]["user_id"]], a, b, s, a, ", ".join(qa), b, ", ".join(qb)))
    w("")
    w("## Negatives")
    w("")
    negs = [x for x in queries if x["type"] == "negative"]
    nk = _cnt(negs, lambda x: x["neg_kind"])
    w("%d negatives (gold `[]`): %d `absent`, %d `isolation`, %d `isolation_same_name`."
      % (len(negs), nk.get("absent", 0), nk.get("isolation", 0), nk.get("isolation_same_name", 0)))
    w("")
    w("| qid | user | query | neg_kind | other user | other_user_mem |")
    w("|---|---|---|---|---|---|")
    for x in negs:
        ou = uid2l.get(x.get("other_user_has", ""), "-")
        w("| %s | %s | %s | %s | %s | %s |" % (x["qid"], uid2l[x["user_id"]], x["query"], x["neg_kind"], ou,
                                           ", ".join(x.get("other_user_mem", [])) or "-"))
    w("")
    conf = [x for x in queries if "confusable_other_user" in x]
    w("Same-name hard cases: 콩이 is A's cat and C's calf; Daniel is B's former team lead and D's brother.")
    w("%d positives carry `confusable_other_user`: %s." % (len(conf), ", ".join(x["qid"] for x in conf)))
    w("")
    w("## Scoring")
    w("")
    w("Score exactly as in `eval/kmem-dev/README.md` (recall@k, MRR, stale-above-gold for updates, negative pass")
    w("rate by `neg_kind`, isolation leak rate). Read entity queries at recall@10.")
    return "\n".join(L) + "\n"


def main():
    memories, queries, meta = build()
    files = {
        "memories.jsonl": dumps_jsonl(memories),
        "queries.jsonl": dumps_jsonl(queries),
        "README.md": render_readme(memories, queries, meta),
    }
    for name, text in files.items():
        with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    tc = _cnt(queries, lambda x: x["type"])
    lc = _cnt(memories, lambda m: m["lang"])
    print("memories=%d (ko %d, en %d, mixed %d) queries=%d %s" % (
        len(memories), lc.get("ko", 0), lc.get("en", 0), lc.get("mixed", 0), len(queries),
        " ".join("%s=%d" % (t, tc.get(t, 0)) for t in TYPES)))


if __name__ == "__main__":
    main()
