import { isAppError } from "../core/errors.js";
import type { Llm } from "../core/llm.js";
import type { Logger } from "../logging/logger.js";
import type { Owner, Triplet } from "../core/types.js";
import { withRetry, type Backoff } from "../util/retry.js";
import {
  applyTriplets,
  changedSince,
  forgetMemories,
  isVisible,
  restatedRelations,
  shiftedFacts,
  retirementsOf,
  sourcesOf,
  type AppliedFact,
} from "./apply-triplets.js";
import { findMentionedEntities, formatFactLines, type FactLine } from "../extraction/entity-mentions.js";
import { LlmTripletExtractor } from "./llm-extractor.js";
import { readQuestion, type AttributeQuestion } from "../extraction/asked-attributes.js";
import { WHAT_IT_IS_ATTRIBUTES } from "../extraction/words/attributes.js";
import { attributeLabel } from "../extraction/attribute-labels.js";
import type { Lang } from "../text/language.js";
import { foldText } from "../text/korean.js";
import { entityDisplayName, isFirstPerson } from "../extraction/normalize.js";
import { extractTriplets } from "../extraction/rule-extractor.js";
import { dateShiftOf } from "../extraction/date-shift.js";
import { asSpeakersDatedFacts, isBareDatedFact, speakersOwnFacts } from "./speaker-facts.js";
import { correctedFacts } from "./corrections.js";
import { isAllowed, PRIVATE, visibleWherever } from "../core/visibility.js";
import { holdsContentWord } from "../extraction/content-words.js";
import { correctedValue, entityKnownAs, FactSlotMemo, speakerAsOne } from "../extraction/fact-slots.js";
import {
  ENTITY_LABEL,
  type GraphData,
  type GraphStores,
  type StoredRelation,
  type UserGraphStore,
} from "../core/graph-types.js";

/** Backoff for LLM extraction and for queued ingests (util/retry.ts: delay = min(max, min · 2^attempt), jittered). */
export interface GraphRetryPolicy {
  /** Extra LLM attempts before falling back to the rules. */
  llmRetries: number;
  /** Extra attempts of a queued ingest whose write failed. */
  queueRetries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
}

/** Defaults: 3 LLM attempts, 4 write attempts, 0.5 s → 5 s. */
export const DEFAULT_GRAPH_RETRY: GraphRetryPolicy = {
  llmRetries: 2,
  queueRetries: 3,
  minTimeoutMs: 500,
  maxTimeoutMs: 5000,
};
/** Most lines `facts` returns for one message. */
export const MAX_FACT_LINES = 20;
/** Most user graphs kept in memory; older ones are re-read from disk when needed. */
export const MAX_CACHED_GRAPHS = 1000;
/** The key of the user's own group in {@link GraphService.profile} (no entity id can be empty). */
const SELF_GROUP = "";

/** Options of {@link GraphService}. */
export interface GraphServiceOptions {
  /** Where graphs live: JSON files under DATA_DIR, or PostgreSQL for several replicas. */
  stores: GraphStores;
  /** Model for extraction; without it the rule-based extractor is used. */
  llm?: Llm | undefined;
  logger: Logger;
  retry?: Partial<GraphRetryPolicy>;
  /** Clock for `at` when an ingest gives none (tests). */
  now?: () => number;
}

/** One text to turn into facts. */
export interface IngestInput extends Owner {
  text: string;
  memoryId?: string | undefined;
  /** When it was said, ms since the epoch (default: now). Orders current vs superseded facts. */
  at?: number | undefined;
  /** Where it was said (memory-metadata.ts visibilityOf); default "private". */
  visibility?: string | undefined;
}

/** Limits a lookup to facts that may be shown where it happens; undefined shows all (a DM). */
export interface VisibilityFilter {
  visibilities?: readonly string[] | undefined;
}

/** What an ingest stored, and which extractor found it. */
export interface IngestResult {
  extractor: "llm" | "rules";
  facts: AppliedFact[];
}

