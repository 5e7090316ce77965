import { createHash } from "node:crypto";

/**
 * Names and quoting the backends share: table and collection names are derived from a namespace (or
 * an owner) with a hash, so that two names differing only in characters a store does not allow never
 * collide; SQL text quotes what it cannot pass as a parameter (SQLite and PostgreSQL quote alike).
 */

/** The first `length` hex digits of the SHA-256 of `text`. */
export function sha256Hex(text: string, length: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/** A SQL identifier in double quotes (a `"` inside doubled). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A SQL string literal in single quotes (a `'` inside doubled). */
export function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
