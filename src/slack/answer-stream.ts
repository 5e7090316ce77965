import type { webApi } from "@slack/bolt";
import type { Logger } from "../logging/logger.js";
import type { Owner } from "../core/types.js";
import { escapeMrkdwn } from "./mrkdwn.js";

/**
 * Characters gathered before one Slack call (`chat.startStream`, then `chat.appendStream`): the
 * answer appears in steps of about this size, and a long answer costs one call per step rather than
 * one per model token (appendStream is rate-limited per workspace).
 */
export const STREAM_BUFFER_CHARS = 200;

/** Where a streamed answer goes: the conversation, the thread, and whom it answers. */
export interface StreamTarget extends Owner {
  channel: string;
  threadTs: string;
}

/** What `stopStream` (or the whole post) carries besides the text: the turn the reply answers. */
export type ReplyMetadata = { event_type: string; event_payload: Record<string, string> };

/**
 * One answer streamed into Slack through the Web API client's `chatStream` helper (chat.startStream /
 * appendStream / stopStream), fed with the model's pieces as they are generated. Calls to Slack run
 * one after the other, never concurrently; the helper buffers {@link STREAM_BUFFER_CHARS} characters
 * per call. A Slack error stops the streaming (the pieces after it are dropped) and the caller then
 * posts the answer whole. Nothing is sent to Slack until the first piece arrives, so a reply that
 * never streams (a chat command, an answer from memory alone) is posted whole as before. What is sent
 * is escaped (src/slack/mrkdwn.ts): a model echoing `<!channel>` pings nobody.
 */
export class AnswerStream {
  private readonly streamer: ReturnType<webApi.WebClient["chatStream"]>;
  private chain: Promise<void> = Promise.resolve();
  private streamed = "";
  private failed = false;
  private started = false;

  constructor(
    client: webApi.WebClient,
    target: StreamTarget,
    private readonly log: Logger,
  ) {
    this.streamer = client.chatStream({
      channel: target.channel,
      thread_ts: target.threadTs,
      recipient_team_id: target.teamId,
      recipient_user_id: target.userId,
      buffer_size: STREAM_BUFFER_CHARS,
    });
  }

  /** Adds a piece of the answer; sent when the buffer is full (in order, after earlier calls). */
  push(piece: string): void {
    if (this.failed || piece === "") return;
    this.streamed += piece;
    this.run(async () => {
      await this.streamer.append({ markdown_text: escapeMrkdwn(piece) });
      if (this.streamer.ts) this.started = true;
    });
  }

  /**
   * Ends the stream with the final reply. When the streamed text is the reply, the rest of the buffer
   * goes out with `stopStream`; when it is not (the model failed midway and the reply is an answer
   * from memory, or an apology), the reply follows what was shown, so no half answer stands alone.
   * Returns false when nothing could be streamed (no piece came, or Slack refused): the caller then
   * posts the reply whole.
   */
  async finish(reply: string, metadata: ReplyMetadata): Promise<boolean> {
    await this.chain;
    if (this.streamed === "" || this.failed) {
      if (this.failed && this.started) await this.stopQuietly();
      return false;
    }
    const same = this.streamed.trim() === reply.trim();
    try {
      await this.streamer.stop({
        ...(same ? {} : { markdown_text: `\n\n${escapeMrkdwn(reply)}` }),
        metadata,
      });
      return true;
    } catch (err) {
      this.log.warn({ err }, "could not end the streamed answer; posting it whole");
      return false;
    }
  }

  /** Whether any of the answer reached Slack (the stream started). */
  get visible(): boolean {
    return this.started;
  }

  private run(step: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.failed) return;
      try {
        await step();
      } catch (err) {
        this.failed = true;
        this.log.warn({ err }, "Slack refused the streamed answer; it will be posted whole");
      }
    });
  }

  /**
   * Ends a stream Slack broke off midway, so it does not stay "typing"; a failure is only logged. It
   * carries no reply metadata: a half answer is not the reply (respond.ts `alreadyAnswered`), which is
   * posted whole after it.
   */
  private async stopQuietly(): Promise<void> {
    await this.streamer
      .stop({})
      .catch((err: unknown) => this.log.warn({ err }, "could not end a broken streamed answer"));
  }
}
