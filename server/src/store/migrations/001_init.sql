-- docsnav server schema, version 1. Ids are text (UUIDs): the drivers disagree on int8.

CREATE TABLE projects (
  id text PRIMARY KEY,
  repo text NOT NULL,
  branch text NOT NULL,
  docs_dir text NOT NULL DEFAULT '.',
  domain text UNIQUE,
  current_deployment_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only the SHA-256 of a key is stored; the token itself is shown once.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('admin', 'assistant')),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The queue. Jobs of one lane (a project) run one at a time, in seq order.
CREATE TABLE jobs (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  kind text NOT NULL,
  lane text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'merged', 'done', 'failed')),
  merged_into text REFERENCES jobs (id),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3,
  lock_token text,
  locked_by text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_queued ON jobs (lane, seq) WHERE state = 'queued';
CREATE INDEX jobs_running ON jobs (lane) WHERE state = 'running';
CREATE INDEX jobs_merged ON jobs (merged_into) WHERE merged_into IS NOT NULL;

-- One row per update request (its id is the statusId and the job's id).
CREATE TABLE deployments (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'in_progress', 'success', 'failure')),
  source text NOT NULL DEFAULT 'api',
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  summary text NOT NULL DEFAULT '',
  logs jsonb NOT NULL DEFAULT '[]',
  commit_sha text,
  commit_ref text,
  commit_message text,
  files_changed jsonb,
  -- path -> blob id of every file under the docs folder: the next deployment's filesChanged.
  files jsonb,
  tree jsonb,
  problems jsonb,
  -- The deployment whose run produced this result: itself, or the one it was coalesced into.
  deployed_by text
);
CREATE INDEX deployments_project ON deployments (project_id, created_at);

-- Page texts of a successful deployment, one row per heading section.
CREATE TABLE page_sections (
  deployment_id text NOT NULL REFERENCES deployments (id) ON DELETE CASCADE,
  position integer NOT NULL,
  page_path text NOT NULL,
  page_kind text NOT NULL,
  page_title text NOT NULL,
  page_description text NOT NULL DEFAULT '',
  hidden boolean NOT NULL DEFAULT false,
  trail jsonb NOT NULL DEFAULT '[]',
  heading text,
  anchor text,
  depth integer NOT NULL DEFAULT 0,
  body text NOT NULL DEFAULT '',
  PRIMARY KEY (deployment_id, position)
);
CREATE INDEX page_sections_page ON page_sections (deployment_id, page_path);
