import type { GraphPort } from "../core/ports.js";
import type { VisibilityRule } from "../core/visibility.js";
import type { MemoryScope } from "../core/types.js";
import type { GraphService } from "./graph-service.js";

/**
 * The agent's view of the graph. In a channel only facts said there (or shared) are shown, never
 * what the user said in a DM — the project's one visibility rule, as for memory recall.
 */
export class AgentGraph implements GraphPort {
  constructor(
    private readonly graph: GraphService,
    private readonly visibility: VisibilityRule,
  ) {}

  facts(scope: MemoryScope, text: string): Promise<string[]> {
    return this.graph.facts({ ...scope, text, visibilities: this.visibility.allowedIn(scope) });
  }

  async entityFacts(scope: MemoryScope, name: string): Promise<string[]> {
    const found = await this.graph.queryEntity({
      ...scope,
      name,
      visibilities: this.visibility.allowedIn(scope),
    });
    return found?.lines ?? [];
  }
}
