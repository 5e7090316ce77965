import { randomBytes } from "node:crypto";
import { ChromaClient } from "chromadb";
import { AppError } from "../errors.js";

/**
 * A collection prefix no other run uses, `eval_<ms>_<hex>`: the eval loads its memories there and
 * drops the collection afterwards, so it never reads or writes real memories.
 */
export function evalCollectionPrefix(now = Date.now()): string {
  return `eval_${now}_${randomBytes(3).toString("hex")}`;
}

/** Deletes one Chroma collection. Throws AppError `store_failed`, whose message names the Chroma error. */
export async function dropCollection(chromaUrl: string, name: string): Promise<void> {
  const url = new URL(chromaUrl);
  const ssl = url.protocol === "https:";
  const client = new ChromaClient({ host: url.hostname, port: Number(url.port || (ssl ? 443 : 80)), ssl });
  try {
    await client.deleteCollection({ name });
  } catch (err) {
    throw new AppError(
      "store_failed",
      `could not delete the eval collection ${name}: ${(err as Error).message}`,
      {
        cause: err,
        details: { collection: name },
      },
    );
  }
}
