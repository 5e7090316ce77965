/** The Socket Mode half of the fake Slack: a WebSocket server that sends envelopes and records acks. */
import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";

/** Path of the Socket Mode WebSocket on the fake's port. */
export const SOCKET_PATH = "/socket";
/** How often the fake pings clients (the Slack client gives up after 30 s without a ping). */
const SERVER_PING_MS = 5_000;
/** How long `close()` lets clients finish the close handshake before terminating them. */
const CLOSE_GRACE_MS = 1_000;

/** An ack a Socket Mode client sent back. */
export interface SocketAck {
  envelope_id: string;
  payload?: unknown;
  time: number;
}

/** Options of one envelope. */
export interface SendEventOptions {
  retryAttempt?: number;
  retryReason?: string;
  /** How long to wait for a client and then for its ack. Default 5000 ms. */
  timeoutMs?: number;
}

/** Socket Mode controls of the fake Slack. */
export interface FakeSlackSocket {
  /** Acks received, in order. */
  readonly acks: SocketAck[];
  /** Number of currently open client connections. */
  connectionCount(): number;
  /** Resolves when a client is connected (immediately if one is). */
  waitForConnection(timeoutMs?: number): Promise<void>;
  /** Resolves when no client is connected any more. */
  waitForDisconnect(timeoutMs?: number): Promise<void>;
  /** Sends an `events_api` envelope wrapping `payload`; resolves with the client's ack. */
  sendEvent(payload: unknown, opts?: SendEventOptions): Promise<SocketAck>;
  /** Sends any envelope (e.g. `slash_commands`, `interactive`); resolves with the ack. */
  sendEnvelope(type: string, payload: unknown, opts?: { timeoutMs?: number }): Promise<SocketAck>;
}

/** The server side: attach to an HTTP server's `upgrade` event, close with the fake. */
export interface SocketModeServer extends FakeSlackSocket {
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/** Creates the Socket Mode server (no port of its own: it shares the fake's HTTP server). */
export function createSocketModeServer(appId: string): SocketModeServer {
  const wss = new WebSocketServer({ noServer: true });
  const acks: SocketAck[] = [];
  const ackWaiters = new Map<string, (ack: SocketAck) => void>();
  const connectionWaiters = new Set<() => void>();
  const open = (): WebSocket[] => [...wss.clients].filter((c) => c.readyState === c.OPEN);

  wss.on("connection", (ws) => {
    const pinger = setInterval(() => ws.ping(), SERVER_PING_MS);
    ws.once("close", () => clearInterval(pinger));
    ws.on("message", (data) => {
      const ack = parseAck(data.toString());
      if (!ack) return;
      acks.push(ack);
      ackWaiters.get(ack.envelope_id)?.(ack);
    });
    ws.send(
      JSON.stringify({
        type: "hello",
        num_connections: 1,
        connection_info: { app_id: appId },
        debug_info: { host: "fake", approximate_connection_time: 3600 },
      }),
    );
    for (const notify of connectionWaiters) notify();
    connectionWaiters.clear();
  });

  const waitForConnection = (timeoutMs = 5_000): Promise<void> => {
    if (open().length > 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        connectionWaiters.delete(done);
        reject(new Error(`fake slack: no Socket Mode client connected within ${timeoutMs} ms`));
      }, timeoutMs);
      connectionWaiters.add(done);
    });
  };

  const send = async (envelope: Record<string, unknown>, timeoutMs: number): Promise<SocketAck> => {
    const started = Date.now();
    await waitForConnection(timeoutMs);
    const client = open()[0];
    if (!client) throw new Error("fake slack: Socket Mode client went away");
    const envelopeId = String(envelope["envelope_id"]);
    const acked = new Promise<SocketAck>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          ackWaiters.delete(envelopeId);
          reject(
            new Error(
              `fake slack: envelope ${envelopeId} (${envelope["type"]}) not acked in ${timeoutMs} ms`,
            ),
          );
        },
        Math.max(1, timeoutMs - (Date.now() - started)),
      );
      ackWaiters.set(envelopeId, (ack) => {
        clearTimeout(timer);
        ackWaiters.delete(envelopeId);
        resolve(ack);
      });
    });
    client.send(JSON.stringify(envelope));
    return acked;
  };

  return {
    acks,
    connectionCount: () => open().length,
    waitForConnection,
    sendEvent: (payload, opts = {}) =>
      send(
        {
          envelope_id: randomUUID(),
          type: "events_api",
          accepts_response_payload: false,
          retry_attempt: opts.retryAttempt ?? 0,
          retry_reason: opts.retryReason ?? "",
          payload,
        },
        opts.timeoutMs ?? 5_000,
      ),
    sendEnvelope: (type, payload, opts = {}) =>
      send(
        { envelope_id: randomUUID(), type, accepts_response_payload: true, payload },
        opts.timeoutMs ?? 5_000,
      ),
    handleUpgrade: (req, socket, head) => {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
    },
    waitForDisconnect: async (timeoutMs = 5_000) => {
      if (!(await pollUntil(() => open().length === 0, timeoutMs))) {
        throw new Error(`fake slack: Socket Mode client still connected after ${timeoutMs} ms`);
      }
    },
    close: async () => {
      // Bolt's `app.stop()` resolves before its close handshake ends; closing politely first (then
      // terminating stragglers) keeps the client from logging a WebSocket error.
      for (const client of wss.clients)
        if (client.readyState === client.OPEN) client.close(1001, "fake closing");
      await pollUntil(() => wss.clients.size === 0, CLOSE_GRACE_MS);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Polls `condition` every 10 ms; resolves whether it became true within `timeoutMs`. */
async function pollUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

function parseAck(text: string): SocketAck | undefined {
  try {
    const msg = JSON.parse(text) as { envelope_id?: unknown; payload?: unknown };
    return typeof msg.envelope_id === "string"
      ? { envelope_id: msg.envelope_id, payload: msg.payload, time: Date.now() }
      : undefined;
  } catch (err) {
    // Not an ack (the client only sends JSON acks); ignore anything else but say so.
    console.warn(`fake slack: ignoring non-JSON socket message: ${String(err)}`);
    return undefined;
  }
}
