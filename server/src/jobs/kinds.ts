import { deploymentJob } from './deployment.js';
import type { JobKinds } from './kind.js';
import { repairJob } from './repair.js';

/** Every job kind the queue runs: the one registry, complete by its type (a name in `JobPayloads` without its entry does not compile). */
export const jobKinds = {
  deployment: deploymentJob,
  repair: repairJob,
} as const satisfies JobKinds;
