#!/usr/bin/env python3
"""Build the blind22 held-out set: memories.jsonl and queries.jsonl (stdlib only).

All people, shops, phone numbers and ids are invented. Memories are written per user in
chronological order; ids (m0001...) and qids (q001...) are assigned at build time from the
symbolic keys used below.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    "pharm": "U0K7PH2Q5M",   # pharmacist, Cheongju, casual 반말
    "wed":   "U0W3DG8N1R",   # wedding planner, Gangnam
    "tkd":   "U0T5KD9J4X",   # taekwondo dojang owner, Ulsan
    "ux":    "U0R2UX6B8L",   # Korean-Australian UX researcher, Seoul
}

MEMS = []     # (user, key, ts, channel_type, lang, text)
QUERIES = []  # dicts with symbolic keys


def M(user, key, ts, ch, lang, text):
    MEMS.append((user, key, ts, ch, lang, text))


def Q(user, query, qtype, gold=(), stale=None, entity=None, other_mem=None,
      neg_kind=None, confusable=None):
    QUERIES.append(dict(user=user, query=query, type=qtype, gold=list(gold),
                        stale=stale, entity=entity, other_mem=other_mem,
                        neg_kind=neg_kind, confusable=confusable))


# ---------------------------------------------------------------------------
# User 1: pharmacist, small neighbourhood pharmacy in Cheongju (반말, ㅋㅋ)
# ---------------------------------------------------------------------------
u = "pharm"
M(u, "p_insure", "2026-01-05T01:14:09Z", "im", "ko", "약국 화재보험 갱신 3월 2일까지임. 설계사 윤미경 010-2749-3381 ㅇㅇ")
M(u, "p_supp_old", "2026-01-07T05:40:22Z", "im", "ko", "일반약 주문은 청명약품 최대리한테 카톡으로 넣기. 마감 오후 4시")
M(u, "p_alba_1", "2026-01-09T09:02:51Z", "im", "ko", "알바 지수 월수금 2시~7시 근무 확정 ㅋㅋ 드디어 구함")
M(u, "p_mom_eye", "2026-01-12T02:31:05Z", "im", "ko", "엄마 백내장 수술 충북대병원 안과 2월 12일 목요일 오전 9시 반. 보호자 필수라 오전엔 약국 문 닫아야 됨")
M(u, "p_clean_old", "2026-01-14T23:48:10Z", "im", "ko", "청소 이모님 화요일 금요일 아침 8시에 오심. 열쇠는 셔터 옆 보관함")
M(u, "p_checkup", "2026-01-16T04:15:37Z", "im", "ko", "내 건강검진 충북대병원 2월 26일 (목) 아침 7시 반. 전날 밤 9시부터 금식")
M(u, "p_bunhoe_old", "2026-01-20T11:20:44Z", "channel", "ko", "약사회 분회 모임 매달 셋째 목요일 저녁 7시, 성안길 한가람 고깃집")
M(u, "p_as", "2026-01-23T03:05:18Z", "im", "ko", "자동조제기 AS 기사님 010-5523-7184. 고장나면 본사 말고 이분한테 바로 전화ㅋㅋ 훨 빠름")
M(u, "p_doyun", "2026-01-28T06:44:02Z", "im", "ko", "동진제약 김도윤 과장 왔다감. 신제품 유산균 샘플 3월에 가져온대. 010-8823-4150")
M(u, "p_sat_old", "2026-02-02T00:30:55Z", "channel", "ko", "토요일 영업 9시~3시. 문 앞 안내문도 이걸로 붙임")
M(u, "p_kong_food", "2026-02-04T12:10:33Z", "im", "ko", "콩떡 사료는 '포근냥 연어맛' 2kg짜리. 한 봉지로 한 달 좀 넘게 감")
M(u, "p_tax_wrong", "2026-02-06T08:22:19Z", "im", "ko", "세무사 미팅 3월 5일 목요일 2시, 종합소득세 자료 챙기기")
M(u, "p_return_old", "2026-02-10T07:51:46Z", "im", "ko", "반품 회수는 한빛택배 기사님이 화/목 오후에 가져감")
M(u, "p_alba_2", "2026-02-13T10:05:27Z", "channel", "ko", "지수 담주부터 화목토로 바뀜. 월수금은 나 혼자 ㅠ")
M(u, "p_tax_fix", "2026-02-16T01:40:08Z", "im", "ko", "아 세무사 3월 6일 금요일이었음;; 5일로 잘못 적어놨었네. 시간은 2시 그대로")
M(u, "p_pilates_old", "2026-02-19T13:22:50Z", "im", "ko", "필라테스 복대동 코어앤 화목 저녁 8시 반, 10회권 끊음")
M(u, "p_kong_vet", "2026-02-24T09:33:14Z", "im", "ko", "콩떡 다니는 병원 온누리동물병원 (가경동). 원장님이 고양이 잘 봄")
M(u, "p_mgr_old", "2026-03-03T02:18:40Z", "im", "ko", "건물 관리실 김소장님 010-4410-2287. 누수 나면 여기로")
M(u, "p_vacc", "2026-03-04T07:12:26Z", "im", "ko", "가을 독감백신 선주문 9월 초까지 받는대. 수량 정해서 알려주기")
M(u, "p_supp_new", "2026-03-06T06:02:33Z", "channel", "ko", "담달부터 일반약은 우성팜. 박과장 010-3382-5106, 오후 5시 전에 넣으면 담날 도착")
M(u, "p_dol_old", "2026-03-09T11:45:01Z", "im", "ko", "조카 돌잔치 4월 11일 토요일 12시 더그랜드볼룸 청주점")
M(u, "p_sign", "2026-03-12T05:30:29Z", "im", "ko", "약국 간판 LED 교체 견적 38만원 (성안광고). 딴 데 하나 더 받아보기")
M(u, "p_kong_neuter", "2026-03-17T10:12:45Z", "im", "ko", "콩떡 중성화 4월 2일 목요일 오전에 맡기고 저녁에 픽업")
M(u, "p_bunhoe_new", "2026-03-19T12:40:17Z", "channel", "ko", "이번 달부터 분회는 가경동 '소담정'에서 함. 한가람 문 닫았대")
M(u, "p_sat_new", "2026-03-23T00:20:11Z", "im", "ko", "토욜 9-1시")
M(u, "p_return_new", "2026-03-26T06:55:39Z", "im", "mixed", "반품 pickup 이제 로젠, Tue/Fri 오후 3시쯤 기사님 옴")
M(u, "p_mgr_new", "2026-04-01T03:10:52Z", "im", "ko", "관리소장님 새로 오심. 정희철 소장님 010-6195-3042")
M(u, "p_dol_new", "2026-04-03T08:18:25Z", "im", "mixed", "돌잔치 venue changed → 오송 라온홀, 시간은 same 12시")
M(u, "p_pilates_new", "2026-04-08T13:05:36Z", "im", "ko", "필라테스 월수로 옮김 ㅋㅋ 강사님 바뀌어서. 8시 반은 그대로")
M(u, "p_clean_new", "2026-04-14T00:35:48Z", "im", "ko", "이모님 수요일만 오시기로 함. 시간은 8시 똑같이")
M(u, "p_alba_3", "2026-04-20T09:48:21Z", "channel", "ko", "5월부터 지수는 화목만, 토욜은 민재가 커버 ㅇㅋ")
M(u, "p_alba_pay", "2026-04-22T10:30:44Z", "im", "ko", "지수 시급 5월부터 11500원으로 올려줌. 성실해서 ㅋㅋ")
M(u, "p_parking", "2026-05-04T02:27:13Z", "im", "ko", "약국 앞에 주정차 단속 카메라 생김. 박스 내릴 땐 뒷골목 쓰기")
M(u, "p_lunch", "2026-05-15T03:40:19Z", "im", "ko", "옆 온정김밥 사장님이 약국까지 배달해줌 ㅋㅋ 점심 해결")

# --- user 1 queries ---
Q(u, "화재보험 갱신 언제까지더라", "keyword", ["p_insure"])
Q(u, "요즘 일반약 주문 카톡 누구한테 넣어?", "update", ["p_supp_new"], stale=["p_supp_old"])
Q(u, "엄마 백내장수술 몇 시였지", "inflection", ["p_mom_eye"])
Q(u, "알바 지수 근무 요일 어떻게 됨", "update", ["p_alba_3"], stale=["p_alba_1", "p_alba_2"])
Q(u, "고양이 밥 뭐 사야 되지", "paraphrase", ["p_kong_food"])
Q(u, "약사회 분회 모임 장소 어디", "update", ["p_bunhoe_new"], stale=["p_bunhoe_old"])
Q(u, "3381로 끝나는 번호 누구 거", "numeric", ["p_insure"])
Q(u, "토요일 영업 몇 시까지 하지", "update", ["p_sat_new"], stale=["p_sat_old"])
Q(u, "김도윤 과장 샘플 언제 가져온대", "keyword", ["p_doyun"], confusable=["t_doyun"])
Q(u, "세무사 미팅 날짜 언제", "update", ["p_tax_fix"], stale=["p_tax_wrong"])
Q(u, "건강 검진은 몇 시까지 가야 돼", "inflection", ["p_checkup"])
Q(u, "반품 회수 기사님 무슨 요일에 와", "update", ["p_return_new"], stale=["p_return_old"])
Q(u, "what's the name of the clinic my cat goes to", "mixed_lang", ["p_kong_vet"])
Q(u, "코어앤 운동 몇 요일이더라", "update", ["p_pilates_new"], stale=["p_pilates_old"])
Q(u, "콩떡 관련 다 알려줘", "entity", ["p_kong_food", "p_kong_vet", "p_kong_neuter"], entity="콩떡")
Q(u, "관리소장님 번호 뭐였지", "update", ["p_mgr_new"], stale=["p_mgr_old"])
Q(u, "7184 누구 번호였지", "numeric", ["p_as"])
Q(u, "조카 돌잔치 어디서 하더라", "update", ["p_dol_new"], stale=["p_dol_old"])
Q(u, "가게 불 들어오는 표지판 새로 하는 비용", "paraphrase", ["p_sign"])
Q(u, "약국 청소 이모님 무슨 요일 오셔", "update", ["p_clean_new"], stale=["p_clean_old"])
Q(u, "when is the cat getting neutered", "mixed_lang", ["p_kong_neuter"])
Q(u, "mom's cataract surgery time", "mixed_lang", ["p_mom_eye"])
Q(u, "약국 와이파이 공유기 모델명 뭐였지", "negative", [], neg_kind="absent")
Q(u, "도장 차량 기사님 번호 알려줘", "negative", [], other_mem=["t_van_1", "t_van_2", "t_van_3"], neg_kind="isolation")
Q(u, "시드니 가는 비행기 몇 시야", "negative", [], other_mem=["r_flight_old", "r_flight_new"], neg_kind="isolation")

# ---------------------------------------------------------------------------
# User 2: wedding planner in Gangnam (Korean, English vendor words)
# ---------------------------------------------------------------------------
u = "wed"
M(u, "w_minji_venue_old", "2026-01-06T02:10:11Z", "channel", "ko", "민지♥준호 본식 루체테라스 청담 9월 19일 토요일 오후 1시로 가계약")
M(u, "w_maison_mgr", "2026-01-08T05:25:40Z", "im", "ko", "메종드블랑 역삼 담당 매니저 서지안 010-7731-2098, 시식 예약은 이분 통해서")
M(u, "w_seoyeon_venue", "2026-01-09T07:44:02Z", "channel", "ko", "서연·태훈 메종드블랑 5월 23일 (토) 낮 12시 본계약 완료")
M(u, "w_meeting_old", "2026-01-12T00:50:33Z", "channel", "ko", "팀 주간회의 매주 월요일 오전 10시, 사무실 회의실")
M(u, "w_florist_old", "2026-01-15T06:30:19Z", "im", "ko", "서연태훈 꽃장식 플뢰르담 한실장 010-2256-8841, 부케 포함 견적 420")
M(u, "w_emily_mc_old", "2026-01-19T08:12:55Z", "im", "en", "Emily & Jaeseok: ceremony MC is Daniel Oh (bilingual KR/EN), confirmed by Emily")
M(u, "w_haeun_venue", "2026-01-21T04:05:48Z", "channel", "ko", "하은·도현 메종드블랑 6월 13일 (토) 오후 5시 반, 야외 가든 옵션 추가")
M(u, "w_hanbok_wrong", "2026-01-26T09:40:30Z", "im", "ko", "도현 어머님 한복 피팅 단아한복 4월 4일 토요일 오후 3시")
M(u, "w_snap_old", "2026-01-29T03:22:17Z", "im", "ko", "민지준호 본식스냅 이든스튜디오 정작가님, 원본 전체 제공 조건")
M(u, "w_seoyeon_guests_old", "2026-02-03T07:15:06Z", "channel", "ko", "서연태훈 하객 보증인원 250명으로 홀에 전달함")
M(u, "w_haeun_fit_1", "2026-02-05T05:50:44Z", "im", "ko", "하은 드레스 1차 피팅 3월 14일 토요일 2시 벨라로사 청담")
M(u, "w_dvd", "2026-02-09T02:33:21Z", "im", "ko", "본식 DVD 업체 필름오브데이 기본 패키지 180만원, 드론 추가하면 35")
M(u, "w_emily_rehearsal_old", "2026-02-12T10:20:39Z", "im", "mixed", "Emily 커플 rehearsal dinner 한남동 '소반' 6/5 (금) 7pm, 20명")
M(u, "w_emily_lang", "2026-02-14T03:05:12Z", "im", "mixed", "Emily 부모님 한국어 거의 못하심 → 식순 안내문 English 버전 따로 준비")
M(u, "w_haeun_makeup_old", "2026-02-17T06:45:12Z", "im", "ko", "하은 본식 메이크업 레브뷰티 원장님이 직접 해주시기로")
M(u, "w_maison_tasting", "2026-02-20T08:05:50Z", "channel", "ko", "메종드블랑 시식회 4월 16일 (목) 저녁 6시, 서연태훈이랑 하은도현 같이 잡음")
M(u, "w_minji_dress", "2026-02-22T06:12:37Z", "im", "ko", "민지 신부님 드레스 A라인 선호, 머메이드는 절대 싫다고 함")
M(u, "w_minji_venue_new", "2026-02-24T03:30:08Z", "channel", "ko", "민지준호 가든1903으로 최종 확정. 날짜랑 시간은 그대로")
M(u, "w_haeun_fit_2", "2026-02-27T07:12:33Z", "im", "ko", "하은 1차 피팅 3/21(토)로 미뤄짐. 신부님 출장")
M(u, "w_meeting_new", "2026-03-02T01:05:27Z", "channel", "mixed", "weekly meeting 화요일 9:30am으로 변경. 월요일은 venue 답사가 너무 많음")
M(u, "w_hanbok_fix", "2026-03-04T09:18:46Z", "im", "ko", "정정) 도현 어머님 한복 4월 5일 일요일임!! 4일 아님. 3시는 동일")
M(u, "w_emily_mc_new", "2026-03-09T11:30:15Z", "im", "en", "Emily/Jaeseok MC is now Grace Park. Daniel has a clash that weekend.")
M(u, "w_florist_new", "2026-03-12T05:55:02Z", "im", "ko", "서연 쪽 꽃은 오월의정원으로 갈아탐. 360, 부케 별도")
M(u, "w_haeun_fit_3", "2026-03-16T08:40:58Z", "im", "mixed", "하은 fitting 다시 당겨짐 → 3/19 (Thu) 7pm, 벨라로사")
M(u, "w_snap_new", "2026-03-20T04:22:39Z", "im", "mixed", "민지 커플 snap 작가 교체 → Leo (스튜디오 온담). 정작가님 그날 일정 안 됨")
M(u, "w_seoyeon_guests_new", "2026-03-25T06:10:20Z", "channel", "ko", "서연 쪽 보증 220으로 줄임")
M(u, "w_emily_rehearsal_new", "2026-04-02T09:35:44Z", "im", "en", "Rehearsal dinner moved to Terra in Itaewon, same date and time")
M(u, "w_haeun_makeup_new", "2026-04-07T02:48:01Z", "im", "mixed", "하은 hair & makeup: 원장님 해외 일정이라 부원장 채린 쌤이 담당")
M(u, "w_car", "2026-04-10T05:14:36Z", "im", "ko", "웨딩카 렌트 그랜드리무진 기본 3시간 45만원, 리본 장식 포함")
M(u, "w_printer", "2026-04-21T07:40:02Z", "im", "ko", "청첩장 인쇄소 종이와잉크 을지로 3가, 샘플은 3일이면 나옴")
M(u, "w_parking", "2026-04-28T02:05:51Z", "channel", "ko", "사무실 건물 주차 상담 고객은 2시간 무료, B2 방문자 구역으로 안내")
M(u, "w_chairs", "2026-05-11T01:22:48Z", "channel", "ko", "사무실 상담실 의자 4개 새로 주문함, 다음 주 화요일 배송")

# --- user 2 queries ---
Q(u, "민지 준호 본식 식장 어디로 잡혔지", "update", ["w_minji_venue_new"], stale=["w_minji_venue_old"], confusable=["r_minji"])
Q(u, "메종드블랑 담당 매니저 연락처", "keyword", ["w_maison_mgr"])
Q(u, "하은 드레스 피팅 날짜 언제", "update", ["w_haeun_fit_3"], stale=["w_haeun_fit_1", "w_haeun_fit_2"])
Q(u, "서연·태훈 식은 몇 시에 하지", "inflection", ["w_seoyeon_venue"])
Q(u, "팀 주간회의 몇 시에 해", "update", ["w_meeting_new"], stale=["w_meeting_old"])
Q(u, "신랑신부 태우는 차 빌리는 비용", "paraphrase", ["w_car"])
Q(u, "서연태훈 꽃장식 업체 어디", "update", ["w_florist_new"], stale=["w_florist_old"])
Q(u, "2098로 끝나는 번호 누구", "numeric", ["w_maison_mgr"])
Q(u, "who's hosting Emily and Jaeseok's ceremony", "update", ["w_emily_mc_new"], stale=["w_emily_mc_old"])
Q(u, "하은도현 야외가든 옵션 넣었나", "inflection", ["w_haeun_venue"])
Q(u, "도현 어머님 한복 피팅 날짜", "update", ["w_hanbok_fix"], stale=["w_hanbok_wrong"])
Q(u, "필름오브데이 DVD 견적", "keyword", ["w_dvd"])
Q(u, "민지준호 본식스냅 작가님 누구", "update", ["w_snap_new"], stale=["w_snap_old"])
Q(u, "메종드블랑 관련 다 알려줘", "entity", ["w_maison_mgr", "w_seoyeon_venue", "w_haeun_venue", "w_maison_tasting"], entity="메종드블랑")
Q(u, "서연태훈 하객 보증인원 몇 명", "update", ["w_seoyeon_guests_new"], stale=["w_seoyeon_guests_old"])
Q(u, "180만원짜리 견적 어디 거였지", "numeric", ["w_dvd"])
Q(u, "Emily 커플 rehearsal dinner 어디서 해", "update", ["w_emily_rehearsal_new"], stale=["w_emily_rehearsal_old"])
Q(u, "초대장 찍어주는 곳 어디였지", "paraphrase", ["w_printer"])
Q(u, "하은 본식 메이크업 누가 해줘", "update", ["w_haeun_makeup_new"], stale=["w_haeun_makeup_old"])
Q(u, "when is the food tasting at Maison de Blanc", "mixed_lang", ["w_maison_tasting"])
Q(u, "do Emily's parents need anything in English", "mixed_lang", ["w_emily_lang"])
Q(u, "what time is Haeun and Dohyun's ceremony", "mixed_lang", ["w_haeun_venue"])
Q(u, "사무실 에어컨 필터 청소 언제 했지", "negative", [], neg_kind="absent")
Q(u, "콩떡 중성화 수술 날짜", "negative", [], other_mem=["p_kong_neuter"], neg_kind="isolation")
Q(u, "승급심사 몇 일이야", "negative", [], other_mem=["t_grade_old", "t_grade_new"], neg_kind="isolation")

# ---------------------------------------------------------------------------
# User 3: taekwondo dojang owner in Ulsan, two kids (서윤 초4, 시우 7살); a few typos
# ---------------------------------------------------------------------------
u = "tkd"
M(u, "t_van_1", "2026-01-04T23:30:12Z", "im", "ko", "도장 차량 운행 박만수 기사님 010-9012-4471, 오후 2시부터 7시까지")
M(u, "t_grade_old", "2026-01-07T12:15:30Z", "channel", "ko", "3월 승급심사 3월 28일 토요일 오전 10시. 학부모 공지 보내기")
M(u, "t_piano", "2026-01-09T08:40:55Z", "im", "ko", "서윤이 피아노 화목 4시반 도레미피아노 (상가 2층)")
M(u, "t_swim", "2026-01-09T08:43:10Z", "im", "ko", "시우 수영 월수 5시 삼산스포츠센터, 5시50분에 픽업")
M(u, "t_dobok_old", "2026-01-13T06:22:47Z", "im", "ko", "도복 주문은 무도사 사장님한테 010-3319-8820, 한벌 28000원")
M(u, "t_coach_old", "2026-01-16T11:05:19Z", "channel", "ko", "저녁부 (6시, 7시반) 담당 이지훈 사범")
M(u, "t_english_old", "2026-01-20T13:30:02Z", "im", "mixed", "서윤 English 학원 월수금 6시, Bright Kids 삼산점")
M(u, "t_doyun", "2026-01-23T10:50:38Z", "channel", "ko", "김도윤 (초3) 노란띠 → 주황띠 통과 햇음. 어머님이 떡 돌리심 ㅎㅎ")
M(u, "t_water_old", "2026-01-27T02:12:44Z", "im", "ko", "정수기 렌탈 점검 매달 둘째주 화요일 오전")
M(u, "t_fee_old", "2026-02-02T03:40:26Z", "channel", "ko", "월 회비 15만원, 형제 할인 2만원. 3월까지 이대로")
M(u, "t_comp_old", "2026-02-05T09:18:53Z", "channel", "ko", "남구청장배 품새대회 4월 25일 토요일, 장소 삼호체육관")
M(u, "t_van_2", "2026-02-10T07:25:14Z", "im", "ko", "차량 기사님 바뀜.. 오정훈 기사님 010-4627-3358 담주 월요일부터")
M(u, "t_wife_bday", "2026-02-13T13:55:40Z", "im", "ko", "와이프 생일 5월 16일 토요일. 장어집 예약 해놓기 잊지말것")
M(u, "t_ortho_old", "2026-02-18T04:30:09Z", "im", "ko", "서윤 교정 상담 미소가득치과 4월 18일 토요일 11시")
M(u, "t_consult_wrong", "2026-02-23T05:10:37Z", "im", "ko", "시우 유치원 상담 4월 8일 수요일 오후3시")
M(u, "t_grade_new", "2026-03-02T12:40:21Z", "channel", "ko", "승급심사 4월 4일로 미뤄짐 (체육관 대관 땜에). 시간은 똑같이 10시")
M(u, "t_dobok_new", "2026-03-05T06:35:58Z", "im", "ko", "도복 태극스포츠에서 받기로함. 한벌 26000, 사장님 010-5580-1962")
M(u, "t_comp_new", "2026-03-10T10:02:16Z", "channel", "ko", "대회장소 태화강 실내체육관으로 바뀜 ㅡㅡ 주차 힘들듯")
M(u, "t_coach_new", "2026-03-13T11:48:33Z", "channel", "ko", "저녁반은 새로 온 최다온 사범님이 맡음. 지훈이는 낮부로")
M(u, "t_english_new", "2026-03-18T13:15:50Z", "im", "ko", "서윤 영어학원 화목으로 옮김 6시 그대로")
M(u, "t_consult_fix", "2026-03-20T04:00:29Z", "im", "ko", "시우 상담 4월 9일 목요일이엿음 잘못 적엇네 ㅋ 3시는 맞음")
M(u, "t_water_new", "2026-03-24T02:44:07Z", "im", "ko", "정수기 아주머니 셋째주 목요일 오전에 오신다고함")
M(u, "t_van_3", "2026-04-06T07:10:45Z", "im", "ko", "오정훈 기사님 그만두심.. 당분간 내가 직접 운전함 ㅠ 보험 운전자 추가 햇음")
M(u, "t_fee_new", "2026-04-10T03:22:18Z", "channel", "ko", "5월부터 16만원. 형제할인 2만원은 유지")
M(u, "t_ortho_new", "2026-04-13T05:30:40Z", "im", "ko", "서윤 교정은 미소가득 말고 바른이치과로 가기로. 5월 2일 토요일 10시")
M(u, "t_camp_1", "2026-04-22T12:20:05Z", "channel", "ko", "여름캠프 7월 25~26일 경주 청소년수련원 1박2일")
M(u, "t_van_check", "2026-04-24T01:50:37Z", "im", "ko", "도장 차량 (노란 승합차) 정기점검 4월 말까지 받아야됨")
M(u, "t_mat", "2026-04-28T06:15:42Z", "im", "ko", "매트 교체 견적 한빛매트 평당 4만2천, 30평 정도")
M(u, "t_camp_2", "2026-05-06T11:35:27Z", "channel", "ko", "캠프 참가비 1인 13만원, 6월 10일까지 입금 안내문 보내기")
M(u, "t_car", "2026-05-12T08:50:16Z", "im", "ko", "내차 엔진오일 6만km 넘음. 삼산 오토큐브 사장님이 알아서 해줌")
M(u, "t_siwoo_bday", "2026-05-15T12:25:09Z", "im", "ko", "시우 생일 8월 21일. 친구들 불러서 도장에서 파티하기로")
M(u, "t_camp_3", "2026-05-20T13:05:33Z", "channel", "ko", "캠프 인솔은 사범 3명 + 학부모 봉사 2명으로 확정")

# --- user 3 queries ---
Q(u, "도장 차량 운행 누가 해", "update", ["t_van_3"], stale=["t_van_1", "t_van_2"])
Q(u, "서윤 피아노 학원 시간", "keyword", ["t_piano"])
Q(u, "3월 승급심사 몇일이지", "update", ["t_grade_new"], stale=["t_grade_old"])
Q(u, "시우 수영 끝나고 픽업 몇시", "keyword", ["t_swim"])
Q(u, "도복 주문 어디로 넣지", "update", ["t_dobok_new"], stale=["t_dobok_old"])
Q(u, "김도윤 주황띠 통과햇나", "inflection", ["t_doyun"], confusable=["p_doyun"])
Q(u, "남구청장배 품새대회 장소", "update", ["t_comp_new"], stale=["t_comp_old"])
Q(u, "도장 바닥 깔개 새로 까는 값", "paraphrase", ["t_mat"])
Q(u, "저녁부 담당 사범 누구야", "update", ["t_coach_new"], stale=["t_coach_old"])
Q(u, "what days is Seoyun's English academy", "update", ["t_english_new"], stale=["t_english_old"])
Q(u, "여름캠프 관련 다 알려줘", "entity", ["t_camp_1", "t_camp_2", "t_camp_3"], entity="여름캠프")
Q(u, "시우 유치원 상담 날짜", "update", ["t_consult_fix"], stale=["t_consult_wrong"])
Q(u, "와이프생일이 언제야", "inflection", ["t_wife_bday"])
Q(u, "정수기 렌탈 점검 날", "update", ["t_water_new"], stale=["t_water_old"])
Q(u, "42000원짜리 견적 뭐엿지", "numeric", ["t_mat"])
Q(u, "회비 5월부터 얼마로 했지", "update", ["t_fee_new"], stale=["t_fee_old"])
Q(u, "차 오일 갈아주는 정비소", "paraphrase", ["t_car"])
Q(u, "서윤 교정 상담 치과 어디", "update", ["t_ortho_new"], stale=["t_ortho_old"])
Q(u, "13만원 뭐 내는 돈이엿지", "numeric", ["t_camp_2"])
Q(u, "when is my wife's birthday", "mixed_lang", ["t_wife_bday"])
Q(u, "what time is Siwoo's swimming", "mixed_lang", ["t_swim"])
Q(u, "where is the summer camp", "mixed_lang", ["t_camp_1"])
Q(u, "김도윤 과장님 연락처 뭐엿지", "negative", [], other_mem=["p_doyun"], neg_kind="isolation_same_name")
Q(u, "내 차 보험 갱신 언제지", "negative", [], neg_kind="absent")
Q(u, "건강검진 몇 시까지 가야 돼", "negative", [], other_mem=["p_checkup"], neg_kind="isolation")

# ---------------------------------------------------------------------------
# User 4: Korean-Australian UX researcher in Seoul (mostly English, some Korean)
# ---------------------------------------------------------------------------
u = "ux"
M(u, "r_dent_clean", "2026-01-05T00:40:18Z", "im", "en", "Smile Tree Dental (Seongsu) - scaling booked Thu, Mar 5, 6:30pm")
M(u, "r_recruit_1", "2026-01-07T02:55:31Z", "channel", "en", "Participant recruiting for Q1 studies goes through PanelLink - contact Sora, 010-2284-6617")
M(u, "r_minji", "2026-01-08T04:20:48Z", "channel", "en", "Minji (PM) prefers async updates in the thread. No Monday morning meetings with her")
M(u, "r_study_old", "2026-01-12T06:10:05Z", "channel", "en", "Checkout usability study: sessions Apr 7-9 in the Seongsu lab, 6 per day")
M(u, "r_landlord_old", "2026-01-14T12:33:27Z", "im", "mixed", "집주인 아저씨 010-5137-2290, 보일러 issues → text him first")
M(u, "r_readout_old", "2026-01-19T03:45:59Z", "channel", "en", "Research readout every Thursday 4pm, Hangang room")
M(u, "r_visa_wrong", "2026-01-21T01:12:36Z", "im", "en", "F-4 visa extension appointment at immigration: Tue, Mar 17, 10am. Bring lease + photo")
M(u, "r_climb_old", "2026-01-26T13:20:14Z", "im", "mixed", "Climbing at 볼더그라운드 뚝섬 Tue/Thu 8pm, bought a 3-month pass")
M(u, "r_maru_food", "2026-01-30T11:05:42Z", "im", "en", "Maru's food: small-breed salmon kibble, a 3kg bag lasts about 5 weeks")
M(u, "r_standup", "2026-02-02T00:35:27Z", "channel", "en", "Daily standup is a 9:45am Slack huddle, cameras optional")
M(u, "r_flight_old", "2026-02-03T09:48:27Z", "im", "en", "Sydney for Mum's 60th - flight Fri, Jun 12, 9:05pm from Incheon")
M(u, "r_korean_old", "2026-02-06T10:30:55Z", "im", "mixed", "한국어 writing class Tuesdays 7pm at 세종학당 광화문")
M(u, "r_stake_old", "2026-02-10T05:15:33Z", "channel", "mixed", "Onboarding study stakeholder: 김태윤 팀장님. Send him the plan by Friday")
M(u, "r_recruit_2", "2026-02-13T07:40:10Z", "channel", "en", "Switched recruiters - FieldNest from now on, Jae is our contact (010-3390-7742)")
M(u, "r_dent_wisdom", "2026-02-17T00:55:46Z", "im", "en", "Smile Tree Dental again - wisdom tooth consult Thu, Apr 2, 6pm with Dr. Kang (not my usual dentist)")
M(u, "r_maru_vet", "2026-02-24T12:45:03Z", "im", "mixed", "Maru's vet: 하늘동물병원 in 성수, Dr. Yoon. Heartworm pill once a month")
M(u, "r_visa_fix", "2026-02-26T02:20:11Z", "im", "en", "Correction: immigration is Wed, Mar 18, 10am - misread the text. Same office")
M(u, "r_laptop_old", "2026-02-27T09:10:29Z", "im", "en", "MacBook dropped off at iFix Sinsa for the sticky keyboard, they said pickup next Friday")
M(u, "r_study_new", "2026-03-03T06:35:50Z", "channel", "en", "Checkout sessions pushed a week: Apr 14-16. Same lab")
M(u, "r_laptop_new", "2026-03-04T10:05:17Z", "im", "en", "iFix called - it's ready, can grab it Thu after 2pm, bring the receipt")
M(u, "r_readout_new", "2026-03-09T02:15:40Z", "channel", "en", "Readouts are Fridays 11am now (Hangang room still)")
M(u, "r_landlord_new", "2026-03-16T08:50:25Z", "im", "en", "New landlord after the sale: Ms. Han, 010-7724-0153. Texts only, no calls")
M(u, "r_climb_new", "2026-03-23T13:40:08Z", "im", "en", "Now bouldering at Crux Seoul near home, Mon/Wed. Let the Ttukseom pass run out")
M(u, "r_korean_new", "2026-03-27T11:25:36Z", "im", "ko", "글쓰기 수업 목요일로 옮김, 시간은 그대로")
M(u, "r_stake_new", "2026-04-02T04:05:19Z", "channel", "mixed", "Onboarding research owner is Rachel from Growth now. 태윤 팀장님 moved to payments")
M(u, "r_recruit_3", "2026-04-09T06:50:27Z", "channel", "en", "FieldNest handed us over to Hyejin (Jae left) - 010-6651-2087")
M(u, "r_flight_new", "2026-04-15T09:20:44Z", "im", "en", "Sydney: Sat, Jun 13, 8:40pm ICN to SYD. Change fee KRW 60,000")
M(u, "r_maru_groom", "2026-04-20T10:15:11Z", "im", "mixed", "Maru 미용 every 6 weeks at 멍스타일, next one May 9")
M(u, "r_sister", "2026-04-22T11:48:02Z", "im", "en", "Hana (sis) visiting Seoul May 1-5, staying at mine. Clear the spare room")
M(u, "r_incentive", "2026-04-24T05:30:59Z", "channel", "en", "Participant incentive for the checkout study: KRW 50,000 voucher per session")
M(u, "r_lab", "2026-05-07T02:40:33Z", "channel", "en", "Seongsu lab room 5B has the one-way mirror, book it through the facilities form")
M(u, "r_deck", "2026-05-19T06:22:14Z", "channel", "en", "Readout deck template lives in the Research drive, 2026 folder")

# --- user 4 queries ---
Q(u, "who's my contact for participant recruiting", "update", ["r_recruit_3"], stale=["r_recruit_1", "r_recruit_2"])
Q(u, "Smile Tree Dental scaling", "keyword", ["r_dent_clean"])
Q(u, "when is the checkout usability study", "update", ["r_study_new"], stale=["r_study_old"])
Q(u, "Minji async updates", "keyword", ["r_minji"], confusable=["w_minji_venue_old", "w_snap_old", "w_minji_dress", "w_minji_venue_new", "w_snap_new"])
Q(u, "landlord's number", "update", ["r_landlord_new"], stale=["r_landlord_old"])
Q(u, "wisdom-tooth consultation time", "inflection", ["r_dent_wisdom"])
Q(u, "what day is the research readout", "update", ["r_readout_new"], stale=["r_readout_old"])
Q(u, "what does my dog eat", "paraphrase", ["r_maru_food"])
Q(u, "F-4 visa extension appointment date", "update", ["r_visa_fix"], stale=["r_visa_wrong"])
Q(u, "everything about Maru", "entity", ["r_maru_food", "r_maru_vet", "r_maru_groom"], entity="Maru")
Q(u, "which climbing gym do I go to and on what days", "update", ["r_climb_new"], stale=["r_climb_old"])
Q(u, "room 5B", "numeric", ["r_lab"])
Q(u, "when can I pick up my MacBook from the repair", "update", ["r_laptop_new"], stale=["r_laptop_old"])
Q(u, "where do I take my dog for a haircut", "paraphrase", ["r_maru_groom"])
Q(u, "Korean writing class day", "update", ["r_korean_new"], stale=["r_korean_old"])
Q(u, "Maru 하늘 동물 병원", "inflection", ["r_maru_vet"])
Q(u, "onboarding study stakeholder", "update", ["r_stake_new"], stale=["r_stake_old"])
Q(u, "50000 won per session", "numeric", ["r_incentive"])
Q(u, "what time is my flight to Sydney for Mum's 60th", "update", ["r_flight_new"], stale=["r_flight_old"])
Q(u, "스케일링 예약 언제야", "mixed_lang", ["r_dent_clean"])
Q(u, "사랑니 상담 몇 시", "mixed_lang", ["r_dent_wisdom"])
Q(u, "민지는 업데이트 어떻게 받는 거 좋아해?", "mixed_lang", ["r_minji"], confusable=["w_minji_venue_old", "w_snap_old", "w_minji_dress", "w_minji_venue_new", "w_snap_new"])
Q(u, "where is Minji's wedding venue", "negative", [], other_mem=["w_minji_venue_old", "w_minji_venue_new"], neg_kind="isolation_same_name")
Q(u, "when is my eye exam", "negative", [], neg_kind="absent")
Q(u, "필라테스 무슨 요일이었지", "negative", [], other_mem=["p_pilates_old", "p_pilates_new"], neg_kind="isolation")

# === WRITE ===  (user data goes above this line)
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]


def build():
    order = [k for k in USERS]
    mems = sorted(MEMS, key=lambda m: order.index(m[0]))  # stable: keeps per-user order
    key2id, key2user, rows = {}, {}, []
    for i, (user, key, ts, ch, lang, text) in enumerate(mems, 1):
        if key in key2id:
            raise SystemExit("duplicate memory key " + key)
        mid = "m%04d" % i
        key2id[key] = mid
        key2user[key] = USERS[user]
        rows.append({"id": mid, "user_id": USERS[user], "text": text, "ts": ts,
                     "channel_type": ch, "lang": lang})

    def ids(keys):
        out = []
        for k in keys:
            if k not in key2id:
                raise SystemExit("unknown memory key " + k)
            out.append(key2id[k])
        return out

    qrows = []
    qs = sorted(QUERIES, key=lambda q: order.index(q["user"]))
    for i, q in enumerate(qs, 1):
        r = {"qid": "q%03d" % i, "user_id": USERS[q["user"]], "query": q["query"],
             "gold": ids(q["gold"]), "type": q["type"]}
        if q["stale"] is not None:
            r["stale"] = ids(q["stale"])
        if q["entity"] is not None:
            r["entity"] = q["entity"]
        if q["other_mem"] is not None:
            r["other_user_has"] = key2user[q["other_mem"][0]]
            r["other_user_mem"] = ids(q["other_mem"])
        if q["neg_kind"] is not None:
            r["neg_kind"] = q["neg_kind"]
        if q["confusable"] is not None:
            r["confusable_other_user"] = ids(q["confusable"])
        qrows.append(r)

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in qrows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d memories, %d queries" % (len(rows), len(qrows)))


if __name__ == "__main__":
    build()