/** Current facts and history of one entity. */
export interface EntityFacts {
  entity: string;
  current: FactLine[];
  /** Superseded facts, newest first. */
  history: FactLine[];
  /** The current facts as "뭉치: 생일 = 10월 27일" lines. */
  lines: string[];
}

function generationKey(key: Owner, memoryId?: string): string {
  const user = `${key.teamId}\u0000${key.userId}`;
  return memoryId === undefined ? user : `${user}\u0000${memoryId}`;
}

/** Whether the fact was taken from a memory known to be out of date. */
function isStale(fact: FactLine, staleMemories: ReadonlySet<string> | undefined): boolean {
  return (
    staleMemories !== undefined && fact.sourceMemoryId !== undefined && staleMemories.has(fact.sourceMemoryId)
  );
}

function factLine(relation: StoredRelation, value: string): FactLine {
  const { createdAt, current, supersededAt, sourceMemoryId } = relation.properties;
  return {
    attribute: relation.label,
    value,
    createdAt,
    current,
    ...(supersededAt === undefined ? {} : { supersededAt }),
    ...(sourceMemoryId === undefined ? {} : { sourceMemoryId }),
  };
}

/**
 * The per-user knowledge graph: extraction (LLM with retries, falling back to rules), storage with
 * history, and lookups for the agent and the admin API.
 *
 * Failure policy: an LLM failure is retried with backoff ({@link GraphRetryPolicy.llmRetries}) and then
 * the rules extract instead — a fact is stored less richly rather than not at all, and no pending queue
 * has to survive a restart. `enqueue` runs ingests off the caller's path; a failed write is retried
 * ({@link GraphRetryPolicy.queueRetries}) and finally logged as an error.
 */
export class GraphService {
  private readonly graphStores: GraphStores;
  private readonly extractor: LlmTripletExtractor | undefined;
  private readonly logger: Logger;
  private readonly retry: GraphRetryPolicy;
  private readonly now: () => number;
  private readonly stores = new Map<string, UserGraphStore>();
  /** The words of facts read as statements, to find what a new memory restates (bounded, all users). */
  private readonly statements = new FactSlotMemo();
  private readonly pending = new Set<Promise<boolean>>();
  /**
   * Bumped when a memory (key `team\0user\0id`) or a whole user (`team\0user`) is forgotten, so an
   * ingest whose extraction was still running never writes the facts of a memory deleted meanwhile.
   */
  private readonly generations = new Map<string, number>();
  /** Ingests running per memory key; a memory's generation is kept only while one runs. */
  private readonly inFlight = new Map<string, number>();

  /** Builds the service; no I/O happens until the first call. */
  static create(options: GraphServiceOptions): GraphService {
    return new GraphService(options);
  }

  constructor(options: GraphServiceOptions) {
    this.graphStores = options.stores;
    this.extractor = options.llm === undefined ? undefined : new LlmTripletExtractor({ llm: options.llm });
    this.logger = options.logger;
    this.retry = { ...DEFAULT_GRAPH_RETRY, ...options.retry };
    this.now = options.now ?? Date.now;
  }

  /** Extracts facts from `text` and stores them in the user's graph. Throws AppError `store_failed`. */
  ingest(input: IngestInput): Promise<IngestResult> {
    return this.tracked(input, () => this.ingestNow(input));
  }

