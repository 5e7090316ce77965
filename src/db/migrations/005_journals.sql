-- Journals in shared mode (issue 24): each replica's memory write journal and turn inbox live here
-- instead of on its disk, so a replacement replica on an empty disk finds what a stopped one had
-- accepted and not yet applied or answered. A stream is held by one process at a time through a
-- lease it renews; a stream whose lease ran out is taken over (and replayed) by the next replica
-- that starts. `owner` is the holder's token: every write checks it (a fence against a holder that
-- lost its lease and has not noticed).
CREATE TABLE journal_streams (
  stream text PRIMARY KEY,
  owner text NOT NULL,
  lease_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_streams_lease ON journal_streams (lease_until);

-- One journal line (`journal`: 'memory' or 'inbox'), in order of (batch, ord): a batch is one
-- group-committed write.
CREATE SEQUENCE journal_batch_seq;
CREATE TABLE journal_lines (
  stream text NOT NULL REFERENCES journal_streams (stream) ON DELETE CASCADE,
  journal text NOT NULL,
  batch bigint NOT NULL,
  ord integer NOT NULL,
  entry jsonb NOT NULL,
  PRIMARY KEY (stream, journal, batch, ord)
);
