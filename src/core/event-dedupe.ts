/** How long an event id is remembered; Slack retries within minutes. */
export const DEDUPE_TTL_MS = 60 * 60 * 1000;
/** Upper bound on remembered ids, so a flood cannot grow memory without limit. */
export const DEDUPE_MAX_IDS = 50_000;

/**
 * What an id names: a Slack event (`event_id`; Slack retries it, and the replica that took it may
 * take it again when its inbox replays the event after a restart), or a signed request — a slash
 * command or an interaction — that nothing replays, so that no one, that replica included, takes
 * again within the TTL.
 */
export type SightingKind = "event" | "request";

/**
 * What a delivery is: the `first` of its id (within the TTL); a `repeat` of an id this process has
 * already seen — its earlier delivery here answers it, or was dropped — or an id another replica (or,
 * for a request, anyone) `taken` first. Only the delivery that is not a repeat here owns what this
 * process wrote for it (its inbox entry).
 */
export type Sighting = "first" | "repeat" | "taken";

/**
 * Which Slack deliveries are the first of their event or request: one replica's memory
 * ({@link EventDeduper}), or PostgreSQL shared by several replicas (src/stores/pg-event-dedupe.ts),
 * so an event and its retries, or a replayed request, sent to different replicas are answered once.
 */
export interface EventDedupe {
  sight(id: string, kind?: SightingKind): Sighting | Promise<Sighting>;
}

/** Remembers Slack event ids it has seen in this process (a bounded, time-limited set). */
export class EventDeduper implements EventDedupe {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = DEDUPE_TTL_MS,
    private readonly maxIds = DEDUPE_MAX_IDS,
    private readonly now: () => number = Date.now,
  ) {}

  /** `first` the first time an id is seen (within the TTL), `repeat` after. */
  sight(id: string): Sighting {
    const now = this.now();
    const at = this.seen.get(id);
    if (at !== undefined && now - at < this.ttlMs) return "repeat";
    this.seen.delete(id);
    this.seen.set(id, now);
    while (this.seen.size > this.maxIds) {
      const oldest = this.seen.keys().next().value as string;
      this.seen.delete(oldest);
    }
    return "first";
  }
}
