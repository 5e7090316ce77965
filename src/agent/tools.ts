import type { ToolCall, ToolSpec } from "../core/llm.js";
import type { Memory, MemoryScope } from "../core/types.js";
import { isOwnWords } from "./own-words.js";
import { type GraphPort, isExcludedSave, type MemoryPort } from "../core/ports.js";
import { quoteData, renderMemories } from "./prompt.js";

/** The tools offered to the model. */
export const TOOL_SPECS: ToolSpec[] = [
  {
    name: "remember",
    description:
      "Save a fact the user asked you to remember, in their own words (words from anyone else's message are refused).",
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
      "Propose deleting one memory, by its id or by a description of it. Nothing is deleted: the user is asked to confirm (several matches are listed for them to choose from).",
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

/**
 * Runs one tool call for the user of `scope`; returns the text the model sees. Bad arguments are told
 * back. What the model may do alone: read (recall, query_graph) and save the speaker's own words
 * (remember, checked by {@link isOwnWords}); it never deletes — `forget` adds the memories it means to
 * `proposals`, for the user to confirm.
 */
export async function runTool(options: {
  call: ToolCall;
  scope: MemoryScope;
  at: number;
  /** Makes a saved memory's id deterministic for this call (a turn answered again saves nothing twice). */
  key?: string;
  memory?: MemoryPort | undefined;
  graph?: GraphPort | undefined;
  /** The speaker's own messages of this conversation: what `remember` may keep words of. */
  ownMessages: readonly string[];
  /** Where `forget` puts the memories it proposes to delete (each once). */
  proposals: Memory[];
  /** Filled with the memories whose words or facts the result shows the model (history's `memoryIds`). */
  shown?: Set<string> | undefined;
  /** Called when `remember` kept a memory (a refused or failed call keeps none). */
  onSaved?: ((id: string) => void) | undefined;
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
      if (!isOwnWords(text, options.ownMessages))
        return "refused: nothing was saved. Only the user's own words can be remembered: use words from their own messages only, or ask them to say it.";
      try {
        const saved = await memory.remember(scope, text, options.at, options.key, "tool");
        options.onSaved?.(saved.id);
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
      for (const m of found) options.shown?.add(m.id);
      return found.length ? quoteData(renderMemories(found, scope.userId)) : "no matching memories";
    }
    case "forget": {
      const target = arg("id_or_query");
      if (!target || !memory) return target ? "memory is unavailable" : "error: `id_or_query` is required";
      // Scoped like every read: in a channel, a DM memory is neither found nor proposed, so no text
      // this conversation may not see ever reaches the result. Nothing is deleted here.
      const found = await memory.findToForget(scope, target);
      const meant = found.meant ? [found.meant] : found.candidates;
      if (meant.length === 0) return "nothing matched";
      for (const m of meant) options.shown?.add(m.id);
      for (const m of meant) if (!options.proposals.some((p) => p.id === m.id)) options.proposals.push(m);
      return `nothing was deleted: the user is asked to confirm forgetting ${meant.length === 1 ? "this memory" : "one or more of these memories"}; tell them so.\n${quoteData(
        meant.map((m) => `- id ${m.id}: ${m.text}`).join("\n"),
      )}`;
    }
    case "query_graph": {
      const entity = arg("entity");
      if (!entity || !graph)
        return entity ? "the knowledge graph is unavailable" : "error: `entity` is required";
      const facts = await graph.entityFacts(scope, entity, options.shown);
      return facts.length ? facts.join("\n") : `no facts about ${entity}`;
    }
    default:
      return `error: unknown tool ${call.name}`;
  }
}
