import { describe, expect, it } from "vitest";
import { parseIntent } from "../../src/agent/intents.js";
import { parseSettingsIntent } from "../../src/agent/settings-intents.js";

describe("settings intents", () => {
  it.each([
    ["앞으로 자동으로 기억하지 마", { kind: "autosave", mode: "off" }],
    ["앞으로 자동으로 기억하지마!", { kind: "autosave", mode: "off" }],
    ["자동저장 꺼 줘", { kind: "autosave", mode: "off" }],
    ["stop remembering things automatically", { kind: "autosave", mode: "off" }],
    ["Stop remembering things automatically.", { kind: "autosave", mode: "off" }],
    ["자동저장 켜줘", { kind: "autosave", mode: "on" }],
    ["turn autosave on please", { kind: "autosave", mode: "on" }],
    ["resume remembering automatically", { kind: "autosave", mode: "on" }],
    ["turn autosave back on", { kind: "autosave", mode: "on" }],
    ["기억하기 전에 물어봐", { kind: "autosave", mode: "ask" }],
    ["ask me before remembering", { kind: "autosave", mode: "ask" }],
    ["이 대화는 기억하지 마", { kind: "pause" }],
    ["이 대화는 기억하지 말아 줘", { kind: "pause" }],
    ["don't remember this", { kind: "pause" }],
    ["Don’t remember this conversation!", { kind: "pause" }],
    ["다시 기억해", { kind: "resume" }],
    ["다시 기억해줘", { kind: "resume" }],
    ["resume", { kind: "resume" }],
  ])("%s", (text, intent) => {
    expect(parseSettingsIntent(text)).toEqual(intent);
  });

  it.each([
    "두부 생일 기억하지 마",
    "이 대화는 기억하지 마 https://example.com",
    "I don't remember this at all",
    "resume writing is hard",
    "기억해줘: 다시",
    "",
  ])("not a settings request: %s", (text) => {
    expect(parseSettingsIntent(text)).toBeUndefined();
  });

  it("leaves remember requests to the other intents", () => {
    expect(parseSettingsIntent("기억해줘: 회의는 3시")).toBeUndefined();
    expect(parseIntent("기억해줘: 회의는 3시")).toEqual({ kind: "remember", text: "회의는 3시" });
  });

  it("reads a long run in linear time", () => {
    const started = Date.now();
    expect(parseSettingsIntent(`${"가".repeat(79)}`)).toBeUndefined();
    expect(parseSettingsIntent(`${" ".repeat(5000)}x`)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(100);
  });
});
