-- Retention (issue 40): a deployment past the newest --keep-deployments of its project has its
-- page texts, embeddings, search index, tree and file map deleted; its row (status, summary,
-- logs, problems) stays, marked with when that was done, so later passes skip it.
ALTER TABLE deployments ADD COLUMN pruned_at timestamptz;
CREATE INDEX deployments_unpruned ON deployments (project_id, created_at) WHERE pruned_at IS NULL;
