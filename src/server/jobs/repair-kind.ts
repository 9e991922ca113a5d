/** The queue's name for repair (agent) jobs (kept apart so the core does not load the job's code). */
export const REPAIR_KIND = 'repair';

/** The branch a session's fix is pushed to. */
export function fixBranchName(sessionId: string): string {
  return `docsnav/fix-${sessionId.slice(0, 8)}`;
}
