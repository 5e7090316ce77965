import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { AppError } from "../core/errors.js";
import { mainLanguage } from "../text/language.js";
import { parseJsonLines, readJsonLines } from "../util/jsonl.js";
import { memoryRowSchema, queryRowSchema, type MemoryRow, type QueryRow } from "./recall-metrics.js";

/**
 * The one loader of recall eval sets, in either of two shapes, both ending as memories + queries
 * (the rows {@link scoreRecall} scores):
 *
 * - **memories shape** (kmem-dev): `memories.jsonl` (one memory a line) and `queries.jsonl`.
 * - **conversation shape** (kconv-en, LoCoMo-like): `conversations.jsonl`, one dated session of a
 *   dialogue a line, `{conv_id, user_id, session?, date, turns: [{id, speaker, text}]}`; and
 *   `questions.jsonl`, `{qid, conv_id, question, evidence: [turn ids], type}`. Every turn becomes a
 *   memory of the conversation's user: id = the turn's id, text = `<speaker>: <text>`, timestamp = the
 *   session's date plus one minute per turn before it. A question is a query of that user whose gold is
 *   its evidence; an empty evidence list makes it a negative (nothing should be answered).
 *
 * A bad line is an AppError `bad_request` naming the file, the line and the field.
 */

const turnSchema = z.object({
  id: z.string().min(1),
  speaker: z.string().min(1),
  text: z.string().min(1),
});

export const sessionRowSchema = z.object({
  conv_id: z.string().min(1),
  user_id: z.string().min(1),
  session: z.number().int().positive().optional(),
  date: z.iso.datetime({ offset: true }),
  turns: z.array(turnSchema).min(1),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

export const questionRowSchema = z.object({
  qid: z.string().min(1),
  conv_id: z.string().min(1),
  question: z.string().min(1),
  evidence: z.array(z.string().min(1)),
  type: z.string().trim().min(1, "a query type label (any non-empty string)"),
});
export type QuestionRow = z.infer<typeof questionRowSchema>;

/** Milliseconds between two turns of a session. */
export const TURN_SPACING_MS = 60_000;

export interface RecallSet {
  memories: MemoryRow[];
  queries: QueryRow[];
}

/** Which files to read: the memories shape or the conversation shape. */
export type RecallSetFiles =
  | { memories: string; queries: string }
  | { conversations: string; questions: string };

/**
 * The files of a set directory: `conversations.jsonl` + `questions.jsonl` when `questions.jsonl` is
 * there, else `memories.jsonl` + `queries.jsonl` (kmem-dev's conversations.jsonl is another thing).
 */
export function recallSetFiles(dir: string): RecallSetFiles {
  if (existsSync(path.join(dir, "questions.jsonl"))) {
    return {
      conversations: path.join(dir, "conversations.jsonl"),
      questions: path.join(dir, "questions.jsonl"),
    };
  }
  return { memories: path.join(dir, "memories.jsonl"), queries: path.join(dir, "queries.jsonl") };
}

/** Reads a set in either shape. */
export async function loadRecallSet(files: RecallSetFiles): Promise<RecallSet> {
  if ("memories" in files) {
    const [memories, queries] = await Promise.all([
      readFile(files.memories, "utf8").then((t) => parseJsonLines(t, memoryRowSchema, files.memories)),
      readFile(files.queries, "utf8").then((t) => parseJsonLines(t, queryRowSchema, files.queries)),
    ]);
    return { memories, queries };
  }
  const [sessionsText, questionsText] = await Promise.all([
    readFile(files.conversations, "utf8"),
    readFile(files.questions, "utf8"),
  ]);
  return conversationSet(
    { text: sessionsText, source: files.conversations },
    { text: questionsText, source: files.questions },
  );
}

/** The memories and queries of a conversation-shape set given as text (see the module comment). */
export function conversationSet(
  conversations: { text: string; source: string },
  questions: { text: string; source: string },
): RecallSet {
  const sessions = readAll(conversations.text, sessionRowSchema, conversations.source);
  const userOf = new Map<string, string>();
  const turnIds = new Set<string>();
  const memories: MemoryRow[] = [];
  for (const { line, value: session } of sessions) {
    const owner = userOf.get(session.conv_id);
    if (owner !== undefined && owner !== session.user_id) {
      fail(conversations.source, line, "user_id", `conversation ${session.conv_id} belongs to ${owner}`);
    }
    userOf.set(session.conv_id, session.user_id);
    const start = Date.parse(session.date);
    session.turns.forEach((turn, i) => {
      if (turnIds.has(turn.id)) fail(conversations.source, line, `turns.${i}.id`, `${turn.id} appears twice`);
      turnIds.add(turn.id);
      const text = `${turn.speaker}: ${turn.text}`;
      memories.push({
        id: turn.id,
        user_id: session.user_id,
        text,
        ts: new Date(start + i * TURN_SPACING_MS).toISOString(),
        channel_type: "im",
        lang: mainLanguage(text),
      });
    });
  }
  const queries: QueryRow[] = readAll(questions.text, questionRowSchema, questions.source).map(
    ({ line, value: q }) => {
      const userId = userOf.get(q.conv_id);
      if (userId === undefined) fail(questions.source, line, "conv_id", `no conversation ${q.conv_id}`);
      q.evidence.forEach((id, i) => {
        if (!turnIds.has(id)) fail(questions.source, line, `evidence.${i}`, `no turn ${id}`);
      });
      return { qid: q.qid, user_id: userId, query: q.question, gold: q.evidence, type: q.type };
    },
  );
  return { memories, queries };
}

function readAll<T>(text: string, schema: z.ZodType<T>, source: string): Array<{ line: number; value: T }> {
  parseJsonLines(text, schema, source); // throws on the first bad line, naming it
  return readJsonLines(text, schema).rows;
}

function fail(source: string, line: number, field: string, message: string): never {
  throw new AppError("bad_request", `${source}:${line}: ${field}: ${message}`, {
    details: { source, line, field },
  });
}
