import { renderContext, renderTurn, type RenderableContext } from "./render-context.js";
import type { TokenCounter } from "../text/token-counter.js";
import type { HistoryContext, HistoryTurn } from "../core/history-types.js";

/** Marks text cut to fit the budget. */
const ELLIPSIS = "…";
/** Cutting rounds before giving up on a budget smaller than the headers themselves. */
const MAX_CUT_ROUNDS = 8;

/**
 * Fits a history context into `budget` tokens of rendered text, taking from the oldest first:
 * 1. leave out the oldest unsummarised older turns (they stay stored and reach a later summary);
 * 2. then the oldest recent turns, always keeping the newest one;
 * 3. then cut the longest remaining text (summary or a turn's side) until it fits.
 * The summary is kept whole as long as anything else can go, because it stands for many turns.
 *
 * Before all that, any single text longer than the whole budget is cut to it (it could never be kept
 * whole): the steps above count the rendered context many times, and this way each count reads at most
 * a budget's worth of every text, however long the message was (20,000 characters cost one pass).
 */
export function fitContext(
  context: RenderableContext,
  options: { budget: number; counter: TokenCounter },
): HistoryContext {
  const { budget, counter } = options;
  const total = context.olderTurns.length + context.recent.length;
  const capText = (text: string): string => capToBudget(text, budget, counter);
  const capTurn = (turn: HistoryTurn): HistoryTurn => {
    const user = capText(turn.user);
    const assistant = capText(turn.assistant);
    return user === turn.user && assistant === turn.assistant ? turn : { ...turn, user, assistant };
  };
  let summary = context.summary === undefined ? undefined : capText(context.summary);
  let olderTurns = context.olderTurns.map(capTurn);
  let recent = context.recent.map(capTurn);
  const tokensOf = (): number => counter.count(renderContext({ summary, olderTurns, recent }));
  const result = (tokens: number): HistoryContext => ({
    ...(summary ? { summary } : {}),
    olderTurns,
    recent,
    omittedTurns: total - olderTurns.length - recent.length,
    tokens,
  });

  let tokens = tokensOf();
  if (tokens <= budget) return result(tokens);

  // Estimate from per-turn costs, then confirm with one real count (separators may merge tokens).
  olderTurns = keepNewestWithin(
    olderTurns,
    budget - counter.count(renderContext({ summary, olderTurns: [], recent })),
    counter,
  );
  tokens = tokensOf();
  while (tokens > budget && olderTurns.length > 0) {
    olderTurns = olderTurns.slice(1);
    tokens = tokensOf();
  }
  while (tokens > budget && recent.length > 1) {
    recent = recent.slice(1);
    tokens = tokensOf();
  }
  for (let round = 0; tokens > budget && round < MAX_CUT_ROUNDS; round += 1) {
    const cut = cutLongest({ summary, recent }, tokens - budget, counter);
    if (!cut) break;
    ({ summary, recent } = cut);
    tokens = tokensOf();
  }
  return result(tokens);
}

/** `text` when it fits `budget` tokens, else its first `budget` tokens minus room for the ellipsis, and "…". */
function capToBudget(text: string, budget: number, counter: TokenCounter): string {
  const head = counter.truncate(text, budget);
  if (head === text) return text;
  return `${counter.truncate(head, Math.max(0, budget - counter.count(ELLIPSIS)))}${ELLIPSIS}`;
}

/** The newest turns whose rendered cost (plus the older-turns header) fits `room` tokens. */
function keepNewestWithin(turns: HistoryTurn[], room: number, counter: TokenCounter): HistoryTurn[] {
  // The header line and the section separator cost a few tokens; count them once.
  let used = counter.count(renderContext({ olderTurns: turns.slice(-1), recent: [] })) + 2;
  if (turns.length === 0 || used > room) return [];
  let start = turns.length - 1;
  while (start > 0) {
    const cost = counter.count(renderTurn(turns[start - 1] as HistoryTurn)) + 1;
    if (used + cost > room) break;
    used += cost;
    start -= 1;
  }
  return turns.slice(start);
}

/** Shortens the longest text field by `overflow` tokens (and a little more for the ellipsis). */
function cutLongest(
  parts: { summary: string | undefined; recent: HistoryTurn[] },
  overflow: number,
  counter: TokenCounter,
): { summary: string | undefined; recent: HistoryTurn[] } | undefined {
  type Field = {
    tokens: number;
    apply: (text: string) => { summary: string | undefined; recent: HistoryTurn[] };
    text: string;
  };
  const fields: Field[] = [];
  if (parts.summary) {
    const text = parts.summary;
    fields.push({ text, tokens: counter.count(text), apply: (t) => ({ summary: t, recent: parts.recent }) });
  }
  parts.recent.forEach((turn, index) => {
    for (const side of ["user", "assistant"] as const) {
      const text = turn[side];
      const apply = (t: string) => ({
        summary: parts.summary,
        recent: parts.recent.map((r, i) => (i === index ? { ...r, [side]: t } : r)),
      });
      fields.push({ text, tokens: counter.count(text), apply });
    }
  });
  const longest = fields.sort((a, b) => b.tokens - a.tokens)[0];
  if (!longest || longest.tokens === 0) return undefined;
  const keep = Math.max(0, longest.tokens - overflow - counter.count(ELLIPSIS) - 1);
  const cut = counter.truncate(longest.text, keep);
  return longest.apply(cut === "" ? ELLIPSIS : `${cut}${ELLIPSIS}`);
}
