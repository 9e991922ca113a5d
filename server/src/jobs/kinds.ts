import { deploymentJob } from './deployment.js';
import type { JobKind } from './kind.js';
import { repairJob } from './repair.js';

/** Every job kind the queue runs: the one registry (deployments and repair jobs). */
export const jobKinds: Readonly<Record<string, JobKind>> = {
  [deploymentJob.kind]: deploymentJob,
  [repairJob.kind]: repairJob,
};
