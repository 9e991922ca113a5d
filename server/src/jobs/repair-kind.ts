import { randomUUID } from 'node:crypto';
import { insertSession, type AgentSessionRecord } from '../store/agent.js';
import { enqueueJob } from '../store/jobs.js';
import type { Queryable } from '../store/store.js';
import type { JobKindName } from '../store/jobs.js';

/** The queue's name for repair (agent) jobs (kept apart so the core does not load the job's code). */
export const REPAIR_KIND = 'repair' satisfies JobKindName;

/** The branch a session's fix is pushed to. */
export function fixBranchName(sessionId: string): string {
  return `docsnav/fix-${sessionId.slice(0, 8)}`;
}

/** A new agent session and its repair job, in the caller's transaction (the agent route, or a deployment with auto-fix). */
export async function queueRepair(
  tx: Queryable,
  session: { projectId: string; sourceBranch: string; title: string; messages?: unknown[]; asDraft?: boolean },
): Promise<AgentSessionRecord> {
  const id = randomUUID();
  const inserted = await insertSession(tx, { ...session, id, branch: fixBranchName(id) });
  await enqueueJob(tx, { id, kind: REPAIR_KIND, lane: session.projectId });
  return inserted;
}
