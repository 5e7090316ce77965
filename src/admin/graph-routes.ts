import type { Hono } from "hono";
import { AppError } from "../core/errors.js";
import type { GraphService } from "../graph/graph-service.js";
import { USER_NAMES } from "../graph/graph-port.js";
import { scopeOf } from "./validation.js";

const MAX_ENTITY_CHARS = 200;

/** `/admin/graph/*`: a user's whole graph (nodes and relations, history included) and one entity. */
export function registerGraphRoutes(app: Hono, deps: { graph: GraphService; defaultTeam: string }): void {
  app.get("/admin/graph/:userId", async (c) => {
    return c.json(await deps.graph.snapshot(scopeOf(c, deps.defaultTeam)));
  });

  app.get("/admin/graph/:userId/entity/:name", async (c) => {
    const key = scopeOf(c, deps.defaultTeam);
    const name = c.req.param("name").trim();
    if (!name || name.length > MAX_ENTITY_CHARS) {
      throw new AppError("bad_request", `name must be 1–${MAX_ENTITY_CHARS} characters`, {
        details: { field: "name" },
      });
    }
    // The user's own facts are shown under "you" / "나" (graph-port.ts USER_NAMES): either finds them.
    const asked = name.toLowerCase() === USER_NAMES.en ? USER_NAMES.ko : name;
    const found = await deps.graph.queryEntity({ ...key, name: asked });
    if (!found) throw new AppError("not_found", `no entity "${name}" in the graph of ${key.userId}`);
    return c.json(found);
  });
}
