#!/usr/bin/env python3
"""Source of the blind17 eval set (stale-vs-newer recall on Slack DM notes).

Notes are written with readable keys (r_ins1, s_cut3, ...). Ids m0001.. are
assigned only after a global sort by ts; queries are shuffled with seed 17 and
then numbered q001...  Running this script writes memories.jsonl,
queries.jsonl and README.md next to it.
"""
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    "rider": {
        "user_id": "U4TR8KZ2P",
        "who": "Delivery rider in 광주 (배민커넥트/쿠팡이츠, motorbike)",
        "style": "반말, ㅋㅋ/ㅡㅡ, short; some English when venting",
    },
    "salon": {
        "user_id": "UM91XQ7LD",
        "who": "Hair salon owner (원장) in 일산, one designer + one intern",
        "style": "business shorthand (남컷, 약제, 낼), ㅠ, a few English notes",
    },
    "dev": {
        "user_id": "UB3W6NH0F",
        "who": "Backend developer at a Korean startup, remote with a Singapore team",
        "style": "most English and Korean-English mixed, infra jargon",
    },
    "farm": {
        "user_id": "UZ5JC2Y8R",
        "who": "70-year-old retiree: weekend farm plot, hospital visits, 경로당",
        "style": "short, casual, 맞춤법 slips (삿음, 바뀌엇음, 안되서)",
    },
}

