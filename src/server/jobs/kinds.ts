import { deploymentJob } from './deployment.js';
import type { JobKind } from './kind.js';

/** Every job kind the queue runs: the one registry (a repair kind joins here). */
export const jobKinds: Readonly<Record<string, JobKind>> = {
  [deploymentJob.kind]: deploymentJob,
};
