/**
 * No quoted text in `src/` is a piece of an evaluation text: a rule or a comment that quotes the sets'
 * sentences has learnt the sets, not the language. Every quoted string of 10+ characters in a source
 * file (code and comments alike: "…", '…' and `…` without substitutions) is checked against every
 * string of 10+ characters in the JSON Lines files under `eval/`. Regular-expression sources and
 * escape-laden strings (any of `\ ^ $ * + ? ( ) [ ] { } |`) are not quotes and are left out.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../cli/cli-harness.js";

const MIN_LENGTH = 10;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, keep));
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

/** Every string of at least MIN_LENGTH characters anywhere in a parsed JSON value. */
function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === "string") {
    if (value.length >= MIN_LENGTH) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, out);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) stringsOf(item, out);
  }
}

function evalTexts(): string {
  const texts: string[] = [];
  for (const file of filesUnder(path.join(REPO_ROOT, "eval"), (n) => n.endsWith(".jsonl"))) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      stringsOf(JSON.parse(line) as unknown, texts);
    }
  }
  return texts.join("\n");
}

/** Quoted strings on one line: double, single or back quotes, no line breaks, escapes allowed. */
const QUOTED = /"((?:[^"\\\n]|\\.){10,})"|'((?:[^'\\\n]|\\.){10,})'|`((?:[^`\\\n$]|\\.){10,})`/gu;
const PATTERN_LIKE = /[\\^$*+?()[\]{}|]/u;

function evalPiecesIn(sourceFiles: string[], blob: string): string[] {
  const pieces: string[] = [];
  for (const file of sourceFiles) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const match of line.matchAll(QUOTED)) {
        const quoted = match[1] ?? match[2] ?? match[3] ?? "";
        if (PATTERN_LIKE.test(quoted) || quoted.trim().length < MIN_LENGTH) continue;
        if (blob.includes(quoted)) pieces.push(`${path.relative(REPO_ROOT, file)}:${i + 1}: ${quoted}`);
      }
    });
  }
  return pieces;
}

describe("src/ and the evaluation sets", () => {
  const blob = evalTexts();
  const sources = filesUnder(path.join(REPO_ROOT, "src"), (n) => /\.(?:ts|mts|mjs|js)$/u.test(n));

  it("reads the sets and the sources (the check below is not vacuous)", () => {
    expect(blob.length).toBeGreaterThan(10_000);
    expect(sources.length).toBeGreaterThan(100);
  });

  it("finds a quoted eval sentence when one is there", () => {
    const sample = blob.split("\n").find((text) => !PATTERN_LIKE.test(text) && !/["\n]/u.test(text));
    expect(sample).toBeDefined();
    const dir = mkdtempSync(path.join(tmpdir(), "eval-pieces-"));
    try {
      const file = path.join(dir, "rule.ts");
      writeFileSync(file, `// a rule for "${sample!}"\nexport const x = 1;\n`);
      expect(evalPiecesIn([file], blob)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("quotes no piece of an eval text anywhere in src/", () => {
    expect(evalPiecesIn(sources, blob)).toEqual([]);
  });
});
