/**
 * The files and options around the page texts: `OpenApiPages` (a spec file read and parsed once,
 * JSON by JSON.parse, the rest by YAML, never a URL), `serverOptions` (a deployment's and a
 * repair's rules and profile) and `fixCheckout` (a repair's work, run in-process here).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixCheckout } from '../src/analysis/fix-task.js';
import { OpenApiPages } from '../src/analysis/openapi-pages.js';
import { serverOptions } from '../src/analysis/project-config.js';
import { tempDir } from './helpers.js';

/** Pages over the given files, with every file read recorded. */
function pagesOver(files: Record<string, string>): { pages: OpenApiPages; reads: string[] } {
  const reads: string[] = [];
  const pages = new OpenApiPages((file) => {
    reads.push(file);
    return Object.hasOwn(files, file) ? files[file] : undefined;
  });
  return { pages, reads };
}

const YAML_SPEC = 'openapi: 3.1.0\ninfo:\n  title: Store\n  version: "1.0"\npaths:\n  /pets:\n    get:\n      summary: List pets\n';

describe('OpenApiPages', () => {
  it('reads and parses a file once, however often it is asked for, a missing one too', () => {
    const { pages, reads } = pagesOver({ 'api/openapi.yaml': YAML_SPEC });
    const first = pages.spec('api/openapi.yaml');
    expect(first).toEqual({
      text: YAML_SPEC,
      value: { openapi: '3.1.0', info: { title: 'Store', version: '1.0' }, paths: { '/pets': { get: { summary: 'List pets' } } } },
    });
    expect(pages.spec('api/openapi.yaml')).toBe(first);
    expect(pages.spec('api/missing.yaml')).toBeUndefined();
    expect(pages.spec('api/missing.yaml')).toBeUndefined();
    expect(reads).toEqual(['api/openapi.yaml', 'api/missing.yaml']);
  });

  it.each([['https://petstore3.swagger.io/api/v3/openapi.json'], ['http://example.com/openapi.yaml']])('never reads a URL (%s)', (url) => {
    const { pages, reads } = pagesOver({ [url]: '{"openapi":"3.0.0"}' });
    expect(pages.spec(url)).toBeUndefined();
    expect(reads).toEqual([]);
  });

  it('reads a file whose name only holds a URL further on', () => {
    const name = 'mirror/https://x.json';
    const { pages } = pagesOver({ [name]: '{"openapi":"3.0.0"}' });
    expect(pages.spec(name)?.value).toEqual({ openapi: '3.0.0' });
  });

  it.each([
    ['JSON', '{"openapi":"3.0.3","paths":{}}', { openapi: '3.0.3', paths: {} }],
    ['JSON with a repeated key: its last value, as browsers read it', '{"info":{"title":"A","title":"B"}}', { info: { title: 'B' } }],
    ['JSON after blank lines and spaces, a repeated key', '\n\n   {"a":1,"a":2}', { a: 2 }],
    ['JSON after a tab', '\t{"a":1,"a":2}', { a: 2 }],
    ['YAML that starts with a brace (a flow mapping JSON refuses)', '{a: 1}', { a: 1 }],
    ['a JSON list (read as YAML)', '[1, 2]', [1, 2]],
  ])('parses %s', (_name, text, value) => {
    expect(pagesOver({ 'spec.json': text }).pages.spec('spec.json')).toEqual({ text, value });
  });

  it.each([
    ['YAML with a repeated key', 'a: 1\na: 2\n'],
    ['a list holding JSON with a repeated key', '[{"a":1,"a":2}]'],
    ['YAML that does not parse', 'openapi: [3.1.0\n'],
  ])('gives nothing for %s', (_name, text) => {
    expect(pagesOver({ 'spec.yaml': text }).pages.spec('spec.yaml')).toBeUndefined();
  });
});

describe('serverOptions', () => {
  const DEPLOYS_WITH = {
    'redirect-not-found': 'warning',
    'redirect-loop': 'warning',
    'redirect-pattern': 'warning',
    'link-not-found': 'off',
    'anchor-not-found': 'off',
    'page-unparsable': 'off',
  };

  it('a deployment under the platform profile: what its build deploys despite is a warning, the profile set', () => {
    expect(serverOptions({ options: {}, problems: [] }, { root: '/docs' })).toEqual({
      root: '/docs',
      concurrency: 1,
      profile: 'platform',
      rules: {
        'page-not-found': 'warning',
        'page-path': 'warning',
        'unknown-field': 'warning',
        'primary-pattern': 'warning',
        ...DEPLOYS_WITH,
      },
    });
  });

  it("a repair: every mistake at its own severity, but the server's own rules", () => {
    expect(serverOptions({ options: {}, problems: [] }, { root: '/docs' }, 'repair')).toEqual({
      root: '/docs',
      concurrency: 1,
      profile: 'platform',
      rules: DEPLOYS_WITH,
    });
  });

  it("a project's profile and rules win", () => {
    const config = { options: { profile: 'spec' as const, rules: { 'page-not-found': 'error' as const, 'link-not-found': 'warning' as const } }, problems: [] };
    expect(serverOptions(config, { root: '/docs' })).toEqual({
      root: '/docs',
      concurrency: 1,
      profile: 'spec',
      rules: { ...DEPLOYS_WITH, 'page-not-found': 'error', 'link-not-found': 'warning' },
    });
  });
});

describe('fixCheckout', () => {
  it("fixes the docs file in place, finding pages in the docs root, and lists what is left at the repair's severity", () => {
    const dir = tempDir('fix-task');
    mkdirSync(path.join(dir, 'content'));
    writeFileSync(path.join(dir, 'content', 'intro.mdx'), '---\ntitle: Intro\n---\n\nHello.\n');
    const docsFile = path.join(dir, 'docs.json');
    writeFileSync(docsFile, JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['intro.mdx', 'missing'] } }));
    const result = fixCheckout({ docsRoot: path.join(dir, 'content'), docsFile, checkoutRoot: dir });
    expect(result.applied.map((problem) => [problem.code, problem.pointer])).toEqual([['page-path', '/navigation/pages/0']]);
    expect(result.remaining.map((problem) => [problem.code, problem.severity, problem.pointer])).toEqual([['page-not-found', 'error', '/navigation/pages/1']]);
    expect(result.written).toEqual([docsFile]);
    expect(JSON.parse(readFileSync(docsFile, 'utf8')).navigation).toEqual({ pages: ['intro', 'missing'] });
  });

  it("applies the project's own config from the checkout", () => {
    const dir = tempDir('fix-task-config');
    writeFileSync(path.join(dir, 'docsnav.config.json'), JSON.stringify({ rules: { 'page-not-found': 'off' } }));
    writeFileSync(path.join(dir, 'intro.mdx'), '# Intro\n');
    const docsFile = path.join(dir, 'docs.json');
    writeFileSync(docsFile, JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['/intro', 'missing'] } }));
    const result = fixCheckout({ docsRoot: dir, docsFile, checkoutRoot: dir });
    expect(result.remaining).toEqual([]);
    expect(JSON.parse(readFileSync(docsFile, 'utf8')).navigation).toEqual({ pages: ['intro', 'missing'] });
  });
});
