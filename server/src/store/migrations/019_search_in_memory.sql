-- The assistant (issue 19) searches an in-memory index of each deployment's sections
-- (server/src/search/): the database's full-text vector, computed on every insert, is no longer
-- read. Dropping it makes storing a deployment's texts cheap, so a deployment on the embedded
-- database no longer holds up other projects' answers.
DROP INDEX IF EXISTS page_sections_search;
ALTER TABLE page_sections DROP COLUMN IF EXISTS search;
