import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonLines } from "../../src/util/jsonl.js";

describe("readJsonLines", () => {
  const schema = z.object({ text: z.string() });

  it("reads a file saved with a byte order mark from its first line on", () => {
    const { rows, errors } = readJsonLines('\ufeff{"text":"첫 줄"}\n{"text":"둘째 줄"}\n', schema);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.value.text])).toEqual([
      [1, "첫 줄"],
      [2, "둘째 줄"],
    ]);
  });

  it("numbers each bad line and skips blank ones", () => {
    const { rows, errors } = readJsonLines('{"text":"a"}\n\n{nope\n{"text":3}\n', schema);
    expect(rows.map((r) => r.line)).toEqual([1]);
    expect(errors.map((e) => e.line)).toEqual([3, 4]);
    expect(errors[0]!.message).toMatch(/^not valid JSON/);
  });
});
