import { stdSerializers } from "pino";

/** What a redacted value is replaced with. */
export const CENSOR = "[redacted]";

/**
 * The one list of keys whose values are secrets: censored at every log level. In a log call's object
 * they match in any case at any depth; as child bindings (pino's `redact` paths, case-sensitive) they
 * match as spelled here, the way the code names them.
 */
export const SECRET_KEYS: readonly string[] = [
  "token",
  "authorization",
  "signingSecret",
  "botToken",
  "appToken",
];

/**
 * The one list of keys whose values are what users said or a model answered, or were derived from it
 * (a memory's topics, a graph's entities and facts): censored above debug, matched as
 * {@link SECRET_KEYS} are.
 */
export const TEXT_KEYS: readonly string[] = [
  "text",
  "reply",
  "query",
  "prompt",
  "content",
  "messages",
  "input",
  "doc",
  "topics",
  "entities",
  "triplets",
];

const SECRET_LOOKUP: ReadonlySet<string> = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));
const TEXT_LOOKUP: ReadonlySet<string> = new Set(TEXT_KEYS.map((key) => key.toLowerCase()));

/**
 * Levels below the top the walk goes down; deeper values are replaced by {@link DEPTH_MARK}, so nothing
 * unchecked is printed. pino itself prints 5 levels below each top-level value (its `depthLimit`).
 */
export const MAX_REDACT_DEPTH = 8;
/** Array items checked (pino prints 100, its `edgeLimit`); later ones are replaced by one {@link MORE_MARK}. */
export const MAX_REDACT_ITEMS = 100;

const DEPTH_MARK = "[too deep to log]";
const CIRCULAR_MARK = "[Circular]";
const MORE_MARK = "[more items not logged]";

/**
 * A copy of a log object with secrets censored at any depth and, unless `keepText`, message text too:
 * a key of {@link SECRET_KEYS} or {@link TEXT_KEYS} gets {@link CENSOR} whatever its value. Errors are
 * first serialized as pino does for `err` (type, message, stack, own fields such as an AppError's `code`
 * and `details`, and `cause`), so the walk reaches `err.details.reply` and `err.cause.details.text`.
 *
 * Copy on write: an object in which nothing is censored is returned as it is (the same reference), so
 * the common log line costs one walk over its few keys and no allocation. Cycle-safe; bounded by
 * {@link MAX_REDACT_DEPTH} and {@link MAX_REDACT_ITEMS}. Values printed by their own `toJSON` (Date,
 * URL, Buffer) are left as they are.
 *
 * @example redactLogObject({ err, user: { text: "비밀" } }, { keepText: false })
 *          // { err: { type: "AppError", …, details: { reply: "[redacted]" } }, user: { text: "[redacted]" } }
 */
export function redactLogObject(
  obj: Record<string, unknown>,
  options: { keepText: boolean },
): Record<string, unknown> {
  const walker = new Walker(options.keepText);
  return walker.object(obj, 0) as Record<string, unknown>;
}

class Walker {
  /** Objects on the path from the root to the value being walked. */
  private readonly ancestors = new Set<object>();

  constructor(private readonly keepText: boolean) {}

  value(value: unknown, depth: number): unknown {
    if (value === null || typeof value !== "object") return value;
    if (this.ancestors.has(value)) return CIRCULAR_MARK;
    if (depth > MAX_REDACT_DEPTH) return DEPTH_MARK;
    // Always a plain copy: pino's own `err` serializer would serialize pino's error object again.
    if (value instanceof Error) return this.object({ ...stdSerializers.err(value) }, depth);
    if (Array.isArray(value)) return this.array(value, depth);
    if (printedAsItIs(value)) return value;
    return this.object(value, depth);
  }

  private array(items: unknown[], depth: number): unknown[] {
    this.ancestors.add(items);
    let copy: unknown[] | undefined;
    const checked = Math.min(items.length, MAX_REDACT_ITEMS);
    for (let i = 0; i < checked; i++) {
      const next = this.value(items[i], depth + 1);
      if (next !== items[i]) (copy ??= items.slice(0, checked))[i] = next;
    }
    this.ancestors.delete(items);
    if (items.length > checked) return [...(copy ?? items.slice(0, checked)), MORE_MARK];
    return copy ?? items;
  }

  object(obj: object, depth: number): object {
    this.ancestors.add(obj);
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(obj)) {
      const value = (obj as Record<string, unknown>)[key];
      const next = this.censors(key) ? CENSOR : this.value(value, depth + 1);
      if (next !== value) (copy ??= { ...obj })[key] = next;
    }
    this.ancestors.delete(obj);
    return copy ?? obj;
  }

  private censors(key: string): boolean {
    const lower = key.toLowerCase();
    return SECRET_LOOKUP.has(lower) || (!this.keepText && TEXT_LOOKUP.has(lower));
  }
}

/** Values JSON prints by their own `toJSON` (Date, URL, Buffer) or as `{}` (Map, Set): not walked. */
function printedAsItIs(value: object): boolean {
  return (
    typeof (value as { toJSON?: unknown }).toJSON === "function" ||
    value instanceof Map ||
    value instanceof Set
  );
}
