/**
 * The test PGlite (fixtures/pglite-server.ts) is one PostgreSQL session behind a socket server that
 * many connections share. A connection's extended-protocol batch (Parse … Sync) must run as a unit:
 * another connection's Parse or Bind between its messages replaces the unnamed statement or portal
 * it meant, and it runs the other's query (electric-sql/pglite#1046). Under load a batch arrives in
 * several TCP reads; the raw client below sends one in two writes to make that happen every time.
 */
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteServer, startPgliteServer } from "../../fixtures/pglite-server.js";

let server: PgliteServer;

beforeAll(async () => {
  server = await startPgliteServer();
}, 60_000);

afterAll(async () => {
  await server.stop();
});

/** A frontend message: its type byte, then its length and body. */
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const cstring = (s: string) => Buffer.from(`${s}\0`, "utf8");
const int16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** A wire-protocol client that writes exactly the bytes it is given, when it is given them. */
class RawClient {
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
  }

  static async connect(url: string): Promise<RawClient> {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const client = new RawClient(socket);
    const params = Buffer.concat([
      cstring("user"),
      cstring("postgres"),
      cstring("database"),
      cstring("postgres"),
      cstring(""),
    ]);
    socket.write(Buffer.concat([int32(params.length + 8), int32(196608), params]));
    await client.untilReady();
    return client;
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** The backend messages up to and including ReadyForQuery, as [type, body]. */
  async untilReady(): Promise<Array<[string, Buffer]>> {
    const messages: Array<[string, Buffer]> = [];
    for (;;) {
      while (this.buffered.length >= 5 && this.buffered.length >= 1 + this.buffered.readInt32BE(1)) {
        const length = this.buffered.readInt32BE(1);
        const type = String.fromCharCode(this.buffered[0]!);
        messages.push([type, this.buffered.subarray(5, 1 + length)]);
        this.buffered = this.buffered.subarray(1 + length);
        if (type === "Z") return messages;
      }
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  end(): void {
    this.socket.end(message("X"));
  }
}

/** The first column of the first DataRow among `messages`, or the ErrorResponse's text. */
function firstValue(messages: Array<[string, Buffer]>): string {
  const error = messages.find(([type]) => type === "E");
  if (error) return `error: ${error[1].toString("utf8")}`;
  const row = messages.find(([type]) => type === "D");
  if (!row) return "no row";
  const length = row[1].readInt32BE(2);
  return row[1].subarray(6, 6 + length).toString("utf8");
}

describe("the test PGlite server", () => {
  it("runs one connection's Parse … Sync as a unit while another connection queries", async () => {
    const raw = await RawClient.connect(server.url);
    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    try {
      // The raw client's batch, first half: Parse of an unnamed statement.
      raw.write(message("P", cstring(""), cstring("SELECT ($1::bigint + 1)::text AS v"), int16(0)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Another connection's whole query (its own unnamed statement and portal) arrives in between.
      const otherAnswer = other.query<{ v: string }>("SELECT $1::text AS v", ["from the other"]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Second half: Bind "41", Execute, Sync.
      raw.write(
        Buffer.concat([
          message("B", cstring(""), cstring(""), int16(0), int16(1), int32(2), Buffer.from("41"), int16(0)),
          message("E", cstring(""), int32(0)),
          message("S"),
        ]),
      );
      expect(firstValue(await raw.untilReady())).toBe("42");
      expect((await otherAnswer).rows[0]!.v).toBe("from the other");
    } finally {
      raw.end();
      await other.end();
    }
  });

  it("answers every concurrent parameterised query of many connections with its own values", async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 8 });
    try {
      const asArray = (i: number) =>
        pool.query<{ v: string[] }>("SELECT $1::text[] AS v", [[`a${i}`, `b${i}`]]).then((r) => r.rows[0]!.v);
      const asNumber = (i: number) =>
        pool.query<{ v: string }>("SELECT ($1::bigint + 1)::text AS v", [i]).then((r) => r.rows[0]!.v);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? asArray(i) : asNumber(i))),
      );
      answers.forEach((answer, i) =>
        expect(answer).toEqual(i % 2 === 0 ? [`a${i}`, `b${i}`] : String(i + 1)),
      );
    } finally {
      await pool.end();
    }
  });

  it("serves others after a client leaves in the middle of a batch or a transaction", async () => {
    // A batch whose Parse fails (the session then ignores all but Sync), left without its Sync.
    const midBatch = await RawClient.connect(server.url);
    midBatch.write(message("P", cstring(""), cstring("SELEC nothing"), int16(0)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    midBatch.end();
    // A transaction left open.
    const inTransaction = new pg.Client({ connectionString: server.url });
    await inTransaction.connect();
    await inTransaction.query("BEGIN");
    await inTransaction.query("CREATE TEMP TABLE left_behind (x int)");
    await inTransaction.end();

    const next = new pg.Client({ connectionString: server.url });
    await next.connect();
    try {
      const { rows } = await next.query<{ open: boolean; v: string }>(
        "SELECT to_regclass('left_behind') IS NOT NULL AS open, $1::text AS v",
        ["answered"],
      );
      // The left transaction was rolled back (its table is gone) and the session answers.
      expect(rows[0]).toEqual({ open: false, v: "answered" });
    } finally {
      await next.end();
    }
  });
});
