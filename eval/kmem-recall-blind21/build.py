#!/usr/bin/env python3
"""Build the blind21 held-out set (memories.jsonl, queries.jsonl).

All data is inline and invented. Memories are written per user with a local key and a
KST wall-clock time; ids (m0001..) and qids (q001..) are assigned in the order listed here,
and timestamps are converted to UTC with a trailing Z.
"""
import json
import os
import sys
import zlib
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
KST = timedelta(hours=9)

USERS = []  # list of (user_id, persona, [memories], [queries]) in output order


def M(key, when, ch, lang, text):
    """A memory. when = 'MM-DD HH:MM' in KST (Asia/Seoul)."""
    return {"key": key, "when": when, "ch": ch, "lang": lang, "text": text}


def Q(query, qtype, gold=(), stale=(), entity=None, neg=None, other=(), conf=(),
      absent=(), plang=None):
    """A query. gold/stale/other/conf hold memory keys; absent holds the key terms of an
    `absent` negative (checked against every memory); plang tags the language of an
    update pair (ko / en / mixed) for the summary only."""
    return {"query": query, "type": qtype, "gold": list(gold), "stale": list(stale),
            "entity": entity, "neg": neg, "other": list(other), "conf": list(conf),
            "absent": list(absent), "plang": plang}


def to_utc(when, key):
    md, hm = when.split()
    mo, d = map(int, md.split("-"))
    h, mi = map(int, hm.split(":"))
    sec = zlib.crc32(key.encode()) % 60
    local = datetime(2026, mo, d, h, mi, sec)
    return (local - KST).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------------------
