/**
 * README.md is true: every row of its admin API table is requested against the real assistant and the
 * answer has the status and the top-level fields the row documents; its curl examples run as written
 * (token and address substituted); each line of its memory CLI synopsis runs and exits 0.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { describe, expect, inject, it } from "vitest";
import { runConsoleChat } from "../../src/console/console-chat.js";
import { createCliHarness, REPO_ROOT } from "../cli/cli-harness.js";
import { makeDmEvent, TEST_IDS } from "../support/slack-events.js";
import {
  ADMIN_TOKEN,
  faithfulModel,
  replyTo,
  type TestAssistant,
  useTestAssistant,
} from "../support/test-assistant.js";

const README = readFileSync(`${REPO_ROOT}/README.md`, "utf8");
const USER = "U_README";
const TEAM = TEST_IDS.teamId;

/** The lines of the section under `heading`, up to the next heading of the same or a higher level. */
function section(heading: string): string[] {
  const lines = README.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`README has no "${heading}"`);
  const level = heading.indexOf(" ");
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(" ") <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The ```sh blocks of a section, with `\` continuations joined. */
function shellLines(lines: string[]): string[] {
  const out: string[] = [];
  let inBlock = false;
  let pending = "";
  for (const line of lines) {
    if (line.startsWith("```")) {
      inBlock = line.trim() === "```sh";
      continue;
    }
    if (!inBlock) continue;
    const joined = pending + line.trim();
    if (joined.endsWith("\\")) pending = `${joined.slice(0, -1)} `;
    else {
      out.push(joined);
      pending = "";
    }
  }
  return out;
}

/** One row of the admin table: method, path template, documented status and top-level fields. */
interface AdminRow {
  method: string;
  path: string;
  status: number;
  fields: string[];
}

function adminRows(): AdminRow[] {
  return section("### Admin API")
    .filter((l) => l.startsWith("| `"))
    .map((row) => {
      const [request = "", answer = ""] = row
        .split("|")
        .slice(1, 3)
        .map((c) => c.trim());
      const [method = "", path = ""] = /^`([A-Z]+) ([^`]+)`/.exec(request)!.slice(1);
      const shape = /^`(?:(\d{3}) )?(\{.*?\})`/.exec(answer);
      if (!shape) throw new Error(`README admin row without a {…} answer: ${row}`);
      return { method, path, status: Number(shape[1] ?? 200), fields: topLevelKeys(shape[2]!) };
    });
}

/** `{a, b:[{c}], d: x}` → ["a", "b", "d"]. */
function topLevelKeys(shape: string): string[] {
  let inner = shape.trim().slice(1, -1);
  while (/[[{][^[\]{}]*[\]}]/.test(inner)) inner = inner.replace(/[[{][^[\]{}]*[\]}]/g, "");
  return inner
    .split(",")
    .map((part) => part.split(":")[0]!.replace(/\?$/, "").trim())
    .filter((key) => /^[A-Za-z_]\w*$/.test(key));
}

describe("README.md", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("documents every admin route with the status and fields it answers", async () => {
    faithfulModel(t);
    await replyTo(
      t,
      makeDmEvent({ text: "기억해줘: 또리 생일은 10월 27일이야", user: USER, channel: "D_README" }),
    );
    await t.assistant.drain();
    const rows = adminRows();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    // Data-making and deleting rows last, so every GET finds something.
    const order = (r: AdminRow) =>
      r.method === "POST" ? 0 : r.method === "GET" ? 1 : r.path.includes(":id") ? 2 : 3;
    const values: Record<string, string> = { userId: USER, name: "또리" };
    for (const row of [...rows].sort((a, b) => order(a) - order(b))) {
      if (row.path.includes(":conversationId")) {
        const history = (await (await t.admin(`/admin/history/${USER}?team=${TEAM}`)).json()) as {
          conversations: Array<{ id: string }>;
        };
        values.conversationId = history.conversations[0]!.id;
      }
      const url = new URL(
        row.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(values[k]!)),
        "http://x",
      );
      for (const [key, value] of [...url.searchParams]) {
        if (value === "") url.searchParams.delete(key);
        if (value === "…") url.searchParams.set(key, "또리 생일");
      }
      url.searchParams.set("team", TEAM);
      const res = await t.admin(`${url.pathname}${url.search}`, {
        method: row.method,
        ...(row.method === "POST"
          ? { body: JSON.stringify({ text: "결혼정장 업체명: 슈트패브릭, 전화번호: 0507-1370-9606" }) }
          : {}),
      });
      const body = (await res.json()) as Record<string, unknown>;
      expect(res.status, `${row.method} ${row.path}: ${JSON.stringify(body)}`).toBe(row.status);
      for (const field of row.fields) expect(body, `${row.method} ${row.path}`).toHaveProperty(field);
      if (row.method === "POST") values.id = String(body.id);
    }
  });

  it("has curl examples that work as written", async () => {
    const curls = shellLines(section("### Admin API")).filter((l) => l.startsWith("curl "));
    expect(curls.length).toBeGreaterThan(0);
    for (const line of curls) {
      const headers: Record<string, string> = {};
      for (const match of Array.from(line.matchAll(/-H (?:"([^"]+)"|'([^']+)')/g))) {
        const [name, ...rest] = (match[1] ?? match[2]!).replace("$ADMIN_TOKEN", ADMIN_TOKEN).split(":");
        headers[name!.trim()] = rest.join(":").trim();
      }
      const data = /-d '([^']+)'/.exec(line)?.[1];
      const url = /"(http:\/\/127\.0\.0\.1:3000[^"]+)"/
        .exec(line)![1]!
        .replace("http://127.0.0.1:3000", t.assistant.url);
      const res = await fetch(url, {
        method: data ? "POST" : "GET",
        headers,
        ...(data ? { body: data } : {}),
      });
      expect(res.status, line).toBeLessThan(300);
    }
  });
});

/** The ```text transcript of "## Talking to it": each "> " line and the reply printed under it. */
function transcript(): Array<{ say: string; reply: string }> {
  const lines = section("## Talking to it").map((l) => l.trim());
  const start = lines.indexOf("```text");
  const end = lines.indexOf("```", start + 1);
  if (start < 0 || end < 0) throw new Error('README\'s "Talking to it" has no ```text transcript');
  const turns: Array<{ say: string; reply: string[] }> = [];
  for (const line of lines.slice(start + 1, end)) {
    if (line.startsWith("> ")) turns.push({ say: line.slice(2), reply: [] });
    else turns.at(-1)!.reply.push(line);
  }
  return turns.map((t) => ({ say: t.say, reply: t.reply.join("\n") }));
}

/** A reply with its dates (the day a memory was kept) as DATE. */
const undated = (text: string) => text.replace(/\d{4}-\d{2}-\d{2}/g, "DATE");

describe("README.md local chat transcript", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "local", ollama: false }, (started) => (t = started));

  it("is what the local chat without a model answers", async () => {
    const turns = transcript();
    expect(turns.length).toBeGreaterThanOrEqual(4);
    for (const { say, reply } of turns) {
      const input = new PassThrough();
      const output = new PassThrough();
      let printed = "";
      output.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
      const done = runConsoleChat({ agent: t.assistant.agent, input, output, banner: [] });
      input.end(`${say}\n`);
      await done;
      await t.assistant.drain();
      // "> " (the prompt), the reply, "> " again.
      expect(undated(printed), say).toBe(`> ${undated(reply)}\n> `);
    }
  });
});

