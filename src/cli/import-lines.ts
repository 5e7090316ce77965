import { createHash } from "node:crypto";
import { z } from "zod";
import { idSchema } from "../core/ids.js";
import { MAX_DOCUMENT_CHARS, type SaveInput } from "../memory/lifecycle/save-input.js";
import { readJsonLines, type LineProblem } from "../util/jsonl.js";

export type { LineProblem } from "../util/jsonl.js";

/** Top-level fields an import line may have; any other field is ignored and reported once. */
const KNOWN_FIELDS = ["id", "user_id", "text", "ts", "metadata", "channel_type", "channel_id"] as const;

const TS_MESSAGE = "must be an ISO 8601 date-time or ms since the epoch";

/**
 * One JSON line of `memory import`. `ts` is an ISO 8601 date-time or ms since the epoch; `metadata`
 * is flat (strings, numbers, booleans) and is stored as the memory's `extra`.
 */
export const importLineSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, "must be 1–128 letters, digits, '.', '_', ':' or '-'")
    .optional(),
  user_id: idSchema.optional(),
  text: z
    .string()
    .refine((t) => t.trim() !== "", "must not be empty")
    .refine(
      (t) => t.normalize("NFC").trim().length <= MAX_DOCUMENT_CHARS,
      `is longer than ${MAX_DOCUMENT_CHARS} characters`,
    ),
  ts: z
    .union(
      [z.iso.datetime({ offset: true, error: TS_MESSAGE }), z.int().nonnegative({ error: TS_MESSAGE })],
      { error: TS_MESSAGE },
    )
    .optional(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  channel_type: z.enum(["im", "mpim", "channel", "group"]).optional(),
  channel_id: z.string().max(64).optional(),
});
export type ImportLine = z.infer<typeof importLineSchema>;

/** A valid line, ready for MemoryLifecycle.saveMany in its user's scope. */
export interface ImportRow {
  /** 1-based line number in the file. */
  line: number;
  userId: string;
  input: SaveInput & { id: string };
}

export interface ParsedImport {
  rows: ImportRow[];
  /** Bad lines: not JSON, failing the schema, or without a user. Each is skipped. */
  errors: LineProblem[];
  /** Earlier lines whose id appears again later: the later line wins (they are not imported twice). */
  replaced: LineProblem[];
  /** Unknown top-level fields seen (ignored). */
  ignoredFields: string[];
}

export interface ParseImportOptions {
  text: string;
  team: string;
  /** Sets (and overrides) every line's user_id. */
  user?: string | undefined;
  /** Timestamp of lines without `ts`; default now. */
  now?: number;
}

/**
 * Parses a JSON Lines import. Every non-blank line is validated on its own, so one bad line never
 * hides the others. A line without `id` gets a stable one derived from team, user, ts and text, so
 * importing the same file twice replaces the same memories instead of duplicating them.
 */
export function parseImportLines(options: ParseImportOptions): ParsedImport {
  const now = options.now ?? Date.now();
  const read = readJsonLines(options.text, importLineSchema);
  const errors: LineProblem[] = [...read.errors];
  const ignored = new Set<string>();
  const byId = new Map<string, ImportRow>();
  const replaced: LineProblem[] = [];
  for (const { line, value, raw } of read.rows) {
    for (const key of Object.keys(raw as object)) {
      if (!(KNOWN_FIELDS as readonly string[]).includes(key)) ignored.add(key);
    }
    const userId = options.user ?? value.user_id;
    if (!userId) {
      errors.push({ line, message: "user_id: missing (give it on the line or with --user)" });
      continue;
    }
    const row = toRow({ line, userId, team: options.team, data: value, now });
    const earlier = byId.get(row.input.id);
    if (earlier)
      replaced.push({ line: earlier.line, message: `id ${row.input.id} appears again on line ${line}` });
    byId.set(row.input.id, row);
  }
  errors.sort((a, b) => a.line - b.line);
  const rows = [...byId.values()].sort((a, b) => a.line - b.line);
  return { rows, errors, replaced, ignoredFields: [...ignored].sort() };
}

function toRow(a: { line: number; userId: string; team: string; data: ImportLine; now: number }): ImportRow {
  const { data } = a;
  const timestamp =
    data.ts === undefined ? a.now : typeof data.ts === "number" ? data.ts : Date.parse(data.ts);
  const id =
    data.id ?? stableId([a.team, a.userId, data.ts === undefined ? "" : String(timestamp), data.text]);
  return {
    line: a.line,
    userId: a.userId,
    input: {
      id,
      text: data.text,
      timestamp,
      source: "import",
      ...(data.channel_type ? { channelType: data.channel_type } : {}),
      ...(data.channel_id ? { channelId: data.channel_id } : {}),
      ...(data.metadata ? { extra: data.metadata } : {}),
    },
  };
}

/** `imp_` + 24 hex digits of SHA-256 over the parts. */
function stableId(parts: string[]): string {
  return `imp_${createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 24)}`;
}
