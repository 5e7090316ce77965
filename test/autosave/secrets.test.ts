import { describe, expect, it } from "vitest";
import { detectSecret, luhnValid } from "../../src/text/secrets.js";

describe("detectSecret", () => {
  it.each([
    ["비밀번호 1234", "password"],
    ["회사 와이파이 비번은 qwer1234!", "password"],
    ["password: hunter2", "password"],
    ["PIN 4821", "pin"],
    ["카드 핀번호 0912", "pin"],
    // A code that opens a lock is a PIN by another name.
    ["현관 도어락 번호 7319", "pin"],
    ["자전거 자물쇠는 0457", "pin"],
    ["the gate code is 2468", "pin"],
    // A linking word or two between the code's name and the code: "is now", "changed to", "는 이제".
    ["my door code is now 4417", "pin"],
    ["the door code changed to 4417", "pin"],
    ["my PIN is now 4821", "pin"],
    ["도어락 번호는 이제 4471", "pin"],
    ["gym locker code: 2580", "pin"],
    ["인증번호 482913", "one_time_code"],
    ["OTP 123456 입력해야 함", "one_time_code"],
    ["my verification code is 5521", "one_time_code"],
    ["카드번호 4111 1111 1111 1111", "card_number"],
    ["5500-0000-0000-0004 법인카드", "card_number"],
    ["월세 입금 계좌 국민은행 123-45-6789012", "bank_account"],
    ["계좌번호 110-234-567890 신한", "bank_account"],
    ["주민번호 900101-1234567", "national_id"],
    ["내 여권번호 M12345678 적어둬", "passport_number"],
    ["여권 M123A4567 (새 여권)", "passport_number"],
    ["passport no. 123456789, expires 2031", "passport_number"],
    ["My passport number is XK1234567", "passport_number"],
    ["운전면허 번호 11-22-333333-44", "driver_licence"],
    ["면허증 서울-19-004512-71 갱신함", "driver_licence"],
    ["sk-proj-abcdefghijklmnop1234 이게 내 키", "api_key"],
    ["bot token xoxb-1234-5678-abcdefghij", "api_key"],
    ["AKIAIOSFODNN7EXAMPLE", "api_key"],
    ["ghp_abcdefghijklmnopqrstuvwxyz0123456789", "api_key"],
    ["deploy key 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "api_key"],
    ["-----BEGIN OPENSSH PRIVATE KEY-----", "private_key"],
    ["session eyJhbGciOiJub25lIn0.eyJ1c2VyIjoibWluYSJ9.c2lnbmF0dXJl 붙여둠", "api_key"],
    ["stripe rk_live_0123456789abcdefXYZ", "api_key"],
    ["2FA code: 991204", "one_time_code"],
    ["one-time passcode — 88231", "one_time_code"],
    ["보안 코드는 7731 이에요", "one_time_code"],
    ["입금 계좌 카카오뱅크 3333-12-3456789", "bank_account"],
    ["ACCOUNT NO. 1002-345-678901", "bank_account"],
    // The value later in the clause, after other words or with a particle between.
    ["창고 비번 이제 5093으로 바꿨어", "password"],
    ["공유기 비밀번호를 sky7733로 바꿈", "password"],
    ["the garage password changed to red-door-42", "password"],
    ["사무실 비번은 바꿨는데 새 거 9182#", "password"],
    // The new value in the next sentence, which says what is so now.
    ["헬스장 락커 비번 바뀜. 이제 k9-fern-31", "password"],
    ["the shed password was reset. Now it's lime-cart-58", "password"],
  ])("finds a secret in %j", (text, kind) => {
    expect(detectSecret(text)).toEqual({ kind });
  });

  it.each([
    "승우 번호 010-6284-1937",
    "솜이 병원: 02-464-3318",
    "내 신발 270",
    "오피스텔 월세 85만원, 관리비 12만원 별도",
    "비밀번호 바꿨어",
    "현관 비밀번호 4자리로 바꿈",
    "Wi-Fi password hint is the blue cat",
    "새롬동 전세 보증금 3억 2천",
    "gate 4 now boarding, seat 12",
    "신한은행 지점 번호 02-123-4567",
    "내 사번 RN-2291",
    "도어락 배터리 교체 4월 10일",
    "boarding gate 112",
    "여권 2029년 3월 만료라 미리 갱신",
    "passport expires 2030-01-15, renew early",
    "여권사진 찍음 15000원",
    "passport photo appointment at 3",
    "주문번호 M12345678 배송 시작",
    "암호화폐로 투자함",
    "order 1234567890123 arrived", // 13 digits, fails the Luhn check
    "eyJ header only.eyJ short", // JWT-like parts too short
    "xeyJhbGciOiJub25lIn0.eyJ1c2VyIjoibWluYSJ9.c2ln", // a JWT starts where no token character precedes
    "OTP 설정 방법 알려줘, 코드 없음",
    "2fa 켜둠. 나중에 보자 그리고 다른 이야기도 해야 하는데 1234", // the code is too far from the word
    // A number after a password word that counts something.
    "비밀번호 2024년에 만든 거 그대로야",
    "비번 변경 주기 180일로 바뀜",
    "password must be at least 12 characters now",
    "password expires every 365 days.",
    // The number is in the next clause, or beyond the window.
    "비밀번호 바꿨어. 내일 회의 304호",
    "비번 바꿨어! 이제 맘 편하다, 내일 3시에 보자",
    "password changed. Tomorrow I move to desk B-204",
    "the office password changed.",
    "공유기 비밀번호 바꾸는 방법을 찾아보다가 결국 포기했고 대신 라우터를 새로 사서 설정 중 5093",
  ])("finds none in %j", (text) => {
    expect(detectSecret(text)).toBeUndefined();
  });

  it.each([
    // A key prefix with one character too few after it, each time.
    ["key prefixes", "sk-aaaaaaaaaaaaaaa ".repeat(2_700)],
    // Parts one character short of a JWT's head: every one is read, none matches.
    ["JWT parts", "eyJaaaaaaa.".repeat(5_000)],
    ["one-time-code words", "otp code ".repeat(6_000)],
    ["Korean code words", "인증 번호 ".repeat(8_000)],
    // A password word then counts, again and again: every window is read, none holds a value.
    ["password words and counts", "비번 2024년 ".repeat(5_000)],
  ])("answers fast on 50k characters of repeated %s", (_, text) => {
    const started = performance.now();
    // None of them is a secret, so the whole text is scanned (an early match would prove nothing).
    expect(detectSecret(text)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("luhnValid", () => {
  it("accepts valid card numbers and rejects a changed digit", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("4111a11111111111")).toBe(false);
  });
});
