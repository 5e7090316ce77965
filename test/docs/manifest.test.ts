/**
 * slack-app-manifest.yaml declares what the app registers: the events its listeners take, the
 * shortcut's callback id, the slash command, the assistant view and Home tab, interactivity on the one
 * endpoint, and the scopes the Web API calls need. (Read as lines: the project has no YAML parser of
 * its own, and the manifest is a flat, hand-written file.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MEMORY_COMMAND } from "../../src/slack/listeners/memory-command.js";
import { REMEMBER_SHORTCUT } from "../../src/slack/listeners/remember-shortcut.js";
import { REPO_ROOT } from "../cli/cli-harness.js";

/** The manifest's lines, comments and trailing spaces removed. */
const lines = readFileSync(`${REPO_ROOT}/slack-app-manifest.yaml`, "utf8")
  .split("\n")
  .map((l) => l.replace(/\s+#.*$/, "").trimEnd())
  .filter((l) => l.trim() !== "" && !l.trim().startsWith("#"));

/** The list items (`- x`) and `key: value` lines under a top-level-or-nested key, by indentation. */
function under(key: string): string[] {
  const start = lines.findIndex((l) => l.trim() === `${key}:`);
  if (start < 0) throw new Error(`the manifest has no "${key}:"`);
  const indent = lines[start]!.search(/\S/);
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.search(/\S/) <= indent) break;
    out.push(line.trim().replace(/^- /, ""));
  }
  return out;
}

describe("the Slack app manifest", () => {
  it("subscribes to the events the listeners take", () => {
    expect(under("bot_events")).toEqual(
      expect.arrayContaining([
        "app_home_opened",
        "app_mention",
        "assistant_thread_started",
        "assistant_thread_context_changed",
        "message.im",
        "reaction_removed",
      ]),
    );
  });

  it("declares the shortcut, the slash command, the Home tab and the assistant view on /slack/events", () => {
    expect(under("shortcuts")).toEqual(
      expect.arrayContaining([`callback_id: ${REMEMBER_SHORTCUT}`, "type: message"]),
    );
    expect(under("slash_commands")).toEqual(
      expect.arrayContaining([`command: ${MEMORY_COMMAND}`, "url: https://YOUR-HOST/slack/events"]),
    );
    expect(under("app_home")).toContain("home_tab_enabled: true");
    expect(under("assistant_view").some((l) => l.startsWith("assistant_description: "))).toBe(true);
    expect(under("interactivity")).toEqual([
      "is_enabled: true",
      "request_url: https://YOUR-HOST/slack/events",
    ]);
  });

  it("asks for the scopes the surfaces' Web API calls need", () => {
    expect(under("bot")).toEqual(
      expect.arrayContaining([
        "assistant:write",
        "chat:write",
        "commands",
        "files:write",
        "im:write",
        "reactions:read",
        "reactions:write",
        "users:read",
      ]),
    );
  });
});
