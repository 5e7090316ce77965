import { randomUUID } from "node:crypto";
import { appendFile, open, stat, truncate } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { PgDatabase } from "../db/postgres.js";
import type { Logger } from "../logging/logger.js";
import type { Owner } from "../core/types.js";
import { PRIVATE_FILE_MODE } from "../util/private-files.js";

/**
 * Which user's memories changed, told to every process that keeps something derived from them (the
 * per-user BM25 indexes): a memory saved through replica A, the memory CLI or the admin API is
 * recalled through replica B within a second. Two transports, one contract:
 *
 * - {@link PgChangeFeed}: PostgreSQL LISTEN/NOTIFY on channel `memory_changes` (several replicas);
 * - {@link FileChangeFeed}: an append-only file under DATA_DIR (one assistant + the memory CLI).
 *
 * A process never hears its own changes (it applied them already). When changes may have been missed
 * (the feed reconnected, the file was truncated) listeners get `"all"`: drop everything derived.
 */
export interface ChangeFeed {
  readonly info: { kind: "postgres" | "file"; location: string };
  /** Tells the other processes that the owner's memories changed. Never throws (a failure is logged). */
  publish(owner: Owner): Promise<void>;
  /**
   * Calls `listener` for every change made by another process, with when it was sent (ms since the
   * epoch, the sender's clock) when the message says (its lag is a metric; `"all"` has none).
   */
  subscribe(listener: ChangeListener): void;
  /** Whether changes are being received (for `/healthz`). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A change feed's listener: the owner whose memories changed (or `"all"`), and when it was sent. */
export type ChangeListener = (change: Owner | "all", sentAt?: number) => void;

/** NOTIFY channel of {@link PgChangeFeed}. */
export const CHANGE_CHANNEL = "memory_changes";
/** Longest wait before reconnecting a dropped LISTEN connection. */
const MAX_RECONNECT_MS = 5_000;

interface ChangeMessage {
  o: string;
  t: string;
  u: string;
  /** When it was sent, ms since the epoch (absent in messages of earlier versions). */
  s?: number;
}

function parseMessage(text: string): ChangeMessage | undefined {
  try {
    const message = JSON.parse(text) as Partial<ChangeMessage>;
    return typeof message.o === "string" && typeof message.t === "string" && typeof message.u === "string"
      ? (message as ChangeMessage)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Listeners and the origin filter both transports share. */
abstract class BaseFeed {
  /** This process's id: its own messages are not delivered back to it. */
  protected readonly origin = randomUUID();
  private readonly listeners: ChangeListener[] = [];

  subscribe(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  protected message(owner: Owner): string {
    return JSON.stringify({
      o: this.origin,
      t: owner.teamId,
      u: owner.userId,
      s: Date.now(),
    } satisfies ChangeMessage);
  }

  protected deliver(text: string): void {
    const message = parseMessage(text);
    if (message === undefined || message.o === this.origin) return;
    const sentAt = typeof message.s === "number" && Number.isFinite(message.s) ? message.s : undefined;
    this.emit({ teamId: message.t, userId: message.u }, sentAt);
  }

  protected emit(change: Owner | "all", sentAt?: number): void {
    for (const listener of this.listeners) listener(change, sentAt);
  }
}

/**
 * LISTEN/NOTIFY: `publish` is one `pg_notify` through the pool; one dedicated connection listens and
 * reconnects with backoff when it drops, telling listeners `"all"` once it is back (notifications sent
 * while it was away are lost by PostgreSQL's design).
 */
export class PgChangeFeed extends BaseFeed implements ChangeFeed {
  readonly info: ChangeFeed["info"];
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  /** Publishing needs nothing more; a process that subscribes calls {@link listen}. */
  constructor(
    private readonly db: PgDatabase,
    private readonly logger: Logger,
  ) {
    super();
    this.info = { kind: "postgres", location: `${db.location} channel ${CHANGE_CHANNEL}` };
  }

  /** Opens the listening connection (a failure is thrown: the start should stop). */
  async listen(): Promise<void> {
    if (this.client === undefined) await this.connect();
  }

  async publish(owner: Owner): Promise<void> {
    try {
      await this.db.run("change notify", (client) =>
        client.query("SELECT pg_notify($1, $2)", [CHANGE_CHANNEL, this.message(owner)]),
      );
    } catch (err) {
      this.logger.warn(
        { err, teamId: owner.teamId, userId: owner.userId },
        "could not publish a memory change",
      );
    }
  }

  ping(): Promise<boolean> {
    return Promise.resolve(this.listening);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.listening = false;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.db.url.toString(),
      connectionTimeoutMillis: this.db.timeoutMs,
    });
    client.on("notification", (note) => {
      if (note.channel === CHANGE_CHANNEL && note.payload) this.deliver(note.payload);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      client.end().catch(() => undefined);
      if (!this.closed) {
        this.logger.warn({ err }, "change feed connection lost: reconnecting");
        this.reconnect(250);
      }
    };
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    this.client = client;
    this.listening = true;
  }

  private reconnect(delayMs: number): void {
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => {
          this.logger.info({}, "change feed reconnected");
          this.emit("all");
        },
        (err: unknown) => {
          this.logger.warn({ err }, "change feed reconnect failed");
          if (!this.closed) this.reconnect(Math.min(MAX_RECONNECT_MS, delayMs * 2));
        },
      );
    }, delayMs);
    this.retryTimer.unref();
  }
}

