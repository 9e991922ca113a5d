import type { JobKindName } from '../store/jobs.js';

/** The queue's name for deployment jobs (kept apart so the core does not load the job's code). */
export const DEPLOYMENT_KIND = 'deployment' satisfies JobKindName;