# User 1: university admissions officer in Daejeon (입학사정관)
# ---------------------------------------------------------------------------
U_A = "U05HQ7N2KT"
MEM_A = [
    M("a_edu1", "01-04 08:52", "im", "ko", "수시 면접위원 교육 1월 14일 수요일 오후 2시. 본관 3층 대회의실, 노트북 챙겨가기"),
    M("a_kongfeed", "01-06 19:40", "im", "ko", "콩이 사료는 로얄캐닌 미니 인도어 3kg짜리. 한달 반쯤 먹음"),
    M("a_result1", "01-07 10:15", "channel", "ko", "정시 최초합 발표 2월 6일 금요일 오후 2시 예정. 홈피 공지문 초안은 수욜까지"),
    M("a_kang1", "01-08 13:20", "im", "ko", "대전한솔고 진로부장 강민아 쌤 010-4821-3307. 고교연계 프로그램 창구"),
    M("a_jeonbuk1", "01-09 22:05", "im", "ko", "전북 고교방문 담당 이수진 쌤. 3월 셋째주에 전주 익산 돌기로 함"),
    M("a_booth1", "01-12 09:30", "im", "ko", "입시박람회 부스 배정 B-12 나옴. 대전컨벤션센터 제1전시장"),
    M("a_edu2", "01-13 18:11", "im", "ko", "면접위원 교육 장소 바꼈대ㅋㅋ 본관 말고 인문관 204호. 시간은 그대로"),
    M("a_kalguksu", "01-15 12:40", "im", "ko", "점심 칼국수는 '오류동 할머니칼국수'가 젤 나음. 수욜 휴무 주의"),
    M("a_topik1", "01-19 20:30", "im", "ko", "외국인 전형 한국어 기준 TOPIK 4급 이상. 요강 23쪽"),
    M("a_result2", "01-21 09:05", "channel", "ko", "정시 최초합 발표 2/4(수) 오전 10시, 문자 발송은 오후 1시"),
    M("a_groom", "01-24 11:30", "im", "ko", "콩이 미용 2월 7일 토요일 오후 2시 '멍뭉살롱' 예약함. 얼굴컷만 ㅋㅋ"),
    M("a_scaling", "01-27 21:10", "im", "ko", "연세바른치과 스케일링 2월 21일(토) 오전 10시"),
    M("a_apostille", "02-02 08:45", "im", "mixed", "국제처 미팅 메모: exchange student 서류는 apostille 필수, 번역공증은 optional"),
    M("a_booth2", "02-03 17:50", "channel", "ko", "박람회 부스 C-07로 변경됐다고 공문 옴"),
    M("a_jiho1", "02-05 14:20", "im", "ko", "윤지호 주무관이 금요일까지 면접 평가표 취합해서 넘겨주기로 함"),
    M("a_wife", "02-10 19:00", "im", "ko", "와이프 생일 5월 20일. 작년에 목걸이 했으니까 올해는 딴거"),
    M("a_inlaw", "02-12 10:10", "im", "ko", "장인어른 생신 5월 2일, 대구 처가에서 점심 모임"),
    M("a_dean1", "02-16 22:40", "im", "ko", "입학처장님 면담 3월 10일 화요일 오후 4시 — 신입생 충원율 보고"),
    M("a_overseas1", "02-20 09:15", "im", "ko", "재외국민 전형 서류평가 마감 4월 30일"),
    M("a_overseas2", "02-23 13:35", "im", "ko", "아 잘못 적었다 재외국민 서류평가 마감 4월 23일임. 30일은 면접날이고"),
    M("a_topik2", "02-25 11:00", "im", "mixed", "TOPIK requirement 3급으로 낮추기로 결정 (어학당 수료자는 면제)"),
    M("a_carpool1", "03-02 08:20", "im", "ko", "이번 학기 카풀 월수금 박정우 팀장님 차. 유성온천역 7시 50분"),
    M("a_kang2", "03-04 16:45", "im", "ko", "강민아 쌤 번호 바뀜 010-4821-9952"),
    M("a_dean2", "03-06 10:30", "im", "ko", "처장님이랑 보는 거 3/12(목) 오전 11시로 당겨짐"),
    M("a_jeonbuk2", "03-09 20:10", "im", "ko", "전북 학교 도는 거 이제 최동욱 주무관이 맡음. 수진쌤 육휴 들어가셔서"),
    M("a_wisdom", "03-11 12:00", "im", "ko", "연세바른치과 사랑니 발치 4월 18일(토) 11시. 전날 술 금지"),
    M("a_booth3", "03-17 09:40", "channel", "ko", "박람회 최종 부스 C-09 ㅠㅠ 또 바뀜. 현수막 사이즈 다시 확인해야"),
    M("a_camp", "03-20 18:30", "im", "ko", "고교연계 캠프 참가자 명단 마감 4/10(금)"),
    M("a_ins1", "03-25 21:00", "im", "en", "Reminder: car insurance renewal before Apr 15. currently with Hanwol Direct"),
    M("a_carpool2", "04-01 08:50", "im", "ko", "월수금 카풀 이제 윤지호 주무관 차로. 팀장님 차 정비 들어감"),
    M("a_ins2", "04-06 13:15", "im", "ko", "자동차보험 이번에 삼보화재로 갈아탐. 연 58만원"),
    M("a_rabies", "04-14 10:20", "im", "ko", "콩이 광견병 주사 4월 25일(토) 둔산동물병원"),
    M("a_pension", "04-22 19:30", "im", "ko", "5월 연휴 가족여행 태안 '솔향기펜션' 5/3~5/5 예약 완료"),
    M("a_jiho_wed", "05-11 09:00", "im", "ko", "윤지호 주무관 결혼식 5월 30일 토요일 1시, 유성 리베라호텔. 축의금 챙기기"),
    M("a_ws1", "06-03 11:20", "im", "ko", "입학사정관 워크숍 6월 25일 목요일 세종 컨벤션센터"),
    M("a_ws2", "06-15 14:00", "im", "ko", "워크숍 대전으로 옮김 — 6/26(금) KAIST 학술문화관"),
]
QRY_A = [
    Q("면접위원 교육 어디서 하지?", "update", ["a_edu2"], ["a_edu1"], plang="ko"),
    Q("할머니칼국수 휴무일", "keyword", ["a_kalguksu"]),
    Q("정시 최초합 발표 언제야", "update", ["a_result2"], ["a_result1"], plang="ko"),
    Q("장인어른 생신이 며칠이지", "inflection", ["a_inlaw"]),
    Q("박람회 우리 부스 몇 번이더라", "update", ["a_booth3"], ["a_booth1", "a_booth2"], plang="ko"),
    Q("집사람 생일 언제더라", "paraphrase", ["a_wife"]),
    Q("한솔고 진로부장 쌤 번호", "update", ["a_kang2"], ["a_kang1"], plang="ko"),
    Q("콩이 관련 다 알려줘", "entity", ["a_kongfeed", "a_groom", "a_rabies"], entity="콩이",
      conf=["c_kongi_born", "c_kongi_vac", "c_kongi_tag", "c_kongi_wean"]),
    Q("전북 쪽 고교방문 누가 가?", "update", ["a_jeonbuk2"], ["a_jeonbuk1"], plang="ko"),
    Q("9952로 끝나는 번호 누구 거야", "numeric", ["a_kang2"]),
    Q("처장님 면담 몇시였지", "update", ["a_dean2"], ["a_dean1"], plang="ko"),
    Q("dentist scaling appointment when?", "mixed_lang", ["a_scaling"]),
    Q("재외국민 서류평가 언제 마감이야", "update", ["a_overseas2"], ["a_overseas1"], plang="ko"),
    Q("수능 감독 몇 교시 배정됐더라", "negative", neg="absent", absent=["수능", "감독"]),
    Q("유학생 토픽 몇 급부터 받아?", "update", ["a_topik2"], ["a_topik1"], plang="mixed"),
    Q("사랑니발치 몇 시에 예약했더라", "inflection", ["a_wisdom"]),
    Q("출근 카풀 누구 차 타지", "update", ["a_carpool2"], ["a_carpool1"], plang="ko"),
    Q("강아지 털 자르는 거 언제 잡아놨지", "paraphrase", ["a_groom"]),
    Q("내 차 보험 어디 들어놨더라", "update", ["a_ins2"], ["a_ins1"], plang="mixed"),
    Q("4월 10일까지 내야 되는 명단 뭐였지", "numeric", ["a_camp"]),
    Q("솔향기펜션 예약 며칠부터", "keyword", ["a_pension"]),
    Q("오사카 숙소 어디 잡았지", "negative", neg="isolation", other=["b_hotel1", "b_hotel2", "b_osaka2"]),
    Q("윤지호 주무관 관련된 거 전부", "entity", ["a_jiho1", "a_carpool2", "a_jiho_wed"], entity="윤지호",
      conf=["d_jiho1", "d_jiho2", "d_jiho3"]),
    Q("교환학생 서류 아포스티유 필요해?", "mixed_lang", ["a_apostille"]),
    Q("콩이 귀표 번호 뭐였지", "negative", neg="isolation_same_name", other=["c_kongi_tag"]),
    Q("사정관 워크숍 어디서 해", "update", ["a_ws2"], ["a_ws1"], plang="ko"),
]
USERS.append((U_A, "admissions officer, Daejeon", MEM_A, QRY_A))

