/** Conversation memory: per-conversation turns, rolling LLM summaries, persistence. */
export * from "./context-budget.js";
export * from "./conversation.js";
export * from "./conversation-record.js";
export * from "./history-service.js";
export * from "./in-memory-history-store.js";
export * from "./json-history-store.js";
export * from "./policy.js";
export * from "./render-context.js";
export * from "./summary-prompt.js";
export * from "./token-counter.js";
export type * from "./types.js";
