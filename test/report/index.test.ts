import { describe, expect, it } from 'vitest';
import { formatGithub, formatJson, formatPretty, formatResults, formats, formatSarif, isFormat } from '../../src/report/index.js';
import { results } from './fixtures.js';

describe('formatResults', () => {
  it('knows the four formats, pretty first', () => {
    expect(formats).toEqual(['pretty', 'json', 'sarif', 'github']);
    expect(isFormat('sarif')).toBe(true);
    expect(isFormat('xml')).toBe(false);
  });

  it('dispatches to each formatter', () => {
    expect(formatResults('pretty', results)).toBe(formatPretty(results, { color: false }));
    expect(formatResults('pretty', results, { color: true })).toBe(formatPretty(results, { color: true }));
    expect(formatResults('json', results)).toBe(formatJson(results));
    expect(formatResults('sarif', results, { toolVersion: '9.9.9' })).toBe(formatSarif(results, { toolVersion: '9.9.9' }));
    expect(formatResults('github', results)).toBe(formatGithub(results));
  });

  it('has no colour unless asked', () => {
    expect(formatResults('pretty', results)).not.toContain('\x1b');
  });

  it('a format it does not know (a caller in plain JavaScript) is a TypeError naming it, not an empty report', () => {
    expect(() => formatResults('xml' as never, results)).toThrow(new TypeError('Unknown format: xml'));
    expect(() => formatResults(undefined as never, results)).toThrow(new TypeError('Unknown format: undefined'));
  });
});