  /** Runs `work` with the memory's ingest counted as in flight (see {@link forgetMemories}). */
  private async tracked<T>(input: IngestInput, work: () => Promise<T>): Promise<T> {
    const key = input.memoryId === undefined ? undefined : generationKey(input, input.memoryId);
    if (key !== undefined) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      if (key !== undefined) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else {
          this.inFlight.delete(key);
          this.generations.delete(key);
        }
      }
    }
  }

  private async ingestNow(input: IngestInput): Promise<IngestResult> {
    const started = this.generationOf(input);
    const extracted = await this.extract(input);
    const { extractor } = extracted;
    const at = input.at ?? this.now();
    // "치과 예약 하루 당겨짐": no date is given, but the one it moves is known — the moved value is this
    // memory's fact (apply-triplets.ts `shiftedFacts`).
    const shift = extracted.triplets.length === 0 ? dateShiftOf(input.text) : undefined;
    // "혈압약 바꿈 이제 …" after "내 혈압약은 …": no owner is named, but a verb of change follows the
    // speaker's attribute (speaker-facts.ts `speakersOwnFacts`). The graph is read only for such a note.
    let triplets = extracted.triplets;
    if (triplets.length === 0 && shift !== undefined)
      triplets = shiftedFacts(await this.store(input).getTriplets(), input.text, shift, at, this.statements);
    // "아니 58번 말고 59번" right after "내 보관함 번호 58번": the new value of the fact it corrects — one
    // that may be shown wherever this note is (apply-triplets.ts `correctedFacts`).
    else if (triplets.length === 0 && correctedValue(input.text, this.statements) !== undefined)
      triplets = correctedFacts(
        (await this.store(input).getTriplets()).filter(([, relation]) =>
          isVisible(relation, visibleWherever(input.visibility ?? PRIVATE)),
        ),
        input.text,
        at,
        this.statements,
      );
    else if (triplets.length === 0 && this.statements.words(input.text).changedAfter !== undefined)
      triplets = speakersOwnFacts(await this.store(input).getTriplets(), input.text, this.statements);
    // "예약 다음주로 밀림 5/16" after "내 안과 예약 5월 9일 …": the moved date of the speaker's one 예약
    // (speaker-facts.ts `asSpeakersDatedFacts`). The graph is read only for a change note with a bare date.
    else if (
      triplets.some((t) => isBareDatedFact(t, this.statements)) &&
      this.statements.words(input.text).changes
    )
      triplets = asSpeakersDatedFacts(
        // Only the facts that may be shown wherever this note is: the fact it gives takes their words.
        (await this.store(input).getTriplets()).filter(([, relation]) =>
          isVisible(relation, visibleWherever(input.visibility ?? PRIVATE)),
        ),
        triplets,
        input.text,
        this.statements,
      );
    // A memory saved again with no facts still loses the facts its earlier text gave (and what it
    // retired); one with no facts that says an earlier fact changed retires it (apply-triplets.ts).
    if (triplets.length === 0 && !(await this.changesGraph(input, at))) return { extractor, facts: [] };
    const facts = await this.store(input).update((graph) =>
      this.generationOf(input) !== started
        ? [] // forgotten while the extraction ran
        : applyTriplets(graph, triplets, {
            at,
            memoryId: input.memoryId,
            visibility: input.visibility,
            text: input.text,
            memo: this.statements,
          }),
    );
    this.logger.debug(
      {
        teamId: input.teamId,
        userId: input.userId,
        memoryId: input.memoryId,
        extractor,
        count: facts.length,
      },
      "graph facts stored",
    );
    return { extractor, facts };
  }

  /**
   * Runs {@link ingest} in the background; returns at once with a promise of the outcome (true when
   * the facts are stored). Failures are retried, then logged, never thrown.
   */
  enqueue(input: IngestInput): Promise<boolean> {
    const context = { teamId: input.teamId, userId: input.userId, memoryId: input.memoryId };
    const attempts = () =>
      withRetry(() => this.ingestNow(input), this.backoff(this.retry.queueRetries), {
        shouldRetry: (error) => !isAppError(error, "bad_request"),
        onFailedAttempt: ({ error, attempt, retriesLeft }) => {
          this.logger.warn({ ...context, err: error, attempt, retriesLeft }, "graph ingest attempt failed");
        },
      });
    const job = this.tracked(input, attempts).then(
      () => true,
      (err: unknown) => {
        this.logger.error(
          { ...context, err },
          "graph ingest failed; the facts of this memory are not in the graph",
        );
        return false;
      },
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    return job;
  }

  /** Waits until every queued ingest has finished (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * Current facts of the entities `text` mentions, chosen by what it asks, as "뭉치: 생일 = 10월 27일"
   * lines (longest names first). Of a named entity: the facts whose attribute the message mentions,
   * or all of them when it mentions none ("뭉치 관련해서 알려줘"). Of the user themself (나 / I, which
   * any first-person question names): only the facts whose attribute it asks of them — "내 여권 번호
   * 뭐였지?" is not a question about the user's dentist appointment, nor "what's my wife's name?" about
   * the user's name.
   */
  async facts(
    input: Owner &
      VisibilityFilter & {
        text: string;
        /** The name the user's own facts are shown under (the first-person entity's, by default). */
        userName?: string | undefined;
        /** The language attribute names are shown in (attribute-labels.ts); as stored, by default. */
        labelsIn?: Lang | undefined;
        /**
         * Memories known to be out of date: what they say of the asked attribute is left out
         * (`FactsOptions`). Awaited after the graph's own reads, so a caller can pass recall's answer
         * while recall still runs.
         */
        staleMemories?: ReadonlySet<string> | Promise<ReadonlySet<string>> | undefined;
        /** Filled with the memories the facts shown were taken from (`FactsOptions.shownSources`). */
        shownSources?: Set<string> | undefined;
      },
  ): Promise<string[]> {
    const store = this.store(input);
    const entities = (await store.get()).filter((node) => node.label === ENTITY_LABEL);
    const question = readQuestion(input.text);
    const mentioned = findMentionedEntities({
      names: entities.map((node) => node.name),
      message: input.text,
    });
    // A question that names no entity may name an attribute in full ("결혼식 장소 어디였지?"): the entity
    // nodes carry their attributes, so the facts are read only when one of them has such an attribute.
    const byAttribute =
      mentioned.length === 0 &&
      entities.some((node) => Object.keys(node.properties ?? {}).some((key) => question.namesInFull(key)));
    // "my doctor's number": an entity named by what it is (its node carries its attributes and values).
    const byWhatItIs =
      mentioned.length === 0 &&
      entities.some((node) =>
        Object.entries(node.properties ?? {}).some(
          ([key, value]) => typeof value === "string" && question.namesByWhatItIs(key, value),
        ),
      );
    // "어디 살아?", "몇 살이야?": a question that names no one asks it of the speaker (Korean drops the
    // subject), when the speaker has a fact of what it asks.
    const speaker =
      mentioned.length === 0
        ? entities.find(
            (node) =>
              isFirstPerson(node.name) &&
              Object.keys(node.properties ?? {}).some((key) => question.asksOfSpeaker(key)),
          )?.name
        : undefined;
    if (mentioned.length === 0 && !question.asksWho && !byAttribute && !byWhatItIs && speaker === undefined)
      return [];
    const triplets = await store.getTriplets();
    const staleMemories = await input.staleMemories;
    // The entities the question names, or, when it names none, the one entity that has an attribute it
    // names in full; then those it asks who they are by what they are ("my dog's name") — not by a fact
    // of an out-of-date memory (the one who was 팀장 before the newer note).
    const named = byAttribute ? onlyOwnerOfNamedAttribute(triplets, question, input.visibilities) : mentioned;
    // "my doctor's number": the one the question names by what they are, when it asks for another fact
    // of theirs (their phone), as if it had named them.
    const asksOtherFactOf = (name: string): boolean =>
      triplets.some(
        ([source, relation]) =>
          source.name === name &&
          isVisible(relation, input.visibilities) &&
          !WHAT_IT_IS_ATTRIBUTES.has(relation.label) &&
          question.asksFor(relation.label),
      );
    const names = [
      ...new Set([
        ...named,
        ...(speaker === undefined ? [] : [speaker]),
        ...triplets
          .filter(
            ([source, relation, target]) =>
              source.label === ENTITY_LABEL &&
              isVisible(relation, input.visibilities) &&
              (question.asksWhoIs(relation.label, target.name) ||
                (question.namesByWhatItIs(relation.label, target.name) && asksOtherFactOf(source.name))) &&
              !isStale(factLine(relation, target.name), staleMemories),
          )
          .map(([source]) => source.name),
      ]),
    ];
    const lines: string[] = [];
    for (const name of names) {
      const facts = triplets
        .filter(
          ([source, relation]) =>
            source.name === name && source.label === ENTITY_LABEL && isVisible(relation, input.visibilities),
        )
        .map(([, relation, target]) => factLine(relation, target.name));
      const self = isFirstPerson(name);
      // The user's own facts answer only what is asked of them: "what's my wife's name?" names "my"
      // but asks a name of the wife.
      // An entity the question does not name is asked only what the question names in full.
      const asks = (attribute: string): boolean =>
        mentioned.length === 0 && named.includes(name)
          ? question.namesInFull(attribute)
          : self
            ? question.asksOfSpeaker(attribute)
            : question.asksFor(attribute);
      const asksFor = facts.filter((fact) => asks(fact.attribute));
      // What the question asks for, from a memory a newer recalled one supersedes, is out of date; the
      // stale memory's other facts are not (the newer one restated only what is asked).
      const onTopic = asksFor.filter((fact) => !isStale(fact, staleMemories));
      const shown = self || asksFor.length > 0 ? onTopic : facts;
      for (const fact of shown)
        if (fact.sourceMemoryId !== undefined) input.shownSources?.add(fact.sourceMemoryId);
      const { labelsIn } = input;
      lines.push(
        ...formatFactLines(
          self ? (input.userName ?? name) : name,
          labelsIn === undefined
            ? shown
            : shown.map((fact) => ({ ...fact, attribute: attributeLabel(fact.attribute, labelsIn) })),
        ),
      );
    }
    return lines.slice(0, MAX_FACT_LINES);
  }

  /** Current facts and history of one entity (by any surface form of its name), or undefined. */
  async queryEntity(input: Owner & VisibilityFilter & { name: string }): Promise<EntityFacts | undefined> {
    const store = this.store(input);
    const entities = (await store.get()).filter((node) => node.label === ENTITY_LABEL);
    const known = new Set(entities.map((node) => foldText(node.name)));
    const wanted = foldText(
      entityKnownAs(speakerAsOne(entityDisplayName(input.name, { knownNames: known })), known),
    );
    // A graph written before the speaker was one entity may hold "I" beside 나 (or alone).
    const node =
      entities.find((candidate) => foldText(candidate.name) === wanted) ??
      (isFirstPerson(wanted) ? entities.find((candidate) => isFirstPerson(candidate.name)) : undefined);
    if (node === undefined) return undefined;
    const facts = (await store.getTriplets({ includeHistory: true }))
      .filter(([source, relation]) => source.id === node.id && isVisible(relation, input.visibilities))
      .map(([, relation, target]) => factLine(relation, target.name));
    const current = facts.filter((fact) => fact.current);
    const history = facts.filter((fact) => !fact.current).sort((a, b) => b.createdAt - a.createdAt);
    return { entity: node.name, current, history, lines: formatFactLines(node.name, current) };
  }

  /**
   * Every entity's current facts that may be shown (the visibility filter), the user's own first, then
   * by their latest fact: what "what do you know about me" is built from. `self` marks the user.
   */
  async profile(
    input: Owner & VisibilityFilter & { labelsIn?: Lang | undefined },
  ): Promise<Array<{ entity: string; self: boolean; facts: FactLine[] }>> {
    const groups = new Map<string, { entity: string; self: boolean; facts: FactLine[] }>();
    for (const [source, relation, target] of await this.store(input).getTriplets()) {
      if (source.label !== ENTITY_LABEL || !isVisible(relation, input.visibilities)) continue;
      // The user said of themselves in either language ("I", "나") is one person: one group.
      const self = isFirstPerson(source.name);
      const key = self ? SELF_GROUP : source.id;
      const group = groups.get(key) ?? { entity: source.name, self, facts: [] };
      const line = factLine(relation, target.name);
      group.facts.push(
        input.labelsIn === undefined
          ? line
          : { ...line, attribute: attributeLabel(line.attribute, input.labelsIn) },
      );
      groups.set(key, group);
    }
    const latest = (g: { facts: FactLine[] }) => Math.max(...g.facts.map((f) => f.createdAt));
    return [...groups.values()]
      .filter((g) => g.facts.some((f) => f.current))
      .map((g) => ({ ...g, facts: g.facts.filter((f) => f.current) }))
      .sort((a, b) => Number(b.self) - Number(a.self) || latest(b) - latest(a));
  }

  /**
   * Which of these memories gave a fact that has since changed, as far as the visibility filter shows
   * (apply-triplets.ts `changedSince`): "what do you know about me" marks them.
   */
  async changedMemories(input: Owner & VisibilityFilter, memoryIds: readonly string[]): Promise<Set<string>> {
    if (memoryIds.length === 0) return new Set();
    const relations = (await this.store(input).getTriplets({ includeHistory: true })).map(([, r]) => r);
    return changedSince(relations, new Set(memoryIds), input.visibilities);
  }

  /**
   * The memories a current fact visible here was taken from, of the facts a request names by its words
   * (every content word of it is one of the fact's: its entity's — for the speaker's own, none —, its
   * attribute's or its value's). "락커 잊어줘" names the speaker's (락커 번호 = 59번) even when the memory
   * that gave 59번 ("아니 58번 말고 59번") holds no word of the request: forgetting what the request names
   * must find that memory too (memory-lifecycle.ts `findToForget`). Only sources that may be seen here.
   */
  async sourcesNamedBy(input: Owner & VisibilityFilter & { text: string }): Promise<string[]> {
    const asked = this.statements.words(input.text).content;
    if (asked.length === 0) return [];
    const ids = new Set<string>();
    for (const [entity, relation, value] of await this.store(input).getTriplets()) {
      if (relation.properties.current !== true || !isVisible(relation, input.visibilities)) continue;
      const own = isFirstPerson(entity.name) ? "" : entity.name;
      const named = this.statements.words(`${own} ${relation.label} ${value.name}`).content;
      if (!asked.every((word) => holdsContentWord(named, word))) continue;
      for (const source of sourcesOf(relation))
        if (source.memoryId !== undefined && isAllowed([source.visibility], input.visibilities))
          ids.add(source.memoryId);
    }
    return [...ids];
  }

  /** All nodes and relations (current and superseded) of the user's graph, for the admin API. */
  async snapshot(key: Owner): Promise<GraphData> {
    const store = this.store(key);
    const nodes = await store.get();
    const relations = (await store.getTriplets({ includeHistory: true })).map(([, relation]) => relation);
    return { nodes, relations };
  }

  /**
   * Removes the facts these memories gave: a fact said only in them is gone, one also said elsewhere
   * keeps its other sources, and each slot's current value is derived again (apply-triplets.ts).
   * Ingests of these memories still running are dropped. Returns how many relations were deleted.
   */
  async forgetMemories(key: Owner, memoryIds: readonly string[]): Promise<number> {
    if (memoryIds.length === 0) return 0;
    for (const id of memoryIds) {
      const memoryKey = generationKey(key, id);
      if (this.inFlight.has(memoryKey)) this.bump(memoryKey);
    }
    if (!(await this.hasSources(key, ...memoryIds))) return 0;
    const removed = await this.store(key).update((graph) => forgetMemories(graph, memoryIds));
    this.logger.debug(
      { teamId: key.teamId, userId: key.userId, memories: memoryIds.length, removed },
      "graph facts forgotten",
    );
    return removed;
  }

  /** Deletes the user's whole graph (file included); ingests still running for them are dropped. */
  async deleteUser(key: Owner): Promise<void> {
    this.bump(generationKey(key));
    await this.store(key).drop();
    this.stores.delete(storeKey(key));
    this.logger.info({ teamId: key.teamId, userId: key.userId }, "graph deleted");
  }

  /** Whether any relation of the user's graph was said in one of these memories. */
  private async hasSources(key: Owner, ...memoryIds: Array<string | undefined>): Promise<boolean> {
    const ids = new Set(memoryIds.filter((id): id is string => id !== undefined));
    if (ids.size === 0) return false;
    const relations = await this.store(key).getTriplets({ includeHistory: true });
    return relations.some(([, relation]) =>
      [...sourcesOf(relation), ...retirementsOf(relation)].some(
        (s) => s.memoryId !== undefined && ids.has(s.memoryId),
      ),
    );
  }

  /**
   * Whether a memory that gives no triplet still changes the graph (one read): it gave facts or
   * retired some before (saved again, it loses them), or it states a current fact with another value.
   */
  private async changesGraph(input: IngestInput, at: number): Promise<boolean> {
    const id = input.memoryId;
    if (id === undefined) return false;
    const triplets = await this.store(input).getTriplets({ includeHistory: true });
    const said = triplets.some(([, relation]) =>
      [...sourcesOf(relation), ...retirementsOf(relation)].some((s) => s.memoryId === id),
    );
    return said || restatedRelations(triplets, input.text, at, { memo: this.statements }).length > 0;
  }

  /** The user's and the memory's generations, as one comparable string. */
  private generationOf(input: IngestInput): string {
    const user = this.generations.get(generationKey(input)) ?? 0;
    const memory =
      input.memoryId === undefined ? 0 : (this.generations.get(generationKey(input, input.memoryId)) ?? 0);
    return `${user}:${memory}`;
  }

  private bump(key: string): void {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  private async extract(input: IngestInput): Promise<{ extractor: "llm" | "rules"; triplets: Triplet[] }> {
    const extractor = this.extractor;
    if (extractor === undefined) return { extractor: "rules", triplets: extractTriplets(input.text) };
    const context = { teamId: input.teamId, userId: input.userId, memoryId: input.memoryId };
    try {
      const triplets = await withRetry(
        () => extractor.extract(input.text),
        this.backoff(this.retry.llmRetries),
        {
          onFailedAttempt: ({ error, attempt, retriesLeft }) => {
            this.logger.warn(
              { ...context, err: error, attempt, retriesLeft },
              "graph extraction by LLM failed",
            );
          },
        },
      );
      return { extractor: "llm", triplets };
    } catch (err) {
      this.logger.warn({ ...context, err }, "graph extraction falls back to rules");
      return { extractor: "rules", triplets: extractTriplets(input.text) };
    }
  }

  private backoff(retries: number): Backoff {
    return { retries, minMs: this.retry.minTimeoutMs, maxMs: this.retry.maxTimeoutMs };
  }

  /** The user's store; one instance per user, so its cache is shared by every call. */
  private store(key: Owner): UserGraphStore {
    const path = storeKey(key);
    const existing = this.stores.get(path);
    if (existing !== undefined) return existing;
    const store = this.graphStores.forUser(key);
    if (this.stores.size >= MAX_CACHED_GRAPHS) {
      const oldest = this.stores.keys().next().value;
      if (oldest !== undefined) this.stores.delete(oldest);
    }
    this.stores.set(path, store);
    return store;
  }
}

function storeKey(key: Owner): string {
  return `${key.teamId.length}:${key.teamId}:${key.userId}`;
}

/**
 * The entity, as a one-element list, that alone has a visible fact whose attribute `question` names in
 * full (asked-attributes.ts `namesInFull`); none when no entity or several do (then the question must
 * say whose).
 */
function onlyOwnerOfNamedAttribute(
  triplets: Awaited<ReturnType<UserGraphStore["getTriplets"]>>,
  question: AttributeQuestion,
  visibilities: VisibilityFilter["visibilities"],
): string[] {
  const owners = new Set(
    triplets
      .filter(
        ([source, relation]) =>
          source.label === ENTITY_LABEL &&
          isVisible(relation, visibilities) &&
          question.namesInFull(relation.label),
      )
      .map(([source]) => source.name),
  );
  return owners.size === 1 ? [...owners] : [];
}
