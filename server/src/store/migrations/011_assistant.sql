-- The assistant (issue 11): full-text search over the page sections, threads, and usage counters.
-- Numbered 011 after its issue, so migrations added meanwhile by other branches do not share its version.

-- Search vector of a section: page title A, heading B, description C, body D. A generated
-- column, so every driver and every writer of page_sections gets it without code.
ALTER TABLE page_sections ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce(page_title, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(heading, '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(page_description, '')), 'C') ||
  setweight(to_tsvector('english'::regconfig, left(coalesce(body, ''), 100000)), 'D')
) STORED;
CREATE INDEX page_sections_search ON page_sections USING gin (search);

-- A conversation with the assistant of one project.
CREATE TABLE assistant_threads (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  fp text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_threads_project ON assistant_threads (project_id, created_at);

-- The messages of a thread, in order; an answer keeps the sources it was given.
CREATE TABLE assistant_messages (
  id text PRIMARY KEY,
  thread_id text NOT NULL REFERENCES assistant_threads (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  sources jsonb NOT NULL DEFAULT '[]',
  deployment_id text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (thread_id, seq)
);

-- Usage of the assistant per scope (key month, organization hour, IP day) and window.
CREATE TABLE usage_counters (
  scope text NOT NULL,
  subject text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (scope, subject, window_start)
);
