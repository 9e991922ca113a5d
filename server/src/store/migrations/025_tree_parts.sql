-- Large sites (issue 40): a deployment's page tree (tens of MB for 100,000 pages) is stored in
-- parts of its JSON text, one short statement each, as the analysis makes them, instead of one
-- `jsonb` value written in one statement. `deployments.tree_parts` says how many parts there
-- are; it is set with the deployment's other results, after every part is written, so a
-- reader never takes a half-written tree. A deployment stored before keeps its `tree` column
-- (`tree_parts` NULL) and is read from there.
CREATE TABLE tree_parts (
  deployment_id text NOT NULL REFERENCES deployments (id) ON DELETE CASCADE,
  part integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (deployment_id, part)
);
ALTER TABLE deployments ADD COLUMN tree_parts integer;
