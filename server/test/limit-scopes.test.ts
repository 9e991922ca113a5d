/**
 * The assistant's three limits at the unit level (limits.ts), on a real store (PGlite): each counts
 * exactly per its own scope (key, organization, IP) and window, a refused use counts nothing, and
 * the 429 says which limit and when to retry. The route's 429 is in assistant-limits.test.ts.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, LimitError, dayWindow, hourWindow, monthWindow, useAssistant, type Limits } from '../src/assistant/limits.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const iso = (date: Date) => date.toISOString();

describe('the windows (UTC)', () => {
  const cases: Array<[now: string, month: [string, string], hour: [string, string], day: [string, string]]> = [
    [
      '2026-02-28T23:59:30.000Z',
      ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
      ['2026-02-28T23:00:00.000Z', '2026-03-01T00:00:00.000Z'],
      ['2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ],
    [
      '2025-12-31T12:34:56.789Z',
      ['2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
      ['2025-12-31T12:00:00.000Z', '2025-12-31T13:00:00.000Z'],
      ['2025-12-31T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ],
    [
      '2024-03-01T00:00:00.000Z',
      ['2024-03-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z'],
      ['2024-03-01T00:00:00.000Z', '2024-03-01T01:00:00.000Z'],
      ['2024-03-01T00:00:00.000Z', '2024-03-02T00:00:00.000Z'],
    ],
  ];
  it.each(cases)('at %s', (now, month, hour, day) => {
    const at = new Date(now);
    expect([iso(monthWindow(at).start), iso(monthWindow(at).end)]).toEqual(month);
    expect([iso(hourWindow(at).start), iso(hourWindow(at).end)]).toEqual(hour);
    expect([iso(dayWindow(at).start), iso(dayWindow(at).end)]).toEqual(day);
  });
});

describe('useAssistant: three limits, each counted per its scope', () => {
  let store: Store;
  const now = new Date('2026-05-14T10:20:00.000Z');
  const loose: Limits = { perKeyPerMonth: 100, perOrganizationPerHour: 100, perIpPerDay: 100 };

  beforeAll(async () => {
    store = await openStore({ data: path.join(tempDir('limit-scopes'), 'data') });
  }, hangGuard(120_000));

  afterAll(async () => {
    await store?.close();
  });

  beforeEach(async () => {
    await store.query('DELETE FROM usage_counters');
  });

  /** The uses that passed, and the scope of each refusal, in order. */
  async function uses(limits: Limits, who: Array<{ keyId: string; projectId: string; ip: string }>, at = now) {
    const outcomes: string[] = [];
    for (const one of who) {
      try {
        await useAssistant(store, limits, one, at);
        outcomes.push('ok');
      } catch (error) {
        if (!(error instanceof LimitError)) throw error;
        outcomes.push(error.scope);
      }
    }
    return outcomes;
  }

  async function counters() {
    const rows = await store.query<{ scope: string; subject: string; count: number }>(
      'SELECT scope, subject, count FROM usage_counters ORDER BY scope, subject',
    );
    return rows.map((row) => `${row.scope} ${row.subject} ${Number(row.count)}`);
  }

  it('the defaults: 10 000 of each', () => {
    expect(DEFAULT_LIMITS).toEqual({ perKeyPerMonth: 10_000, perOrganizationPerHour: 10_000, perIpPerDay: 10_000 });
  });

  it('a limit of n lets exactly n uses through; a refused use counts nothing', async () => {
    const who = { keyId: 'k1', projectId: 'acme', ip: '192.0.2.1' };
    expect(await uses({ ...loose, perKeyPerMonth: 2 }, [who, who, who, who])).toEqual(['ok', 'ok', 'key', 'key']);
    expect(await counters()).toEqual(['assistant:ip:day 192.0.2.1 2', 'assistant:key:month k1 2', 'assistant:organization:hour acme 2']);
  });

  it('the key limit counts per key: another key of the same project and IP still passes', async () => {
    const limits = { ...loose, perKeyPerMonth: 1 };
    const one = { keyId: 'k1', projectId: 'acme', ip: '192.0.2.1' };
    expect(await uses(limits, [one, { ...one, keyId: 'k2' }, one])).toEqual(['ok', 'ok', 'key']);
  });

  it('the organization limit counts per project, over all its keys and IPs', async () => {
    const limits = { ...loose, perOrganizationPerHour: 2 };
    const acme = (keyId: string, ip: string) => ({ keyId, projectId: 'acme', ip });
    expect(
      await uses(limits, [acme('k1', '192.0.2.1'), acme('k2', '192.0.2.2'), acme('k3', '192.0.2.3'), { keyId: 'k4', projectId: 'other', ip: '192.0.2.4' }]),
    ).toEqual(['ok', 'ok', 'organization', 'ok']);
  });

  it('the IP limit counts per IP address, over all keys and projects', async () => {
    const limits = { ...loose, perIpPerDay: 2 };
    const from = (ip: string, keyId: string, projectId: string) => ({ keyId, projectId, ip });
    expect(
      await uses(limits, [from('192.0.2.1', 'k1', 'a'), from('192.0.2.1', 'k2', 'b'), from('192.0.2.1', 'k3', 'c'), from('192.0.2.2', 'k1', 'a')]),
    ).toEqual(['ok', 'ok', 'ip', 'ok']);
  });

  it('each limit starts again in its next window, and only then', async () => {
    const who = { keyId: 'k1', projectId: 'acme', ip: '192.0.2.1' };
    const at = (time: string) => new Date(time);
    // The hour: full at 10:20, still full at 10:59:59, free at 11:00.
    const hourly = { ...loose, perOrganizationPerHour: 1 };
    expect(await uses(hourly, [who], at('2026-05-14T10:20:00Z'))).toEqual(['ok']);
    expect(await uses(hourly, [who], at('2026-05-14T10:59:59Z'))).toEqual(['organization']);
    expect(await uses(hourly, [who], at('2026-05-14T11:00:00Z'))).toEqual(['ok']);
    // The day and the month likewise.
    await store.query('DELETE FROM usage_counters');
    const daily = { ...loose, perIpPerDay: 1 };
    expect(await uses(daily, [who, who], at('2026-05-14T23:59:00Z'))).toEqual(['ok', 'ip']);
    expect(await uses(daily, [who], at('2026-05-15T00:00:00Z'))).toEqual(['ok']);
    await store.query('DELETE FROM usage_counters');
    const monthly = { ...loose, perKeyPerMonth: 1 };
    expect(await uses(monthly, [who, who], at('2026-05-31T23:00:00Z'))).toEqual(['ok', 'key']);
    expect(await uses(monthly, [who], at('2026-06-01T00:00:00Z'))).toEqual(['ok']);
  });

  it('the 429 says which limit, and retry after the seconds left in its window (at least 1)', async () => {
    const who = { keyId: 'k1', projectId: 'acme', ip: '192.0.2.1' };
    const refusal = async (limits: Limits, at: Date) => {
      await store.query('DELETE FROM usage_counters');
      await useAssistant(store, limits, who, at);
      const error = await useAssistant(store, limits, who, at).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(LimitError);
      const { statusCode, message, retryAfterSeconds, scope } = error as LimitError;
      return { statusCode, message, retryAfterSeconds, scope };
    };
    expect(await refusal({ ...loose, perOrganizationPerHour: 1 }, new Date('2026-05-14T10:20:00.000Z'))).toEqual({
      statusCode: 429,
      message: "rate limit: the organization's limit of 1 requests per hour is used up; retry after 2400 s",
      retryAfterSeconds: 2400,
      scope: 'organization',
    });
    expect(await refusal({ ...loose, perKeyPerMonth: 1 }, new Date('2026-05-31T23:59:59.500Z'))).toEqual({
      statusCode: 429,
      message: "rate limit: this API key's limit of 1 uses per month is used up; retry after 1 s",
      retryAfterSeconds: 1,
      scope: 'key',
    });
    expect(await refusal({ ...loose, perIpPerDay: 1 }, new Date('2026-05-14T23:59:59.999Z'))).toEqual({
      statusCode: 429,
      message: "rate limit: this IP address's limit of 1 requests per day is used up; retry after 1 s",
      retryAfterSeconds: 1,
      scope: 'ip',
    });
    expect((await refusal({ ...loose, perIpPerDay: 1 }, new Date('2026-05-14T22:00:00.000Z'))).retryAfterSeconds).toBe(7200);
  });

  it('two limits used up at once: the first of key, organization, IP is named', async () => {
    const who = { keyId: 'k1', projectId: 'acme', ip: '192.0.2.1' };
    expect(await uses({ perKeyPerMonth: 100, perOrganizationPerHour: 1, perIpPerDay: 1 }, [who, who])).toEqual(['ok', 'organization']);
    await store.query('DELETE FROM usage_counters');
    expect(await uses({ perKeyPerMonth: 1, perOrganizationPerHour: 1, perIpPerDay: 1 }, [who, who])).toEqual(['ok', 'key']);
  });
});
