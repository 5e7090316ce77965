/**
 * A forgotten memory leaves no file of ours: after "잊어줘" / "forget" through Slack, no file under
 * DATA_DIR (the memory journal, the turn inbox, history, the graph, BM25 snapshots, the sqlite-vec
 * database with its WAL) holds a byte of the forgotten text, on each backend that keeps its files
 * there — and on Chroma, whose own server files are not under DATA_DIR here (CHROMA_URL is the run's
 * server; what Chroma keeps is described in the README).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeDmEvent } from "../support/slack-events.js";
import { faithfulModel, replyTo, startTestAssistant, type TestAssistant } from "../support/test-assistant.js";
import { filesHolding } from "../support/files-holding.js";
import { backendEnv } from "../support/vector-backends.js";

const KO_TEXT = "내 자전거 자물쇠 번호는 보라돌고래 4719야";
const KO_WORD = "보라돌고래";
const EN_TEXT = "my gym locker code is quokka-tangerine-58";
const EN_WORD = "quokka-tangerine";
/** Another memory of the same user, kept: the files are not simply emptied. */
const KEPT = "우리 집 화분 이름은 초록이야";
const NEEDLES = [KO_TEXT, KO_WORD, EN_TEXT, EN_WORD];
/** Chroma's own data folder is not ours (see the module comment). */
const CHROMA_OWN = { skip: ["chroma"] };

const BACKENDS = [
  { kind: "chroma", persistent: true },
  { kind: "sqlite-vec", persistent: true },
  { kind: "memory", persistent: false },
] as const;

describe.each(BACKENDS)("forget on index_type $kind", ({ kind, persistent }) => {
  let dir: string;
  let t: TestAssistant | undefined;

  afterEach(async () => {
    await t?.stop();
    t = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it("leaves the forgotten text in no file under DATA_DIR", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), `forget-trace-${kind}-`));
    const dataDir = path.join(dir, "data");
    const env: Record<string, string> = {
      ...(kind === "chroma" ? {} : await backendEnv(kind, dir)),
      DATA_DIR: dataDir,
      VECTOR_NAMESPACE_PREFIX: `trace_${kind.replace(/\W/g, "")}_${path.basename(dir).slice(-6)}`,
      // A snapshot of the user's BM25 index is written as soon as it is built (where the store has one).
      BM25_SNAPSHOT_MIN_MEMORIES: "1",
    };
    const who = { user: "U_TRACE", channel: "D_TRACE" };
    t = await startTestAssistant({ mode: "http", env });
    faithfulModel(t);
    expect(await replyTo(t, makeDmEvent({ text: `기억해줘: ${KO_TEXT}`, ...who }))).toContain("기억했어요");
    expect(await replyTo(t, makeDmEvent({ text: `remember: ${EN_TEXT}`, ...who }))).toMatch(/remember/i);
    expect(await replyTo(t, makeDmEvent({ text: `기억해줘: ${KEPT}`, ...who }))).toContain("기억했어요");
    await t.assistant.drain();
    expect(await filesHolding(dataDir, NEEDLES, CHROMA_OWN)).not.toEqual([]);
    // The backend is the one named (its file is there, or not).
    expect((await readdir(dataDir)).includes("vectors.sqlite")).toBe(kind === "sqlite-vec");

    if (persistent) {
      // Started again on the same data: the BM25 index is built from the store (and its snapshot written).
      await t.stop();
      t = await startTestAssistant({ mode: "http", env });
      faithfulModel(t);
    }

    expect(await replyTo(t, makeDmEvent({ text: "잊어줘: 자전거 자물쇠 번호", ...who }))).toBe(
      `잊었어요: "${KO_TEXT}"`,
    );
    expect(await replyTo(t, makeDmEvent({ text: "forget my gym locker code", ...who }))).toBe(
      `Forgotten: "${EN_TEXT}"`,
    );
    await t.assistant.drain();

    const list = (await (await t.admin(`/admin/memory/list/${who.user}`)).json()) as {
      items: Array<{ doc: string }>;
    };
    expect(list.items.map((i) => i.doc)).toEqual([KEPT]);
    // While the app runs (the sqlite WAL open), and after it stopped.
    expect(await filesHolding(dataDir, NEEDLES, CHROMA_OWN)).toEqual([]);
    expect(await filesHolding(dataDir, [KEPT], CHROMA_OWN)).not.toEqual([]);
    await t.stop();
    t = undefined;
    expect(await filesHolding(dataDir, NEEDLES, CHROMA_OWN)).toEqual([]);
  }, 90_000);
});
