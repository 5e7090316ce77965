/**
 * Which memory pairs of hand-written recall sets `statesSameFact` (or a shared fact slot) links: the
 * stale/gold pairs of update queries (should be linked), the look-alike pairs of `distinct_from` and every
 * other same-user pair (should not). Usage: `npx tsx tools/scripts/stale-pairs.ts [-v] [eval/<set> …]`.
 * It reads pairs without a query, so the query-tied link (`statesChangeOf` with query-topic.ts, in
 * recall only) is not counted here: `memory eval` measures that one.
 */
import { readFileSync } from "node:fs";
import { FactSlotMemo, sameFactSlot, statesSameFact } from "../../src/extraction/fact-slots.js";

interface Memory {
  id: string;
  user_id: string;
  text: string;
  ts: string;
}
interface Query {
  qid: string;
  type: string;
  gold: string[];
  stale?: string[];
  distinct_from?: string[];
}

const args = process.argv.slice(2);
const verbose = args.includes("-v");
const sets = args.filter((arg) => arg !== "-v");
const DEFAULT_SETS = ["eval/kmem-dev", "eval/kstale-own", "eval/kstale-own2", "eval/kstale-own3"];

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

const key = (a: string, b: string): string => [a, b].sort().join(" ");

for (const set of sets.length > 0 ? sets : DEFAULT_SETS) {
  const memories = readJsonl<Memory>(`${set}/memories.jsonl`);
  const queries = readJsonl<Query>(`${set}/queries.jsonl`);
  const byId = new Map(memories.map((memory) => [memory.id, memory]));
  const memo = new FactSlotMemo();
  const linked = (x: Memory, y: Memory): boolean => {
    const [older, newer] = x.ts < y.ts ? [x, y] : [y, x];
    return sameFactSlot(older.text, newer.text, memo) || statesSameFact(older.text, newer.text, memo);
  };
  const known = new Set<string>();
  const count = { stale: 0, staleLinked: 0, distinct: 0, distinctLinked: 0, other: 0, otherLinked: 0 };
  for (const query of queries) {
    // The memories of one update chain restate one fact, old and new alike.
    const chain = query.type === "update" ? [...query.gold, ...(query.stale ?? [])] : [];
    for (const a of chain) for (const b of chain) known.add(key(a, b));
    for (const [list, kind] of [
      [query.stale ?? [], "stale"],
      [query.distinct_from ?? [], "distinct"],
    ] as const) {
      for (const id of list) {
        for (const gold of query.gold) {
          known.add(key(id, gold));
          const [a, b] = [byId.get(id), byId.get(gold)];
          if (a === undefined || b === undefined || a === b) continue;
          const isLinked = linked(a, b);
          if (kind === "stale") {
            count.stale++;
            if (isLinked) count.staleLinked++;
            else if (verbose) console.log(`missed ${query.qid}: ${a.text} => ${b.text}`);
          } else {
            count.distinct++;
            if (isLinked) count.distinctLinked++;
            if (isLinked && verbose) console.log(`look-alike linked ${query.qid}: ${a.text} ~ ${b.text}`);
          }
        }
      }
    }
  }
  for (let i = 0; i < memories.length; i++) {
    for (let j = i + 1; j < memories.length; j++) {
      const [a, b] = [memories[i] as Memory, memories[j] as Memory];
      if (a.user_id !== b.user_id || known.has(key(a.id, b.id))) continue;
      count.other++;
      if (!linked(a, b)) continue;
      count.otherLinked++;
      if (verbose) console.log(`unrelated linked: ${a.text} ~ ${b.text}`);
    }
  }
  console.log(
    `${set}: stale pairs linked ${count.staleLinked}/${count.stale}, look-alike pairs linked ` +
      `${count.distinctLinked}/${count.distinct}, other same-user pairs linked ${count.otherLinked}/${count.other}`,
  );
}
