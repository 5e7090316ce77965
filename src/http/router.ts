import type { IncomingMessage, ServerResponse } from "node:http";
import { match, type MatchFunction } from "path-to-regexp";
import { AppError } from "../errors.js";

/** What a route handler gets: decoded path params, the query, and a lazy JSON body reader. */
export interface RouteContext {
  req: IncomingMessage;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parses the body as JSON; AppError `bad_request` for bad JSON or a body over the limit. */
  json(): Promise<unknown>;
}

export interface RouteResult {
  status: number;
  body: unknown;
}

export type RouteHandler = (ctx: RouteContext) => Promise<RouteResult>;

interface Route {
  method: string;
  matcher: MatchFunction<Record<string, string>>;
  handler: RouteHandler;
}

/** Largest JSON body accepted by the admin API. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A small JSON router (path-to-regexp patterns) for the admin API. */
export class Router {
  private readonly routes: Route[] = [];

  /** `guard` runs before routing every request (e.g. bearer auth), so unknown paths also need it. */
  constructor(readonly guard?: (req: IncomingMessage) => void) {}

  add(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, matcher: match(pattern, { decode: decodeURIComponent }), handler });
    return this;
  }

  /** The handler for a request, or undefined when no pattern matches the path. 405 when only the method differs. */
  resolve(
    method: string,
    path: string,
  ): { handler: RouteHandler; params: Record<string, string> } | "method" | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      let result: ReturnType<typeof route.matcher>;
      try {
        result = route.matcher(path);
      } catch (err) {
        throw new AppError("bad_request", "malformed URL path", { cause: err });
      }
      if (!result) continue;
      pathMatched = true;
      if (route.method === method) return { handler: route.handler, params: result.params };
    }
    return pathMatched ? "method" : undefined;
  }
}

/** Reads a request body as JSON, bounded by MAX_BODY_BYTES. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new AppError("bad_request", `body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw new AppError("bad_request", "body must be JSON");
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new AppError("bad_request", "body is not valid JSON", { cause: err });
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}
