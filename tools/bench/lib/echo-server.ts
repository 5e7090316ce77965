/**
 * A bare Node HTTP server in its own process that reads a request's body and answers 200: the ack
 * latency the benchmark's client and loopback HTTP give on their own, without the app's signature check,
 * Bolt or anything else. Below the app's floor by what the app's HTTP path costs.
 */
import { spawn } from "node:child_process";

const SOURCE = `
const http = require("node:http");
const server = http.createServer((req, res) => {
  req.on("data", () => undefined);
  req.on("end", () => res.writeHead(200, { "content-length": "0" }).end());
});
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

/** A running echo server; `stop()` ends it (it also exits when this process does: its stdin closes). */
export interface EchoServer {
  url: string;
  stop(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const child = spawn(process.execPath, ["-e", SOURCE], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8").trim()));
    child.once("exit", (code) => reject(new Error(`echo server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
