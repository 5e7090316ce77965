import type { GraphPort } from "../agent/ports.js";
import { visibleIn } from "../memory/memory-metadata.js";
import type { MemoryScope } from "../types.js";
import type { GraphService } from "./graph-service.js";

/**
 * The agent's view of the graph. In a channel only facts said there (or shared) are shown, never
 * what the user said in a DM, unless `allowDmInChannels` — the same rule as memory recall.
 */
export class AgentGraph implements GraphPort {
  constructor(
    private readonly graph: GraphService,
    private readonly allowDmInChannels: boolean,
  ) {}

  facts(scope: MemoryScope, text: string): Promise<string[]> {
    return this.graph.facts({ ...scope, text, visibilities: visibleIn(scope, this.allowDmInChannels) });
  }

  async entityFacts(scope: MemoryScope, name: string): Promise<string[]> {
    const found = await this.graph.queryEntity({
      ...scope,
      name,
      visibilities: visibleIn(scope, this.allowDmInChannels),
    });
    return found?.lines ?? [];
  }
}
