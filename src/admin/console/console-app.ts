import { readFileSync } from "node:fs";
import { z } from "zod";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { isAppError } from "../../core/errors.js";
import type { GraphService } from "../../graph/graph-service.js";
import type { HistoryService } from "../../history/index.js";
import type { MemoryLifecycle } from "../../memory/lifecycle/memory-lifecycle.js";
import { type AuthThrottle, clientAddress } from "../../http/auth-throttle.js";
import { retryAfterHeader } from "../../http/json-errors.js";
import { tokensMatch } from "../../http/admin-auth.js";
import { searchParams, searchResultView } from "../memory-routes.js";
import { idSchema, intParam, memoryIdSchema, parseOr400, scopeOf } from "../validation.js";
import { drawGraph } from "./graph-picture.js";
import { AUDIT_PATH, auditPage } from "./audit-page.js";
import type { AuditLog } from "../../core/audit.js";
import type { Owner } from "../../core/types.js";
import {
  ASSETS_PATH,
  CONSOLE_PATH,
  confirmDeleteConversationPage,
  confirmDeleteMemoryPage,
  errorPage,
  ICON_PATH,
  graphPage,
  historyPage,
  homePage,
  memoriesPage,
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  signInPage,
  userPath,
} from "./pages.js";
import { type ConsoleSession, type ConsoleSessions, SESSION_TTL_MS } from "./sessions.js";

/** The session cookie: HttpOnly, SameSite=Strict, Path=/admin, Secure behind https. */
export const SESSION_COOKIE = "admin_session";
const COOKIE_PATH = "/admin";
const LIST_LIMIT = 50;
/** A page's offset among the user's memories, newest first (the console's list cursor). */
const offsetCursorSchema = z.coerce.number().int().min(0).max(100_000_000);
const MAX_TOKEN_CHARS = 1024;
const MAX_CONVERSATION_ID_CHARS = 300;

/**
 * What the console's pages may load: only the app's own stylesheet; no script at all, no plugin, no
 * framing; forms post only to the app.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The console's own files, served by the app: no CDN, nothing from another origin. */
const ASSETS: Record<string, { body: string; type: string }> = {
  [ASSETS_PATH]: { body: readAsset("console.css"), type: "text/css; charset=utf-8" },
  [ICON_PATH]: { body: readAsset("favicon.svg"), type: "image/svg+xml" },
};

function readAsset(name: string): string {
  return readFileSync(new URL(`./${name}`, import.meta.url), "utf8");
}

/** True for the console's paths, which the bearer-token JSON API's auth leaves to the console. */
export function isConsolePath(path: string): boolean {
  return path === "/admin" || path === CONSOLE_PATH || path.startsWith("/admin/console/");
}

export interface ConsoleOptions {
  /** `ADMIN_TOKEN`: what signing in takes. */
  token: string;
  defaultTeam: string;
  memory: MemoryLifecycle;
  history: HistoryService;
  graph: GraphService;
  sessions: ConsoleSessions;
  /** Counts wrong tokens per address at sign-in (the API's throttle). */
  throttle: AuthThrottle;
  /** Who touched a memory: the audit pages. */
  audit: AuditLog;
}

type Env = { Variables: { session: ConsoleSession | undefined } };

/**
 * The admin console: server-rendered pages at `/admin/` (sign in with the admin token, pick a user;
 * their memories with search and each retriever's rank and score, their conversations, a picture of
 * their knowledge graph) and `/admin/console/*`. It calls the same services as the JSON API
 * (`MemoryLifecycle` for search, list and delete, `HistoryService`, `GraphService`), with the same
 * validation and views.
 *
 * Security: the token is posted once and compared in constant time; the browser then holds a random
 * session id in an HttpOnly, SameSite=Strict cookie (Path=/admin, Secure behind https). Every POST must
 * come from the console's own origin (Origin or Sec-Fetch-Site, Hono's `csrf`) and, once signed in,
 * carry the session's synchronizer token. Pages are escaped templates under a CSP without scripts.
 */
