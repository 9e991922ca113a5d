-- Dense retrieval (issue 19): the embedding of each page section of a deployment, per embeddings
-- model, made once when an embeddings endpoint is configured and reused by every server process.
-- float4 little-endian values in a bytea (no database extension needed on PGlite or PostgreSQL).
CREATE TABLE section_embeddings (
  deployment_id text NOT NULL REFERENCES deployments (id) ON DELETE CASCADE,
  model text NOT NULL,
  position integer NOT NULL,
  vector bytea NOT NULL,
  PRIMARY KEY (deployment_id, model, position)
);
