/** The Block Kit builders of the memory surfaces stay within Slack's limits whatever the input. */
import { describe, expect, it } from "vitest";
import type { GraphData } from "../../src/core/graph-types.js";
import { visibilityOf } from "../../src/core/visibility.js";
import { buildHomeView, HOME_PAGE_SIZE } from "../../src/slack/listeners/app-home.js";
import { aboutBlocks } from "../../src/slack/about-blocks.js";
import { parseMemoryCommand } from "../../src/slack/listeners/memory-command.js";
import { escapedClip } from "../../src/slack/mrkdwn.js";
import {
  channelTypeOf,
  currentFacts,
  escapeMrkdwn,
  factSections,
  MAX_SECTION_CHARS,
  memoryBlocks,
  memoryMarks,
  type SlackMemoryPort,
  whereLabel,
} from "../../src/slack/memory-blocks.js";
import type { Memory } from "../../src/core/types.js";
import { blockTextError } from "../../fixtures/fake-slack-methods.js";

function memory(i: number, text = `메모 ${i}`): Memory {
  return {
    id: `mem_${i}_abc`,
    text,
    userId: "U1",
    teamId: "T1",
    timestamp: 1_700_000_000_000 + i * 1000,
    channelId: i % 2 ? "C1" : "D1",
    channelType: i % 2 ? "channel" : "im",
    source: "slack",
    topics: ["업무"],
  };
}

function graphOf(n: number): GraphData {
  const nodes = [{ id: "e", name: "또리", label: "Entity", properties: {} }];
  const relations = [];
  for (let i = 0; i < n; i++) {
    nodes.push({ id: `v${i}`, name: `값 ${"가".repeat(200)} ${i}`, label: "Value", properties: {} });
    relations.push({
      id: `r${i}`,
      source: "e",
      target: `v${i}`,
      label: `속성${i}`,
      properties: {
        createdAt: i,
        current: true,
        sources: [{ at: i, visibility: i % 2 ? "channel:C1" : "private" }],
      },
    });
  }
  return { nodes, relations } as GraphData;
}

const memories = Array.from({ length: 40 }, (_, i) => memory(i, i === 39 ? "긴 ".repeat(3000) : `메모 ${i}`));
const port: SlackMemoryPort = {
  list: async (_s, { limit, cursor }) => {
    const offset = Number(cursor ?? 0);
    const items = memories.slice(offset, offset + limit);
    return { items, nextCursor: offset + limit < memories.length ? String(offset + limit) : null };
  },
  search: async () => memories.map((m) => ({ id: m.id, relevant: true })),
  get: async (_s, id) => memories.find((m) => m.id === id),
  newest: async (_s, { offset, limit }) => ({
    items: [...memories].sort((a, b) => b.timestamp - a.timestamp).slice(offset, offset + limit),
    total: memories.length,
  }),
  deleteIds: async () => [],
  forgetSavedFrom: async () => [],
  findToForget: async () => ({ candidates: [] }),
  save: async () => {
    throw new Error("not used");
  },
};

