-- Section embeddings kept across deployments (issue 69): each vector is stored with the SHA-256 of
-- the text it embeds, so a new deployment copies the vectors of its project's earlier deployments
-- for every section whose text (and model) is unchanged, and embeds only the rest. Rows stored
-- before have none: they serve their own deployment and are not copied.
ALTER TABLE section_embeddings ADD COLUMN text_hash text;
