-- Per-person settings (issue 23): the autosave mode, paused conversations and pending autosave offers.
CREATE TABLE user_settings (
  team_id text NOT NULL,
  user_id text NOT NULL,
  autosave text NOT NULL CHECK (autosave IN ('on', 'off', 'ask')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id)
);

-- A conversation (a channel, or one thread: thread_ts '' for the whole channel) paused until `until_ms`.
CREATE TABLE conversation_pauses (
  team_id text NOT NULL,
  user_id text NOT NULL,
  channel_id text NOT NULL,
  thread_ts text NOT NULL,
  until_ms bigint NOT NULL,
  PRIMARY KEY (team_id, user_id, channel_id, thread_ts)
);

-- What autosave offered instead of keeping (`ask`), until Keep, Discard or `expires_ms`.
CREATE TABLE autosave_offers (
  id text PRIMARY KEY,
  team_id text NOT NULL,
  user_id text NOT NULL,
  offer jsonb NOT NULL,
  expires_ms bigint NOT NULL
);
CREATE INDEX autosave_offers_expires ON autosave_offers (expires_ms);
