/**
 * A setup file of every project (vitest.config.ts, server/vitest.config.ts): Vitest's default
 * limits for a test and a hook, measured again as each file starts (the configuration's were
 * measured once, when the run began, before a second run beside it made the machine busy).
 */
import { vi } from 'vitest';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, hangGuard } from './time-scale.mjs';

vi.setConfig({ testTimeout: hangGuard(TEST_TIMEOUT_MS), hookTimeout: hangGuard(HOOK_TIMEOUT_MS) });