export function createConsole(options: ConsoleOptions): Hono<Env> {
  const { sessions, throttle } = options;
  const app = new Hono<Env>();
  const paths = ["/admin", CONSOLE_PATH, "/admin/console/*"];
  const guard: MiddlewareHandler<Env> = async (c, next) => {
    c.set("session", sessions.get(getCookie(c, SESSION_COOKIE)));
    await next();
    c.header("cache-control", ASSETS[c.req.path] ? "private, max-age=300" : "no-store");
  };
  for (const path of paths) {
    app.use(
      path,
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
        strictTransportSecurity: false,
        xFrameOptions: "DENY",
      }),
      // A cross-site form post (no same-origin Origin nor Sec-Fetch-Site) is refused before any route.
      csrf({ origin: (origin, c) => sameHost(origin, c) }),
      guard,
    );
  }
  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      const message = err.status === 403 ? "This request did not come from the console." : err.message;
      return c.html(errorPage({ status: err.status, message }), err.status);
    }
    if (isAppError(err, "bad_request")) return c.html(errorPage({ status: 400, message: err.message }), 400);
    if (isAppError(err, "not_found")) return c.html(errorPage({ status: 404, message: err.message }), 404);
    if (isAppError(err, "too_many_requests")) {
      const message = "Too many wrong tokens from this address. Wait a minute, then try again.";
      return c.html(errorPage({ status: 429, message }), 429, retryAfterHeader(err.details));
    }
    throw err;
  });

  app.get("/admin", (c) => c.redirect(CONSOLE_PATH, 308));
  for (const [path, asset] of Object.entries(ASSETS))
    app.get(path, (c) => c.body(asset.body, 200, { "content-type": asset.type }));

  app.get(CONSOLE_PATH, async (c) => {
    const session = c.get("session");
    if (!session) return c.html(signInPage({}));
    const users = (await options.memory.users()).sort(
      (a, b) => a.teamId.localeCompare(b.teamId) || a.userId.localeCompare(b.userId),
    );
    return c.html(homePage({ csrf: session.csrf, users, defaultTeam: options.defaultTeam }));
  });

  app.post(SIGN_IN_PATH, async (c) => {
    const body = await c.req.parseBody();
    const token = typeof body.token === "string" ? body.token : "";
    const address = clientAddress(c);
    throttle.check(address);
    if (token.length > MAX_TOKEN_CHARS || !tokensMatch(token, options.token)) {
      throttle.failed(address);
      return c.html(signInPage({ error: "That is not the admin token." }), 401);
    }
    const previous = c.get("session");
    if (previous) sessions.end(previous.id);
    const session = sessions.create();
    setCookie(c, SESSION_COOKIE, session.id, {
      httpOnly: true,
      sameSite: "Strict",
      path: COOKIE_PATH,
      secure: isHttps(c),
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    return c.redirect(CONSOLE_PATH, 303);
  });

  // Everything below needs a session: a page without one goes to sign-in; a post is refused.
  app.use("/admin/console/*", async (c, next) => {
    if (ASSETS[c.req.path] || c.req.path === SIGN_IN_PATH) return next();
    const session = c.get("session");
    if (!session) {
      if (c.req.method === "GET" || c.req.method === "HEAD") return c.redirect(CONSOLE_PATH, 303);
      return c.html(errorPage({ status: 401, message: "Sign in first." }), 401);
    }
    if (c.req.method === "POST") {
      const body = await c.req.parseBody();
      if (!sessions.csrfMatches(session, body.csrf)) throw new HTTPException(403);
    }
    return next();
  });

  app.post(SIGN_OUT_PATH, (c) => {
    sessions.end(c.get("session")!.id);
    deleteCookie(c, SESSION_COOKIE, {
      path: COOKIE_PATH,
      secure: isHttps(c),
      httpOnly: true,
      sameSite: "Strict",
    });
    return c.redirect(CONSOLE_PATH, 303);
  });

  app.get("/admin/console/users", (c) => {
    const user = parseOr400(idSchema, c.req.query("user")?.trim(), "user");
    const teamId = parseOr400(idSchema, c.req.query("team")?.trim() || options.defaultTeam, "team");
    return c.redirect(userPath({ teamId, userId: user }, "memories"), 303);
  });

  app.get("/admin/console/users/:userId/memories", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    const csrfToken = c.get("session")!.csrf;
    const deleted = c.req.query("deleted");
    const notice = deleted ? `Deleted memory ${deleted}.` : undefined;
    if (c.req.query("q")?.trim()) {
      const { q, k, topic } = searchParams(c, options.memory.recallTopK);
      const results = await options.memory.search(user, q, { k, topic });
      await options.memory.recordRead(
        user,
        results.map((r) => r.id),
        "console-session",
      );
      return c.html(
        memoriesPage({ csrf: csrfToken, user, notice, q, k, results: results.map(searchResultView) }),
      );
    }
    const k = intParam(c, "k", { min: 1, max: 50, default: 10 });
    const cursor = c.req.query("cursor") || undefined;
    // Newest first, as App Home lists them; the cursor is the offset of the page.
    const offset = cursor === undefined ? 0 : parseOr400(offsetCursorSchema, cursor, "cursor");
    const newest = await options.memory.newest(user, { offset, limit: LIST_LIMIT });
    const page = {
      items: newest.items,
      nextCursor: offset + LIST_LIMIT < newest.total ? String(offset + LIST_LIMIT) : null,
    };
    await options.memory.recordRead(
      user,
      page.items.map((m) => m.id),
      "console-session",
    );
    return c.html(memoriesPage({ csrf: csrfToken, user, notice, q: "", k, list: { ...page, cursor } }));
  });

  app.get("/admin/console/users/:userId/memories/:id/delete", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    const id = parseOr400(memoryIdSchema, c.req.param("id"), "id");
    const memory = await options.memory.get(user, id);
    if (!memory)
      return c.html(errorPage({ status: 404, message: `No memory ${id} for user ${user.userId}.` }), 404);
    await options.memory.recordRead(user, [memory.id], "console-session");
    return c.html(confirmDeleteMemoryPage({ csrf: c.get("session")!.csrf, user, memory }));
  });

  app.post("/admin/console/users/:userId/memories/:id/delete", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    const id = parseOr400(memoryIdSchema, c.req.param("id"), "id");
    if (!(await options.memory.delete(user, id, { actor: "console-session" })))
      return c.html(errorPage({ status: 404, message: `No memory ${id} for user ${user.userId}.` }), 404);
    return c.redirect(userPath(user, "memories", { deleted: id }), 303);
  });

  app.get("/admin/console/users/:userId/history", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    const deleted = c.req.query("deleted");
    const conversations = await options.history.list(user.userId, { teamId: user.teamId });
    return c.html(
      historyPage({
        csrf: c.get("session")!.csrf,
        user,
        conversations,
        notice: deleted ? `Deleted conversation ${deleted}.` : undefined,
      }),
    );
  });

  const conversationId = (value: unknown): string => {
    if (typeof value !== "string" || !value || value.length > MAX_CONVERSATION_ID_CHARS)
      throw new HTTPException(400, { message: "conversation id is not valid" });
    return value;
  };

  app.get("/admin/console/users/:userId/history/delete", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    const id = conversationId(c.req.query("id"));
    const conversation = (await options.history.list(user.userId, { teamId: user.teamId })).find(
      (v) => v.id === id,
    );
    if (!conversation)
      return c.html(
        errorPage({ status: 404, message: `No conversation ${id} for user ${user.userId}.` }),
        404,
      );
    return c.html(confirmDeleteConversationPage({ csrf: c.get("session")!.csrf, user, conversation }));
  });

  app.post("/admin/console/users/:userId/history/delete", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    const id = conversationId((await c.req.parseBody()).id);
    if (!(await options.history.delete(user.userId, id, { teamId: user.teamId })))
      return c.html(
        errorPage({ status: 404, message: `No conversation ${id} for user ${user.userId}.` }),
        404,
      );
    return c.redirect(userPath(user, "history", { deleted: id }), 303);
  });

  app.get("/admin/console/users/:userId/graph", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    const graph = await options.graph.snapshot(user);
    const picture = graph.relations.length ? await drawGraph(graph) : undefined;
    return c.html(graphPage({ csrf: c.get("session")!.csrf, user, graph, picture }));
  });

  const auditOf = async (c: Context<Env>, user?: Owner) =>
    options.audit.page({
      limit: LIST_LIMIT,
      cursor: c.req.query("cursor") || undefined,
      userId: user?.userId,
      teamId: user?.teamId,
    });
  app.get(AUDIT_PATH, async (c) =>
    c.html(auditPage({ csrf: c.get("session")!.csrf, page: await auditOf(c) })),
  );
  app.get("/admin/console/users/:userId/audit", async (c) => {
    const user = scopeOf(c, options.defaultTeam);
    return c.html(auditPage({ csrf: c.get("session")!.csrf, user, page: await auditOf(c, user) }));
  });

  app.all("/admin/console/*", (c) =>
    c.html(errorPage({ status: 404, message: "No such page.", csrf: c.get("session")?.csrf }), 404),
  );
  return app;
}

/** True when the request came over https (directly, or through a proxy that says so). */
function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}

/** True when `origin` names the host the request was sent to (either scheme: a TLS proxy in front). */
function sameHost(origin: string, c: Context): boolean {
  try {
    return new URL(origin).host === c.req.header("host");
  } catch {
    return false;
  }
}
