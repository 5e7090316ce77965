import type { webApi } from "@slack/bolt";
import { LRUCache } from "lru-cache";

/** How long a user's time zone is kept before Slack is asked again (people travel). */
const ZONE_TTL_MS = 6 * 60 * 60 * 1000;
/** How long a failed lookup is remembered, so a down Slack is not asked on every message. */
const FAILED_TTL_MS = 10 * 60 * 1000;
/** Users whose zone is kept at once. */
const MAX_USERS = 10_000;
/** Longest wait for `users.info` before the turn goes on without the zone (the process's own is used). */
export const ZONE_LOOKUP_WAIT_MS = 1_500;

/**
 * Each Slack user's time zone (`users.info` → `user.tz`, an IANA name), kept for a few hours: what
 * "today" is for them in the prompt and in the dates they are shown. Never fails a turn: a lookup
 * that fails or outlasts {@link ZONE_LOOKUP_WAIT_MS} gives undefined (the process's zone is used).
 */
export class UserTimeZones {
  private readonly zones = new LRUCache<string, { zone: string | undefined }>({ max: MAX_USERS });

  async of(client: webApi.WebClient, owner: { teamId: string; userId: string }): Promise<string | undefined> {
    const key = `${owner.teamId}:${owner.userId}`;
    const known = this.zones.get(key);
    if (known) return known.zone;
    const lookup = client.users.info({ user: owner.userId }).then(
      (info) => ({
        zone: typeof info.user?.tz === "string" && info.user.tz !== "" ? info.user.tz : undefined,
      }),
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ZONE_LOOKUP_WAIT_MS);
    });
    const found = await Promise.race([lookup, late]);
    clearTimeout(timer);
    if (found) this.zones.set(key, found, { ttl: ZONE_TTL_MS });
    else {
      this.zones.set(key, { zone: undefined }, { ttl: FAILED_TTL_MS });
      // A slow answer that comes after all is kept for the next message.
      void lookup.then((late) => late && this.zones.set(key, late, { ttl: ZONE_TTL_MS }));
    }
    return found?.zone;
  }
}
