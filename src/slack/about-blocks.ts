import type { KnownBlock } from "@slack/types";
import { latestHeading, memoriesHeading, type AboutMe } from "../agent/about-me.js";
import type { Lang } from "../text/language.js";
import type { MemoryScope } from "../core/types.js";
import {
  button,
  clip,
  escapedClip,
  forgetConfirm,
  MAX_SECTION_CHARS,
  memoryBlocks,
} from "./memory-blocks.js";

/** "What do you know about me" as the Slack surfaces need it (the agent's AboutMeService). */
export interface SlackAboutPort {
  answer(scope: MemoryScope, lang: Lang): Promise<{ about: AboutMe; written?: string; text: string }>;
}

/** Facts of the user's own shown with a "Show" button each (App Home); the rest as lines. */
const MAX_FACT_BUTTONS = 8;

/**
 * The profile as blocks: the model's summary (when there is one), each entity's facts — every line
 * naming the memory it came from by id —, and the most used memories, then the newest others
 * (`AboutMe.latest`, unless App Home lists them below), with a Forget button each.
 * `focusAction` (App Home): the user's own facts get a button that shows their memory, to fix or
 * forget it there. Plain texts are escaped here; at most 30 blocks whatever the profile holds.
 */
export function aboutBlocks(
  answer: { about: AboutMe; written?: string },
  lang: Lang,
  actions: { forget: string; focus?: string; latestListedBelow?: boolean },
): KnownBlock[] {
  const en = lang === "en";
  const { about } = answer;
  // App Home lists the newest memories below: the newest are not listed here twice.
  const memories = about.memoriesBy === "time" && actions.latestListedBelow ? [] : about.memories;
  const latest = actions.latestListedBelow ? [] : (about.latest ?? []);
  const blocks: KnownBlock[] = [];
  if (answer.written)
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: escapedClip(answer.written, MAX_SECTION_CHARS - 100) },
    });
  if (about.groups.length === 0 && memories.length < about.memories.length) {
    blocks.push({
      type: "section",
      text: {
        type: "mrkdwn",
        text: en
          ? "No facts taken from your memories yet: your memories are listed below."
          : "아직 기억에서 정리한 사실은 없어요. 기억은 아래 목록에 있어요.",
      },
    });
    return blocks;
  }
  if (about.groups.length === 0 && memories.length === 0) {
    blocks.push({
      type: "section",
      text: {
        type: "mrkdwn",
        text: en
          ? "I don't know anything about you yet."
          : "아직 당신에 대해 아는 게 없어요. DM으로 알려 주거나 “기억해줘: …”라고 말해 보세요.",
      },
    });
    return blocks;
  }
  const idMark = (id: string | undefined) => (id ? `  \`${escapedClip(id, 100)}\`` : "");
  let buttons = actions.focus ? MAX_FACT_BUTTONS : 0;
  for (const group of about.groups.slice(0, 8)) {
    const lines: string[] = [];
    for (const f of group.facts) {
      const line = `${escapedClip(f.attribute, 100)}: ${escapedClip(f.value, 300)}`;
      if (group.self && buttons > 0 && f.memoryId && actions.focus) {
        buttons -= 1;
        blocks.push({
          type: "section",
          text: { type: "mrkdwn", text: `*${escapedClip(group.entity, 100)}* — ${line}` },
          accessory: button(en ? "Show" : "보기 · Show", actions.focus, f.memoryId),
        } as KnownBlock);
      } else lines.push(`• ${line}${idMark(f.memoryId)}`);
    }
    if (lines.length > 0)
      blocks.push({
        type: "section",
        text: {
          type: "mrkdwn",
          text: clip(`*${escapedClip(group.entity, 100)}*\n${lines.join("\n")}`, MAX_SECTION_CHARS),
        },
      });
  }
  const listMemories = (heading: string, listed: AboutMe["memories"]) => {
    if (listed.length === 0) return;
    blocks.push({
      type: "context",
      elements: [{ type: "mrkdwn", text: `*${heading}*` }],
    });
    for (const memory of listed) {
      blocks.push(
        ...memoryBlocks(
          memory,
          lang,
          // Forgetting asks first, as the memory list's own Forget does.
          button("잊기 · Forget", actions.forget, memory.id, {
            style: "danger",
            confirm: forgetConfirm(memory, lang),
          }),
        ),
      );
      if (memory.changed)
        blocks.push({
          type: "context",
          elements: [
            { type: "mrkdwn", text: en ? "✏️ A fact in it has since changed" : "✏️ 이후 바뀐 내용이 있어요" },
          ],
        });
    }
  };
  listMemories(memoriesHeading(about, lang), memories);
  listMemories(latestHeading(lang), latest);
  blocks.push({
    type: "context",
    elements: [
      {
        type: "mrkdwn",
        text: en
          ? "To fix a fact, forget its memory (`/memory forget <id>`) and tell me again."
          : "사실을 고치려면 그 기억을 잊게 하고(`/memory forget <id>`) 다시 알려 주세요.",
      },
    ],
  });
  return blocks.slice(0, 30);
}
