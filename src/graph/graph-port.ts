import type { FactsOptions, GraphPort, ProfileGroup } from "../core/ports.js";
import type { VisibilityRule } from "../core/visibility.js";
import type { MemoryScope } from "../core/types.js";
import { formatFactLines } from "../extraction/entity-mentions.js";
import { attributeLabel } from "../extraction/attribute-labels.js";
import { isFirstPerson } from "../extraction/normalize.js";
import { detectLanguage, type Lang } from "../text/language.js";
import type { GraphService } from "./graph-service.js";

/**
 * How the user's own facts are shown to the model and in answers: "나" in Korean, "you" in English —
 * the graph keeps them under the first-person entity ("나" or "I", whichever the user wrote), which
 * is no name to show them by.
 */
export const USER_NAMES: Readonly<Record<Lang, string>> = { ko: "나", en: "you" };

/**
 * The agent's view of the graph. In a channel only facts said there (or shared) are shown, never
 * what the user said in a DM — the project's one visibility rule, as for memory recall. The user's
 * own facts are shown under {@link USER_NAMES}, in the language of the message (or name) asked with.
 */
export class AgentGraph implements GraphPort {
  constructor(
    private readonly graph: GraphService,
    private readonly visibility: VisibilityRule,
  ) {}

  facts(scope: MemoryScope, text: string, options: FactsOptions = {}): Promise<string[]> {
    const lang = detectLanguage(text);
    return this.graph.facts({
      ...scope,
      text,
      staleMemories: options.staleMemories,
      shownSources: options.shownSources,
      visibilities: this.visibility.allowedIn(scope),
      userName: USER_NAMES[lang],
      labelsIn: lang,
    });
  }

  async profile(scope: MemoryScope, lang: Lang): Promise<ProfileGroup[]> {
    const groups = await this.graph.profile({
      ...scope,
      visibilities: this.visibility.allowedIn(scope),
      labelsIn: lang,
    });
    return groups.map((g) => ({
      entity: g.self ? USER_NAMES[lang] : g.entity,
      self: g.self,
      facts: g.facts.map((f) => ({
        attribute: f.attribute,
        value: f.value,
        at: f.createdAt,
        memoryId: f.sourceMemoryId,
      })),
    }));
  }

  changedMemories(scope: MemoryScope, memoryIds: readonly string[]): Promise<ReadonlySet<string>> {
    return this.graph.changedMemories(
      { ...scope, visibilities: this.visibility.allowedIn(scope) },
      memoryIds,
    );
  }

  async entityFacts(scope: MemoryScope, name: string, shownSources?: Set<string>): Promise<string[]> {
    const found = await this.graph.queryEntity({
      ...scope,
      name,
      visibilities: this.visibility.allowedIn(scope),
    });
    if (!found) return [];
    for (const fact of found.current)
      if (fact.sourceMemoryId !== undefined) shownSources?.add(fact.sourceMemoryId);
    if (!isFirstPerson(found.entity)) return found.lines;
    // The speaker's facts, said in either language, named in the language the speaker was asked by.
    const lang = nameLanguage(name);
    return formatFactLines(
      USER_NAMES[lang],
      found.current.map((fact) => ({ ...fact, attribute: attributeLabel(fact.attribute, lang) })),
    );
  }
}

/** The language of a name asked for: English when it is Latin ("I", "me"; too short for detectLanguage). */
function nameLanguage(name: string): Lang {
  return /[A-Za-z]/u.test(name) && !/\p{Script=Hangul}/u.test(name) ? "en" : detectLanguage(name);
}
