import { AppError } from "../core/errors.js";
import type { ChatRequest, ChatResponse, Llm } from "../core/llm.js";
import { parseSummaryPrompt } from "../history/summary-prompt.js";

const WHITESPACE = /\s+/g;
const SENTENCE_END = /[.!?。…]$/u;

/**
 * A model-free stand-in for the summariser: answers a summary request (built by `buildSummaryPrompt`)
 * with the previous summary followed by the user lines of the turns it was given, verbatim. It is
 * faithful by construction (every stated fact survives) but not short, so it measures the pipeline, not a
 * model's summarising skill. Used by `tools/scripts/eval-history.ts` and the conversation eval test; not part of the app.
 */
export class ExtractiveSummaryLlm implements Llm {
  readonly model = "extractive-summary";

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const prompt = parseSummaryPrompt(request.messages);
    if (!prompt) {
      throw new AppError("llm_bad_output", "the extractive summariser only answers summary requests");
    }
    const sentences = [prompt.previousSummary, ...prompt.turns.map((turn) => turn.user)]
      .map((text) => text?.replace(WHITESPACE, " ").trim() ?? "")
      .filter((text) => text !== "")
      .map((text) => (SENTENCE_END.test(text) ? text : `${text}.`));
    return { content: sentences.join(" "), toolCalls: [] };
  }
}
