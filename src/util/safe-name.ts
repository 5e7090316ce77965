import { createHash } from "node:crypto";

/**
 * A file name derived from any id (a Slack user id, or something hostile like `../../etc`): a readable
 * prefix of safe characters plus a hash of the whole id, so distinct ids never collide and no id can
 * name a path outside its folder.
 */
export function safeFileName(id: string, extension = ".json"): string {
  const readable = id.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40);
  const digest = createHash("sha256").update(id, "utf8").digest("hex").slice(0, 16);
  return `${readable}-${digest}${extension}`;
}
