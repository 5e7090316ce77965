import { createReadStream, createWriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { createGunzip, createGzip } from "node:zlib";
import { AppError } from "../../core/errors.js";
import type { AuditEvent } from "../../core/audit.js";
import type { Owner } from "../../core/types.js";
import { ownerKey } from "../../core/vector-index.js";
import type { EndpointDescription, StateEndpoint } from "./state-endpoint.js";
import { listOwners, readAudit, readOwner } from "./state-io.js";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ownerLabel,
  recordsOf,
  stateRecordSchema,
  summarise,
  type OwnerState,
  type OwnerSummary,
  type StateRecord,
} from "./state-records.js";

/**
 * A backup file: gzip-compressed JSON Lines — a header, one record per line (each owner's records
 * together), then a trailer with the counts and each owner's checksum (docs/backup-format.md).
 */

export interface ArchiveHeader {
  type: "header";
  format: typeof ARCHIVE_FORMAT;
  version: number;
  /** ISO 8601. */
  created: string;
  source: Omit<EndpointDescription, "dataDir">;
  embedder: { id: string; dimension: number };
}

export interface ArchiveTrailer {
  type: "trailer";
  counts: { owners: number; memories: number; graphs: number; conversations: number; audit: number };
  /** By {@link ownerLabel}. */
  owners: Record<string, OwnerSummary>;
}

/**
 * Writes the endpoint's whole state to `file` (through `file.partial`, renamed when complete), owner
 * by owner, each consistent ({@link readOwner}); reads only. `onOwner` is called after each owner.
 */
export async function writeArchive(
  endpoint: StateEndpoint,
  file: string,
  onOwner?: (owner: Owner, summary: OwnerSummary) => void,
): Promise<ArchiveTrailer> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
    gzip.on("error", reject);
  });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, "drain");
  };
  const { dataDir: _dataDir, ...source } = endpoint.description;
  const header: ArchiveHeader = {
    type: "header",
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    created: new Date().toISOString(),
    source,
    embedder: endpoint.description.embedder,
  };
  const trailer: ArchiveTrailer = {
    type: "trailer",
    counts: { owners: 0, memories: 0, graphs: 0, conversations: 0, audit: 0 },
    owners: {},
  };
  try {
    await write(header);
    for (const owner of await listOwners(endpoint)) {
      const state = await readOwner(endpoint, owner);
      for (const record of recordsOf(state)) await write(record);
      const summary = summarise(state);
      trailer.owners[ownerLabel(owner)] = summary;
      trailer.counts.owners++;
      trailer.counts.memories += summary.memories;
      trailer.counts.graphs += state.graph ? 1 : 0;
      trailer.counts.conversations += summary.conversations;
      onOwner?.(owner, summary);
    }
    const audit = await readAudit(endpoint);
    for (const event of audit) await write({ type: "audit", event } satisfies StateRecord);
    trailer.counts.audit = audit.length;
    await write(trailer);
  } finally {
    gzip.end();
    await done;
  }
  await rename(partial, file);
  return trailer;
}

/** What reading a backup yields: the header first, then each owner's state, then the audit and trailer. */
export interface ArchiveReader {
  header: ArchiveHeader;
  owners(): AsyncGenerator<OwnerState>;
  /** After {@link owners} has run out. */
  audit: AuditEvent[];
  /** After {@link owners} has run out. */
  trailer: ArchiveTrailer | undefined;
}

/**
 * Opens a backup: reads and checks its header at once (AppError `bad_request` for another format, a
 * newer version, or a damaged line, naming the line number).
 */
export async function openArchive(file: string): Promise<ArchiveReader> {
  const input = createReadStream(file);
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  let lineNo = 0;
  const next = async (): Promise<unknown> => {
    const { value, done } = await iterator.next().catch((err: unknown) => {
      throw new AppError("bad_request", `${file}: not a gzip-compressed backup (${(err as Error).message})`);
    });
    if (done) return undefined;
    lineNo++;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new AppError("bad_request", `${file}:${lineNo}: not a JSON line`);
    }
  };
  const first = (await next()) as Partial<ArchiveHeader> | undefined;
  if (first?.type !== "header" || first.format !== ARCHIVE_FORMAT) {
    lines.close();
    throw new AppError("bad_request", `${file}: not a ${ARCHIVE_FORMAT} backup (no header line)`);
  }
  if (typeof first.version !== "number" || first.version > ARCHIVE_VERSION) {
    lines.close();
    throw new AppError(
      "bad_request",
      `${file}: format version ${String(first.version)} is newer than this app reads`,
    );
  }
  const reader: ArchiveReader = {
    header: first as ArchiveHeader,
    audit: [],
    trailer: undefined,
    async *owners() {
      let current: OwnerState | undefined;
      try {
        for (let raw = await next(); raw !== undefined; raw = await next()) {
          if ((raw as { type?: unknown }).type === "trailer") {
            reader.trailer = raw as ArchiveTrailer;
            break;
          }
          const parsed = stateRecordSchema.safeParse(raw);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new AppError(
              "bad_request",
              `${file}:${lineNo}: ${issue?.path.join(".")} ${issue?.message}`,
            );
          }
          const record = parsed.data as StateRecord;
          if (record.type === "audit") {
            reader.audit.push(record.event);
            continue;
          }
          const owner = record.type === "memory" ? record.memory : record.owner;
          if (current && ownerKey(current.owner) !== ownerKey(owner)) {
            yield current;
            current = undefined;
          }
          current ??= {
            owner: { teamId: owner.teamId, userId: owner.userId },
            memories: [],
            conversations: [],
            pins: [],
          };
          addRecord(current, record);
        }
        if (current) yield current;
      } finally {
        lines.close();
      }
    },
  };
  return reader;
}

function addRecord(state: OwnerState, record: Exclude<StateRecord, { type: "audit" }>): void {
  switch (record.type) {
    case "memory":
      state.memories.push({ memory: record.memory, vector: record.vector ?? [] });
      return;
    case "graph":
      state.graph = record.graph;
      return;
    case "conversation":
      state.conversations.push(record.conversation);
      return;
    case "settings":
      state.settings = record.settings;
      return;
    case "pins":
      state.pins.push(...record.ids);
  }
}
