-- "Which one should I forget?" waiting for its answer, one per conversation (team, user, channel,
-- thread joined into `conversation`): the user's next message takes it, whichever replica answers.
CREATE TABLE forget_questions (
  conversation text PRIMARY KEY,
  question jsonb NOT NULL,
  asked_ms bigint NOT NULL
);
CREATE INDEX forget_questions_asked ON forget_questions (asked_ms);
