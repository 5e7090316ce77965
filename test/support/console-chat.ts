import { PassThrough } from "node:stream";
import { runConsoleChat } from "../../src/console/console-chat.js";
import type { TestAssistant } from "./test-assistant.js";

/** Feeds lines to the terminal chat of a test assistant and collects what it printed (banner "banner"). */
export async function chat(t: TestAssistant, lines: string[], userId?: string): Promise<string> {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = "";
  output.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
  const done = runConsoleChat({
    agent: t.assistant.agent,
    input,
    output,
    banner: ["banner"],
    ...(userId ? { userId } : {}),
  });
  for (const line of lines) input.write(`${line}\n`);
  input.end();
  await done;
  return printed;
}
