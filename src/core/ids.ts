import { z } from "zod";

/** Slack ids (U…, W…, T…), or a local user name: letters, digits, `.`, `_`, `-`; 1–64 characters. */
export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1–64 letters, digits, '.', '_' or '-'");

/** A memory id: `mem_<ms>_<hex>`, an imported id, or a chunk's `<parent>#<n>`; 1–128 characters. */
export const memoryIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._#-]{1,128}$/, "must be 1–128 letters, digits, '.', '_', '#' or '-'");
