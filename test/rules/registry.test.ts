import { describe, expect, it } from 'vitest';
import { allCodes, codes } from '../../src/codes.js';
import { RULES, rules } from '../../src/rules/index.js';

describe('the rule registry (src/rules/index.ts)', () => {
  it('files each rule under the code it reports', () => {
    for (const [code, rule] of Object.entries(RULES)) expect(rule.code).toBe(code);
  });

  it('holds a rule for every code a rule reports, each once, in the order they are reported', () => {
    expect(rules).toEqual(Object.values(RULES));
    expect(new Set(rules.map((rule) => rule.code)).size).toBe(rules.length);
    const ruleSourced = allCodes.filter((code) => codes[code].source === 'rule' && code !== 'mint-json-invalid');
    expect(rules.map((rule) => rule.code).sort()).toEqual([...ruleSourced].sort());
  });
});
