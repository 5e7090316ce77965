#!/usr/bin/env python3
"""Builds memories.jsonl and queries.jsonl for the kstale13 set.

Notes are written with local labels (A01, B15, ...); the script sorts all notes
by timestamp, assigns global ids m0001.., and resolves query labels to ids.
Rerunning gives identical output (fixed seed).
"""
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
rng = random.Random(1313)

USERS = {
    "A": "U07KX3M2P",  # bakery owner, Mangwon-dong
    "B": "U03HQ8T5W",  # Korean-American marine biology grad student, Busan
    "C": "U05RZ1N9D",  # logistics dispatcher, mother of two, Icheon
    "D": "U09BT4L6C",  # freelance video editor and drummer, Seoul
}

# label, date (2026-MM-DD), lang, text
NOTES = [
    # ---------------- A: bakery owner ----------------
    ("A01", "01-04", "ko", "가게 오픈시간 그냥 9시로 하기로 함 아침에 반죽 치려면 그게 맞는듯"),
    ("A02", "01-06", "ko", "밀가루는 대한제분꺼 김사장님이 매주 월욜 아침에 갖다주심"),
    ("A03", "01-09", "ko", "알바 수빈이 화목토 나오기로 했음 시급 10500"),
    ("A04", "01-12", "ko", "가게 월세 280 매달 5일에 이체"),
    ("A05", "01-15", "ko", "오늘 눈와서 손님 열명도 안옴 ㅋㅋㅋ 망함"),
    ("A06", "01-19", "ko", "오븐 고장나면 AS 기사님 010-4471-2093 우녹스 서비스센터"),
    ("A07", "01-23", "ko", "트럭 망원시장 뒤 공영주차장 월정기 끊음 한달 9만"),
    ("A08", "01-26", "ko", "소금빵 3200원으로 시작하기로"),
    ("A09", "01-29", "ko", "아 소금빵 3500원임 3200은 미니크루아상 가격이었네 ㅋㅋ 잘못적음"),
    ("A10", "02-02", "ko", "집 월세는 매달 25일 자동이체 걸어둠 까먹지말자"),
    ("A11", "02-09", "ko", "치과 2/14 오후 3시 스케일링"),
    ("A12", "02-16", "ko", "수빈이 주말에 학원 다닌다고 토요일은 빼달래 ㅠ 이제 화목만"),
    ("A13", "02-24", "ko", "소금빵 하루 80개씩 굽는데 2시면 다 나감 더 구워야하나"),
    ("A14", "03-03", "ko", "이제 8시에 문 열기로 함 출근하는 직장인들 잡아보자"),
    ("A15", "03-10", "ko", "동생네 카페는 10시 오픈이라던데 우리가 더 빠르네 ㅋㅋ"),
    ("A16", "03-18", "ko", "가루 거래처 바꿨다 이제 우리밀 농협이랑 직거래 단가도 더 쌈"),
    ("A17", "03-26", "ko", "엄마 생신선물 안마기로 주문함 6만9천"),
    ("A18", "04-04", "ko", "건물주 연락옴.. 재계약하면서 310 달래서 결국 사인함 다음달부터 적용"),
    ("A19", "04-13", "ko", "수빈이 생일 5월 17일 그날 케이크 하나 빼두기"),
    ("A20", "04-22", "ko", "오븐 담당 기사님 그만두셨대 새로 오신분 010-5832-7710 으로 연락하래"),
    ("A21", "05-02", "ko", "수빈이 토욜 다시 된대! 대신 목요일이 안된다고 해서 화토로 ㅇㅋ"),
    ("A22", "05-11", "ko", "공영주차장 공사들어감 ㅡㅡ 차는 이제 성당 앞 사설주차장에 세움 월 12만"),
    ("A23", "05-20", "ko", "위생교육 6월 안에 들어야 함 온라인으로 된대"),
    ("A24", "06-03", "ko", "더워지니까 크림빵 안팔림 여름메뉴 뭐하지"),
    ("A25", "06-15", "ko", "부모님 가게 오셔서 사진 엄청 찍고가심 ㅋㅋ"),

    # ---------------- B: grad student (en / mixed) ----------------
    ("B01", "01-05", "en", "lab meeting is tuesdays 10am in room 412, dont be late again lol"),
    ("B02", "01-07", "en", "new apt door code 4827* write it down before i forget"),
    ("B03", "01-10", "en", "committee: Prof. Lee (advisor), Prof. Han second reader, Dr. Seo external"),
    ("B04", "01-14", "mixed", "joined the climbing gym near 경성대, 89k a month"),
    ("B05", "01-17", "mixed", "출입국 appointment for F-4 연장 Feb 19 2pm, bring lease + 가족관계증명서"),
    ("B06", "01-21", "en", "cold room in the lab code is 0412 btw"),
    ("B07", "01-26", "ko", "오늘 돼지국밥 먹었는데 진짜 미쳤다 부산 최고"),
    ("B08", "02-02", "mixed", "research cruise on 나라호 booked Apr 8-10, need to pack the CTD stuff"),
    ("B09", "02-06", "en", "KSO spring meeting poster due Mar 15"),
    ("B10", "02-11", "en", "immigration moved me to feb 26, 9:30am. they just called lol"),
    ("B11", "02-18", "en", "climbing gym closes at 11 on weekdays, 9 on sundays"),
    ("B12", "02-25", "en", "PI wants us meeting thursdays from now on. same time same room"),
    ("B13", "03-02", "en", "gym membership going up to 95k starting this month 😩"),
    ("B14", "03-06", "en", "poster deadline got extended to the 22nd thank god"),
    ("B15", "03-14", "mixed", "landlord reset the 현관 비번, it's 1593* now"),
    ("B16", "03-20", "mixed", "lab 회식 next fri at the 장어 place near campus"),
    ("B17", "03-29", "en", "cruise pushed to Apr 22 bc of the weather window"),
    ("B18", "04-07", "en", "Han is going on sabbatical in the fall so Okafor agreed to be my second reader instead"),
    ("B19", "04-15", "ko", "한국어 수업 월수 저녁 7시 시작함 ㅎㅎ 화이팅"),
    ("B20", "04-20", "en", "ugh the ship got pushed AGAIN. may 6 now. something with the engine"),
    ("B21", "04-28", "mixed", "mom lands at 김해 June 3, 7:40pm, asiana"),
    ("B22", "05-09", "ko", "동물플랑크톤 샘플 지금 142병 200개는 모아야 됨"),
    ("B23", "05-19", "en", "Okafor office hours are wed 2-4"),
    ("B24", "06-01", "ko", "에어컨 고장남 집주인한테 문자 보냄"),
    ("B25", "06-12", "en", "proposal defense tentatively sept, nothing fixed yet"),

    # ---------------- C: dispatcher + mom (ko) ----------------
    ("C01", "01-03", "ko", "우리 팀장 최기석 팀장님 배차 꼬이면 무조건 이분한테 보고"),
    ("C02", "01-06", "ko", "민준이 태권도 4시 반 타임으로 등록함 월 16만"),
    ("C03", "01-08", "ko", "서아 어린이집 하원 5시50분까지 가야됨 늦으면 선생님 눈치ㅠ"),
    ("C04", "01-13", "ko", "애들 소아과는 연세해맑은소아과 다님 똑닥으로 예약"),
    ("C05", "01-18", "ko", "차보험 DB로 갱신함 78만원 ㄷㄷ"),
    ("C06", "01-20", "ko", "아 보험료 다시보니까 72만이네 78은 작년꺼였음"),
    ("C07", "01-25", "ko", "남편 회사 단체실비 있어서 애들 실비는 따로 안들어도 된대"),
    ("C08", "02-01", "ko", "서아 피아노 학원 월 15만 주2회"),
    ("C09", "02-07", "ko", "설 연휴 시댁 2/15~2/17 ㅠㅠ"),
    ("C10", "02-12", "ko", "3월부터 야간조 배정됨 오후 2시 출근 11시 퇴근"),
    ("C11", "02-20", "ko", "팀장 바뀐대 최팀장님 평택센터로 가시고 정혜원 팀장님 새로 오심"),
    ("C12", "02-27", "ko", "민준 태권도 띠 심사 3월 21일 토요일 10시"),
    ("C13", "03-05", "ko", "관장님이 민준이 반 옮기자고 하셔서 이제 5시10분 반으로 감"),
    ("C14", "03-11", "ko", "어린이집 연장보육 신청 됨 이제 7시까지 맡길수 있음 휴"),
    ("C15", "03-19", "ko", "배차 프로그램 업데이트돼서 엑셀 양식 다 바뀜 짜증"),
    ("C16", "03-28", "ko", "주간으로 돌려주셨다!! 4월부터 7시 출근 4시 퇴근"),
    ("C17", "04-03", "ko", "서아 영유아검진 4월 10일 오전 11시"),
    ("C18", "04-09", "ko", "대기 너무 길어서 병원 옮김 ㅠ 집앞에 새로 생긴 튼튼아이소아과로"),
    ("C19", "04-16", "ko", "민준 생일파티 키즈카페 4/25 예약 완료"),
    ("C20", "04-24", "ko", "피아노 원비 5월부터 17만으로 오른대 ㅡㅡ"),
    ("C21", "05-03", "ko", "어린이날 에버랜드 가기로 ㅋㅋ 사람 미어터질듯"),
    ("C22", "05-14", "ko", "센터 직원주차 B동 뒤편으로 옮기래 공사땜에"),
    ("C23", "05-26", "ko", "민준이 수영도 시켜볼까 토요일반 있다던데"),
    ("C24", "06-08", "ko", "시어머니 생신 6/20 한정식집 예약해야함"),
    ("C25", "06-21", "ko", "서아 요즘 공룡에 꽂힘 ㅋㅋ 티라노 인형 사줌"),

    # ---------------- D: video editor + drummer (ko, some mixed) ----------------
    ("D01", "01-04", "ko", "합주실 홍대 사운드박스 B룸 잡음 시간당 만오천"),
    ("D02", "01-07", "ko", "합주 매주 수요일 밤 8시 고정"),
    ("D03", "01-11", "ko", "먹방채널 편집 외주 편당 60만 받기로 함 월 4편"),
    ("D04", "01-16", "ko", "모니터 LG 32인치 4K 89만 이거 사야겠다"),
    ("D05", "01-22", "ko", "웨딩영상 납품 3월 20일까지 (신랑 김도윤님)"),
    ("D06", "01-28", "ko", "보컬 누나 연남동으로 이사함 집들이 언제하냐"),
    ("D07", "02-03", "ko", "5월 공연 클럽FF 5/16 확정인듯?"),
    ("D08", "02-09", "mixed", "결국 Dell 27인치 4K로 질렀음 62만. 32는 책상에 안들어가더라"),
    ("D09", "02-14", "mixed", "bride asked to pull the delivery up two weeks → 3/6까지 ㅠㅠ"),
    ("D10", "02-19", "ko", "베이스 형 야근땜에 수욜 안된대 일요일 오후 4시로 옮김"),
    ("D11", "02-25", "ko", "4월에 웨딩 촬영 한건 더 들어옴 4/11 토 수원"),
    ("D12", "03-04", "ko", "스틱 빅퍼스 5A 두세트 주문함"),
    ("D13", "03-12", "ko", "그 먹방채널 다음달부터 편당 70으로 올려준대 ㅋㅋ 존버 성공"),
    ("D14", "03-18", "ko", "공연 날짜 5/23으로 밀림 앞팀 사정 때문에"),
    ("D15", "03-25", "ko", "사운드박스 가격 올라서 합정 그루브랩 3번방으로 옮김 여기가 더 넓음"),
    ("D16", "04-02", "ko", "공연 티켓 2만원 드링크 포함으로 하기로"),
    ("D17", "04-10", "ko", "종소세 5월에 신고해야함 세무사 알아보기"),
    ("D18", "04-19", "en", "lineup changed again, show is locked for 5/30 sat"),
    ("D19", "04-27", "ko", "외장하드 4TB 하나 더 삼 웨딩 원본 백업용"),
    ("D20", "05-06", "ko", "그루브랩 사장님 번호 010-3390-1182 예약은 카톡말고 문자로"),
    ("D21", "05-15", "ko", "손목 시큰거려서 정형외과 5/18 예약"),
    ("D22", "05-24", "mixed", "setlist 7곡, 마지막곡은 '늦여름'"),
    ("D23", "06-02", "ko", "공연 끝 ㅋㅋ 60명 넘게 옴 개행복"),
    ("D24", "06-11", "ko", "새 클라이언트 브이로그 편당 45만 문의옴 받을까 고민중"),
    ("D25", "06-24", "ko", "에어컨 청소 업체 6/28 오전으로 예약"),
]

