/**
 * Slash commands and interaction payloads (block actions, message shortcuts) as Slack sends them, and
 * their delivery to the assistant: signed form POSTs to /slack/events (HTTP mode) or Socket Mode
 * envelopes (`slash_commands`, `interactive`).
 */
import { randomUUID } from "node:crypto";
import { nextTs, postSignedForm, TEST_IDS } from "../../fixtures/slack-events.js";
import { SIGNING_SECRET, type TestAssistant } from "./test-assistant.js";

/** A `/memory` slash command's fields (form-encoded by Slack). */
export function makeSlashCommand(
  t: TestAssistant,
  opts: { text: string; user?: string; channel?: string; channelName?: string; command?: string },
): Record<string, string> {
  const channel = opts.channel ?? TEST_IDS.dmChannel;
  return {
    token: "verification-token",
    team_id: TEST_IDS.teamId,
    team_domain: "fake-team",
    channel_id: channel,
    channel_name: opts.channelName ?? (channel.startsWith("D") ? "directmessage" : channel.toLowerCase()),
    user_id: opts.user ?? TEST_IDS.user,
    user_name: (opts.user ?? TEST_IDS.user).toLowerCase(),
    command: opts.command ?? "/memory",
    text: opts.text,
    api_app_id: TEST_IDS.appId,
    is_enterprise_install: "false",
    response_url: t.slack!.responseUrl(),
    trigger_id: `${Date.now()}.trigger`,
  };
}

/** A block action on App Home (`container.type: "view"`), as Slack sends it. */
export function makeHomeAction(opts: {
  user?: string;
  actionId: string;
  value?: string;
  privateMetadata?: string;
  input?: boolean;
}): Record<string, unknown> {
  const user = opts.user ?? TEST_IDS.user;
  return {
    type: "block_actions",
    user: { id: user, username: user.toLowerCase(), name: user.toLowerCase(), team_id: TEST_IDS.teamId },
    api_app_id: TEST_IDS.appId,
    token: "verification-token",
    container: { type: "view", view_id: `V_${user}` },
    trigger_id: `${Date.now()}.trigger`,
    team: { id: TEST_IDS.teamId, domain: "fake-team" },
    is_enterprise_install: false,
    view: {
      id: `V_${user}`,
      team_id: TEST_IDS.teamId,
      type: "home",
      blocks: [],
      private_metadata: opts.privateMetadata ?? "",
      callback_id: "",
      state: { values: {} },
      hash: "1.abc",
      app_id: TEST_IDS.appId,
      bot_id: TEST_IDS.botId,
    },
    actions: [
      opts.input
        ? {
            type: "plain_text_input",
            block_id: "home_search_block",
            action_id: opts.actionId,
            value: opts.value ?? "",
            action_ts: nextTs(),
          }
        : {
            type: "button",
            block_id: randomUUID().slice(0, 5),
            action_id: opts.actionId,
            value: opts.value ?? "",
            text: { type: "plain_text", text: "button" },
            action_ts: nextTs(),
          },
    ],
  };
}

/** A block action on an ephemeral message in a conversation (e.g. the answer of `/memory forget`). */
export function makeMessageAction(
  t: TestAssistant,
  opts: { user?: string; channel?: string; actionId: string; value: string },
): Record<string, unknown> {
  const user = opts.user ?? TEST_IDS.user;
  const channel = opts.channel ?? TEST_IDS.dmChannel;
  return {
    type: "block_actions",
    user: { id: user, username: user.toLowerCase(), name: user.toLowerCase(), team_id: TEST_IDS.teamId },
    api_app_id: TEST_IDS.appId,
    token: "verification-token",
    container: { type: "message", message_ts: nextTs(), channel_id: channel, is_ephemeral: true },
    trigger_id: `${Date.now()}.trigger`,
    team: { id: TEST_IDS.teamId, domain: "fake-team" },
    channel: { id: channel, name: channel.startsWith("D") ? "directmessage" : channel.toLowerCase() },
    response_url: t.slack!.responseUrl(),
    actions: [
      {
        type: "button",
        block_id: randomUUID().slice(0, 5),
        action_id: opts.actionId,
        value: opts.value,
        text: { type: "plain_text", text: "button" },
        action_ts: nextTs(),
      },
    ],
  };
}

/** The "Remember this" message shortcut on a message. */
export function makeMessageShortcut(
  t: TestAssistant,
  opts: { user?: string; channel?: string; channelName?: string; author: string; text: string; ts?: string },
): Record<string, unknown> {
  const user = opts.user ?? TEST_IDS.user;
  const channel = opts.channel ?? TEST_IDS.channel;
  const ts = opts.ts ?? nextTs();
  return {
    type: "message_action",
    token: "verification-token",
    action_ts: nextTs(),
    team: { id: TEST_IDS.teamId, domain: "fake-team" },
    user: { id: user, username: user.toLowerCase(), name: user.toLowerCase(), team_id: TEST_IDS.teamId },
    channel: { id: channel, name: opts.channelName ?? channel.toLowerCase() },
    is_enterprise_install: false,
    callback_id: "remember_this",
    trigger_id: `${Date.now()}.trigger`,
    response_url: t.slack!.responseUrl(),
    message_ts: ts,
    message: { type: "message", user: opts.author, ts, text: opts.text },
  };
}

/** POSTs a slash command, signed, to /slack/events. */
export function sendCommand(t: TestAssistant, fields: Record<string, string>): Promise<Response> {
  return postSignedForm(`${t.assistant.url}/slack/events`, fields, SIGNING_SECRET);
}

/** POSTs an interaction payload (`payload=<json>`), signed, to /slack/events. */
export function sendInteraction(t: TestAssistant, payload: Record<string, unknown>): Promise<Response> {
  return postSignedForm(
    `${t.assistant.url}/slack/events`,
    { payload: JSON.stringify(payload) },
    SIGNING_SECRET,
  );
}
