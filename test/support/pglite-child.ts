/**
 * PGlite with pgvector over the wire protocol in its own process (see pglite-server.ts): prints
 * `{"url": …}` on stdout once it listens, and stops on SIGTERM.
 * Usage: node --import tsx test/support/pglite-child.ts [dataDir]
 */
import { startPgliteServer } from "./pglite-server.js";

const server = await startPgliteServer(process.argv[2] ? { dataDir: process.argv[2] } : {});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once("SIGTERM", () => {
  void server.stop().finally(() => process.exit(0));
});
