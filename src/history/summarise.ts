import { AppError, toAppError } from "../core/errors.js";
import type { Llm } from "../core/llm.js";
import { mainLanguage } from "../text/language.js";
import { buildSummaryPrompt, cleanSummaryReply } from "./summary-prompt.js";
import type { HistoryTurn } from "../core/history-types.js";

/**
 * Asks the model for the new rolling summary (previous summary + newly aged turns). The call is bounded
 * by `timeoutMs` and by `signal` (service shutdown) even if the adapter ignores its abort signal.
 * Throws AppError (`llm_*`); the caller keeps the turns and retries later.
 */
export async function summariseTurns(options: {
  llm: Llm;
  previousSummary?: string | undefined;
  turns: HistoryTurn[];
  /** Text that decides the summary's language: the conversation's own user lines. */
  languageSample: string;
  timeoutMs: number;
  signal: AbortSignal;
}): Promise<string> {
  const messages = buildSummaryPrompt({
    previousSummary: options.previousSummary,
    turns: options.turns,
    language: mainLanguage(options.languageSample),
  });
  // A controller and a timer of our own, not AbortSignal.any(AbortSignal.timeout(…)): under load the
  // composite signal may be collected before its timeout fires, and the summary then never settles
  // (a CI run hung 30 s on a summary that never answers). The timer holds the controller until it fires.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("summary timed out", "TimeoutError")),
    options.timeoutMs,
  );
  const stop = (): void => controller.abort(options.signal.reason);
  if (options.signal.aborted) stop();
  else options.signal.addEventListener("abort", stop, { once: true });
  const signal = controller.signal;
  try {
    const reply = await raceAbort(options.llm.chat({ messages, signal, priority: "background" }), signal);
    return cleanSummaryReply(reply.content);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", stop);
  }
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      const timedOut = (signal.reason as Error | undefined)?.name === "TimeoutError";
      reject(
        new AppError(timedOut ? "llm_timeout" : "llm_unavailable", "summary request aborted", {
          cause: signal.reason,
        }),
      );
    };
    // Handle `work` in every case: when the signal is already aborted it may reject at once.
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(toAppError(err, "llm_unavailable"));
      },
    );
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}
