import { AppError } from "../errors.js";
import type { HistoryService } from "../history/index.js";
import type { Router } from "../http/router.js";
import { idSchema, parseOr400 } from "./validation.js";

/** `/admin/history/*`: a user's conversations (summary + recent turns) and deleting one. */
export function registerHistoryRoutes(router: Router, deps: { history: HistoryService }): void {
  router.add("GET", "/admin/history/:userId", async ({ params }) => {
    const userId = parseOr400(idSchema, params.userId, "userId");
    return { status: 200, body: { conversations: await deps.history.list(userId) } };
  });

  router.add("DELETE", "/admin/history/:userId/:conversationId", async ({ params }) => {
    const userId = parseOr400(idSchema, params.userId, "userId");
    const conversationId = params.conversationId ?? "";
    if (!conversationId || conversationId.length > 300)
      throw new AppError("bad_request", "conversationId is not valid");
    if (!(await deps.history.delete(userId, conversationId))) {
      throw new AppError("not_found", `no conversation ${conversationId} for user ${userId}`);
    }
    return { status: 200, body: { deleted: conversationId } };
  });
}