# (user_key, query, type, gold labels, stale labels)
QUERIES = [
    # ---- A updates ----
    ("A", "요즘 가게 몇시에 열지?", "update", ["A14"], ["A01"]),
    ("A", "밀가루 어디서 받고 있더라", "update", ["A16"], ["A02"]),
    ("A", "수빈이 무슨 요일 나와?", "update", ["A21"], ["A03", "A12"]),
    ("A", "가게 월세 지금 얼마 내지", "update", ["A18"], ["A04"]),
    ("A", "oven repair guy number?", "update", ["A20"], ["A06"]),
    ("A", "트럭 요즘 어디 세워두지", "update", ["A22"], ["A07"]),
    ("A", "소금빵 얼마 받지", "update", ["A09"], ["A08"]),
    # ---- A singles / negatives ----
    ("A", "집세 자동이체 며칠이었지", "single", ["A10"], []),
    ("A", "치과 예약 언제야", "single", ["A11"], []),
    ("A", "수빈 생일 언제더라", "single", ["A19"], []),
    ("A", "가게 인터넷 요금 얼마였지", "negative", [], []),
    ("A", "부가세 신고 언제까지야", "negative", [], []),

    # ---- B updates ----
    ("B", "when's lab meeting now", "update", ["B12"], ["B01"]),
    ("B", "현관 비번 뭐였지", "update", ["B15"], ["B02"]),
    ("B", "who's my second reader", "update", ["B18"], ["B03"]),
    ("B", "when do we go out on the ship?", "update", ["B20"], ["B08", "B17"]),
    ("B", "climbing gym monthly fee?", "update", ["B13"], ["B04"]),
    ("B", "출입국 예약 언제야", "update", ["B10"], ["B05"]),
    ("B", "poster due date?", "update", ["B14"], ["B09"]),
    # ---- B singles / negatives ----
    ("B", "cold room code?", "single", ["B06"], []),
    ("B", "what time does the gym close on sunday", "single", ["B11"], []),
    ("B", "엄마 비행기 몇시 도착이지", "single", ["B21"], []),
    ("B", "what's my student ID number", "negative", [], []),
    ("B", "Prof. Lee phone number?", "negative", [], []),

    # ---- C updates ----
    ("C", "민준 태권도 몇시 반이지", "update", ["C13"], ["C02"]),
    ("C", "서아 몇시까지 데리러 가면 돼?", "update", ["C14"], ["C03"]),
    ("C", "애들 병원 어디 다니지", "update", ["C18"], ["C04"]),
    ("C", "차보험 얼마 냈더라", "update", ["C06"], ["C05"]),
    ("C", "나 요즘 몇시 출근이지", "update", ["C16"], ["C10"]),
    ("C", "우리 팀장님 누구더라", "update", ["C11"], ["C01"]),
    ("C", "피아노 학원비 얼마야", "update", ["C20"], ["C08"]),
    # ---- C singles / negatives ----
    ("C", "민준 띠 심사 언제", "single", ["C12"], []),
    ("C", "서아 검진 몇시야", "single", ["C17"], []),
    ("C", "설에 시댁 언제 가지", "single", ["C09"], []),
    ("C", "민준이 담임쌤 이름 뭐였지", "negative", [], []),
    ("C", "서아 알레르기 있는거 뭐였더라", "negative", [], []),

    # ---- D updates ----
    ("D", "우리 합주 어디서 하지", "update", ["D15"], ["D01"]),
    ("D", "what day is band practice", "update", ["D10"], ["D02"]),
    ("D", "먹방 채널 편당 얼마 받아?", "update", ["D13"], ["D03"]),
    ("D", "내 모니터 뭐 샀더라", "update", ["D08"], ["D04"]),
    ("D", "웨딩 영상 언제까지 넘겨야돼", "update", ["D09"], ["D05"]),
    ("D", "공연 언제야?", "update", ["D18"], ["D07", "D14"]),
    # ---- D singles / negatives ----
    ("D", "4월 웨딩 촬영 어디서 언제?", "single", ["D11"], []),
    ("D", "티켓 가격 얼마로 했지", "single", ["D16"], []),
    ("D", "합주실 사장님 연락처", "single", ["D20"], []),
    ("D", "보컬 누나 생일 언제야", "negative", [], []),
    ("D", "what lens did i buy", "negative", [], []),
]


