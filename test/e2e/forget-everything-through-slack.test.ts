/**
 * "전부 잊어줘" / "forget everything" through the real Bolt app and the fake Slack: in a DM it asks
 * first and deletes nothing until the user says yes; then every memory of theirs (DM and channel
 * alike), their graph and their conversations are gone — from the admin API and from every file under
 * DATA_DIR — while another user's memories stay. A no, or any other message, keeps everything. In a
 * channel it deletes nothing: everything includes what was said in DMs.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeDmEvent, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import { faithfulModel, replyTo, startTestAssistant, type TestAssistant } from "../support/test-assistant.js";
import { filesHolding } from "../support/files-holding.js";
import { backendEnv } from "../support/vector-backends.js";

const TEAM = TEST_IDS.teamId;
const DM_FACT = "내 우산 보관함 번호는 오리너구리 2291이야";
const CHANNEL_FACT = "my bike shed code is narwhal-7731";
const NEEDLES = ["오리너구리", "narwhal-7731"];
const OTHER_FACT = "우리 집 화분 이름은 초록이야";

async function listed(t: TestAssistant, user: string): Promise<string[]> {
  const res = await t.admin(`/admin/memory/list/${user}?team=${TEAM}`);
  return ((await res.json()) as { items: Array<{ doc: string }> }).items.map((i) => i.doc).sort();
}

describe("forget everything", () => {
  let dir: string;
  let t: TestAssistant | undefined;

  afterEach(async () => {
    await t?.stop();
    t = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it("asks in a DM, deletes everything of the user on yes, and leaves no trace on disk", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "forget-all-"));
    const dataDir = path.join(dir, "data");
    t = await startTestAssistant({
      mode: "http",
      env: { ...(await backendEnv("sqlite-vec", dir)), DATA_DIR: dataDir },
    });
    faithfulModel(t);
    const me = { user: "U_WIPE", channel: "D_WIPE" };
    const other = { user: "U_KEEP", channel: "D_KEEP" };
    await replyTo(t, makeDmEvent({ text: `기억해줘: ${DM_FACT}`, ...me }));
    await replyTo(
      t,
      makeMentionEvent({ text: `remember: ${CHANNEL_FACT}`, user: me.user, channel: "C_WIPE" }),
    );
    await replyTo(t, makeDmEvent({ text: `기억해줘: ${OTHER_FACT}`, ...other }));
    await t.assistant.drain();
    expect(await listed(t, me.user)).toEqual([DM_FACT, CHANNEL_FACT].sort());

    // In a channel: nothing is deleted, and the user is told where to ask.
    const inChannel = await replyTo(
      t,
      makeMentionEvent({ text: "forget everything", user: me.user, channel: "C_WIPE" }),
    );
    expect(inChannel).toContain("DM");
    expect(await listed(t, me.user)).toHaveLength(2);

    // Asked, then a no: everything stays.
    expect(await replyTo(t, makeDmEvent({ text: "전부 잊어줘", ...me }))).toContain("전부 잊을까요?");
    expect(await listed(t, me.user)).toHaveLength(2);
    expect(await replyTo(t, makeDmEvent({ text: "취소", ...me }))).toContain("아무것도 지우지 않았어요");
    expect(await listed(t, me.user)).toHaveLength(2);

    // Asked, then something else: the question lapses, and a later yes deletes nothing.
    await replyTo(t, makeDmEvent({ text: "전부 잊어줘", ...me }));
    await replyTo(t, makeDmEvent({ text: "오늘 날씨 좋다", ...me }));
    await replyTo(t, makeDmEvent({ text: "네", ...me }));
    expect(await listed(t, me.user)).toHaveLength(2);

    // Asked, then yes: everything of this user goes, the other user's memory stays.
    await replyTo(t, makeDmEvent({ text: "내 기억 전부 지워줘", ...me }));
    const done = await replyTo(t, makeDmEvent({ text: "네", ...me }));
    expect(done).toMatch(/^전부 잊었어요 \(기억 2개, 대화 [1-9]\d*개\)\.$/u);
    await t.assistant.drain();
    expect(await listed(t, me.user)).toEqual([]);
    expect(await listed(t, other.user)).toEqual([OTHER_FACT]);
    const graph = await (await t.admin(`/admin/graph/${me.user}?team=${TEAM}`)).json();
    expect(graph).toEqual({ nodes: [], relations: [] });
    const history = (await (await t.admin(`/admin/history/${me.user}?team=${TEAM}`)).json()) as {
      conversations: Array<{ turns?: Array<{ text?: string }> }>;
    };
    expect(JSON.stringify(history)).not.toContain("오리너구리");
    expect(await filesHolding(dataDir, NEEDLES)).toEqual([]);
    expect(await filesHolding(dataDir, [OTHER_FACT])).not.toEqual([]);
    await t.stop();
    t = undefined;
    expect(await filesHolding(dataDir, NEEDLES)).toEqual([]);
  }, 90_000);
});
