/**
 * The suites' hang guards (test/time-scale.mjs): scaled by DOCSNAV_TEST_TIME_SCALE when it is set,
 * else by the machine's load per core, never under a quiet machine's; and Vitest's own limits
 * (vitest.config.ts, test/time-scale-setup.ts) come from there.
 */
import { describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, hangGuard, timeScale } from './time-scale.mjs';

describe('timeScale', () => {
  it('is the load per core, the highest of the three averages, on a busy machine', () => {
    expect(timeScale({}, [20, 8, 4], 2)).toBe(10);
    expect(timeScale({}, [4, 45, 60], 2)).toBe(30);
    expect(timeScale({}, [3, 3, 3], 1)).toBe(3);
  });

  it('is never under 1: a quiet machine keeps the limits as written', () => {
    expect(timeScale({}, [0.2, 0.1, 0], 2)).toBe(1);
    expect(timeScale({}, [0, 0, 0], 0)).toBe(1);
  });

  it('is DOCSNAV_TEST_TIME_SCALE when set, whatever the load (above or under 1)', () => {
    expect(timeScale({ DOCSNAV_TEST_TIME_SCALE: '4' }, [0, 0, 0], 2)).toBe(4);
    expect(timeScale({ DOCSNAV_TEST_TIME_SCALE: '0.5' }, [60, 60, 60], 2)).toBe(0.5);
    expect(timeScale({ DOCSNAV_TEST_TIME_SCALE: ' ' }, [6, 0, 0], 2)).toBe(3);
  });

  it.each(['0', '-1', 'fast', 'Infinity', '2x'])('refuses DOCSNAV_TEST_TIME_SCALE=%j with one line naming it', (value) => {
    expect(() => timeScale({ DOCSNAV_TEST_TIME_SCALE: value }, [0, 0, 0], 2)).toThrow(
      `DOCSNAV_TEST_TIME_SCALE must be a number above 0, not ${JSON.stringify(value)}`,
    );
  });
});

describe('the limits of this run', () => {
  it("Vitest's own test and hook limits are the scaled ones", () => {
    const config = (globalThis as { __vitest_worker__?: { config: { testTimeout: number; hookTimeout: number } } }).__vitest_worker__?.config;
    expect(config).toBeDefined();
    if (process.env.DOCSNAV_TEST_TIME_SCALE) {
      const scale = Number(process.env.DOCSNAV_TEST_TIME_SCALE);
      expect(config!.testTimeout).toBe(Math.ceil(TEST_TIMEOUT_MS * scale));
      expect(config!.hookTimeout).toBe(Math.ceil(HOOK_TIMEOUT_MS * scale));
    } else {
      // Measured as this file started, on a machine whose load moves: never under a quiet machine's.
      expect(config!.testTimeout).toBeGreaterThanOrEqual(TEST_TIMEOUT_MS);
      expect(config!.hookTimeout).toBeGreaterThanOrEqual(HOOK_TIMEOUT_MS);
    }
    expect(hangGuard(1000)).toBeGreaterThanOrEqual(process.env.DOCSNAV_TEST_TIME_SCALE ? 1 : 1000);
  });
});
