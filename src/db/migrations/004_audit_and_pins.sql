-- Who touched a memory (issue 23): one row per audit event, newest = highest seq. Ids only, never a
-- memory's text.
CREATE TABLE audit_events (
  seq bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  ids text[] NOT NULL,
  team_id text NOT NULL,
  user_id text NOT NULL
);
CREATE INDEX audit_events_user ON audit_events (user_id, seq);

-- Memories a person pinned: the retention sweep never expires them.
CREATE TABLE memory_pins (
  team_id text NOT NULL,
  user_id text NOT NULL,
  memory_id text NOT NULL,
  pinned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id, memory_id)
);