def main():
    mems = []
    for label, md, lang, text in NOTES:
        hh = rng.randint(0, 14)  # UTC 00-14 ~ KST 09-23
        mm = rng.randint(0, 59)
        ss = rng.randint(0, 59)
        ts = f"2026-{md}T{hh:02d}:{mm:02d}:{ss:02d}Z"
        mems.append({"label": label, "user_id": USERS[label[0]], "text": text,
                     "ts": ts, "lang": lang})
    mems.sort(key=lambda m: (m["ts"], m["label"]))
    lab2id = {}
    for i, m in enumerate(mems, 1):
        lab2id[m["label"]] = f"m{i:04d}"

    with open(HERE / "memories.jsonl", "w", encoding="utf-8") as f:
        for m in mems:
            rec = {"id": lab2id[m["label"]], "user_id": m["user_id"], "text": m["text"],
                   "ts": m["ts"], "channel_type": "im", "lang": m["lang"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")

    qs = list(QUERIES)
    rng.shuffle(qs)
    with open(HERE / "queries.jsonl", "w", encoding="utf-8") as f:
        for i, (uk, q, typ, gold, stale) in enumerate(qs, 1):
            rec = {"qid": f"q{i:03d}", "user_id": USERS[uk], "query": q,
                   "gold": [lab2id[g] for g in gold], "type": typ}
            rec["stale"] = [lab2id[s] for s in stale]
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(mems)} memories, {len(qs)} queries")


if __name__ == "__main__":
    main()
