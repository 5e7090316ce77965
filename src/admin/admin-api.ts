import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { GraphService } from "../graph/graph-service.js";
import type { HistoryService } from "../history/index.js";
import type { MemoryLifecycle } from "../memory/lifecycle/memory-lifecycle.js";
import type { AuthThrottle } from "../http/auth-throttle.js";
import { adminAuth } from "../http/admin-auth.js";
import { createConsole, isConsolePath } from "./console/console-app.js";
import type { ConsoleSessions } from "./console/sessions.js";
import { registerGraphRoutes } from "./graph-routes.js";
import { registerHistoryRoutes } from "./history-routes.js";
import { registerMemoryRoutes } from "./memory-routes.js";
import { registerAuditRoutes } from "./audit-routes.js";
import type { AuditLog } from "../core/audit.js";

/** Largest body the admin API accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface AdminApiOptions {
  /** `ADMIN_TOKEN`: every `/admin/*` request needs it as a bearer token. */
  token: string;
  /** The workspace a request is about when it has no `?team=`: the bot's, or `local`. */
  defaultTeam: string;
  memory: MemoryLifecycle;
  history: HistoryService;
  graph: GraphService;
  /** Who touched a memory: `GET /admin/audit`. */
  audit: AuditLog;
  /** Counts wrong tokens per address (shared with `/healthz`). */
  throttle: AuthThrottle;
  /** The console's signed-in sessions. */
  sessions: ConsoleSessions;
}

/**
 * The `/admin/*` routes as a Hono app for the HTTP server: the JSON API (bearer token) and the console
 * (`/admin/`, `/admin/console/*`: a session cookie). The API's auth runs before routing, so an unknown
 * path without the token is a 401, not a 404; a known path with another method is a 405.
 */
export function createAdminApi(options: AdminApiOptions): Hono {
  const app = new Hono();
  const throttle = options.throttle;
  const auth = adminAuth(options.token, throttle);
  app.use(
    "/admin/*",
    // The console (`/admin/`, `/admin/console/*`) signs in with a form and a session cookie instead.
    (c, next) => (isConsolePath(c.req.path) ? next() : auth(c, next)),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // The rest of the body is never read: closing the connection keeps the client from sending its
      // next request after those bytes on the same socket.
      onError: (c) =>
        c.json({ error: "bad_request", message: `body is larger than ${MAX_BODY_BYTES} bytes` }, 400, {
          connection: "close",
        }),
    }),
  );
  const defaultTeam = options.defaultTeam;
  app.route("/", createConsole(options));
  registerMemoryRoutes(app, { memory: options.memory, defaultTeam });
  registerHistoryRoutes(app, { history: options.history, defaultTeam });
  registerGraphRoutes(app, { graph: options.graph, defaultTeam });
  registerAuditRoutes(app, { audit: options.audit });

  // Registered last, so they only answer when no route of the path has the request's method.
  const routePaths = new Set(
    app.routes.filter((r) => r.method !== "ALL" && !isConsolePath(r.path)).map((r) => r.path),
  );
  for (const path of routePaths) {
    app.all(path, (c) =>
      c.json({ error: "method_not_allowed", message: `${c.req.method} is not allowed here` }, 405),
    );
  }
  return app;
}
