-- Appending to a thread takes its next positions from the thread's own row (one UPDATE …
-- RETURNING, which concurrent follow-ups wait on), not from max(seq) of its messages, which two
-- requests read alike. An answer names the question it answers: with two questions in flight,
-- answers need not follow their questions.
ALTER TABLE assistant_threads ADD COLUMN next_seq integer NOT NULL DEFAULT 0;
UPDATE assistant_threads t SET next_seq = coalesce((SELECT max(seq) FROM assistant_messages m WHERE m.thread_id = t.id), 0);
ALTER TABLE assistant_messages ADD COLUMN reply_to text;