describe("memory Block Kit", () => {
  it("a full App Home (many memories, a long one, many long facts) stays within Slack's limits", async () => {
    const view = await buildHomeView(
      { memory: port, graph: { snapshot: async () => graphOf(80) } },
      { teamId: "T1", userId: "U1" },
      {
        q: "",
        page: 0,
      },
    );
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(blockTextError(view.blocks)).toBeUndefined();
    expect(JSON.stringify(view).length).toBeLessThan(250_000);
    const forgets = view.blocks.filter((b) => "accessory" in b && b.accessory);
    expect(forgets).toHaveLength(HOME_PAGE_SIZE);
    const searched = await buildHomeView(
      { memory: port, graph: { snapshot: async () => graphOf(0) } },
      { teamId: "T1", userId: "U1" },
      {
        q: "메모",
        page: 3,
      },
    );
    expect(searched.blocks.length).toBeLessThanOrEqual(100);
  });

  it("a page past the last (its memories just forgotten) shows the last page, and a forgotten memory shown alone says it is gone", async () => {
    const scope = { teamId: "T1", userId: "U1" };
    const graph = { snapshot: async () => graphOf(0) };
    const past = await buildHomeView({ memory: port, graph }, scope, { q: "", page: 9 });
    const shown = past.blocks.filter((b) => "accessory" in b && b.accessory);
    // 40 memories: the last page holds what is left after the full ones.
    expect(shown).toHaveLength(40 - Math.floor(39 / HOME_PAGE_SIZE) * HOME_PAGE_SIZE);
    expect(JSON.parse(past.private_metadata)).toMatchObject({ page: Math.floor(39 / HOME_PAGE_SIZE) });
    expect(JSON.stringify(past.blocks)).toContain("◀ 이전 · Previous");
    expect(JSON.stringify(past.blocks)).not.toContain("아직 기억이 없어요");
    const gone = await buildHomeView({ memory: port, graph }, scope, { q: "", page: 0, focus: "mem_gone" });
    expect(JSON.stringify(gone.blocks)).toContain("this memory is gone");
    expect(JSON.stringify(gone.blocks)).not.toContain("아직 기억이 없어요");
  });

  it("writes what comes from the memories (about you, a memory's Forget dialog) in the language they are written in", async () => {
    const english = Array.from({ length: 3 }, (_, i) => ({
      ...memory(i, `my gym locker is ${200 + i}`),
      channelId: "D1",
      channelType: "im" as const,
    }));
    const asked: string[] = [];
    const view = await buildHomeView(
      {
        memory: {
          ...port,
          list: async () => ({ items: english, nextCursor: null }),
          newest: async () => ({ items: english, total: english.length }),
        },
        graph: { snapshot: async () => graphOf(0) },
        about: {
          answer: async (_scope, lang) => {
            asked.push(lang);
            return { about: { groups: [], memories: english, memoriesBy: "time" }, text: "" };
          },
        },
      },
      { teamId: "T1", userId: "U1" },
      { q: "", page: 0 },
    );
    expect(asked).toEqual(["en"]);
    const text = JSON.stringify(view.blocks);
    expect(text).toContain("Forget this?");
    expect(text).not.toContain("이 기억을 잊을까요?");
  });

  it("facts are packed into sections of at most 3,000 characters and marked when shared", () => {
    const facts = currentFacts(graphOf(40));
    const sections = factSections(facts, "ko");
    for (const s of sections) expect(JSON.stringify(s).length).toBeLessThan(MAX_SECTION_CHARS + 500);
    expect(blockTextError(sections)).toBeUndefined();
    expect(facts.filter((f) => f.shared)).toHaveLength(20);
  });

  it("clips a memory dense in '<', '>' or '&' by its escaped length: App Home and lists stay within the limits", async () => {
    const dense = [
      memory(1, `부등호 메모 ${"<".repeat(1500)}`),
      memory(2, `<br>${"<br>".repeat(800)}`),
      memory(3, "&&".repeat(1400)),
    ];
    const densePort: SlackMemoryPort = {
      ...port,
      list: async () => ({ items: dense, nextCursor: null }),
      newest: async () => ({ items: dense, total: dense.length }),
    };
    const view = await buildHomeView(
      { memory: densePort, graph: { snapshot: async () => graphOf(0) } },
      { teamId: "T1", userId: "U1" },
      { q: "", page: 0 },
    );
    expect(blockTextError(view.blocks)).toBeUndefined();
    for (const m of dense) expect(blockTextError(memoryBlocks(m, "ko"))).toBeUndefined();
  });

  it("escapedClip counts the escaped length and never splits an entity", () => {
    expect(escapedClip("a < b", 10)).toBe("a &lt; b");
    expect(escapedClip("<".repeat(10), 10)).toBe("&lt;&lt;…");
    expect(escapedClip("<".repeat(3000), 2500).length).toBeLessThanOrEqual(2500);
    expect(escapedClip("<".repeat(3000), 2500)).toMatch(/^(?:&lt;)+…$/u);
    expect(escapedClip("abcdefgh", 5)).toBe("abcd…");
    expect(escapedClip("ab&cd", 5)).toBe("ab…");
  });

  it("escapes mrkdwn so a memory cannot mention or link", () => {
    expect(escapeMrkdwn("<!channel> & <@U1>")).toBe("&lt;!channel&gt; &amp; &lt;@U1&gt;");
    // Text as Slack delivers it (the user's own `<` and `&` already escaped) is not escaped twice.
    expect(escapeMrkdwn("a &lt; b &amp; c &gt; d &copy; e&")).toBe(
      "a &lt; b &amp; c &gt; d &amp;copy; e&amp;",
    );
    expect(escapeMrkdwn(escapeMrkdwn("<http://x.example|y> & z"))).toBe("&lt;http://x.example|y&gt; &amp; z");
    const [section] = memoryBlocks(
      { ...memory(1), text: "<!here> 안녕", extra: { permalink: "javascript:alert(1)" } },
      "ko",
    );
    expect(JSON.stringify(section)).not.toContain("<!here>");
    expect(
      JSON.stringify(memoryBlocks({ ...memory(1), extra: { permalink: "javascript:x" } }, "ko")),
    ).not.toContain("javascript");
    // An imported memory's channel id is any text: a Slack id becomes a channel link, nothing else.
    expect(memoryMarks({ ...memory(1), channelId: "C1> <!channel" }, "ko")).toContain(
      "#C1&gt; &lt;!channel 대화에서만",
    );
    expect(memoryMarks(memory(1), "ko")).toContain("💬 <#C1> 대화에서만");
  });

  it("names conversations by Slack's id and type, never by their name", () => {
    expect(channelTypeOf("D123")).toBe("im");
    expect(channelTypeOf("C123")).toBe("channel");
    expect(channelTypeOf("G123")).toBe("group");
    expect(channelTypeOf("G123", "mpim")).toBe("mpim");
    expect(channelTypeOf("C123", "group")).toBe("group");
    // Only a DM's id makes a DM: neither a type nor a name of "im" does elsewhere.
    expect(channelTypeOf("C123", "im")).toBe("channel");
    expect(channelTypeOf("C123", "directmessage")).toBe("channel");
  });

  it("marks a memory said outside a DM as recalled only in that conversation, whatever its kind", () => {
    const said = (channelType: Memory["channelType"], channelId: string): Memory => ({
      ...memory(1),
      channelType,
      channelId,
    });
    expect(visibilityOf(said("mpim", "G1"))).toBe("channel:G1");
    expect(visibilityOf(said("group", "G2"))).toBe("channel:G2");
    expect(visibilityOf(said("im", "D1"))).toBe("private");
    expect(whereLabel(said("mpim", "G1"), "en")).toBe("💬 only in <#G1>");
    expect(whereLabel(said("group", "C9"), "ko")).toBe("💬 <#C9> 대화에서만");
    // A mention in a private channel with a `C…` id carries no channel type: never called "shared".
    expect(whereLabel(said("channel", "C1"), "en")).toBe("💬 only in <#C1>");
    expect(whereLabel(said("channel", "C1"), "en")).not.toMatch(/shared|📢/);
    expect(whereLabel(said("im", "D1"), "en")).toBe("🔒 private (DM)");
    // A fact said outside a DM is marked as shown where it was said, never as shared.
    const facts = factSections(currentFacts(graphOf(2)), "en");
    expect(JSON.stringify(facts)).toContain("also where it was said");
    expect(JSON.stringify(facts)).not.toContain("shared");
  });

  it("parses /memory sub-commands in both languages", () => {
    expect(parseMemoryCommand("")).toEqual({ kind: "help" });
    expect(parseMemoryCommand("search  또리 생일 ")).toEqual({ kind: "search", query: "또리 생일" });
    expect(parseMemoryCommand("검색 또리")).toEqual({ kind: "search", query: "또리" });
    expect(parseMemoryCommand("FORGET mem_1_ab")).toEqual({ kind: "forget", query: "mem_1_ab" });
    expect(parseMemoryCommand("내보내기")).toEqual({ kind: "export" });
    expect(parseMemoryCommand("목록")).toEqual({ kind: "list" });
    expect(parseMemoryCommand("dance")).toEqual({ kind: "unknown", word: "dance" });
  });
});

