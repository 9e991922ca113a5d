/**
 * The server's log (src/host/log.ts) in-process: its level by default and when given, its
 * lines (JSON, an ISO time), where they go, and the logger that says nothing.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, LOG_LEVELS, silentLogger } from '../src/host/log.js';

/** A stream keeping the lines written to it. */
function lines(): { stream: Writable; written: string[] } {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, written };
}

describe('createLogger', () => {
  it('logs at info by default: info and above, not debug', () => {
    const { stream, written } = lines();
    const log = createLogger(undefined, stream);
    expect(log.level).toBe('info');
    log.debug('hidden');
    log.info({ job: 'j1' }, 'deployment done');
    log.warn('disk low');
    expect(written.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { level: 30, msg: 'deployment done', job: 'j1' },
      { level: 40, msg: 'disk low' },
    ]);
  });

  it('writes JSON lines with an ISO time', () => {
    const { stream, written } = lines();
    createLogger('info', stream).info('started');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\{"level":30,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","pid":\d+,"hostname":"[^"]*","msg":"started"\}$/);
  });

  it.each([
    ['warn', ['warn', 'error']],
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['silent', []],
  ] as const)('at %s logs %j', (level, shown) => {
    const { stream, written } = lines();
    const log = createLogger(level, stream);
    expect(log.level).toBe(level);
    log.debug('debug');
    log.info('info');
    log.warn('warn');
    log.error('error');
    expect(written.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(shown);
  });

  it('writes to stdout without a destination', () => {
    const log = createLogger('error');
    expect(log.level).toBe('error');
    expect(log.isLevelEnabled('error')).toBe(true);
    expect(log.isLevelEnabled('warn')).toBe(false);
  });

  it('knows the levels --log-level takes', () => {
    expect(LOG_LEVELS).toEqual(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
  });
});

describe('silentLogger', () => {
  it('says nothing at any level', () => {
    const log = silentLogger();
    expect(log.level).toBe('silent');
    expect(log.isLevelEnabled('fatal')).toBe(false);
  });
});
