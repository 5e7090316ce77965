import http from "node:http";
import type { Socket } from "node:net";

/** An HTTP server on 127.0.0.1 with a random port that can always be closed, even with hung sockets. */
export interface LoopbackServer {
  server: http.Server;
  port: number;
  /** Closes the server and destroys every open socket. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts `handler` on 127.0.0.1:0. Every socket is tracked so that `close()` never waits on a
 * keep-alive connection or on a request the fake chose never to answer.
 */
export async function listenOnLoopback(handler: http.RequestListener): Promise<LoopbackServer> {
  const server = http.createServer(handler);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("loopback server has no port");
  let closing: Promise<void> | undefined;
  return {
    server,
    port: address.port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Reads a request body as UTF-8 text. */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Sends a JSON answer unless the client already went away. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Resolves after `ms` milliseconds (immediately for 0). */
export function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
