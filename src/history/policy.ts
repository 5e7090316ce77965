/**
 * The numbers of the history-compression policy, named once. Docs quote these names.
 *
 * Policy: a conversation keeps at most {@link MAX_HISTORY_TURNS} turns verbatim. Once it holds more, every
 * turn older than the last {@link KEEP_RECENT_TURNS} is folded by the model into a rolling summary of 2–3
 * sentences (previous summary + newly aged turns → new summary).
 */

/** More verbatim (not yet summarised) turns than this triggers summarising the aged ones. */
export const MAX_HISTORY_TURNS = 5;

/** The newest turns that always stay verbatim and are never summarised. */
export const KEEP_RECENT_TURNS = 3;

/** Default token budget (cl100k_base) of the rendered history context. Ollama's default window is 4096. */
export const DEFAULT_HISTORY_TOKEN_BUDGET = 1_500;

/** At most this many tokens of aged turns go into one summary request; the rest roll into the next one. */
export const MAX_SUMMARY_INPUT_TOKENS = 3_000;

/** A summary request is abandoned (and retried later) after this long. */
export const SUMMARY_TIMEOUT_MS = 60_000;

/** Background retries after a failed summary, before waiting for the next append. */
export const DEFAULT_SUMMARY_MAX_RETRIES = 3;

/** First retry delay; doubles per failure up to {@link SUMMARY_RETRY_MAX_MS}. */
export const SUMMARY_RETRY_INITIAL_MS = 2_000;

/** Longest delay between background retries. */
export const SUMMARY_RETRY_MAX_MS = 60_000;

/** Safety stop: summary batches run back to back for one conversation in one background run. */
export const MAX_BATCHES_PER_RUN = 20;
