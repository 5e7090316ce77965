/**
 * Cutting characters of a kind off the ends of a text, and splitting a text at the first place a
 * pattern matches, in time linear in the text. These stand in for patterns such as `[.,!?]+$` or
 * `^(.+?) is (.+)$`, which V8's backtracking engine runs in quadratic time (it retries the run or the
 * prefix from each of its characters). Each character is one code point, as a `u` pattern reads it.
 */

/** Whether `c` (one code point) is one of `chars`: `inSet(".,!?")`. */
export function inSet(chars: string): (c: string) => boolean {
  const set = new Set(chars);
  return (c) => set.has(c);
}

/** `text` without the code points at its end for which `drop` holds. */
export function trimEndWhile(text: string, drop: (c: string) => boolean): string {
  let end = text.length;
  while (end > 0) {
    const size = end >= 2 && isLowSurrogate(text, end - 1) && isHighSurrogate(text, end - 2) ? 2 : 1;
    if (!drop(text.slice(end - size, end))) break;
    end -= size;
  }
  return text.slice(0, end);
}

/** `text` without the code points at its start for which `drop` holds. */
export function trimStartWhile(text: string, drop: (c: string) => boolean): string {
  let start = 0;
  while (start < text.length) {
    const size = isHighSurrogate(text, start) && isLowSurrogate(text, start + 1) ? 2 : 1;
    if (!drop(text.slice(start, start + size))) break;
    start += size;
  }
  return text.slice(start);
}

const LINE_TERMINATOR_RE = /[\n\r\u2028\u2029]/u;

/**
 * What `^(.+?)REST` (no `s` flag) finds, for `rest` = REST compiled with the `y` flag: the shortest
 * non-empty head of `text` after which `rest` matches, with that match. REST must end in `$` and may
 * not match a line terminator, so a text with one has no match (as `.` does not match it either).
 * Linear when REST, tried at one place, is bounded or fails at its first characters.
 */
export function splitAtFirst(
  text: string,
  rest: RegExp,
): { head: string; match: RegExpExecArray } | undefined {
  if (!rest.sticky) throw new Error("splitAtFirst needs a sticky (y) pattern");
  return splitAtFirstWith(text, (i) => {
    rest.lastIndex = i;
    return rest.exec(text) ?? undefined;
  });
}

/**
 * `splitAtFirst` with the rest read by `restAt` (what follows the head when the head ends before index
 * `i`, or undefined): for a rest that one pattern cannot read in linear time.
 */
export function splitAtFirstWith<T>(
  text: string,
  restAt: (i: number) => T | undefined,
): { head: string; match: T } | undefined {
  if (LINE_TERMINATOR_RE.test(text)) return undefined;
  for (let i = 1; i < text.length; i++) {
    if (isLowSurrogate(text, i) && isHighSurrogate(text, i - 1)) continue;
    const match = restAt(i);
    if (match !== undefined) return { head: text.slice(0, i), match };
  }
  return undefined;
}

function isHighSurrogate(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * `^(.+?)SEP(.+)$` without backtracking, for a SEP of fixed shape (a global pattern such as
 * `/ (?:is|are) /giu`): the head before the first SEP that leaves both sides non-empty, and the tail
 * after it. Undefined when there is none, or when the text holds a line terminator (as `.` does not
 * match one). One scan of the text.
 */
export function splitAtSeparator(text: string, separator: RegExp): [head: string, tail: string] | undefined {
  if (!separator.global) throw new Error("splitAtSeparator needs a global (g) pattern");
  if (LINE_TERMINATOR_RE.test(text)) return undefined;
  separator.lastIndex = 1;
  const found = separator.exec(text);
  if (found === null) return undefined;
  const tail = text.slice(found.index + found[0].length);
  // A later separator would lie inside this one's tail, which is empty: no other split exists.
  return tail === "" ? undefined : [text.slice(0, found.index), tail];
}

/**
 * `^(.+?)REST` run as `splitAtFirst`, with the result laid out as `exec` lays it out: the whole text,
 * the head, then REST's groups. Null when there is no match.
 */
export function execAfterHead(text: string, rest: RegExp): (string | undefined)[] | null {
  const found = splitAtFirst(text, rest);
  return found === undefined ? null : [text, found.head, ...found.match.slice(1)];
}
