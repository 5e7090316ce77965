-- Shared state of several replicas (docs/architecture.md "Running several replicas").
-- Conversation history: one row per conversation, the record exactly as the JSON store keeps it.
CREATE TABLE conversations (
  id text PRIMARY KEY,
  user_ids text[] NOT NULL,
  record jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversations_user_ids ON conversations USING gin (user_ids);

-- Knowledge graph: one row per user, {nodes, relations} as in the JSON graph file (its export format).
-- `version` grows with every write, so a replica's cached copy is checked with one cheap read.
CREATE TABLE graphs (
  team_id text NOT NULL,
  user_id text NOT NULL,
  data jsonb NOT NULL,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id)
);

-- Slack event ids already taken by a replica (insert-if-absent), expired after a while. `owner` is
-- the replica that took it (its instance id), which may take it again after its own restart.
CREATE TABLE slack_events (
  event_id text PRIMARY KEY,
  owner text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slack_events_seen_at ON slack_events (seen_at);
