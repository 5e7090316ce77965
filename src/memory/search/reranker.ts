/**
 * Reranking of fused recall (`[memory.vector] rerank`, `rerank_model`): the first {@link RERANK_TOP_N}
 * fused results are put in the order a chat model judges best for the query, before the relevance
 * gate and the top-k cut (MemorySearch.search). Off by default, as in the seed.
 *
 * This version has one reranker, {@link LlmReranker} (`rerank_model = "ollama:<model>"`): one
 * structured-output chat request per query, bounded by {@link RERANK_TIMEOUT_MS}. Whatever goes wrong
 * (timeout, HTTP error, a reply that is not JSON or does not fit the schema, a reply naming no
 * candidate) leaves the fused order as it was and logs one warning — without the query or any memory
 * text. A cross-encoder (`cross-encoder/ms-marco-MiniLM-L-6-v2`) is not supported: memory.toml with
 * such a name and `rerank = true` stops the start (src/config/memory-config.ts).
 */
import type { Logger } from "../../logging/logger.js";
import { z } from "zod";
import { isAppError } from "../../core/errors.js";
import type { Llm } from "../../core/llm.js";
import { parseStructuredReply } from "../../core/structured-reply.js";
import { isoDay } from "../../util/dates.js";

/**
 * Fused results handed to the reranker (the rest keep their fused order below them). 10 covers twice
 * the default RECALL_TOP_K and keeps the prompt, at {@link RERANK_MAX_CANDIDATE_CHARS} each, within
 * the 4096-token context Ollama is asked for even for Korean text (about one token per syllable).
 */
export const RERANK_TOP_N = 10;

/** Longest part of a candidate's text shown to the model, in characters (the rest is cut). */
export const RERANK_MAX_CANDIDATE_CHARS = 300;

/** Longest part of the query shown to the model, in characters. */
export const RERANK_MAX_QUERY_CHARS = 500;

/**
 * The most one rerank request may take, ms; past it the fused order stands. A reranker holds up the
 * user's recall, so this is far below LLM_TIMEOUT_MS.
 */
export const RERANK_TIMEOUT_MS = 10_000;

/** What a reranker reorders: a fused result (only its id, text and time are read). */
export interface RerankCandidate {
  id: string;
  text: string;
  /** ms since the epoch: shown to the model as a date, so it can prefer the newer of two versions. */
  timestamp?: number | undefined;
}

/** Why a reranker kept the fused order. */
export type RerankFallbackReason = "timeout" | "unavailable" | "bad_output" | "no_known_ids";

export interface RerankOutcome<T> {
  /** The same candidates, reordered (or in their fused order when `fellBack`). */
  results: T[];
  /** True when the model's order could not be used and the fused order was kept. */
  fellBack: boolean;
  reason?: RerankFallbackReason;
}

export interface Reranker {
  /** `ollama:<model>`, for logs. */
  readonly name: string;
  /** Reorders `candidates` (best first) for `query`. Never throws: on failure the order is kept. */
  rerank<T extends RerankCandidate>(query: string, candidates: readonly T[]): Promise<RerankOutcome<T>>;
}

/** The model of `ollama:<model>`, or undefined for any other form. */
export function ollamaRerankModel(rerankModel: string): string | undefined {
  const match = /^ollama:(\S+)$/.exec(rerankModel.trim());
  return match?.[1];
}

/** The reply the model must produce: candidate numbers (1-based, as in the prompt), best first. */
export const rerankReplySchema = z.object({
  order: z
    .array(z.number().int())
    .describe("The candidate numbers, most useful for answering the query first"),
});

/** The JSON Schema sent as Ollama's `format`. */
export const RERANK_REPLY_FORMAT: Record<string, unknown> = z.toJSONSchema(rerankReplySchema);

export const RERANK_SYSTEM_PROMPT = [
  "You rank a user's saved memories by how well each answers their message.",
  'Return JSON {"order":[numbers]}: every candidate number, the most useful first, and nothing else.',
  "A memory that directly states what the message asks about comes first; when two memories state",
  "the same fact differently, the newer one (later date) comes first; unrelated memories go last.",
].join("\n");

/** The user message of a rerank request: the query, then the numbered candidates. */
export function rerankPrompt(query: string, candidates: readonly RerankCandidate[]): string {
  const lines = [`Message: ${clip(query, RERANK_MAX_QUERY_CHARS)}`, "", "Candidates:"];
  candidates.forEach((c, i) => {
    const date = c.timestamp ? ` (${isoDay(c.timestamp)})` : "";
    lines.push(`${i + 1}.${date} ${clip(c.text, RERANK_MAX_CANDIDATE_CHARS)}`);
  });
  return lines.join("\n");
}

