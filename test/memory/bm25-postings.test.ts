/**
 * The project's BM25+ postings score and order exactly as MiniSearch 7 did (the library it replaced,
 * kept as a dev dependency for this comparison): on the dev sets' memories and queries, and through a
 * random sequence of adds, removes and searches.
 */
import { readFileSync } from "node:fs";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { Bm25Postings } from "../../src/memory/search/bm25-postings.js";
import { BM25_PARAMS } from "../../src/memory/search/keyword-index.js";
import { tokenize } from "../../src/text/tokenizer.js";

function miniSearch(): MiniSearch<{ id: string; terms: string }> {
  return new MiniSearch({
    fields: ["terms"],
    idField: "id",
    tokenize: (text) => (text === "" ? [] : text.split(" ")),
    processTerm: (term) => term,
    searchOptions: { combineWith: "OR", prefix: false, fuzzy: false, bm25: BM25_PARAMS },
  });
}

/** Both indexes, driven together. */
function pair() {
  const mini = miniSearch();
  const ours = new Bm25Postings(BM25_PARAMS);
  const texts = new Map<string, string[]>();
  return {
    add(id: string, text: string) {
      const terms = tokenize(text);
      texts.set(id, terms);
      mini.add({ id, terms: terms.join(" ") });
      ours.add(id, terms);
    },
    remove(id: string) {
      const terms = texts.get(id)!;
      texts.delete(id);
      mini.remove({ id, terms: terms.join(" ") });
      ours.remove(id, terms);
    },
    expectSame(query: string, filter?: (id: string) => boolean) {
      const terms = [...new Set(tokenize(query))];
      if (terms.length === 0) return 0;
      const expected = mini
        .search(terms.join(" "), filter ? { filter: (r) => filter(String(r.id)) } : {})
        .map((r) => ({ id: String(r.id), score: r.score, terms: Object.keys(r.match) }));
      const actual = ours.search(terms, filter).map((r) => ({ ...r, terms: [...r.terms].sort() }));
      expect(actual, query).toEqual(expected.map((r) => ({ ...r, terms: [...r.terms].sort() })));
      return expected.length;
    },
  };
}

const jsonl = (path: string) =>
  readFileSync(new URL(`../../${path}`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("Bm25Postings", () => {
  it("scores and orders the dev set's queries exactly as MiniSearch", () => {
    const both = pair();
    for (const [i, memory] of jsonl("eval/kmem-dev/memories.jsonl").entries()) {
      both.add(String(memory.id ?? i), String(memory.text));
    }
    let hits = 0;
    for (const query of jsonl("eval/kmem-dev/queries.jsonl")) hits += both.expectSame(String(query.query));
    expect(hits).toBeGreaterThan(50);
  });

  it("stays equal through random adds, removes, re-adds and filtered searches", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const words = [
      "또리",
      "생일",
      "10월",
      "치과",
      "예약",
      "coffee",
      "meeting",
      "카페",
      "라떼",
      "서울",
      "집",
      "회의",
    ];
    const text = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 8) },
        () => words[Math.floor(random() * words.length)],
      ).join(" ");
    const both = pair();
    const live = new Set<string>();
    let hits = 0;
    for (let step = 0; step < 2000; step++) {
      const roll = random();
      const id = `d${Math.floor(random() * 300)}`;
      if (roll < 0.5 && !live.has(id)) {
        both.add(id, text());
        live.add(id);
      } else if (roll < 0.75 && live.has(id)) {
        both.remove(id);
        live.delete(id);
      } else {
        hits += both.expectSame(text(), random() < 0.3 ? (doc) => doc.endsWith("1") : undefined);
      }
    }
    expect(hits).toBeGreaterThan(1000);
  });
});
