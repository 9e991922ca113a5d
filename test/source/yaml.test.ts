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
