import { describe, expect, it } from "vitest";
import { isAboutMeRequest } from "../../src/agent/about-me.js";

describe("isAboutMeRequest", () => {
  it.each([
    "나에 대해 뭘 알아?",
    "저에 관해 기억하는 거 보여줘",
    "what do you know about me?",
    // What was kept, asked without "about me".
    "내가 뭐 기억시켰지?",
    "제가 뭘 저장했죠?",
    "내가 무엇을 말해줬더라",
    "내가 뭐 말했었지?",
    "제가 뭘 이야기했죠?",
    "what did I tell you?",
    "What have I told you so far?",
    "뭘 기억하고 있어?",
    "지금 뭐 기억해 뒀어?",
    "내 기억 다 보여줘",
    "제 기억들 전부 알려 주세요",
    "what do you remember?",
    "What have you saved so far?",
    "show me my memories",
    "list all my memories please",
    "what did I ask you to remember?",
  ])("is a request for what it knows: %j", (text) => {
    expect(isAboutMeRequest(text)).toBe(true);
  });

  it.each([
    // A question about one thing, which recall answers.
    "치과 예약 언제였지?",
    "내가 뭐 먹었는지 기억나?",
    "내가 뭐 기억하라고 했던 그 식당 이름 뭐였지 거기 다시 가고 싶은데",
    "캠핑장 위치에 대해 뭘 기억하고 있어?",
    "what do you remember about the camping trip?",
    "what do you know about Rust lifetimes?",
    "what did I tell you about the plumber?",
    "내가 뭐 말했는지 기억나? 아까 회의에서",
    "show me my calendar",
    // Remember / forget commands.
    "기억해줘: 내 기억력이 나빠",
    "remember: show me my memories on Fridays",
  ])("is not: %j", (text) => {
    expect(isAboutMeRequest(text)).toBe(false);
  });
});
