/** Conversation memory: per-conversation turns, rolling LLM summaries, persistence. */
export * from "./context-budget.js";
export * from "./conversation.js";
export * from "./conversation-record.js";
export * from "./history-service.js";
export * from "./policy.js";
export * from "./render-context.js";
export * from "./summary-prompt.js";
export * from "../text/token-counter.js";
export type * from "../core/history-types.js";