describe("README.md memory CLI", () => {
  it("runs each command of the synopsis", async () => {
    const cli = await createCliHarness(inject("chromaUrl"));
    try {
      const lines = shellLines(section("## Memory CLI")).filter((l) => l.startsWith("npm run memory -- "));
      expect(lines.map((l) => l.split(" ")[4])).toEqual([
        "import",
        "search",
        "list",
        "delete",
        "eval",
        "eval-filter",
      ]);
      const memories = await cli.writeJsonl("memories.jsonl", [
        { id: "readme-1", user_id: "U", text: "또리 생일은 10월 27일이야", ts: "2026-01-07T03:37:34Z" },
      ]);
      const files: Record<string, string> = {
        "memories.jsonl": memories,
        "M.jsonl": `${REPO_ROOT}/eval/kmem-dev/memories.jsonl`,
        "Q.jsonl": `${REPO_ROOT}/eval/kmem-dev/queries.jsonl`,
        "F.jsonl": `${REPO_ROOT}/eval/kfilter-dev/messages.jsonl`,
      };
      const team = `T_${randomBytes(3).toString("hex")}`;
      for (const line of lines) {
        const args = concrete(line.replace(/#.*$/, "").trim().split(" ").slice(4).join(" "))
          .map((a) => files[a] ?? a)
          .map((a) => (a === "T" ? team : a === "ID" ? "readme-1" : a));
        const run = await cli.run(
          // The evals take no --team: they work in their own namespace, or in memory.
          args.includes("--team") || args[0] === "eval" || args[0] === "eval-filter"
            ? args
            : [...args, "--team", team],
        );
        expect(run.code, `${line}\n${run.stderr}`).toBe(0);
      }
    } finally {
      await cli.cleanup();
    }
  }, 120_000);
});

/**
 * A synopsis as arguments: `[...]` optional groups dropped, `(a | b)` → a, quotes kept together.
 * `search --user U --query "또리 생일" [--k 5]` → ["search", "--user", "U", "--query", "또리 생일"].
 */
function concrete(synopsis: string): string[] {
  let s = synopsis;
  while (/\[[^[\]]*\]/.test(s)) s = s.replace(/\s*\[[^[\]]*\]/g, "");
  s = s.replace(/\(([^|()]+)\|[^()]*\)/g, "$1");
  return Array.from(s.matchAll(/"([^"]*)"|(\S+)/g)).map((m) => m[1] ?? m[2]!);
}

describe("a fresh clone", () => {
  it("reads no file outside the repository (the dev sets are committed under eval/)", () => {
    const outside = new RegExp(String.raw`\.\./(\.\./)*` + "shared/");
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|js|json)$/.test(entry.name) && outside.test(readFileSync(file, "utf8")))
          offenders.push(file);
      }
    };
    for (const dir of ["src", "test", "tools", "fixtures"]) walk(path.join(REPO_ROOT, dir));
    for (const file of ["package.json", "vitest.config.ts"])
      if (outside.test(readFileSync(path.join(REPO_ROOT, file), "utf8"))) offenders.push(file);
    expect(offenders).toEqual([]);
  });
});
