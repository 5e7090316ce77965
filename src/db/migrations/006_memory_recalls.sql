-- Which memories were recalled and used in their owner's turns (ids only): "what do you know about
-- me" shows the most used; the retention sweep never expires a used memory.
CREATE TABLE memory_recalls (
  team_id text NOT NULL,
  user_id text NOT NULL,
  memory_id text NOT NULL,
  uses integer NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, user_id, memory_id)
);
