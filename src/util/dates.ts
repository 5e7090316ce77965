/**
 * The calendar day of a time, `2026-12-01`, in `timeZone` (an IANA name such as `Asia/Seoul`: the
 * user's, from Slack) or else the process's own (the `TZ` environment variable; UTC when unset): how
 * memories are dated wherever they are shown (chat replies, the model's recalled memories, Block Kit,
 * the reranker's candidates), and what "today" is in the prompt. An unknown zone falls back too.
 */
export function isoDay(ms: number, timeZone?: string): string {
  const date = new Date(ms);
  if (timeZone !== undefined) {
    const formatted = dayFormat(timeZone)?.format(date);
    if (formatted !== undefined) return formatted;
  }
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `en-CA` writes a date as YYYY-MM-DD. Formats are kept per zone; undefined for an unknown zone. */
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat | undefined>();
/** Zones kept at most (a workspace's users share a few). */
const MAX_DAY_FORMATS = 500;

function dayFormat(timeZone: string): Intl.DateTimeFormat | undefined {
  if (DAY_FORMATS.has(timeZone)) return DAY_FORMATS.get(timeZone);
  let format: Intl.DateTimeFormat | undefined;
  try {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
  } catch {
    format = undefined;
  }
  if (DAY_FORMATS.size >= MAX_DAY_FORMATS) DAY_FORMATS.clear();
  DAY_FORMATS.set(timeZone, format);
  return format;
}
