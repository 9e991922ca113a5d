-- The platform's API spells an agent session's stop "haulted" / "haultReason" and one reason
-- "github_missconfigured": those spellings belong to the wire (routes/agent.ts maps them). The
-- table uses the right words: halted, halt_reason, github_misconfigured.
ALTER TABLE agent_sessions DROP CONSTRAINT agent_sessions_hault_reason_check;
ALTER TABLE agent_sessions RENAME COLUMN haulted TO halted;
ALTER TABLE agent_sessions RENAME COLUMN hault_reason TO halt_reason;
UPDATE agent_sessions SET halt_reason = 'github_misconfigured' WHERE halt_reason = 'github_missconfigured';
ALTER TABLE agent_sessions ADD CONSTRAINT agent_sessions_halt_reason_check CHECK (halt_reason IN ('completed', 'github_misconfigured', 'error', 'processing', 'interrupted'));
