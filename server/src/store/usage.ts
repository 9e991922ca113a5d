import type { Queryable } from './store.js';
import { json } from './storable.js';

export interface UsageCounter {
  scope: string;
  subject: string;
  windowStart: Date;
  limit: number;
}

/**
 * Counts one use in every counter, in one statement, and returns the counts after it. Called
 * inside a transaction: when a count is over its limit the caller rolls back, so a refused
 * request uses nothing. The rows are taken in the order given, so concurrent callers lock them
 * in the same order and never deadlock; the row lock makes the counts exact across processes.
 */
export async function countUse(db: Queryable, counters: readonly UsageCounter[]): Promise<Array<{ scope: string; count: number }>> {
  const rows = await db.query<{ scope: string; count: number | string }>(
    `INSERT INTO usage_counters (scope, subject, window_start, count)
     SELECT x.scope, x.subject, x.window_start::timestamptz, 1 FROM jsonb_to_recordset($1::jsonb) AS x(scope text, subject text, window_start text)
     ON CONFLICT (scope, subject, window_start) DO UPDATE SET count = usage_counters.count + 1
     RETURNING scope, count`,
    [json(counters.map((counter) => ({ scope: counter.scope, subject: counter.subject, window_start: counter.windowStart.toISOString() })))],
  );
  return rows.map((row) => ({ scope: row.scope, count: Number(row.count) }));
}
