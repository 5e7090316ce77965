import { readFile, writeFile, mkdir } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import { GRAPH_STORE_DIR, JsonPropertyGraphStore, graphFilePath } from "../../src/stores/json-graph-store.js";
import { ENTITY_LABEL, VALUE_LABEL, type EntityNode, type Relation } from "../../src/core/graph-types.js";
import { listFiles, makeTempDir } from "./fixtures/factories.js";

const entity = (name: string, properties: Record<string, unknown> = {}): EntityNode => ({
  id: `${name}_${ENTITY_LABEL}`,
  name,
  label: ENTITY_LABEL,
  properties,
});
const value = (name: string): EntityNode => ({
  id: `${name}_${VALUE_LABEL}`,
  name,
  label: VALUE_LABEL,
  properties: {},
});
const rel = (source: EntityNode, label: string, target: EntityNode, createdAt = 1): Relation => ({
  source: source.id,
  target: target.id,
  label,
  properties: { createdAt, current: true },
});

describe("JsonPropertyGraphStore", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(async () => cleanup());

  const open = (userId = "U1", teamId = "T1") => new JsonPropertyGraphStore({ dataDir: dir, teamId, userId });

  it("round-trips upsert, get, getTriplets and delete", async () => {
    const store = open();
    const ddori = entity("또리", { 생일: "10월 27일" });
    const birthday = value("10월 27일");
    const breed = value("말티즈");
    await store.upsertNodes([ddori, birthday, breed]);
    await store.upsertRelations([rel(ddori, "생일", birthday), rel(ddori, "품종", breed)]);

    expect(await store.get({ ids: [ddori.id] })).toEqual([ddori]);
    expect(await store.get({ properties: { 생일: "10월 27일" } })).toEqual([ddori]);
    expect((await store.get()).map((n) => n.id).sort()).toEqual([ddori.id, birthday.id, breed.id].sort());

    const triplets = await store.getTriplets({ entityNames: ["또리"] });
    expect(triplets.map(([s, r, t]) => [s.name, r.label, t.name])).toEqual([
      ["또리", "생일", "10월 27일"],
      ["또리", "품종", "말티즈"],
    ]);
    expect((await store.getTriplets({ relationNames: ["품종"] })).map(([, , t]) => t.name)).toEqual([
      "말티즈",
    ]);

    await store.delete({ relationNames: ["품종"] });
    expect((await store.getTriplets()).map(([, r]) => r.label)).toEqual(["생일"]);
    // The value node left without relations goes with it.
    expect(await store.get({ ids: [breed.id] })).toEqual([]);

    await store.delete({ entityNames: ["또리"] });
    expect(await store.get()).toEqual([]);
    expect(await store.getTriplets({ includeHistory: true })).toEqual([]);
  });

  it("merges properties on upsert of an existing node", async () => {
    const store = open();
    await store.upsertNodes([entity("또리", { 생일: "10월 27일" })]);
    await store.upsertNodes([entity("또리", { 품종: "말티즈" })]);
    expect((await store.get())[0]?.properties).toEqual({ 생일: "10월 27일", 품종: "말티즈" });
  });

  it("rejects a relation to a missing node and leaves the graph unchanged", async () => {
    const store = open();
    const ddori = entity("또리");
    await store.upsertNodes([ddori]);
    const error = await store.upsertRelations([rel(ddori, "생일", value("없음"))]).catch((e: unknown) => e);
    expect(isAppError(error, "bad_request")).toBe(true);
    expect(await store.getTriplets({ includeHistory: true })).toEqual([]);
  });

  it("hides superseded relations unless history is asked for", async () => {
    const store = open();
    const ddori = entity("또리");
    const oldDay = value("8월 9일");
    await store.upsertNodes([ddori, oldDay]);
    await store.upsertRelations([
      { ...rel(ddori, "생일", oldDay), properties: { createdAt: 1, current: false, supersededAt: 2 } },
    ]);
    expect(await store.getTriplets()).toEqual([]);
    expect(await store.getTriplets({ includeHistory: true })).toHaveLength(1);
  });

  it("persists to one JSON file that a new instance loads equal", async () => {
    const store = open();
    const ddori = entity("또리", { 생일: "10월 27일" });
    const birthday = value("10월 27일");
    await store.upsertNodes([ddori, birthday]);
    await store.upsertRelations([rel(ddori, "생일", birthday, 1234)]);
    await store.persist();

    const again = open();
    await again.load();
    expect(await again.get()).toEqual(await store.get());
    expect(await again.getTriplets({ includeHistory: true })).toEqual(
      await store.getTriplets({ includeHistory: true }),
    );
    const files = await listFiles(dir);
    expect(files).toEqual([store.filePath]);
    expect(dirname(store.filePath)).toBe(join(resolve(dir), GRAPH_STORE_DIR));
    const json = JSON.parse(await readFile(store.filePath, "utf8")) as { userId: string; nodes: unknown[] };
    expect(json.userId).toBe("U1");
    expect(json.nodes).toHaveLength(2);
  });

  it("keeps users apart: same user id in another team is another file", async () => {
    const a = open("U1", "T1");
    const b = open("U1", "T2");
    const c = new JsonPropertyGraphStore({ dataDir: dir, teamId: "T1/U", userId: "1" });
    await a.upsertNodes([entity("또리")]);
    await b.upsertNodes([entity("보리")]);
    await c.upsertNodes([entity("두부")]);
    expect((await open("U1", "T1").get()).map((n) => n.name)).toEqual(["또리"]);
    expect((await open("U1", "T2").get()).map((n) => n.name)).toEqual(["보리"]);
    expect(new Set([a.filePath, b.filePath, c.filePath]).size).toBe(3);
  });

  it("raises store_failed on an unparsable or foreign file and does not overwrite it", async () => {
    const store = open();
    await mkdir(dirname(store.filePath), { recursive: true });
    await writeFile(store.filePath, '{"version":1,"nodes":[', "utf8");
    const loadError = await store.load().catch((e: unknown) => e);
    expect(isAppError(loadError, "store_failed")).toBe(true);
    const writeError = await store.upsertNodes([entity("또리")]).catch((e: unknown) => e);
    expect(isAppError(writeError, "store_failed")).toBe(true);
    expect(await readFile(store.filePath, "utf8")).toBe('{"version":1,"nodes":[');

    await writeFile(
      store.filePath,
      JSON.stringify({ version: 1, teamId: "T1", userId: "OTHER", nodes: [], relations: [] }),
    );
    expect(isAppError(await store.get().catch((e: unknown) => e), "store_failed")).toBe(true);
    await writeFile(store.filePath, JSON.stringify({ version: 1, nodes: "nope" }));
    expect(isAppError(await store.get().catch((e: unknown) => e), "store_failed")).toBe(true);
  });

  it("never writes outside graph_store/ whatever the ids", async () => {
    const hostile = [
      "../../etc/passwd",
      "/",
      "..",
      ".",
      "a/../../b",
      "\u0000evil",
      "x".repeat(5000),
      "또리🐶/../..",
      "C:\\Windows",
      "",
    ];
    // DATA_DIR is nested so that an escape into its parent would show up in the listing of `dir`.
    const dataDir = join(dir, "data");
    const folder = join(resolve(dataDir), GRAPH_STORE_DIR);
    for (const id of hostile) {
      const store = new JsonPropertyGraphStore({ dataDir, teamId: id, userId: id });
      await store.upsertNodes([entity(`node-${hostile.indexOf(id)}`)]);
      expect(dirname(store.filePath)).toBe(folder);
    }
    const files = await listFiles(dir);
    expect(files).toHaveLength(hostile.length);
    for (const file of files) {
      expect(resolve(file).startsWith(folder + sep)).toBe(true);
      expect(dirname(resolve(file))).toBe(folder);
    }
    expect(graphFilePath({ dataDir, teamId: "T", userId: "../../etc/passwd" }).startsWith(folder + sep)).toBe(
      true,
    );
  });

  it("loses nothing under 50 concurrent upserts, even through two instances", async () => {
    const first = open();
    const second = open();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? first : second).upsertNodes([entity(`n${i}`)])),
    );
    const fresh = open();
    expect((await fresh.get()).length).toBe(50);
    expect((await first.get()).length).toBe(50);
  });

  it("drop deletes the file and empties the graph", async () => {
    const store = open();
    await store.upsertNodes([entity("또리")]);
    await store.drop();
    expect(await listFiles(dir)).toEqual([]);
    expect(await store.get()).toEqual([]);
  });
});
