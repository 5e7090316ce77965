import { AppError } from "../errors.js";
import type { GraphService } from "../graph/graph-service.js";
import type { Router } from "../http/router.js";
import { idSchema, parseOr400 } from "./validation.js";

const MAX_ENTITY_CHARS = 200;

/** `/admin/graph/*`: a user's whole graph (nodes and relations, history included) and one entity. */
export function registerGraphRoutes(
  router: Router,
  deps: { graph: GraphService; teamOf: (query: URLSearchParams) => string },
): void {
  const keyOf = (params: Record<string, string>, query: URLSearchParams) => ({
    teamId: parseOr400(idSchema, deps.teamOf(query), "team"),
    userId: parseOr400(idSchema, params.userId, "userId"),
  });

  router.add("GET", "/admin/graph/:userId", async ({ params, query }) => {
    const snapshot = await deps.graph.snapshot(keyOf(params, query));
    return { status: 200, body: snapshot };
  });

  router.add("GET", "/admin/graph/:userId/entity/:name", async ({ params, query }) => {
    const key = keyOf(params, query);
    const name = (params.name ?? "").trim();
    if (!name || name.length > MAX_ENTITY_CHARS) {
      throw new AppError("bad_request", `name must be 1–${MAX_ENTITY_CHARS} characters`, {
        details: { field: "name" },
      });
    }
    const found = await deps.graph.queryEntity({ ...key, name });
    if (!found) throw new AppError("not_found", `no entity "${name}" in the graph of ${key.userId}`);
    return { status: 200, body: found };
  });
}