# ---------------------------------------------------------------------------
# User 2: freelance Korean-Japanese translator, often in Osaka (한일 번역가)
# ---------------------------------------------------------------------------
U_B = "U06ZP3WM8D"
MEM_B = [
    M("b_hotel1", "01-04 11:20", "im", "ko", "1월 오사카 출장 1/20~1/23. 숙소 난바 '호텔 미도리노' 3박 잡음"),
    M("b_rate1", "01-05 15:00", "im", "ko", "단가 메모: 일한 기술번역 글자당 18원, 한일은 22원"),
    M("b_sakura1", "01-07 10:40", "channel", "ko", "사쿠라링크 한국 쪽 담당 박서연 팀장 010-3378-1264. 일본 본사는 타나카 과장"),
    M("b_flight1", "01-08 22:15", "im", "mixed", "Osaka return flight 7C1382, 1/23 18:40 KIX 출발"),
    M("b_mochi", "01-09 09:10", "im", "ko", "출장 동안 모찌는 동생네 맡기기. 사료랑 모래 챙겨가야 됨"),
    M("b_tutor1", "01-11 20:00", "im", "ko", "일본어 과외 민지 화요일 저녁 7시, 1시간 반"),
    M("b_hotel2", "01-13 23:05", "im", "ko", "미도리노 취소함 ㅋㅋ 신사이바시 '스테이 렌'으로 옮김. 조식 포함"),
    M("b_game1", "01-15 14:30", "channel", "ko", "게임 로컬 '별의 항구' 1차 납품 2월 27일. 스크립트 4만자"),
    M("b_flight2", "01-16 18:00", "im", "mixed", "return flight changed → 7C1384, 20:10 출발. 공항 여유있게 가도 됨"),
    M("b_office1", "01-19 11:00", "im", "ko", "작업실 망원동 '스페이스 온' 월 25만. 2층 창가 자리"),
    M("b_derm1", "01-28 16:20", "im", "ko", "맑은결피부과 레이저 상담 2월 12일(목) 오후 5시"),
    M("b_tutor2", "02-01 21:30", "im", "ko", "민지 과외 목요일 8시. 교재는 민나노니홍고 2권"),
    M("b_hoshino1", "02-04 10:00", "im", "en", "Hoshino Books contract signed: 2 essay collections, deadline Jun 30. fee per title same as last year"),
    M("b_game2", "02-10 19:45", "channel", "ko", "별의 항구 1차 납품 3월 6일로 밀림. 원문 수정 때문이래"),
    M("b_seminar", "02-14 13:00", "im", "ko", "번역가협회 세미나 2월 28일 토요일 오후 3시, 합정. 주제 게임 현지화"),
    M("b_rate2", "02-16 13:10", "im", "ko", "기술문서 JP→KR 이제 자당 20원 받기로. 다음 견적부터 적용"),
    M("b_sakura2", "02-20 17:30", "channel", "ko", "사쿠라링크 한국 담당 이제 정하윤 대리래. 박팀장님은 본사 복귀"),
    M("b_derm2", "02-24 12:00", "im", "ko", "맑은결피부과 점 빼기 3월 19일(목) 오후 5시. 시술 후 1주 세안 조심"),
    M("b_game3", "02-27 23:50", "channel", "ko", "별의항구 또 밀림 ㅋㅋㅋ 3/13(금)까지. 이번엔 진짜라고 함"),
    M("b_osaka2", "03-05 09:30", "im", "ko", "4월 오사카 통역 출장 4/14~4/18. 숙소는 우메다 '호텔 키타노하시' 4박"),
    M("b_gig1", "03-10 14:00", "im", "mixed", "Osaka 통역 gig: 4/16(Thu) 10am, 우메다 '키타 이벤트홀' 3층. 의료기기 설명회"),
    M("b_tax1", "03-14 11:10", "im", "ko", "한결세무 종소세 자료 5월 11일까지 보내기"),
    M("b_office2", "03-18 20:20", "im", "ko", "작업실 합정 '노트앤노트'로 옮김. 월 28만인데 회의실 있음"),
    M("b_mom", "03-22 10:00", "im", "ko", "엄마 생신 4월 9일. 꽃 배달 미리 주문"),
    M("b_sakura3", "03-28 16:00", "channel", "ko", "사쿠라링크 3월분 인보이스 발행함. 입금은 4월 말일"),
    M("b_gig2", "04-02 18:40", "im", "mixed", "통역 gig 장소 moved → Grand Front Osaka 북관 B1 홀. 시간 동일"),
    M("b_tax2", "04-08 09:20", "im", "ko", "아 잘못 적었네 한결세무 자료 마감 5월 8일(금)임. 11일 아님"),
    M("b_coord", "04-10 13:00", "im", "ko", "오사카 현지 코디 김하나 씨 010-7720-4315, 카톡도 됨"),
    M("b_hoshino2", "04-20 15:30", "im", "en", "Hoshino Books pushed the deadline to Jul 31. fee unchanged, phew"),
    M("b_memoq", "04-27 22:10", "im", "ko", "memoQ 라이선스 만료 6/12(금). 갱신할지 고민중"),
    M("b_mochi_vet", "05-06 19:00", "im", "ko", "모찌 건강검진 5월 23일(토) 오전, 망원 '고양이숲 동물병원'"),
    M("b_editor", "05-15 11:40", "im", "ko", "봄날책방 편집자 오세린님이랑 6월 4일(목) 점심, 합정역 근처"),
    M("b_kyoto", "06-08 21:30", "im", "ko", "여름휴가 7월 말 교토 가고 싶음. 아직 아무것도 안 잡음"),
]
QRY_B = [
    Q("1월 오사카 때 숙소 어디로 했더라", "update", ["b_hotel2"], ["b_hotel1"], plang="ko"),
    Q("번역가협회 세미나 몇 시", "keyword", ["b_seminar"]),
    Q("일본어→한국어 기술번역 얼마 받기로 했지", "update", ["b_rate2"], ["b_rate1"], plang="ko"),
    Q("점빼기 예약 언제였지", "inflection", ["b_derm2"]),
    Q("사쿠라링크 한국 담당자 누구지", "update", ["b_sakura2"], ["b_sakura1"], plang="ko"),
    Q("4월 일본 출장 때 묵을 호텔", "paraphrase", ["b_osaka2"]),
    Q("오사카에서 돌아오는 비행기 몇 시야", "update", ["b_flight2"], ["b_flight1"], plang="mixed"),
    Q("사쿠라링크 관련 전부 보여줘", "entity", ["b_sakura1", "b_sakura2", "b_sakura3"], entity="사쿠라링크"),
    Q("민지 수업 무슨 요일이지", "update", ["b_tutor2"], ["b_tutor1"], plang="ko"),
    Q("4315로 끝나는 번호 누구였지", "numeric", ["b_coord"]),
    Q("별의 항구 납품 언제까지야", "update", ["b_game3"], ["b_game1", "b_game2"], plang="ko"),
    Q("when's my dermatology laser consult?", "mixed_lang", ["b_derm1"]),
    Q("요즘 작업하는 공유오피스 어디였지", "update", ["b_office2"], ["b_office1"], plang="ko"),
    Q("JLPT 시험장 어디였지", "negative", neg="absent", absent=["JLPT", "시험장"]),
    Q("Hoshino deadline?", "update", ["b_hoshino2"], ["b_hoshino1"], plang="en"),
    Q("모찌 건강검진은 어디서 받아?", "inflection", ["b_mochi_vet"]),
    Q("4월 통역 행사장 어디야", "update", ["b_gig2"], ["b_gig1"], plang="mixed"),
    Q("고양이 출장 가면 누구한테 맡기지", "paraphrase", ["b_mochi"]),
    Q("HACCP 심사 언제지", "negative", neg="isolation", other=["c_haccp1", "c_haccp2"]),
    Q("세무사한테 자료 언제까지 보내야 돼", "update", ["b_tax2"], ["b_tax1"], plang="ko"),
    Q("lunch with the Bomnal editor — what date?", "mixed_lang", ["b_editor"]),
    Q("월 28만 내는 데 어디였지", "numeric", ["b_office2"]),
    Q("엄마 꽃 보내야 되는 날", "paraphrase", ["b_mom"], conf=["d_mom"]),
    Q("Moss Lantern 출시 언제로 확정됐지", "negative", neg="isolation",
      other=["d_launch1", "d_launch2", "d_launch3"]),
    Q("memoQ 라이선스 만료일", "keyword", ["b_memoq"]),
]
USERS.append((U_B, "Korean-Japanese translator, Osaka trips", MEM_B, QRY_B))