# ---------------------------------------------------------------------------
# Notes: (key, ts, lang, text)
# ---------------------------------------------------------------------------
NOTES = {
    "rider": [
        # fact: insurance premium (changes twice)
        ("r_ins1", "2026-01-06T13:40:00Z", "ko", "유상운송보험 갱신함 월 11만2천 나감 ㅠ 1년짜리"),
        ("r_ins2", "2026-04-03T02:15:00Z", "ko", "보험 다른데로 옮김 DB손보 월 9만8천"),
        ("r_ins3", "2026-04-03T11:52:00Z", "ko", "아 잘못 적었다 98 아니고 10만8천임. 98은 가족한정 특약 뺐을때 견적이었음"),
        # fact: main delivery app
        ("r_app1", "2026-01-15T05:20:00Z", "ko", "요즘 쿠팡이츠 위주로 탐 배민은 콜이 너무 안뜸"),
        ("r_app2", "2026-05-11T04:05:00Z", "ko", "배민커넥트로 갈아탐. 쿠팡 단가 3100까지 떨어져서 걍 접음"),
        # fact: next engine-oil change
        ("r_oil1", "2026-01-24T08:30:00Z", "ko", "엔진오일 교환함 담 교체는 32000km에"),
        ("r_oil2", "2026-03-29T09:10:00Z", "en", "Oil change done today. Next one at 35,500 km"),
        # fact: agency team lead contact
        ("r_lead1", "2026-01-09T10:00:00Z", "ko", "지사 팀장 번호 010-4821-7730 저장해둠"),
        ("r_lead2", "2026-05-27T06:45:00Z", "ko", "팀장 바뀜 ㅋㅋ 새로 온 사람 김도윤 010-2957-1146"),
        # fact: petrol price at usual station
        ("r_fuel1", "2026-02-03T12:20:00Z", "ko", "상무지구 SK셀프 휘발유 1689원 여기가 젤 쌈"),
        ("r_fuel2", "2026-06-18T07:30:00Z", "ko", "상무 SK셀프 오늘 1742 찍혀있더라 ㅡㅡ"),
        # fact: weekly day off
        ("r_off1", "2026-02-20T14:00:00Z", "ko", "쉬는날 화요일로 고정함"),
        ("r_off2", "2026-06-01T01:30:00Z", "ko", "지사장님이 이번달부터 휴무 목요일로 돌리재 화욜은 사람 부족하다고"),
        # fact: bike installment debit day
        ("r_inst1", "2026-02-26T03:00:00Z", "ko", "바이크 할부 매달 25일 자동이체 걸어둠 (남은거 14회)"),
        ("r_inst2", "2026-05-08T08:20:00Z", "mixed", "캐피탈에서 전화옴, installment due date moved to the 10th from next month"),
        # singles
        ("r_plate", "2026-01-12T11:11:00Z", "ko", "내 오토바이 번호 광주북구 가 4417"),
        ("r_helmet", "2026-03-08T06:00:00Z", "ko", "헬멧 새로 삼 HJC i71 XL 사이즈 24만"),
        ("r_mom", "2026-04-10T12:30:00Z", "ko", "엄마 생신 올해는 양력 4/28 (음력 3/12) 잊지말자"),
        # distractors / noise
        ("r_tire", "2026-04-20T10:40:00Z", "ko", "뒷타이어 많이 닳았네 조만간 갈아야될듯"),
        ("r_rain", "2026-03-17T09:50:00Z", "mixed", "rain all day, 콜은 터지는데 미끄러워서 no way"),
        ("r_promo", "2026-05-15T05:30:00Z", "mixed", "쿠팡 promo +1500/건 this weekend only 근데 이미 배민으로 옮겨서 ㅋㅋ"),
        ("r_inscall", "2026-04-02T07:10:00Z", "ko", "보험사 상담원 연결만 30분 걸림 진짜 ㅡㅡ 보험료 비교견적 3군데 받는중"),
        ("r_queue", "2026-06-20T11:00:00Z", "ko", "주유소 줄 개김 기름값 오른다고 다들 미리 넣는듯"),
        ("r_notice", "2026-02-11T13:15:00Z", "ko", "팀장님 단톡 공지: 헬멧 턱끈 안채우면 벌금 만원"),
        ("r_hot", "2026-07-14T06:20:00Z", "ko", "오늘 35도 ㅠ 콜 사이사이 물 4병 마심"),
    ],
    "salon": [
        # fact: men's cut price (changes twice)
        ("s_cut1", "2026-01-04T02:30:00Z", "ko", "남자컷 18000 학생 15000 그대로 감"),
        ("s_cut2", "2026-02-01T01:10:00Z", "ko", "2월부터 남컷 2만원으로 올림 재료비 다올라서"),
        ("s_cut3", "2026-02-02T10:40:00Z", "ko", "정정: 남컷 22000임. 2만은 학생가 올린거랑 헷갈렸네"),
        # fact: shop rent
        ("s_rent1", "2026-01-20T06:00:00Z", "ko", "가게 월세 230 매달 5일 이체"),
        ("s_rent2", "2026-04-14T08:30:00Z", "ko", "건물주가 재계약하면서 250으로 올리재 5월분부터"),
        # fact: colour supplier contact
        ("s_dye1", "2026-01-27T04:20:00Z", "ko", "염색약 밀본 거래처 이과장 010-3344-9021 주문은 화요일까지"),
        ("s_dye2", "2026-03-19T05:00:00Z", "ko", "약제 거래처 로레알 대리점으로 바꿈 담당 정민호 대리 010-7719-2280"),
        # fact: intern start time
        ("s_intern1", "2026-02-09T00:50:00Z", "ko", "인턴 지수 10시 출근 7시 퇴근"),
        ("s_intern2", "2026-05-04T11:30:00Z", "ko", "지수 낼부터 30분 당겨서 9시반에 나오라고 함 오전 예약 많아서"),
        # fact: regular closing day
        ("s_closed1", "2026-01-08T12:00:00Z", "ko", "정기휴무 매주 월요일"),
        ("s_closed2", "2026-06-08T02:00:00Z", "ko", "이제 화요일 쉼. 월욜 예약이 너무 많아서 바꿈"),
        # fact: digital perm solution
        ("s_perm1", "2026-02-17T07:30:00Z", "ko", "디지털펌 약 실키웨이브로 씀 손상 덜함"),
        ("s_perm2", "2026-05-22T09:15:00Z", "en", "Silky Wave got discontinued. Using Aqua Curl 2 for digital perms now"),
        # fact: guest wifi password
        ("s_wifi1", "2026-03-02T03:00:00Z", "ko", "손님 와이파이 비번 salon1234"),
        ("s_wifi2", "2026-06-25T04:40:00Z", "mixed", "wifi pw 바꿈 → hair_ilsan25 (카운터에 메모 붙여놓기)"),
        # singles
        ("s_biz", "2026-01-14T05:00:00Z", "ko", "사업자등록번호 128-37-55910 (카드사 서류용)"),
        ("s_tax", "2026-03-11T06:30:00Z", "ko", "세무사 한결세무 김세무사님 031-905-4412"),
        ("s_bday", "2026-05-25T08:00:00Z", "ko", "은비쌤 생일 6/3 케이크 미리 주문해두기"),
        # distractors / noise
        ("s_noshow", "2026-03-24T09:00:00Z", "ko", "비와서 노쇼 3명 ㅠ 예약금 받아야되나"),
        ("s_naver", "2026-04-07T10:20:00Z", "mixed", "Naver review 4.9 찍음 ㅋㅋ 리뷰이벤트 계속 ㄱㄱ"),
        ("s_milbon", "2026-02-24T04:10:00Z", "ko", "밀본 이과장 또 배송 늦음 화요일 주문했는데 금요일 옴"),
        ("s_rentday", "2026-07-06T07:00:00Z", "ko", "월세 내는날 카드값이랑 겹침 ㅠㅠ 이번달 빠듯"),
        ("s_router", "2026-07-02T05:30:00Z", "ko", "와이파이 또 끊김 공유기 재부팅함 손님들 눈치"),
        ("s_vat", "2026-07-15T03:20:00Z", "mixed", "부가세 신고 7/25까지, 세무사님한테 카드매출 자료 send 하기"),
        ("s_clinic", "2026-05-12T06:00:00Z", "ko", "이번달 클리닉 예약 두배 앰플 더 시켜야됨"),
    ],
    "dev": [
        # fact: daily standup time (changes twice)
        ("d_su1", "2026-01-05T00:30:00Z", "en", "Standup is 10:30 KST / 9:30 SGT every weekday"),
        ("d_su2", "2026-02-23T01:00:00Z", "en", "Standup moved to 11:00 KST starting next week, Priya wants to join from Jakarta"),
        ("d_su3", "2026-05-18T02:10:00Z", "ko", "스탠드업 또 바뀜 ㅋㅋ 싱가폴팀이 오전이 낫대서 10시로. 걔네 기준 9시"),
        # fact: on-call escalation contact
        ("d_esc1", "2026-01-13T03:30:00Z", "en", "On-call escalation contact: Wei Ming, +65 9123 4478"),
        ("d_esc2", "2026-04-21T02:45:00Z", "mixed", "Wei Ming 퇴사함 ㅠ 이제 에스컬레이션은 Arjun +65 8870 2216"),
        # fact: staging db host
        ("d_stg1", "2026-02-05T05:40:00Z", "en", "staging db host: stg-pg-02.internal:5432, user app_rw"),
        ("d_stg2", "2026-04-09T07:20:00Z", "mixed", "stg db 이제 aurora로 migrate됨 → stg-pg-aurora.cluster.internal, 포트 동일"),
        # fact: deploy freeze window
        ("d_frz1", "2026-02-12T06:00:00Z", "en", "Deploy freeze: Fridays after 3pm SGT, no prod deploys"),
        ("d_frz2", "2026-06-04T04:30:00Z", "ko", "CTO 공지 프리즈 목요일 6시(SGT)부터로 당김"),
        # fact: invoice deadline
        ("d_inv1", "2026-01-22T09:00:00Z", "ko", "인보이스 매달 28일에 보내면 됨 SGD로"),
        ("d_inv2", "2026-03-26T08:10:00Z", "en", "Finance said invoices are due by the 20th from April on"),
        # fact: laptop asset tag
        ("d_tag1", "2026-03-03T02:20:00Z", "en", "laptop asset tag SG-LT-0417 (MBP 14 M3)"),
        ("d_tag2", "2026-03-04T01:05:00Z", "mixed", "정정: 랩탑 태그 SG-LT-0451임, 0417은 모니터꺼였음"),
        # fact: coworking desk
        ("d_cw1", "2026-01-30T10:00:00Z", "ko", "코워킹 패스트파이브 성수점 월 39만 결제"),
        ("d_cw2", "2026-05-06T03:40:00Z", "en", "WeWork Seolleung hot desk, 450k/month, card auto-pay set"),
        # singles
        ("d_jira", "2026-02-18T04:00:00Z", "en", "Jira project key for payments is PAYX"),
        ("d_addr", "2026-03-13T07:00:00Z", "en", "SG office: 71 Robinson Rd #14-01, Singapore 068895"),
        ("d_leave", "2026-01-07T08:00:00Z", "ko", "올해 연차 15일 받음 싱가폴 공휴일은 별도"),
        # distractors / noise
        ("d_redis", "2026-03-20T18:30:00Z", "mixed", "prod incident again, redis OOM ㅠㅠ 새벽 3시에 깸"),
        ("d_sulong", "2026-04-28T02:40:00Z", "ko", "스탠드업 요즘 30분씩 함 ㅡㅡ 그냥 async로 하자니까"),
        ("d_offsite", "2026-06-10T05:00:00Z", "ko", "싱가폴팀 오프사이트 다음주 목요일 난 원격참여"),
        ("d_coffee", "2026-05-28T04:20:00Z", "ko", "위워크 커피 왜이리 맛없냐"),
        ("d_fx", "2026-04-16T01:30:00Z", "ko", "SGD 환율 1052원 ㄷㄷ 인보이스 받을때 좋네"),
        ("d_latency", "2026-06-23T06:10:00Z", "en", "payments p99 latency 800ms on staging, need to profile the ledger query"),
        ("d_stgdown", "2026-07-08T03:00:00Z", "mixed", "staging 또 죽음 누가 migration 돌렸냐 ㅋㅋ"),
    ],
    "farm": [
        # fact: knee appointment (changes twice)
        ("e_knee1", "2026-03-02T00:20:00Z", "ko", "무릎 정형외과 예약 3월14일 오전10시 잊지말것"),
        ("e_knee2", "2026-03-09T02:00:00Z", "ko", "병원서 전화옴 의사선생님 학회가서 21일로 미뤄짐"),
        ("e_knee3", "2026-03-18T05:30:00Z", "ko", "21일 손주 돌잔치라 안되서 28일 2시로 다시 바꿨음"),
        # fact: blood-pressure pill
        ("e_bp1", "2026-01-10T23:00:00Z", "ko", "혈압약 아침 먹고 한알"),
        ("e_bp2", "2026-04-15T03:10:00Z", "ko", "김원장님이 이제 저녁먹고 반알만 먹으래 어지러워서"),
        # fact: farm plot number
        ("e_plot1", "2026-02-28T01:00:00Z", "ko", "주말농장 분양 B-17 구역 받음 5평"),
        ("e_plot2", "2026-03-21T02:30:00Z", "ko", "밭 자리 물가 가까운데로 옮김 C-04"),
        # fact: farm caretaker contact
        ("e_mgr1", "2026-03-05T04:00:00Z", "ko", "농장 관리인 박씨 010-5521-3007"),
        ("e_mgr2", "2026-06-02T00:40:00Z", "ko", "관리하는 사람 바뀌엇음 최영수씨 010-8840-1192 젊은 사람임"),
        # fact: pepper seedling price
        ("e_seed1", "2026-04-11T01:20:00Z", "ko", "고추모종 종묘상 한판 15000 이라함"),
        ("e_seed2", "2026-04-18T02:00:00Z", "ko", "결국 장날에 만이천원 주고 삿음"),
        # fact: hospital shuttle time
        ("e_shuttle1", "2026-02-16T23:30:00Z", "ko", "병원 셔틀버스 터미널앞 9시20분"),
        ("e_shuttle2", "2026-05-13T23:10:00Z", "mixed", "shuttle 시간표 새로나옴 이제 9시50분 터미널"),
        # fact: senior-centre meeting day
        ("e_club1", "2026-01-21T05:00:00Z", "ko", "경로당 모임 매주 수요일 11시"),
        ("e_club2", "2026-06-15T06:20:00Z", "ko", "노인회장님이 담달부터 금요일에 모이자고 함"),
        # singles
        ("e_shingles", "2026-05-02T01:00:00Z", "ko", "대상포진 주사 보건소서 맞음 오늘"),
        ("e_lock", "2026-03-22T03:00:00Z", "ko", "농장 창고 자물쇠 번호 4721"),
        ("e_doc", "2026-01-16T02:00:00Z", "ko", "내과 주치의 김정훈원장 화목 오전 진료"),
        # distractors / noise
        ("e_rain", "2026-04-25T00:30:00Z", "ko", "비와서 밭에 못감 감자도 심어야되는데"),
        ("e_kneepain", "2026-02-07T11:00:00Z", "ko", "무릎 또 쑤심 날이 궂을라나"),
        ("e_bpcheck", "2026-05-20T22:40:00Z", "mixed", "혈압 check 138/85 괜찮은편"),
        ("e_pole", "2026-05-09T03:30:00Z", "ko", "고추 지지대 세움 허리 아퍼 죽겟다"),
        ("e_ktx", "2026-06-27T04:00:00Z", "mixed", "KTX 예매 손주가 해줌 부산 7/3 OK"),
        ("e_lunch", "2026-07-10T04:10:00Z", "ko", "경로당 점심 짜장면 나옴 ㅎㅎ"),
        ("e_ct", "2026-07-21T06:00:00Z", "mixed", "CT 결과 normal 이라함 휴 다행"),
    ],
}

