/**
 * No quoted text in `src/` is a piece of an evaluation text: a rule or a comment that quotes the sets'
 * sentences has learnt the sets, not the language. Every quoted string of 10+ characters in a source
 * file (code and comments alike: "…", '…' and `…` without substitutions, regular-expression-like ones
 * included) is checked against the texts of every file under `eval/`: each string of 10+ characters in
 * a JSON Lines file, and each quoted span of 10+ characters ("…", “…”, `…`) in any other file (the sets'
 * READMEs quote their examples so). A literal that is one word of ASCII letters, digits and `._-`
 * (a file or field name such as `memories.jsonl`) is a name, not text, and is left out.
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

/** Quoted spans in a prose file: `…`, "…" and “…” on one line. */
const PROSE_QUOTED = /`([^`\n]+)`|"([^"\n]+)"|“([^”\n]+)”/gu;

function evalTexts(): string {
  const texts: string[] = [];
  for (const file of filesUnder(path.join(REPO_ROOT, "eval"), () => true)) {
    const content = readFileSync(file, "utf8");
    if (file.endsWith(".jsonl")) {
      for (const line of content.split("\n")) {
        if (line.trim() === "") continue;
        stringsOf(JSON.parse(line) as unknown, texts);
      }
    } else {
      for (const match of content.matchAll(PROSE_QUOTED)) {
        const quoted = match[1] ?? match[2] ?? match[3] ?? "";
        if (quoted.length >= MIN_LENGTH) texts.push(quoted);
      }
    }
  }
  return texts.join("\n");
}

/** Quoted strings on one line: double, single or back quotes, no line breaks, escapes allowed. */
const QUOTED = /"((?:[^"\\\n]|\\.){10,})"|'((?:[^'\\\n]|\\.){10,})'|`((?:[^`\\\n$]|\\.){10,})`/gu;
/** One word of ASCII letters, digits and `._-`: a file, field or identifier name. */
const NAME_LIKE = /^[\w.-]+$/u;

/** The text a quoted source string stands for: `\x` read as `x` (enough to compare with prose). */
function unescaped(quoted: string): string {
  return quoted.replace(/\\(.)/gu, "$1");
}

function evalPiecesIn(sourceFiles: string[], blob: string): string[] {
  const pieces: string[] = [];
  for (const file of sourceFiles) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const match of line.matchAll(QUOTED)) {
        const quoted = unescaped(match[1] ?? match[2] ?? match[3] ?? "");
        if (quoted.trim().length < MIN_LENGTH || NAME_LIKE.test(quoted.trim())) continue;
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
    const sample = blob.split("\n").find((text) => /[?(]/u.test(text) && !/["\\]/u.test(text));
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

  it("reads the quoted spans of the sets' other files (their READMEs) as well", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "eval-pieces-"));
    try {
      const quoted = readFileSync(path.join(REPO_ROOT, "eval", "kmem-own", "README.md"), "utf8").match(
        /`([^`\n]{10,})`/u,
      )?.[1];
      expect(quoted).toBeDefined();
      const file = path.join(dir, "rule.ts");
      writeFileSync(file, `// "${quoted!}"\n// "memories.jsonl" and "a phrase of no set at all"\n`);
      expect(evalPiecesIn([file], blob)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("quotes no piece of an eval text anywhere in src/", () => {
    expect(evalPiecesIn(sources, blob)).toEqual([]);
  });
});
