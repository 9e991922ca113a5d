-- Large sites (issue 40): a deployment's file map (path -> blob id: 6 MB of JSON for 100,000
-- pages) is stored in parts of its JSON text, one short statement each, as its page tree is
-- (025), instead of one `jsonb` value written in one statement. `deployments.file_parts` says
-- how many parts there are, set when the deployment ends; a deployment stored before keeps its
-- `files` column (`file_parts` NULL) and is read from there.
CREATE TABLE file_parts (
  deployment_id text NOT NULL REFERENCES deployments (id) ON DELETE CASCADE,
  part integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (deployment_id, part)
);
ALTER TABLE deployments ADD COLUMN file_parts integer;
