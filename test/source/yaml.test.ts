import { describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../src/source/yaml.js';

describe('YAML source', () => {
  const text = 'navigation:\n  tabs:\n    - tab: Guides\n      expand: true\n      groups: []\n';

  it('parses and locates values and keys', () => {
    const source = parseYamlSource('docs.yaml', text);
    expect(source.findings).toEqual([]);
    expect(source.value).toEqual({ navigation: { tabs: [{ tab: 'Guides', expand: true, groups: [] }] } });
    expect(source.locate('/navigation/tabs/0/tab')).toMatchObject({ line: 3, column: 12, endLine: 3, endColumn: 18 });
    expect(source.locate('/navigation/tabs/0/expand', 'key')).toMatchObject({ line: 4, column: 7, endColumn: 13 });
  });

  it('reports syntax errors with a location', () => {
    const source = parseYamlSource('docs.yaml', 'navigation:\n  tabs: [a, b\n  pages: x\n');
    expect(source.value).toBeUndefined();
    expect(source.findings[0].code).toBe('parse-error');
    expect(source.findings[0].span).toBeDefined();
  });

  it('reports duplicate keys', () => {
    const source = parseYamlSource('docs.yaml', 'navigation:\n  pages: [a]\n  pages: [b]\n');
    expect(source.findings.map((f) => f.code)).toEqual(['duplicate-key']);
    expect(source.rangeOf(...source.findings[0].span!)).toMatchObject({ line: 3, column: 3 });
  });
});

describe('YAML source: what a finding says, and what stops the read', () => {
  it('a duplicate key: its words and where the second one starts; it does not stop the read', () => {
    const source = parseYamlSource('docs.yaml', 'name: a\nname: b\n');
    expect(source.findings).toEqual([{ code: 'duplicate-key', message: 'YAML duplicate key: Map keys must be unique.', pointer: '', span: [8, 9] }]);
    expect(source.value).toEqual({ name: 'b' });
  });

  it('a syntax error: its words (first line, no trailing colon or full stop), at most five, and no value', () => {
    const source = parseYamlSource('docs.yaml', 'a: [1, 2\nb: "x\n');
    expect(source.value).toBeUndefined();
    expect(source.findings.length).toBeGreaterThan(0);
    expect(source.findings.length).toBeLessThanOrEqual(5);
    for (const finding of source.findings) {
      expect(finding.code).toBe('parse-error');
      expect(finding.message).toMatch(/^YAML syntax error: [^\n]*[^.:\s]\.$/);
      expect(finding.span![1]).toBeGreaterThan(finding.span![0]);
    }
    const many = parseYamlSource('docs.yaml', Array.from({ length: 12 }, (_, i) => `k${i}: [\n`).join(''));
    expect(many.findings).toHaveLength(5);
  });

  it('an alias bomb is refused at its last alias, before it is built; a few aliases read fine', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      '',
    ].join('\n');
    const source = parseYamlSource('docs.yaml', bomb);
    expect(source.value).toBeUndefined();
    expect(source.findings).toEqual([
      {
        code: 'parse-error',
        message: 'YAML aliases expand to more than 1,000 nodes (an alias bomb?): docsnav does not expand them, so nothing in the file was checked.',
        pointer: '',
        span: [bomb.lastIndexOf('*c'), bomb.lastIndexOf('*c') + 2],
      },
    ]);
    const few = parseYamlSource('docs.yaml', 'a: &a [x, y]\nb: *a\nc: *a\n');
    expect(few.findings).toEqual([]);
    expect(few.value).toEqual({ a: ['x', 'y'], b: ['x', 'y'], c: ['x', 'y'] });
  });

  it('locates a key or value that is there, the nearest one that is when it is not, and the start for an empty document', () => {
    const source = parseYamlSource('docs.yaml', 'navigation:\n  pages:\n    - a\n    - b\n');
    expect(source.locate('/navigation/pages/1')).toMatchObject({ line: 4, column: 7, endColumn: 8 });
    expect(source.locate('/navigation/pages/7')).toMatchObject({ line: 3, column: 5 });
    expect(source.locate('/navigation/missing/x', 'key')).toMatchObject({ line: 2, column: 3 });
    expect(
      source.locateAll([
        { pointer: '/navigation', at: 'key' },
        { pointer: '/navigation/pages/0', at: 'value' },
      ]),
    ).toEqual([
      { line: 1, column: 1, endLine: 1, endColumn: 11 },
      { line: 3, column: 7, endLine: 3, endColumn: 8 },
    ]);
    const empty = parseYamlSource('docs.yaml', '');
    expect(empty.value).toBeNull();
    expect(empty.locate('/a')).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 2 });
  });
});
