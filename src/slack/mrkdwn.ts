/**
 * The one owner of making a text safe to post in Slack. Slack reads `&`, `<` and `>` as markup
 * (https://api.slack.com/reference/surfaces/formatting#escaping): `<!channel>`, `<!here>`,
 * `<!everyone>`, `<!subteam^…>` and `<@U…>` notify people, `<http://a|b>` shows a link under another
 * name. Every text the bot posts that quotes a user, a memory or the model (whose answer may echo
 * either) goes through {@link escapeMrkdwn} on every surface, so no reply can ping a channel or
 * disguise a link; only markup the bot writes itself around it (`<#C…>`, a permalink) stays live.
 */

/**
 * An `&` that does not already start one of the three escapes Slack uses. Slack delivers a user's own
 * `&`, `<` and `>` already escaped (`a &lt; b`); such a text is kept as it came, not escaped twice.
 */
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt);)/g;

/**
 * `&`, `<` and `>` escaped as Slack documents, for mrkdwn and for the streamed `markdown_text` alike
 * (both read the three entities as the characters). Idempotent: an escaped text is left as it is.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(BARE_AMPERSAND, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * `text` escaped ({@link escapeMrkdwn}) and then clipped to at most `max` characters, with "…" when
 * cut: the length Slack counts against a block's limit is the escaped one (a text dense in `<` grows
 * four times), so clipping before escaping could break Block Kit's 3,000 characters a section. A cut
 * never leaves half an entity ("&l").
 */
export function escapedClip(text: string, max: number): string {
  // Escaping never shortens a text: its first `max` characters hold all that can be shown.
  const head = escapeMrkdwn(text.slice(0, max));
  if (text.length <= max && head.length <= max) return head;
  let end = Math.max(0, max - 1);
  // An entity is at most five characters ("&amp;"); one the cut would split goes whole.
  const amp = head.lastIndexOf("&", end - 1);
  if (amp >= 0 && amp >= end - 4 && head.indexOf(";", amp) >= end) end = amp;
  return `${head.slice(0, end)}…`;
}

/**
 * Arguments of every `chat.postMessage` / `chat.postEphemeral` of the bot: Slack finds no names or
 * links in the text by itself (`parse: "none"`) and makes no bare `@channel`/`@here` a mention
 * (`link_names: false`).
 */
export const PLAIN_POSTING = { parse: "none", link_names: false } as const;

/**
 * A time as Slack shows it to each viewer, in their own time zone (`<!date^…>`): the day
 * (`{date_num}`, 2026-12-06) or the day and the time. The fallback, for a client that cannot, is UTC
 * and says so.
 */
export function slackDate(ms: number, show: "day" | "minute" = "day"): string {
  const seconds = Math.floor(ms / 1000);
  const iso = new Date(ms).toISOString();
  return show === "day"
    ? `<!date^${seconds}^{date_num}|${iso.slice(0, 10)}>`
    : `<!date^${seconds}^{date_num} {time}|${iso.slice(0, 16).replace("T", " ")} UTC>`;
}
