import type { ChatMessage } from "../llm/llm.js";
import type { Lang } from "../text/language.js";
import type { RecalledMemory } from "./ports.js";

/** Section headers the model sees; quoted by the docs and the tests. */
export const HEADERS = {
  memories: "[관련 기억]",
  facts: "[알고 있는 사실]",
} as const;

/** The system prompt of a personal assistant that answers in the user's language. */
export function systemPrompt(lang: Lang, now: Date): string {
  const language = lang === "en" ? "English" : "Korean (한국어)";
  return [
    "You are a personal assistant in Slack with a long-term memory of what this user told you.",
    `Answer in ${language}, the language the user wrote in. Be concise and friendly.`,
    `Today is ${now.toISOString().slice(0, 10)}.`,
    `Use ${HEADERS.facts} and ${HEADERS.memories} below when they answer the question; prefer the newest memory when two disagree.`,
    "If neither holds the answer, say plainly that you don't know or weren't told; never invent personal facts.",
    "Tools: remember(text) saves a fact the user wants kept; recall(query) searches their memories;",
    "forget(id_or_query) deletes one; query_graph(entity) lists known facts about an entity.",
  ].join("\n");
}

/** Renders recalled memories as dated lines with their ids (so the model can forget one). */
export function renderMemories(memories: RecalledMemory[]): string {
  return memories
    .map((m) => `- (${new Date(m.timestamp).toISOString().slice(0, 10)}, id ${m.id}) ${m.text}`)
    .join("\n");
}

/** The messages of one turn: system prompt + context sections, then the user's message. */
export function buildMessages(options: {
  lang: Lang;
  now: Date;
  text: string;
  history: string;
  facts: string[];
  memories: RecalledMemory[];
}): ChatMessage[] {
  const sections = [systemPrompt(options.lang, options.now)];
  if (options.history) sections.push(options.history);
  if (options.facts.length)
    sections.push(`${HEADERS.facts}\n${options.facts.map((f) => `- ${f}`).join("\n")}`);
  if (options.memories.length) sections.push(`${HEADERS.memories}\n${renderMemories(options.memories)}`);
  return [
    { role: "system", content: sections.join("\n\n") },
    { role: "user", content: options.text },
  ];
}

/** The reply without a language model: what memory and the graph hold, marked as such. */
export function recallOnlyReply(lang: Lang, memories: RecalledMemory[], facts: string[]): string {
  const head =
    lang === "en"
      ? "(My language model is unavailable right now: this is what I recall from memory, without a model.)"
      : "(지금 언어 모델을 쓸 수 없어서, 모델 없이 기억에서 찾은 내용이에요.)";
  if (memories.length === 0 && facts.length === 0) {
    return `${head}\n${lang === "en" ? "I found nothing about that in your memories." : "관련된 기억을 찾지 못했어요."}`;
  }
  const lines = [
    ...facts.map((f) => `• ${f}`),
    ...memories.map((m) => `• ${m.text} (${new Date(m.timestamp).toISOString().slice(0, 10)})`),
  ];
  return `${head}\n${lines.join("\n")}`;
}
