import { randomBytes } from "node:crypto";
import { tokensMatch } from "../../http/admin-auth.js";

/** How long a console session lasts after sign-in, whatever is done with it. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** Sessions kept at once; signing in past it ends the oldest. */
export const MAX_SESSIONS = 200;

export interface ConsoleSession {
  /** The cookie's value: 256 random bits, base64url. */
  id: string;
  /** The synchronizer token every state-changing form of the session carries. */
  csrf: string;
  expiresAt: number;
}

/**
 * The admin console's sessions, in memory: the browser holds only a random session id (an HttpOnly
 * cookie), never the admin token. A restart signs everyone out; so does changing `ADMIN_TOKEN`.
 */
export class ConsoleSessions {
  private readonly sessions = new Map<string, ConsoleSession>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new session; the oldest is ended when {@link MAX_SESSIONS} are open. */
  create(): ConsoleSession {
    this.sweep();
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
    const session = {
      id: randomBytes(32).toString("base64url"),
      csrf: randomBytes(32).toString("base64url"),
      expiresAt: this.now() + SESSION_TTL_MS,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session with this id, or undefined (unknown, ended or expired). */
  get(id: string | undefined): ConsoleSession | undefined {
    if (!id) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  /** True when `given` is the session's CSRF token (constant time). */
  csrfMatches(session: ConsoleSession, given: unknown): boolean {
    return typeof given === "string" && tokensMatch(given, session.csrf);
  }

  end(id: string): void {
    this.sessions.delete(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
  }
}
