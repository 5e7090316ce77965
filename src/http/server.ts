import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { toAppError } from "../errors.js";
import { readJson, type Router, sendJson } from "./router.js";

const STATUS: Record<string, number> = { bad_request: 400, unauthorized: 401, not_found: 404 };

export interface HttpServerOptions {
  logger: Logger;
  /** `GET /healthz` body; status 200 whatever the parts' states (they are in the body). */
  health: () => Promise<Record<string, unknown>>;
  /** HTTP mode: Bolt's listener for `POST /slack/events`. */
  slack?: RequestListener | undefined;
  /** The `/admin/*` API; when undefined the API is off and answers 404. */
  admin?: Router | undefined;
}

/**
 * The one HTTP server of the process, in every mode: `/slack/events` (HTTP mode), `GET /healthz`
 * and `/admin/*`. Client mistakes get 4xx with a JSON message, never a 500.
 */
export class HttpServer {
  private readonly server: Server;
  private readonly log: Logger;

  constructor(private readonly options: HttpServerOptions) {
    this.log = options.logger.child({ component: "http" });
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: unknown) => this.fail(res, err));
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

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = (req.method ?? "GET").toUpperCase();
    if (url.pathname === "/slack/events" && this.options.slack) {
      this.options.slack(req, res);
      return;
    }
    if (url.pathname === "/healthz" && method === "GET") {
      sendJson(res, 200, await this.options.health());
      return;
    }
    if (url.pathname.startsWith("/admin/") && this.options.admin) {
      this.options.admin.guard?.(req);
      const found = this.options.admin.resolve(method, url.pathname);
      if (found === "method")
        return sendJson(res, 405, { error: "method_not_allowed", message: `${method} is not allowed here` });
      if (found) {
        const result = await found.handler({
          req,
          params: found.params,
          query: url.searchParams,
          json: () => readJson(req),
        });
        sendJson(res, result.status, result.body);
        return;
      }
    }
    sendJson(res, 404, { error: "not_found", message: `no route for ${method} ${url.pathname}` });
  }

  private fail(res: ServerResponse, err: unknown): void {
    const appError = toAppError(err);
    const status = STATUS[appError.code] ?? 500;
    if (status >= 500) this.log.error({ err: appError }, "request failed");
    if (res.headersSent) {
      res.end();
      return;
    }
    const message = status >= 500 ? "internal error" : appError.message;
    sendJson(res, status, {
      error: appError.code,
      message,
      ...(appError.details && status < 500 ? { details: appError.details } : {}),
    });
  }
}
