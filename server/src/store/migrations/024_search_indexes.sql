-- Search indexes on demand (issue 40): the BM25F index of a deployment, built once by the first
-- process asked about it and stored here, is loaded by every other process and after restarts
-- instead of being built again. Stored in parts (one statement each); part 0, written last,
-- names how many parts there are, so a reader never takes a half-written index.
CREATE TABLE search_indexes (
  deployment_id text NOT NULL REFERENCES deployments (id) ON DELETE CASCADE,
  format integer NOT NULL,
  part integer NOT NULL,
  parts integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (deployment_id, format, part)
);