/** File of {@link FileChangeFeed} under DATA_DIR. */
export const CHANGE_FILE = "changes.jsonl";
/** How often the file is looked at (a change is seen within this, well under a second). */
export const FILE_FEED_POLL_MS = 200;
/** The reading process truncates the file past this size (and tells listeners `"all"`). */
const FILE_FEED_MAX_BYTES = 1 << 20;

/**
 * Embedded mode: the memory CLI (or any other process on the same DATA_DIR) appends one line per
 * change to `DATA_DIR/changes.jsonl` (O_APPEND, one small write: lines never interleave); the
 * assistant, when it subscribes, reads what was appended since it last looked, every
 * {@link FILE_FEED_POLL_MS}. The subscriber itself writes nothing: it is the only reader.
 */
export class FileChangeFeed extends BaseFeed implements ChangeFeed {
  readonly info: ChangeFeed["info"];
  private readonly path: string;
  /** Bytes already read; undefined until the first poll, which starts at the end of the file. */
  private offset: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  /** False while the file cannot be read (its changes are not being received). */
  private readable = true;

  /** `listen`: this process is the assistant, which reads the file (the CLI only appends to it). */
  constructor(
    dataDir: string,
    private readonly logger: Logger,
    private readonly listen = true,
  ) {
    super();
    this.path = join(dataDir, CHANGE_FILE);
    this.info = { kind: "file", location: this.path };
  }

  async publish(owner: Owner): Promise<void> {
    // The listener is the one assistant of this DATA_DIR, the only reader: nobody to tell.
    if (this.listen) return;
    try {
      await appendFile(this.path, `${this.message(owner)}\n`, { mode: PRIVATE_FILE_MODE });
    } catch (err) {
      this.logger.warn(
        { err, teamId: owner.teamId, userId: owner.userId },
        "could not publish a memory change",
      );
    }
  }

  override subscribe(listener: ChangeListener): void {
    super.subscribe(listener);
    if (!this.listen || this.timer !== undefined) return;
    // Only what is appended from now on matters (every index is built from the store on first use).
    void this.poll();
    this.timer = setInterval(() => void this.poll(), FILE_FEED_POLL_MS);
    this.timer.unref();
  }

  ping(): Promise<boolean> {
    return Promise.resolve(this.readable);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.reading;
  }

  /** Reads new lines now (tests; the timer calls it). */
  poll(): Promise<void> {
    this.reading ??= this.readNew()
      .then(
        () => void (this.readable = true),
        (err: unknown) => {
          if (this.readable) this.logger.warn({ err }, "cannot read the change file");
          this.readable = false;
        },
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async readNew(): Promise<void> {
    let size: number;
    try {
      size = (await stat(this.path)).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      this.offset ??= 0; // nothing was published yet
      return;
    }
    if (this.offset === undefined) {
      this.offset = size;
      return;
    }
    if (size < this.offset) {
      // Truncated by someone else: what was in between is unknown.
      this.offset = 0;
      this.emit("all");
    }
    if (size === this.offset) return;
    const handle = await open(this.path, "r");
    try {
      const buffer = Buffer.alloc(size - this.offset);
      await handle.read(buffer, 0, buffer.length, this.offset);
      const text = buffer.toString("utf8");
      const end = text.lastIndexOf("\n");
      if (end < 0) return; // a line still being written
      this.offset += Buffer.byteLength(text.slice(0, end + 1));
      for (const line of text.slice(0, end).split("\n")) if (line !== "") this.deliver(line);
    } finally {
      await handle.close();
    }
    if (this.offset > FILE_FEED_MAX_BYTES) {
      await truncate(this.path, 0).catch(() => undefined);
      this.offset = 0;
      // A line appended between the read and the truncation is gone: drop everything derived.
      this.emit("all");
    }
  }
}
