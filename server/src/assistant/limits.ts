/**
 * The assistant's usage limits, the spec's three scopes, all checked on every request: uses per
 * API key per calendar month, requests per organization (a project) per hour, requests per IP
 * address per day (UTC windows). Counted in the database, so every server process shares them
 * and they survive restarts.
 */
import { HttpError } from '../http/errors.js';
import { countUse, type UsageCounter } from '../store/usage.js';
import type { Store } from '../store/store.js';

export interface Limits {
  perKeyPerMonth: number;
  perOrganizationPerHour: number;
  perIpPerDay: number;
}

export const DEFAULT_LIMITS: Limits = { perKeyPerMonth: 10_000, perOrganizationPerHour: 10_000, perIpPerDay: 10_000 };

/** A 429 that says which limit was hit and when to come back. */
export class LimitError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly scope: 'key' | 'organization' | 'ip',
  ) {
    super(429, message);
  }
}

interface Window {
  start: Date;
  end: Date;
}

export function monthWindow(now: Date): Window {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

export function hourWindow(now: Date): Window {
  const start = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  return { start, end: new Date(start.getTime() + 3_600_000) };
}

export function dayWindow(now: Date): Window {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/**
 * Counts this request against the three limits, or throws a LimitError (and counts nothing)
 * when one of them is used up.
 */
export async function useAssistant(store: Store, limits: Limits, who: { keyId: string; projectId: string; ip: string }, now = new Date()): Promise<void> {
  const month = monthWindow(now);
  const hour = hourWindow(now);
  const day = dayWindow(now);
  const counters: Array<UsageCounter & { window: Window; scopeName: 'key' | 'organization' | 'ip'; what: string }> = [
    {
      scope: 'assistant:key:month',
      subject: who.keyId,
      windowStart: month.start,
      limit: limits.perKeyPerMonth,
      window: month,
      scopeName: 'key',
      what: `this API key's limit of ${limits.perKeyPerMonth} uses per month`,
    },
    {
      scope: 'assistant:organization:hour',
      subject: who.projectId,
      windowStart: hour.start,
      limit: limits.perOrganizationPerHour,
      window: hour,
      scopeName: 'organization',
      what: `the organization's limit of ${limits.perOrganizationPerHour} requests per hour`,
    },
    {
      scope: 'assistant:ip:day',
      subject: who.ip,
      windowStart: day.start,
      limit: limits.perIpPerDay,
      window: day,
      scopeName: 'ip',
      what: `this IP address's limit of ${limits.perIpPerDay} requests per day`,
    },
  ];
  await store.transaction(async (tx) => {
    const counts = new Map((await countUse(tx, counters)).map((row) => [row.scope, row.count]));
    const over = counters.find((counter) => (counts.get(counter.scope) ?? 0) > counter.limit);
    if (over) {
      const seconds = Math.max(1, Math.ceil((over.window.end.getTime() - now.getTime()) / 1000));
      throw new LimitError(`rate limit: ${over.what} is used up; retry after ${seconds} s`, seconds, over.scopeName);
    }
  });
}