# ---------------------------------------------------------------------------
# Queries: (user, type, query, gold keys, stale keys, fact label, kinds)
# kinds (update only): explicit, dropped_topic, paraphrase, lang_switch,
#                      no_change_word, correction, someone_else
# ---------------------------------------------------------------------------
Q = [
    # ---- rider ----
    ("rider", "update", "오토바이 보험 한 달에 얼마 나가지", ["r_ins3"], ["r_ins1", "r_ins2"],
     "insurance premium", ["explicit", "correction", "paraphrase"]),
    ("rider", "update", "지금 메인으로 쓰는 배달앱 뭐더라", ["r_app2"], ["r_app1"],
     "main delivery app", ["explicit", "paraphrase"]),
    ("rider", "update", "엔진오일 다음 교체 몇 km에 해야돼?", ["r_oil2"], ["r_oil1"],
     "next oil change km", ["lang_switch", "no_change_word", "paraphrase"]),
    ("rider", "update", "지사 팀장 번호 뭐였더라", ["r_lead2"], ["r_lead1"],
     "team lead contact", ["explicit", "dropped_topic"]),
    ("rider", "update", "상무 SK 기름 지금 리터에 얼마 하더라", ["r_fuel2"], ["r_fuel1"],
     "petrol price", ["no_change_word", "dropped_topic", "paraphrase"]),
    ("rider", "update", "나 휴무 무슨 요일이지", ["r_off2"], ["r_off1"],
     "weekly day off", ["someone_else", "explicit", "paraphrase"]),
    ("rider", "update", "바이크 installment 며칠에 빠져나가지?", ["r_inst2"], ["r_inst1"],
     "installment debit day", ["someone_else", "lang_switch", "explicit"]),
    ("rider", "single", "내 바이크 번호판 뭐였지", ["r_plate"], [], "plate number", []),
    ("rider", "single", "헬멧 무슨 모델 샀었지?", ["r_helmet"], [], "helmet model", []),
    ("rider", "single", "엄마 생신 올해 며칠이야", ["r_mom"], [], "mother's birthday", []),
    ("rider", "negative", "뒷타이어 마지막으로 간 게 언제야?", [], [], "(near: r_tire)", []),
    ("rider", "negative", "지사 사무실 주소 어디였지", [], [], "(near: r_lead1/r_lead2)", []),
    # ---- salon ----
    ("salon", "update", "남자컷 지금 얼마 받지?", ["s_cut3"], ["s_cut1", "s_cut2"],
     "men's cut price", ["explicit", "correction", "paraphrase"]),
    ("salon", "update", "가게 월세 요즘 얼마 내고 있지", ["s_rent2"], ["s_rent1"],
     "shop rent", ["someone_else", "dropped_topic", "explicit"]),
    ("salon", "update", "염색약 주문 누구한테 넣어야돼", ["s_dye2"], ["s_dye1"],
     "colour supplier contact", ["explicit", "paraphrase"]),
    ("salon", "update", "지수 몇시까지 나와야 되지", ["s_intern2"], ["s_intern1"],
     "intern start time", ["dropped_topic", "explicit"]),
    ("salon", "update", "우리 샵 정기휴무 무슨 요일이야", ["s_closed2"], ["s_closed1"],
     "regular closing day", ["explicit", "paraphrase"]),
    ("salon", "update", "디지털펌 약 요즘 뭐 쓰고 있지", ["s_perm2"], ["s_perm1"],
     "digital perm solution", ["lang_switch", "explicit", "paraphrase"]),
    ("salon", "update", "손님용 wifi 비번 뭐였지", ["s_wifi2"], ["s_wifi1"],
     "guest wifi password", ["explicit", "lang_switch", "paraphrase"]),
    ("salon", "single", "사업자번호 뭐였지", ["s_biz"], [], "business reg. number", []),
    ("salon", "single", "세무사님 전화 몇번이야", ["s_tax"], [], "accountant phone", []),
    ("salon", "single", "은비 생일 언제더라", ["s_bday"], [], "designer's birthday", []),
    ("salon", "negative", "남자 펌은 얼마 받기로 했지?", [], [], "(near: s_cut*)", []),
    ("salon", "negative", "건물주 연락처 뭐였지", [], [], "(near: s_rent2)", []),
    # ---- dev ----
    ("dev", "update", "what time is standup these days?", ["d_su3"], ["d_su1", "d_su2"],
     "standup time", ["explicit", "someone_else", "lang_switch"]),
    ("dev", "update", "who do I escalate to when I'm on-call?", ["d_esc2"], ["d_esc1"],
     "on-call escalation contact", ["explicit", "lang_switch"]),
    ("dev", "update", "staging postgres host 뭐였지", ["d_stg2"], ["d_stg1"],
     "staging db host", ["explicit", "paraphrase", "lang_switch"]),
    ("dev", "update", "프리즈 몇시부터 시작이더라", ["d_frz2"], ["d_frz1"],
     "deploy freeze window", ["someone_else", "lang_switch", "paraphrase"]),
    ("dev", "update", "인보이스 며칠까지 보내야 돼?", ["d_inv2"], ["d_inv1"],
     "invoice deadline", ["someone_else", "lang_switch", "explicit"]),
    ("dev", "update", "what's my laptop asset tag?", ["d_tag2"], ["d_tag1"],
     "laptop asset tag", ["correction", "lang_switch", "paraphrase"]),
    ("dev", "update", "요즘 공유오피스 한 달 얼마 내지", ["d_cw2"], ["d_cw1"],
     "coworking desk", ["no_change_word", "lang_switch", "paraphrase"]),
    ("dev", "single", "payments 지라 프로젝트 키 뭐였지", ["d_jira"], [], "jira key", []),
    ("dev", "single", "싱가폴 오피스 주소 어디야", ["d_addr"], [], "SG office address", []),
    ("dev", "single", "올해 휴가 총 며칠이지", ["d_leave"], [], "annual leave", []),
    ("dev", "negative", "prod db host 뭐였지?", [], [], "(near: d_stg*)", []),
    ("dev", "negative", "What's Priya's phone number?", [], [], "(near: d_su2)", []),
    # ---- farm ----
    ("farm", "update", "무릎 진료 언제 가야되지", ["e_knee3"], ["e_knee1", "e_knee2"],
     "knee appointment", ["someone_else", "dropped_topic", "explicit"]),
    ("farm", "update", "혈압약 언제 먹어야 되지", ["e_bp2"], ["e_bp1"],
     "blood-pressure pill", ["someone_else", "dropped_topic", "explicit"]),
    ("farm", "update", "밭 자리 몇번이였지", ["e_plot2"], ["e_plot1"],
     "farm plot number", ["explicit", "paraphrase"]),
    ("farm", "update", "농장 관리인 전화번호 뭐였지", ["e_mgr2"], ["e_mgr1"],
     "farm caretaker contact", ["explicit", "paraphrase"]),
    ("farm", "update", "고추모종 얼마 주고 샀지", ["e_seed2"], ["e_seed1"],
     "pepper seedling price", ["dropped_topic", "no_change_word"]),
    ("farm", "update", "셔틀 몇시에 터미널 오지", ["e_shuttle2"], ["e_shuttle1"],
     "hospital shuttle time", ["explicit", "lang_switch", "dropped_topic"]),
    ("farm", "update", "경로당 모이는 날 무슨 요일이지", ["e_club2"], ["e_club1"],
     "senior-centre meeting day", ["someone_else", "dropped_topic", "explicit"]),
    ("farm", "single", "대상포진 주사 언제 맞았더라", ["e_shingles"], [], "shingles shot date", []),
    ("farm", "single", "밭 창고 열쇠 비밀번호 뭐지", ["e_lock"], [], "shed lock code", []),
    ("farm", "single", "내과 선생님 성함이 뭐였지", ["e_doc"], [], "internist name", []),
    ("farm", "negative", "무릎 주사 맞은거 얼마 냈지", [], [], "(near: e_knee*)", []),
    ("farm", "negative", "감자 언제 심었더라", [], [], "(near: e_rain, e_seed*)", []),
]

