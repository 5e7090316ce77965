import type { Hono } from "hono";
import { AppError } from "../core/errors.js";
import type { HistoryService } from "../history/index.js";
import { scopeOf } from "./validation.js";

const MAX_CONVERSATION_ID_CHARS = 300;

/** `/admin/history/*`: a user's conversations in one workspace (summary + recent turns), and deleting one. */
export function registerHistoryRoutes(
  app: Hono,
  deps: { history: HistoryService; defaultTeam: string },
): void {
  app.get("/admin/history/:userId", async (c) => {
    const { teamId, userId } = scopeOf(c, deps.defaultTeam);
    return c.json({ conversations: await deps.history.list(userId, { teamId }) });
  });

  app.delete("/admin/history/:userId/:conversationId", async (c) => {
    const { teamId, userId } = scopeOf(c, deps.defaultTeam);
    const conversationId = c.req.param("conversationId");
    if (!conversationId || conversationId.length > MAX_CONVERSATION_ID_CHARS)
      throw new AppError("bad_request", "conversationId is not valid", {
        details: { field: "conversationId" },
      });
    if (!(await deps.history.delete(userId, conversationId, { teamId }))) {
      throw new AppError("not_found", `no conversation ${conversationId} for user ${userId}`);
    }
    return c.json({ deleted: conversationId });
  });
}
