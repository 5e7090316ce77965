import { createServer, type IncomingMessage, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import type { Logger } from "../logging/logger.js";
import { hasAdminToken, tokenAuth } from "./admin-auth.js";
import type { AuthThrottle } from "./auth-throttle.js";
import { checkHealth, type HealthOptions } from "./health.js";
import { errorResponse } from "./json-errors.js";

/** Slack's Events API path; requests to it go to Bolt's own Node listener, not through Hono. */
export const SLACK_EVENTS_PATH = "/slack/events";

export const ADMIN_API_OFF_MESSAGE =
  "the admin API is off: set ADMIN_TOKEN (at least 16 characters) and restart";

export const METRICS_OFF_MESSAGE =
  "metrics are off: set METRICS_TOKEN or ADMIN_TOKEN (at least 16 characters) and restart";

/** What `GET /metrics` serves: the app's registry in Prometheus' text format. */
export interface MetricsEndpoint {
  scrape(): Promise<{ contentType: string; body: string }>;
  /** `METRICS_TOKEN`: opens `/metrics` alone (the admin token opens it too). */
  token?: string | undefined;
}

export interface HttpServerOptions {
  logger: Logger;
  /** `GET /healthz`: 200 `ok`, or 503 `degraded` when a critical part fails (see checkHealth). */
  health: HealthOptions;
  /** HTTP mode: the Node listener for `/slack/events` (Bolt's receiver behind the Slack guard). */
  slack?: RequestListener | undefined;
  /** The `/admin/*` routes; when undefined the API is off and answers 404 `admin_api_off`. */
  admin?: Hono | undefined;
  /**
   * `ADMIN_TOKEN`: `/healthz` shows its details (paths, hosts, queues) only to a request bearing it;
   * to anyone else, and to everyone when unset, only its status.
   */
  adminToken?: string | undefined;
  /** Wrong tokens per address (the admin API's own). */
  throttle: AuthThrottle;
  /**
   * `GET /metrics`, behind `METRICS_TOKEN` or `ADMIN_TOKEN`; answers 404 `metrics_off` when absent or
   * when neither token is set.
   */
  metrics?: MetricsEndpoint | undefined;
  /** Each Slack request's time to its acknowledgement (the response sent), in seconds. */
  onSlackAck?: ((seconds: number) => void) | undefined;
}

/**
 * The one HTTP server of the process, in every mode: `/slack/events` (HTTP mode) is handed to Bolt's
 * raw Node listener; everything else (`GET /healthz`, `/admin/*`) is a Hono app. Client mistakes get
 * 4xx with a JSON `{error, message, details?}`, never a 500.
 */
export class HttpServer {
  private readonly server: Server;
  private readonly log: Logger;

  constructor(options: HttpServerOptions) {
    this.log = options.logger.child({ component: "http" });
    const app = new Hono();
    const throttle = options.throttle;
    // Readiness: the dependencies are usable (200 ok, or 503 degraded); /healthz is its older name.
    const ready = async (c: Context) => {
      const details = hasAdminToken(c, options.adminToken, throttle);
      const report = await checkHealth(options.health);
      return c.json(details ? report.body : { status: report.body.status }, report.httpStatus);
    };
    app.get("/healthz", ready);
    app.get("/readyz", ready);
    // Liveness: the process answers. No dependency is probed, so an outage never gets it restarted.
    app.get("/livez", (c) => c.json({ status: "ok" }));
    const metricTokens = [options.metrics?.token, options.adminToken].filter((t): t is string => !!t);
    const metrics = options.metrics;
    if (metrics && metricTokens.length > 0) {
      app.get("/metrics", tokenAuth(metricTokens, throttle), async () => {
        const { contentType, body } = await metrics.scrape();
        return new Response(body, { headers: { "content-type": contentType } });
      });
    } else {
      app.get("/metrics", (c) => c.json({ error: "metrics_off", message: METRICS_OFF_MESSAGE }, 404));
    }
    if (options.admin) app.route("/", options.admin);
    else app.all("/admin/*", (c) => c.json({ error: "admin_api_off", message: ADMIN_API_OFF_MESSAGE }, 404));
    app.notFound((c) =>
      c.json({ error: "not_found", message: `no route for ${c.req.method} ${c.req.path}` }, 404),
    );
    app.onError((err) => errorResponse(err, this.log));

    // With its default, the adapter puts its own Request/Response (subclasses of the platform's) on
    // globalThis: Hono's middleware (bodyLimit) builds Requests from the adapter's, which the platform's
    // constructor refuses.
    const hono = getRequestListener(app.fetch);
    const slack = options.slack;
    const onSlackAck = options.onSlackAck;
    this.server = createServer((req, res) => {
      if (slack && pathOf(req) === SLACK_EVENTS_PATH) {
        if (onSlackAck) {
          const started = performance.now();
          res.once("finish", () => onSlackAck((performance.now() - started) / 1000));
        }
        slack(req, res);
      } else void hono(req, res);
    });
  }

  /** Listens on host:port (port 0 picks a free one) and returns the bound port. */
  async listen(host: string, port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    const bound = (this.server.address() as AddressInfo).port;
    this.log.info({ host, port: bound }, "HTTP server listening");
    return bound;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
