-- Agent jobs (issue 12 §2): one row per repair job; its id is the sessionId and the job's id.

CREATE TABLE agent_sessions (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  job_id text NOT NULL,
  -- The branch checked out (the deployment branch unless the request named one).
  source_branch text NOT NULL,
  -- The branch the fix is pushed to: docsnav/fix-<first 8 characters of the id>.
  branch text,
  haulted boolean NOT NULL DEFAULT false,
  hault_reason text NOT NULL DEFAULT 'processing' CHECK (hault_reason IN ('completed', 'github_missconfigured', 'error', 'processing', 'interrupted')),
  pull_request_link text,
  message_to_user text NOT NULL DEFAULT '',
  todos jsonb NOT NULL DEFAULT '[]',
  title text NOT NULL DEFAULT '',
  messages jsonb NOT NULL DEFAULT '[]',
  as_draft boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
-- Where a fix branch can be reviewed: a URL template with {branch} and {base} (a forge's compare page).
ALTER TABLE projects ADD COLUMN compare_url text;
-- Start a repair job after each deployment whose problems include fixable ones.
ALTER TABLE projects ADD COLUMN auto_fix boolean NOT NULL DEFAULT false;

CREATE INDEX agent_sessions_project ON agent_sessions (project_id, created_at DESC, id DESC);
