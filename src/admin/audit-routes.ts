import type { Hono } from "hono";
import type { AuditLog, StoredAuditEvent } from "../core/audit.js";
import { idSchema, intParam, parseOr400 } from "./validation.js";

const MAX_AUDIT_LIMIT = 500;

/** The admin view of an audit event: ids only, never a memory's text. */
export function auditView(event: StoredAuditEvent): Record<string, unknown> {
  return {
    seq: event.seq,
    at: event.at,
    time: new Date(event.at).toISOString(),
    actor: event.actor,
    action: event.action,
    ids: event.ids,
    team_id: event.owner.teamId,
    user_id: event.owner.userId,
  };
}

/** `GET /admin/audit?user=&team=&limit=&cursor=`: who touched a memory, newest first, paged. */
export function registerAuditRoutes(app: Hono, deps: { audit: AuditLog }): void {
  app.get("/admin/audit", async (c) => {
    const limit = intParam(c, "limit", { min: 1, max: MAX_AUDIT_LIMIT, default: 50 });
    const user = c.req.query("user")?.trim();
    const team = c.req.query("team")?.trim();
    const page = await deps.audit.page({
      limit,
      cursor: c.req.query("cursor") || undefined,
      userId: user ? parseOr400(idSchema, user, "user") : undefined,
      teamId: team ? parseOr400(idSchema, team, "team") : undefined,
    });
    return c.json({ items: page.items.map(auditView), nextCursor: page.nextCursor });
  });
}