# ---------------------------------------------------------------------------
# User 3: dairy farmer in Hoengseong, Gangwon, with a small cheese shop (낙농 + 치즈공방)
# ---------------------------------------------------------------------------
U_C = "U04RB9LC1X"
MEM_C = [
    M("c_kongi_born", "01-05 06:40", "im", "ko", "송아지 태어남!! 이름 콩이. 어미는 137번 별님, 암컷 38kg"),
    M("c_feed1", "01-07 20:10", "im", "ko", "사료 납품 대관령사료 최기석 사장님 010-5532-8107. 매달 5일 입고"),
    M("c_pickup1", "01-09 05:20", "im", "ko", "집유차 요즘 아침 6시 반에 옴"),
    M("c_hours1", "01-10 21:00", "channel", "ko", "하늘마루 치즈공방 영업 10시~6시, 월요일 휴무"),
    M("c_price1", "01-13 19:30", "channel", "ko", "가격표: 카망베르 12,000 / 스트링치즈 6,500 / 리코타 9,000"),
    M("c_rennet1", "01-20 22:30", "im", "ko", "레닛은 'CheeseMakers Supply'에서 직구. 배송 2주 걸리니까 미리미리"),
    M("c_kongi_vac", "01-26 14:15", "im", "ko", "콩이 설사병 예방접종 1차 맞힘. 3주 뒤 2차"),
    M("c_kongi_tag", "01-28 10:05", "im", "ko", "콩이 귀표 달았음, 개체번호 끝자리 7315"),
    M("c_ship1", "01-30 10:00", "im", "ko", "스마트스토어 택배는 CJ대한통운, 오후 4시 수거"),
    M("c_fat", "02-03 15:00", "im", "ko", "1월 원유 검사 유지방 4.1, 체세포 18만. 1A 등급 유지 굿"),
    M("c_seoyun", "02-08 20:40", "im", "ko", "서윤이 생일 6월 2일. 케이크 사지 말고 치즈케익 직접 굽기로 약속함"),
    M("c_doyun", "02-09 21:15", "im", "ko", "도윤이 생일 6월 20일 — 레고 사달래 ㅋㅋ"),
    M("c_vet1", "02-18 20:00", "im", "ko", "한우리동물병원 장원장님 왕진 3월 5일(목) 오전. 142번 발굽 보기"),
    M("c_vet2", "02-19 07:30", "im", "ko", "왕진 날짜 잘못 적음;; 3월 6일 금요일 오전임"),
    M("c_pickup2", "02-22 05:10", "im", "ko", "집유차 5시 50분. 착유 5시 전에 시작해야 됨"),
    M("c_hours2", "02-26 18:20", "channel", "ko", "3월부터 가게 화요일 휴무로 바꿈. 월요일은 문 엶"),
    M("c_feed2", "03-03 19:00", "im", "ko", "사료 이제 횡성축협에서 받음. 담당 엄태윤 계장 010-9043-2275"),
    M("c_calve142", "03-08 21:50", "im", "ko", "142번 분만예정일 4월 12일. 밤에 자주 나가보기"),
    M("c_haccp1", "03-12 09:00", "channel", "ko", "HACCP 인증 심사 4월 9일 목요일. 서류 3월 말까지 정리"),
    M("c_price2", "03-15 17:45", "channel", "ko", "카망베르 13,500으로 올림. 원유값 올라서 어쩔 수 없음"),
    M("c_ship2", "03-19 11:30", "im", "ko", "온라인 주문 배송 이제 우체국택배로 보냄. 수거는 오후 3시"),
    M("c_calve155", "03-24 22:10", "im", "ko", "155번 분만 예정 5월 3일쯤. 초산이라 신경 쓰기"),
    M("c_haccp2", "03-30 08:40", "channel", "mixed", "HACCP audit 4/23(목)로 연기됨. 심사원 사정이래"),
    M("c_hours3", "04-05 20:00", "channel", "ko", "휴무 그냥 월화 둘 다 쉬기로 함. 주말 장사가 대부분이라"),
    M("c_market", "04-08 19:20", "im", "ko", "강릉 로컬푸드 장터 매월 둘째 토요일 부스 나감, 참가비 3만원"),
    M("c_tour1", "04-13 13:10", "im", "ko", "목장체험 '새싹어린이집' 5월 14일(목) 오전 10시, 24명"),
    M("c_cafe", "04-20 09:40", "im", "ko", "둔내 카페 '들판'에 스트링치즈 납품 매주 수요일 20개씩"),
    M("c_tour2", "04-28 16:00", "im", "ko", "새싹어린이집 체험 인원 31명으로 늘었대. 우비 더 준비"),
    M("c_rennet2", "05-02 10:15", "im", "mixed", "rennet 이제 국내 '치즈랩코리아'에서 받음. order하면 이틀이면 옴"),
    M("c_kongi_wean", "05-10 06:30", "im", "ko", "콩이 젖떼기 시작함. 5월 말까지 완전 이유 목표"),
    M("c_tractor", "05-20 20:30", "im", "ko", "트랙터 수리 '둔내농기계' 6월 3일(수) 오후에 가지러 옴"),
    M("c_festival", "06-05 12:00", "channel", "ko", "6월 27일 토요일 횡성 한우축제 옆에 치즈 부스 나감. 시식용 스트링 넉넉히"),
]
QRY_C = [
    Q("요즘 사료 어디서 받지", "update", ["c_feed2"], ["c_feed1"], plang="ko"),
    Q("강릉 로컬푸드 장터 참가비", "keyword", ["c_market"]),
    Q("우유 걷으러 오는 차 몇 시에 와", "update", ["c_pickup2"], ["c_pickup1"], plang="ko"),
    Q("155번 분만예정일", "inflection", ["c_calve155"]),
    Q("가게 쉬는 날 언제로 했더라", "update", ["c_hours3"], ["c_hours1", "c_hours2"], plang="ko"),
    Q("딸내미 태어난 날", "paraphrase", ["c_seoyun"]),
    Q("콩이 관련된 거 다", "entity", ["c_kongi_born", "c_kongi_vac", "c_kongi_tag", "c_kongi_wean"],
      entity="콩이", conf=["a_kongfeed", "a_groom", "a_rabies"]),
    Q("장원장님 왕진 오는 날", "update", ["c_vet2"], ["c_vet1"], plang="ko"),
    Q("2275로 끝나는 번호", "numeric", ["c_feed2"]),
    Q("카망베르 얼마 받고 있지", "update", ["c_price2"], ["c_price1"], plang="ko"),
    Q("when is the cheese festival booth?", "mixed_lang", ["c_festival"]),
    Q("네이버 주문 들어오면 택배 뭘로 보내", "update", ["c_ship2"], ["c_ship1"], plang="ko"),
    Q("염소 사료 얼마나 남았지", "negative", neg="absent", absent=["염소"]),
    Q("유지방 4.1 나온 거 몇 월 검사였지", "numeric", ["c_fat"]),
    Q("콩이 미용 예약 언제였지", "negative", neg="isolation_same_name", other=["a_groom"]),
    Q("해썹 심사 언제야", "update", ["c_haccp2"], ["c_haccp1"], plang="mixed"),
    Q("도윤이 생일이 언제였지", "inflection", ["c_doyun"]),
    Q("레닛 어디서 주문하지", "update", ["c_rennet2"], ["c_rennet1"], plang="mixed"),
    Q("142번 소 언제 낳아", "numeric", ["c_calve142"]),
    Q("어린이집 체험 몇 명 오더라", "update", ["c_tour2"], ["c_tour1"], plang="ko"),
    Q("아기소 젖 끊는 거 언제까지 하기로 했지", "paraphrase", ["c_kongi_wean"]),
    Q("점 빼는 거 언제 예약했더라", "negative", neg="isolation", other=["b_derm2"]),
    Q("tractor repair — when are they picking it up?", "mixed_lang", ["c_tractor"]),
    Q("트랙터 수리 언제 맡겼지", "keyword", ["c_tractor"]),
]
USERS.append((U_C, "dairy farmer with a cheese shop, Gangwon", MEM_C, QRY_C))

