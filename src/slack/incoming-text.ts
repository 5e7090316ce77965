/**
 * The one owner of reading a text as Slack delivers it (https://api.slack.com/reference/surfaces/formatting#retrieving-messages):
 * a message, a slash command's text or a shortcut's message carries a person's `&`, `<` and `>` as
 * `&amp;`, `&lt;` and `&gt;`, and what Slack linked in angle brackets — `<https://…|label>`,
 * `<mailto:…|…>`, `<#C…|name>`, `<!here>`, `<!subteam^S…|@team>`, `<!date^…|fallback>`. The agent, the
 * memories, the graph, search and exports read what the person wrote, as the terminal chat gives it:
 * "R&D 회의" and not "R&amp;D 회의", "a < b", a link's words and its address. A person's mention
 * `<@U…>` stays as it is: it names whom a memory is about across renames. What the bot posts back is
 * escaped again on the way out (mrkdwn.ts), so nothing decoded here can ping or disguise a link.
 */

import { typedText } from "../text/control-chars.js";

/**
 * One of Slack's angle-bracket items: what is inside up to a `|`, and the label after it. Neither part
 * may hold `<` or `>` (Slack escapes them inside), so each `<` is scanned to the next bracket at most
 * once: linear (regex-safety.ts).
 */
const SLACK_ITEM_RE = /<([^<>|]*)(?:\|([^<>]*))?>/g;
const ENTITY_RE = /&(amp|lt|gt);/g;
const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">" };

/** `text` as the person wrote it: Slack's links, channel names and special mentions as words, `&amp;` as `&`. */
export function plainFromSlack(text: string): string {
  return typedText(
    text
      .replace(SLACK_ITEM_RE, (item: string, target: string, label: string | undefined) =>
        readItem(item, target, label),
      )
      .replace(ENTITY_RE, (_entity, name: string) => ENTITIES[name] as string),
  );
}

function readItem(item: string, target: string, label: string | undefined): string {
  const named = label?.trim() ? label.trim() : undefined;
  // A person's mention stays, without the display name Slack may add (it goes stale).
  if (target.startsWith("@")) return `<${target}>`;
  if (target.startsWith("#")) return `#${named ?? target.slice(1)}`;
  if (target.startsWith("!")) {
    // <!here>, <!channel>, <!everyone>; <!subteam^S…|@team>, <!date^…|fallback>: the label is the words.
    if (named !== undefined) return named;
    // <!subteam^S…> without its label: the group's id is all there is to name it by.
    const [kind, id] = target.slice(1).split("^");
    return `@${kind === "subteam" && id ? id : kind}`;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return linkText(target, named);
  // Not Slack's markup (Slack escapes a person's own brackets): left as it came.
  return item;
}

/**
 * A link: its address, or its label when the label is the address Slack linked by itself
 * ("example.com", a mailed address), else both — the words and where they point.
 */
function linkText(url: string, label: string | undefined): string {
  if (label === undefined) return url;
  const bare = url.replace(/^(?:https?:\/\/|mailto:|tel:)/i, "").replace(/\/$/, "");
  if (label === url || label.replace(/\/$/, "") === bare) return label;
  return `${label} (${url})`;
}
