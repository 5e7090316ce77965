import { randomBytes } from "node:crypto";

/**
 * A collection prefix no other run uses, `eval_<ms>_<hex>`: the eval loads its memories there and
 * drops the collection afterwards, so it never reads or writes real memories.
 */
export function evalCollectionPrefix(now = Date.now()): string {
  return `eval_${now}_${randomBytes(3).toString("hex")}`;
}