KIND_DESC = {
    "explicit": "explicit change word (이제, ~부터, 바뀜, 옮김, moved, now ...)",
    "dropped_topic": "follow-up drops the topic word",
    "paraphrase": "paraphrase / synonym / abbreviation / loanword",
    "lang_switch": "language switch between old and new note",
    "no_change_word": "new value with no change word",
    "correction": "correction of a mistake (정정, 잘못 적었다)",
    "someone_else": "change said by someone else",
}

TOKEN_RE = re.compile(r"[0-9a-z가-힣]+")


def toks(s):
    return set(TOKEN_RE.findall(s.lower()))


def build():
    all_notes = []
    for ukey, notes in NOTES.items():
        for key, ts, lang, text in notes:
            all_notes.append({"key": key, "ukey": ukey, "ts": ts, "lang": lang, "text": text})
    all_notes.sort(key=lambda n: (n["ts"], n["key"]))
    key2id = {}
    mem_rows = []
    for i, n in enumerate(all_notes, 1):
        mid = f"m{i:04d}"
        key2id[n["key"]] = mid
        mem_rows.append({
            "id": mid,
            "user_id": USERS[n["ukey"]]["user_id"],
            "text": n["text"],
            "ts": n["ts"],
            "channel_type": "im",
            "lang": n["lang"],
        })
    key2note = {n["key"]: n for n in all_notes}

    qs = list(Q)
    random.Random(17).shuffle(qs)
    q_rows, q_meta = [], []
    for i, (ukey, typ, query, gold, stale, fact, kinds) in enumerate(qs, 1):
        qid = f"q{i:03d}"
        q_rows.append({
            "qid": qid,
            "user_id": USERS[ukey]["user_id"],
            "query": query,
            "gold": [key2id[k] for k in gold],
            "type": typ,
            "stale": [key2id[k] for k in stale],
        })
        q_meta.append((qid, ukey, typ, query, gold, stale, fact, kinds))

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in mem_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in q_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    write_readme(mem_rows, q_meta, key2id, key2note)
    print(f"wrote {len(mem_rows)} memories, {len(q_rows)} queries")


