-- Origins whose pages may call a project's assistant (comma-separated; NULL: the server's
-- --cors-origins).
ALTER TABLE projects ADD COLUMN cors_origins text;
