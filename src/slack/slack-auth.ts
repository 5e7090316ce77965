import { webApi } from "@slack/bolt";
import { AppError } from "../core/errors.js";

/** Who the bot token belongs to, from `auth.test`. */
export interface SlackIdentity {
  teamId: string;
  botId: string;
  botUserId: string;
}

/**
 * Calls `auth.test` once (with the client's bounded retries) and returns the bot's identity. Throws
 * AppError `slack_unavailable` with a one-line message, e.g. `Slack auth.test failed: invalid_auth`.
 */
export async function authTest(client: webApi.WebClient): Promise<SlackIdentity> {
  let result: webApi.AuthTestResponse;
  try {
    result = await client.auth.test();
  } catch (err) {
    throw new AppError("slack_unavailable", `Slack auth.test failed: ${reasonOf(err)}`, { cause: err });
  }
  if (!result.team_id || !result.bot_id || !result.user_id) {
    throw new AppError(
      "slack_unavailable",
      "Slack auth.test failed: the token is not a bot token (no team_id, bot_id or user_id)",
    );
  }
  return { teamId: result.team_id, botId: result.bot_id, botUserId: result.user_id };
}

/** The short reason of a Web API failure: Slack's error code, the HTTP status, or the network error. */
export function reasonOf(err: unknown): string {
  const e = err as {
    code?: string;
    data?: { error?: string };
    statusCode?: number;
    original?: Error & { cause?: unknown };
  };
  if (e.code === webApi.ErrorCode.PlatformError && e.data?.error) return e.data.error;
  if (e.code === webApi.ErrorCode.HTTPError && e.statusCode) return `HTTP ${e.statusCode}`;
  if (e.code === webApi.ErrorCode.RequestError && e.original) {
    const cause = e.original.cause instanceof Error ? ` (${e.original.cause.message})` : "";
    return `${e.original.message}${cause}`;
  }
  return err instanceof Error ? err.message : String(err);
}
