import { describe, expect, it } from "vitest";
import { fitContext } from "../../src/history/context-budget.js";
import { HistoryService } from "../../src/history/history-service.js";
import { InMemoryHistoryStore } from "../../src/stores/in-memory-history-store.js";
import { renderContext } from "../../src/history/render-context.js";
import { cl100kTokenCounter, type TokenCounter } from "../../src/text/token-counter.js";
import { failingFirst, makeDm, makeTurn, recordingLogger, ScriptedLlm } from "./support.js";

/** One token per character: easy arithmetic. */
const charCounter: TokenCounter = {
  count: (text) => text.length,
  truncate: (text, max) => text.slice(0, Math.max(0, max)),
};

const longTurn = (n: number) =>
  makeTurn(n, { user: `${n}번째 메시지: 다음주 토요일 광화문 한정식 12시 반 예약 확인 부탁해요 `.repeat(3) });

describe("fitContext", () => {
  it("returns everything when it fits", () => {
    const context = { summary: "요약", olderTurns: [makeTurn(1)], recent: [makeTurn(2)] };
    const fitted = fitContext(context, { budget: 10_000, counter: cl100kTokenCounter });
    expect(fitted).toMatchObject({
      summary: "요약",
      olderTurns: [makeTurn(1)],
      recent: [makeTurn(2)],
      omittedTurns: 0,
    });
    expect(fitted.tokens).toBe(cl100kTokenCounter.count(renderContext(context)));
  });

  it("drops the oldest unsummarised turns first and keeps the summary and recent turns", () => {
    const older = [1, 2, 3, 4, 5].map(longTurn);
    const recent = [6, 7, 8].map((n) => makeTurn(n));
    const full = cl100kTokenCounter.count(renderContext({ summary: "요약문", olderTurns: older, recent }));
    const budget = full - 60;
    const fitted = fitContext(
      { summary: "요약문", olderTurns: older, recent },
      { budget, counter: cl100kTokenCounter },
    );
    expect(fitted.tokens).toBeLessThanOrEqual(budget);
    expect(fitted.tokens).toBe(cl100kTokenCounter.count(renderContext(fitted)));
    expect(fitted.summary).toBe("요약문");
    expect(fitted.recent).toEqual(recent);
    expect(fitted.olderTurns.length).toBeGreaterThan(0);
    expect(fitted.olderTurns).toEqual(older.slice(older.length - fitted.olderTurns.length));
    expect(fitted.omittedTurns).toBe(older.length - fitted.olderTurns.length);
  });

  it("then drops the oldest recent turns, always keeping the newest", () => {
    const recent = [
      makeTurn(1, { user: "a".repeat(50) }),
      makeTurn(2, { user: "b".repeat(50) }),
      makeTurn(3),
    ];
    const fitted = fitContext({ olderTurns: [makeTurn(0)], recent }, { budget: 40, counter: charCounter });
    expect(fitted.olderTurns).toEqual([]);
    expect(fitted.recent).toEqual([makeTurn(3)]);
    expect(fitted.omittedTurns).toBe(3);
    expect(fitted.tokens).toBeLessThanOrEqual(40);
  });

  it("finally cuts the longest text with an ellipsis", () => {
    const recent = [makeTurn(1, { user: "x".repeat(500) })];
    const fitted = fitContext(
      { summary: "짧은 요약", olderTurns: [], recent },
      { budget: 80, counter: charCounter },
    );
    expect(fitted.tokens).toBeLessThanOrEqual(80);
    expect(fitted.summary).toBe("짧은 요약");
    expect(fitted.recent[0]?.user).toMatch(/^x+…$/);
    expect(fitted.omittedTurns).toBe(0);
  });
});

describe("HistoryService token budget", () => {
  it("trims the oldest unsummarised turns from the context while storage keeps them all", async () => {
    const store = new InMemoryHistoryStore();
    const budget = 250;
    const service = new HistoryService({
      store,
      llm: new ScriptedLlm(failingFirst(Number.POSITIVE_INFINITY)),
      logger: recordingLogger(),
      tokenBudget: budget,
      retry: { maxRetries: 0 },
    });
    for (let n = 1; n <= 10; n += 1) await service.append(makeDm(), longTurn(n));
    await service.flush();

    const context = await service.context(makeDm());
    const rendered = renderContext(context);
    expect(cl100kTokenCounter.count(rendered)).toBeLessThanOrEqual(budget);
    expect(context.tokens).toBeLessThanOrEqual(budget);
    expect(context.omittedTurns).toBeGreaterThan(0);
    expect(rendered).not.toContain("1번째 메시지");
    expect(rendered).toContain("10번째 메시지");
    expect(context.recent.at(-1)).toEqual(longTurn(10));

    const record = await store.get(makeDm().id);
    expect(record?.totalTurns).toBe(10);
    expect([...(record?.pending ?? []), ...(record?.recent ?? [])]).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(longTurn),
    );
  });

  it("uses the default budget of 1,500 tokens", () => {
    const service = new HistoryService({ store: new InMemoryHistoryStore(), logger: recordingLogger() });
    expect(service.tokenBudget).toBe(1_500);
  });
});

describe("cl100kTokenCounter", () => {
  it("counts special-token text as plain text and truncates without broken characters", () => {
    expect(cl100kTokenCounter.count("<|endoftext|>")).toBeGreaterThan(1);
    const cut = cl100kTokenCounter.truncate("광화문 무궁화 한정식", 3);
    expect(cut).not.toContain("\uFFFD");
    expect("광화문 무궁화 한정식".startsWith(cut)).toBe(true);
    expect(cl100kTokenCounter.count(cut)).toBeLessThanOrEqual(3);
  });
});