def write_readme(mem_rows, q_meta, key2id, key2note):
    L = []
    L.append("# blind17 — stale-vs-newer recall, Slack DM personal memory\n")
    L.append("Hand-written, blind eval set (written from the brief only). It tests whether recall ranks the "
             "NEWER note about a fact above the OLDER note(s) it replaced. 4 users × 25 notes = 100 notes; "
             "48 queries (per user 7 update, 3 single, 2 negative). One fact per user changes twice.\n")
    L.append("Files: `memories.jsonl`, `queries.jsonl` (generated by `build.py`; ids assigned after a global "
             "ts sort, queries shuffled with seed 17), `validate.py` (run `python3 validate.py`).\n")
    L.append("## Users\n")
    L.append("| user_id | who | style | notes | ko | en | mixed |")
    L.append("|---|---|---|---|---|---|---|")
    for ukey, u in USERS.items():
        rows = [m for m in mem_rows if m["user_id"] == u["user_id"]]
        c = {l: sum(1 for m in rows if m["lang"] == l) for l in ("ko", "en", "mixed")}
        L.append(f"| {u['user_id']} | {u['who']} | {u['style']} | {len(rows)} | {c['ko']} | {c['en']} | {c['mixed']} |")
    tot = {l: sum(1 for m in mem_rows if m["lang"] == l) for l in ("ko", "en", "mixed")}
    L.append(f"| **total** | | | {len(mem_rows)} | {tot['ko']} | {tot['en']} | {tot['mixed']} |\n")

    L.append("## Kinds of change (update queries; a fact may carry several)\n")
    L.append("| kind | meaning | facts |")
    L.append("|---|---|---|")
    ups = [m for m in q_meta if m[2] == "update"]
    for k, d in KIND_DESC.items():
        L.append(f"| {k} | {d} | {sum(1 for m in ups if k in m[7])} |")
    L.append("")
    n_more = 0
    for m in ups:
        qt = toks(m[3])
        g = len(qt & toks(key2note[m[4][0]]["text"]))
        s = max(len(qt & toks(key2note[k]["text"])) for k in m[5])
        n_more += s > g
    L.append(f"Lexical trap: in {n_more} of {len(ups)} update queries the stale note shares more word tokens "
             "with the query than the gold note does (tokens = lowercase runs of [0-9a-z가-힣]).\n")

    L.append("## Per-fact map (stale → gold → query)\n")
    for ukey, u in USERS.items():
        L.append(f"### {u['user_id']} — {u['who']}\n")
        L.append("| qid | type | fact | stale | gold | kinds | query |")
        L.append("|---|---|---|---|---|---|---|")
        order = {"update": 0, "single": 1, "negative": 2}
        for m in sorted((m for m in q_meta if m[1] == ukey), key=lambda m: (order[m[2]], m[0])):
            qid, _, typ, query, gold, stale, fact, kinds = m
            st = " → ".join(f"{key2id[k]} ({k})" for k in stale) or "—"
            go = ", ".join(f"{key2id[k]} ({k})" for k in gold) or "—"
            L.append(f"| {qid} | {typ} | {fact} | {st} | {go} | {', '.join(kinds) or '—'} | {query} |")
        L.append("")
        L.append("<details><summary>notes</summary>\n")
        for n in sorted((n for n in key2note.values() if n["ukey"] == ukey), key=lambda n: n["ts"]):
            L.append(f"- {key2id[n['key']]} `{n['key']}` {n['ts']} [{n['lang']}] {n['text']}")
        L.append("\n</details>\n")
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(L))


if __name__ == "__main__":
    build()
