import type { ToolCall, ToolSpec } from "../llm/llm.js";
import type { MemoryScope } from "../types.js";
import { type GraphPort, isExcludedSave, type MemoryPort } from "./ports.js";
import { renderMemories } from "./prompt.js";

/** The tools offered to the model. */
export const TOOL_SPECS: ToolSpec[] = [
  {
    name: "remember",
    description: "Save a fact the user asked you to remember, in their words.",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  },
  {
    name: "recall",
    description: "Search the user's memories; `topic` (optional) narrows it to one topic label.",
    parameters: {
      type: "object",
      properties: { query: { type: "string" }, topic: { type: "string" } },
      required: ["query"],
    },
  },
  {
    name: "forget",
    description:
      "Delete one memory, by its id or by a description of it. If several match, nothing is deleted and the candidates are listed: ask the user which one.",
    parameters: {
      type: "object",
      properties: { id_or_query: { type: "string" } },
      required: ["id_or_query"],
    },
  },
  {
    name: "query_graph",
    description: "List the known current facts about an entity (a person, pet, shop, project...).",
    parameters: { type: "object", properties: { entity: { type: "string" } }, required: ["entity"] },
  },
];

/** Runs one tool call for the user of `scope`; returns the text the model sees. Bad arguments are told back. */
export async function runTool(options: {
  call: ToolCall;
  scope: MemoryScope;
  at: number;
  /** Makes a saved memory's id deterministic for this call (a turn answered again saves nothing twice). */
  key?: string;
  memory?: MemoryPort | undefined;
  graph?: GraphPort | undefined;
}): Promise<string> {
  const { call, scope, memory, graph } = options;
  const arg = (name: string): string | undefined => {
    const value = call.arguments[name];
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  switch (call.name) {
    case "remember": {
      const text = arg("text");
      if (!text || !memory) return text ? "memory is unavailable" : "error: `text` is required";
      try {
        const saved = await memory.remember(scope, text, options.at, options.key);
        return `saved as ${saved.id}`;
      } catch (err) {
        if (!isExcludedSave(err)) throw err;
        return "not saved: the deployment is set never to keep such content (exclude_patterns); tell the user it was not saved";
      }
    }
    case "recall": {
      const query = arg("query");
      if (!query || !memory) return query ? "memory is unavailable" : "error: `query` is required";
      const found = await memory.recall(scope, query, { topic: arg("topic") });
      return found.length ? renderMemories(found) : "no matching memories";
    }
    case "forget": {
      const target = arg("id_or_query");
      if (!target || !memory) return target ? "memory is unavailable" : "error: `id_or_query` is required";
      // Scoped like every read: in a channel, a DM memory is neither found nor deleted, so no text
      // this conversation may not see ever reaches the result.
      const outcome = await memory.forget(scope, target);
      if (outcome.deleted.length > 0)
        return `deleted: ${outcome.deleted.map((m) => `${m.id} "${m.text}"`).join(", ")}`;
      if (outcome.candidates.length > 0)
        return `several memories match; nothing was deleted. Ask the user which one to forget:\n${outcome.candidates
          .map((m) => `- id ${m.id}: ${m.text}`)
          .join("\n")}`;
      return "nothing matched";
    }
    case "query_graph": {
      const entity = arg("entity");
      if (!entity || !graph)
        return entity ? "the knowledge graph is unavailable" : "error: `entity` is required";
      const facts = await graph.entityFacts(scope, entity);
      return facts.length ? facts.join("\n") : `no facts about ${entity}`;
    }
    default:
      return `error: unknown tool ${call.name}`;
  }
}
