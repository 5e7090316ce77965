/**
 * Test fixture process: starts a Chroma server, prints its URL and pid on stdout, then idles. The
 * harness kills this process with SIGKILL to check that the Chroma server dies with its parent.
 * Usage: node --import tsx test/support/chroma-child.ts <dataDir>
 */
import { startChromaServer } from "../../src/backends/chroma/chroma-server.js";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: chroma-child.ts <dataDir>");
const server = await startChromaServer({ path: dataDir });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
setInterval(() => undefined, 60_000);
