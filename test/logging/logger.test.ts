import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors.js";
import { createLogger } from "../../src/logging/logger.js";
import { MAX_REDACT_DEPTH, redactLogObject, SECRET_KEYS, TEXT_KEYS } from "../../src/logging/redact.js";

/** A logger writing JSON lines into an array. */
function capture(level: string): { logger: ReturnType<typeof createLogger>; output: () => string } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { logger: createLogger({ level, destination, pretty: false }), output: () => lines.join("") };
}

/** What the graph extractor logs when the model's reply is not JSON, and more. */
function logEverything(logger: ReturnType<typeof createLogger>): void {
  logger.warn(
    {
      err: new AppError("llm_bad_output", "the extraction reply is not JSON", {
        details: { reply: "secret words of the reply" },
        cause: new AppError("internal", "inner", { details: { prompt: "hidden prompt words" } }),
      }),
      nested: { a: { b: { text: "private message words" } } },
      request: {
        messages: [{ role: "user", content: "asked words" }],
        headers: { Authorization: "Bearer s3cr3t" },
      },
      slack: {
        botToken: "xoxb-bot-secret",
        auth: { appToken: "xapp-app-secret", token: "plain-token-secret" },
      },
    },
    "graph extraction failed",
  );
  logger.child({ component: "slack", token: "xoxb-bound-secret" }).info({ doc: "memory doc words" }, "bound");
  logger.error(
    new AppError("internal", "thrown", { details: { input: "input words", signingSecret: "sig-secret" } }),
  );
}

const TEXT = [
  "secret words of the reply",
  "private message words",
  "asked words",
  "memory doc words",
  "input words",
];
const SECRETS = [
  "s3cr3t",
  "xoxb-bot-secret",
  "xapp-app-secret",
  "plain-token-secret",
  "xoxb-bound-secret",
  "sig-secret",
];

describe("createLogger", () => {
  it("above debug writes no message text and no secret, at any depth, in errors too", () => {
    const { logger, output } = capture("info");
    logEverything(logger);
    const written = output();
    for (const words of [...TEXT, ...SECRETS]) expect(written).not.toContain(words);
    const [first] = written
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({
      msg: "graph extraction failed",
      err: { type: "AppError", code: "llm_bad_output", details: { reply: "[redacted]" } },
      nested: { a: { b: { text: "[redacted]" } } },
      request: { messages: "[redacted]", headers: { Authorization: "[redacted]" } },
    });
    expect(String((first!["err"] as { stack: string }).stack)).toContain("the extraction reply is not JSON");
  });

  it("at debug writes the message text but still no secret", () => {
    const { logger, output } = capture("debug");
    logEverything(logger);
    const written = output();
    for (const words of TEXT) expect(written).toContain(words);
    for (const secret of SECRETS) expect(written).not.toContain(secret);
  });

  it("censors every key of the one secret list and the one text list when bound to a child", () => {
    const secrets = [...SECRET_KEYS];
    for (const level of ["info", "debug"]) {
      const { logger, output } = capture(level);
      for (const [i, key] of secrets.entries()) logger.child({ [key]: `bound-secret-${i}` }).info("bound");
      const written = output();
      expect(written.match(/"msg":"bound"/g)).toHaveLength(secrets.length);
      for (const i of secrets.keys()) expect(written).not.toContain(`bound-secret-${i}`);
    }
    const { logger, output } = capture("info");
    for (const [i, key] of [...TEXT_KEYS].entries())
      logger.child({ [key]: `bound-words-${i}` }).info("bound");
    for (const i of [...TEXT_KEYS].keys()) expect(output()).not.toContain(`bound-words-${i}`);
  });

  it("censors every key of the secret and text lists in a log call's object, in any case", () => {
    const { logger, output } = capture("info");
    for (const [i, key] of [...SECRET_KEYS, ...TEXT_KEYS].entries()) {
      logger.info({ deep: { [key.toUpperCase()]: `object-value-${i}` } }, "logged");
    }
    for (const i of [...SECRET_KEYS, ...TEXT_KEYS].keys())
      expect(output()).not.toContain(`object-value-${i}`);
  });

  it("above debug writes no field derived from content (topics, entities, triplets), bound or logged", () => {
    const { logger, output } = capture("info");
    logger
      .child({ topics: ["bound-topic"] })
      .info(
        { memory: { topics: ["health"], entities: ["또리"] }, triplets: [["또리", "생일", "10월"]] },
        "derived",
      );
    const written = output();
    expect(written).toContain('"msg":"derived"');
    for (const words of ["bound-topic", "health", "또리", "생일"]) expect(written).not.toContain(words);
  });

  it("logs a line with a cycle or a very deep object without throwing and without what is too deep", () => {
    const { logger, output } = capture("info");
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic["self"] = cyclic;
    let deep: Record<string, unknown> = { text: "deepest words" };
    for (let i = 0; i < MAX_REDACT_DEPTH + 3; i++) deep = { next: deep };
    logger.info({ cyclic, deep }, "odd shapes");
    expect(output()).toContain('"msg":"odd shapes"');
    expect(output()).not.toContain("deepest words");
  });
});

describe("redactLogObject", () => {
  it("returns the same object when nothing is censored (no copy)", () => {
    const obj = { component: "agent", eventId: "Ev1", counts: [1, 2, 3], when: new Date(0) };
    expect(redactLogObject(obj, { keepText: false })).toBe(obj);
  });

  it("copies on write and leaves the logged object untouched", () => {
    const obj = { keep: { id: 1 }, user: { text: "said" } };
    const redacted = redactLogObject(obj, { keepText: false });
    expect(redacted).toEqual({ keep: { id: 1 }, user: { text: "[redacted]" } });
    expect(redacted["keep"]).toBe(obj.keep);
    expect(obj.user.text).toBe("said");
  });
});