/**
 * Applies a model's order to the candidates: the numbers it names first, in its order (numbers out of
 * range and repeats ignored), then every candidate it left out, in fused order. `undefined` when it
 * named none of them.
 */
export function applyOrder<T>(candidates: readonly T[], order: readonly number[]): T[] | undefined {
  const taken = new Set<number>();
  const out: T[] = [];
  for (const n of order) {
    const at = n - 1;
    if (!Number.isInteger(at) || at < 0 || at >= candidates.length || taken.has(at)) continue;
    taken.add(at);
    out.push(candidates[at]!);
  }
  if (out.length === 0) return undefined;
  candidates.forEach((c, i) => {
    if (!taken.has(i)) out.push(c);
  });
  return out;
}

export interface LlmRerankerOptions {
  /** The model that ranks (the `<model>` of `ollama:<model>`), its Ollama and a logger. */
  llm: Llm;
  logger: Logger;
  /** Default {@link RERANK_TIMEOUT_MS}. */
  timeoutMs?: number | undefined;
  /** Default {@link RERANK_TOP_N}. */
  topN?: number | undefined;
}

/**
 * Reranks with an Ollama chat model: one structured-output request per query (see the module comment).
 */
export class LlmReranker implements Reranker {
  readonly name: string;
  private readonly llm: Llm;
  private readonly log: Logger;
  private readonly timeoutMs: number;
  private readonly topN: number;

  constructor(options: LlmRerankerOptions) {
    this.llm = options.llm;
    this.name = `ollama:${options.llm.model}`;
    this.log = options.logger.child({ component: "rerank" });
    this.timeoutMs = options.timeoutMs ?? RERANK_TIMEOUT_MS;
    this.topN = options.topN ?? RERANK_TOP_N;
  }

  async rerank<T extends RerankCandidate>(
    query: string,
    candidates: readonly T[],
  ): Promise<RerankOutcome<T>> {
    const head = candidates.slice(0, this.topN);
    const tail = candidates.slice(this.topN);
    // Nothing to choose between: no request.
    if (head.length < 2) return { results: [...candidates], fellBack: false };
    const started = Date.now();
    let order: number[];
    try {
      const content = await this.ask(query, head);
      order = parseStructuredReply(content, rerankReplySchema, "rerank").order;
    } catch (err) {
      return this.fallBack(candidates, reasonOf(err), started, err);
    }
    const ranked = applyOrder(head, order);
    if (!ranked) return this.fallBack(candidates, "no_known_ids", started);
    this.log.debug({ candidates: head.length, ms: Date.now() - started }, "reranked");
    return { results: [...ranked, ...tail], fellBack: false };
  }

  /** One chat request, given up after `timeoutMs` whatever the Llm does. */
  private async ask(query: string, head: readonly RerankCandidate[]): Promise<string> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new DOMException("rerank timed out", "TimeoutError");
        controller.abort(err);
        reject(err);
      }, this.timeoutMs);
    });
    try {
      const response = await Promise.race([
        this.llm.chat({
          messages: [
            { role: "system", content: RERANK_SYSTEM_PROMPT },
            { role: "user", content: rerankPrompt(query, head) },
          ],
          format: RERANK_REPLY_FORMAT,
          signal: controller.signal,
        }),
        timedOut,
      ]);
      return response.content;
    } finally {
      clearTimeout(timer);
    }
  }

  private fallBack<T>(
    candidates: readonly T[],
    reason: RerankFallbackReason,
    started: number,
    err?: unknown,
  ): RerankOutcome<T> {
    // No err object and no message: an error's text or details may quote the reply, the query or a
    // memory. The code and HTTP status are enough to tell what happened.
    const code = isAppError(err) ? err.code : undefined;
    const status = isAppError(err) ? (err.details?.["status"] as number | undefined) : undefined;
    this.log.warn(
      {
        reason,
        model: this.name,
        candidates: Math.min(candidates.length, this.topN),
        ms: Date.now() - started,
        ...(code ? { code } : {}),
        ...(status !== undefined ? { status } : {}),
      },
      "rerank failed; the fused order is kept",
    );
    return { results: [...candidates], fellBack: true, reason };
  }
}

function reasonOf(err: unknown): RerankFallbackReason {
  if ((err as { name?: string } | undefined)?.name === "TimeoutError") return "timeout";
  if (isAppError(err)) {
    if (err.code === "llm_timeout") return "timeout";
    if (err.code === "llm_bad_output") return "bad_output";
  }
  return "unavailable";
}

function clip(text: string, max: number): string {
  const flat = text.normalize("NFC").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