# ---------------------------------------------------------------------------
# User 4: indie game developer in Pangyo, writes mostly in English (인디 게임 개발자)
# ---------------------------------------------------------------------------
U_D = "U08MF2TA6J"
MEM_D = [
    M("d_launch1", "01-05 10:30", "channel", "en", "Moss Lantern target launch: Sep 18. need to tell the publisher by end of Jan"),
    M("d_jiho1", "01-06 14:10", "im", "mixed", "OST composer = 윤지호, 8 tracks, demo due end of Feb"),
    M("d_desk1", "01-08 09:20", "im", "mixed", "my desk @ 판교 스타트업캠퍼스 2F B-214"),
    M("d_tracker1", "01-09 11:45", "channel", "en", "bug tracker: Trello board 'ML-bugs'. invite the QA folks there"),
    M("d_qa1", "01-12 16:30", "im", "mixed", "QA outsourcing: 버그헌트 최유진 PM 010-6631-2048"),
    M("d_ci1", "01-14 23:10", "im", "mixed", "CI build server on Hetzner, 월 $48. 좀 비싼듯"),
    M("d_show1", "01-16 20:00", "im", "en", "Pangyo Indie Night demo build due Feb 2 (Mon)"),
    M("d_mom", "01-20 21:30", "im", "ko", "엄마 생신 3월 28일. 현대백화점 판교점 가서 선물 고르기"),
    M("d_sis", "01-22 22:00", "im", "en", "Yuna's birthday Apr 3 — she wants AirPods lol"),
    M("d_show2", "01-27 10:50", "im", "en", "demo build now due Jan 30 (Fri). organizers moved it up, ugh"),
    M("d_font", "02-11 15:20", "im", "mixed", "UI font 'Galmuri' 픽셀폰트로 확정. OFL license라 상업용 OK"),
    M("d_pub1", "02-20 18:00", "im", "en", "Hikari Games publisher call Thu Mar 5, 3pm KST"),
    M("d_pub2", "02-21 09:15", "im", "en", "oops wrong date above — Hikari call is Fri Mar 6, 3pm"),
    M("d_launch2", "02-25 17:40", "channel", "en", "launch moved to Oct 2. Hikari wants more polish time"),
    M("d_tracker2", "03-02 10:00", "channel", "en", "all tickets live in Linear from this sprint. Trello is read-only now"),
    M("d_qa2", "03-06 13:30", "im", "mixed", "유진님 new number 010-6631-7705"),
    M("d_jiho2", "03-09 19:20", "im", "mixed", "OST now by Mina Seo. 지호 씨 스케줄 꽉 차서 빠짐"),
    M("d_play2", "03-16 11:00", "channel", "mixed", "Playtest #2: Apr 11 (Sat) 2pm @ 경기글로벌게임센터"),
    M("d_desk2", "03-20 08:40", "im", "en", "desk: 3F C-305"),
    M("d_ci2", "03-24 22:30", "im", "mixed", "CI 서버 GitHub Actions self-hosted runner로 옮김 → 월 $32 정도"),
    M("d_loc1", "03-30 14:00", "im", "en", "JP localization quote from LocaWorks: 3.2M KRW, 6 weeks"),
    M("d_play2b", "04-02 16:10", "channel", "mixed", "Playtest #2 venue moved → 정자동 카페 'Save Point' 2층. time same"),
    M("d_loc2", "04-09 11:20", "im", "en", "JP loc: going with a freelancer instead, 2.6M KRW, starts in May"),
    M("d_launch3", "04-15 18:30", "channel", "en", "FINAL: Oct 23 launch, locked with Hikari. no more slips pls"),
    M("d_play3", "04-20 13:00", "channel", "en", "Playtest #3: May 16 (Sat) at Save Point again, 20 testers"),
    M("d_jiho3", "04-25 20:15", "im", "mixed", "윤지호 씨한테 trailer BGM 따로 부탁함. 60초, 예산 80만"),
    M("d_gym", "05-01 07:10", "im", "en", "gym near the office 'Fit&Run' — Mon/Wed/Fri 7am before work"),
    M("d_steam", "05-06 23:40", "im", "en", "Steam wishlist goal: 10k by launch. we're at 3.4k rn"),
    M("d_expo", "05-18 10:30", "im", "en", "Seoul Indie Expo booth application due Jun 5 (Fri)"),
    M("d_dentist", "05-22 12:20", "im", "en", "dental checkup Jun 13 (Sat) 11am at Misodam Dental, Pangyo"),
    M("d_laptop", "06-02 19:00", "im", "en", "laptop repair pickup Jun 9 (Tue) at the service center in Jeongja"),
]
QRY_D = [
    Q("when are we launching Moss Lantern?", "update", ["d_launch3"], ["d_launch1", "d_launch2"], plang="en"),
    Q("wishlist goal", "keyword", ["d_steam"]),
    Q("Indie Night demo 언제까지 내야 돼?", "update", ["d_show2"], ["d_show1"], plang="en"),
    Q("Yuna birthday when", "inflection", ["d_sis"]),
    Q("when's the Hikari call", "update", ["d_pub2"], ["d_pub1"], plang="en"),
    Q("when do I get my teeth looked at?", "paraphrase", ["d_dentist"]),
    Q("where do we file bugs now?", "update", ["d_tracker2"], ["d_tracker1"], plang="en"),
    Q("Hikari Games 관련 전부", "entity", ["d_pub1", "d_pub2", "d_launch2", "d_launch3"], entity="Hikari Games"),
    Q("what's my desk number at the campus", "update", ["d_desk2"], ["d_desk1"], plang="mixed"),
    Q("who's 7705?", "numeric", ["d_qa2"]),
    Q("QA 유진님 번호", "update", ["d_qa2"], ["d_qa1"], plang="mixed"),
    Q("헬스장 무슨 요일에 가기로 했지", "mixed_lang", ["d_gym"]),
    Q("when's mom's birthday again", "mixed_lang", ["d_mom"], conf=["b_mom"]),
    Q("윤지호 wedding date?", "negative", neg="isolation_same_name", other=["a_jiho_wed"]),
    Q("who's doing the soundtrack?", "update", ["d_jiho2"], ["d_jiho1"], plang="mixed"),
    Q("everything about 윤지호", "entity", ["d_jiho1", "d_jiho2", "d_jiho3"], entity="윤지호",
      conf=["a_jiho1", "a_carpool2", "a_jiho_wed"]),
    Q("what's the $32/month thing", "numeric", ["d_ci2"]),
    Q("how much is CI costing us per month", "update", ["d_ci2"], ["d_ci1"], plang="mixed"),
    Q("Nintendo Switch port deadline?", "negative", neg="absent", absent=["Switch", "Nintendo", "닌텐도", "스위치"]),
    Q("playtest 2 어디서 해?", "update", ["d_play2b"], ["d_play2"], plang="mixed"),
    Q("how many people are coming to the May playtest", "paraphrase", ["d_play3"]),
    Q("who's doing the Japanese localization", "update", ["d_loc2"], ["d_loc1"], plang="en"),
    Q("Seoul Indie Expo booth application deadline", "keyword", ["d_expo"]),
    Q("laptop repairs pick up when", "inflection", ["d_laptop"]),
    Q("Osaka return flight number?", "negative", neg="isolation", other=["b_flight1", "b_flight2"]),
]
USERS.append((U_D, "indie game developer, Pangyo (mostly English)", MEM_D, QRY_D))

