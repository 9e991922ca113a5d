import { describe, expect, it } from 'vitest';
import { higherSeverity, type Severity } from '../src/severity.js';

describe('higherSeverity', () => {
  const cases: [Severity, Severity, Severity][] = [
    ['info', 'info', 'info'],
    ['info', 'warning', 'warning'],
    ['warning', 'info', 'warning'],
    ['warning', 'error', 'error'],
    ['error', 'warning', 'error'],
    ['info', 'error', 'error'],
    ['error', 'info', 'error'],
    ['error', 'error', 'error'],
  ];
  it.each(cases)('%s and %s: %s', (a, b, higher) => {
    expect(higherSeverity(a, b)).toBe(higher);
  });
});