describe("memoryMarks", () => {
  it("dates a memory in the viewer's own time zone (Slack's date token), with the UTC day as the fallback", () => {
    const at = Date.UTC(2026, 11, 5, 23, 30);
    const marks = memoryMarks(
      {
        id: "m1",
        text: "x",
        userId: "U1",
        teamId: "T1",
        timestamp: at,
        channelId: "D1",
        channelType: "im",
        source: "slack",
      },
      "ko",
    );
    expect(marks).toContain(`📅 <!date^${at / 1000}^{date_num}|2026-12-05>`);
  });
});

describe("aboutBlocks", () => {
  it("asks before forgetting a memory listed under 'about me', as the memory list does", () => {
    const memory: Memory = {
      id: "m-about-1",
      text: "관리실 택배 보관은 3일까지",
      userId: "U1",
      teamId: "T1",
      timestamp: Date.UTC(2026, 5, 1),
      channelId: "D1",
      channelType: "im",
      source: "slack",
    };
    const blocks = aboutBlocks(
      { about: { groups: [], memories: [{ ...memory, uses: 2 }], memoriesBy: "use" } },
      "ko",
      { forget: "about_forget" },
    );
    const forget = blocks
      .flatMap((block) => ("accessory" in block && block.accessory ? [block.accessory] : []))
      .find((element) => "action_id" in element && element.action_id === "about_forget");
    expect(forget).toMatchObject({ value: "m-about-1", confirm: { title: { text: "이 기억을 잊을까요?" } } });
  });
});