# @@USERS_END@@ (more users are inserted above this line)


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------
def fail(msg):
    print("build.py: ERROR:", msg, file=sys.stderr)
    sys.exit(1)


def main():
    memories, key2id, key2user = [], {}, {}
    n = 0
    for uid, _persona, mems, _qs in USERS:
        for m in mems:
            if m["key"] in key2id:
                fail("duplicate memory key %s" % m["key"])
            n += 1
            mid = "m%04d" % n
            key2id[m["key"]] = mid
            key2user[m["key"]] = uid
            memories.append({"id": mid, "user_id": uid, "text": m["text"],
                             "ts": to_utc(m["when"], m["key"]),
                             "channel_type": m["ch"], "lang": m["lang"]})

    def ids(keys, what, qtext):
        out = []
        for k in keys:
            if k not in key2id:
                fail("unknown memory key %r in %s of query %r" % (k, what, qtext))
            out.append(key2id[k])
        return out

    all_text = [m["text"].lower() for m in memories]
    queries = []
    qn = 0
    for uid, _persona, _mems, qs in USERS:
        for q in qs:
            qn += 1
            row = {"qid": "q%03d" % qn, "user_id": uid, "query": q["query"],
                   "gold": ids(q["gold"], "gold", q["query"]), "type": q["type"]}
            if q["stale"]:
                row["stale"] = ids(q["stale"], "stale", q["query"])
            if q["entity"]:
                row["entity"] = q["entity"]
            if q["neg"]:
                row["neg_kind"] = q["neg"]
            if q["other"]:
                others = ids(q["other"], "other", q["query"])
                row["other_user_has"] = key2user[q["other"][0]]
                row["other_user_mem"] = others
            if q["conf"]:
                row["confusable_other_user"] = ids(q["conf"], "conf", q["query"])
            if q["neg"] == "absent":
                if not q["absent"]:
                    fail("absent negative without key terms: %r" % q["query"])
                for term in q["absent"]:
                    for m, t in zip(memories, all_text):
                        if term.lower() in t:
                            fail("absent key term %r of query %r appears in memory %s"
                                 % (term, q["query"], m["id"]))
            elif q["absent"]:
                fail("absent terms given on a non-absent query %r" % q["query"])
            queries.append(row)

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for m in memories:
            f.write(json.dumps(m, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for q in queries:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")

    # summary
    allq = [q for _u, _p, _m, qs in USERS for q in qs]
    upd = [q for q in allq if q["type"] == "update"]
    from collections import Counter
    print("memories:", len(memories), dict(Counter(m["user_id"] for m in memories)))
    print("queries:", len(queries), dict(Counter(q["type"] for q in queries)))
    print("update queries:", len(upd), "pair languages:", dict(Counter(q["plang"] for q in upd)))
    print("negatives:", dict(Counter(q["neg"] for q in allq if q["type"] == "negative")))
    print("memory langs:", dict(Counter(m["lang"] for m in memories)),
          "channels:", dict(Counter(m["channel_type"] for m in memories)))


if __name__ == "__main__":
    main()
