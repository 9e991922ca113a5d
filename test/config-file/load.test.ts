import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigLoader, loadConfig, mergeConfigOptions, unreadConfigMessage } from '../../src/config-file/load.js';
import { FileReadError } from '../../src/read.js';
import { tempTrees } from '../config/temp-tree.js';

const tree = tempTrees('docsnav-config-');
const root = tree({});

const DOCS = '{ "navigation": { "pages": ["index"] } }';

interface DiscoveryCase {
  name: string;
  files: Record<string, string>;
  /** The docs file checked, relative to the tree. */
  docs: string;
  /** The config file expected, relative to the tree (undefined: none inside the tree). */
  found: string | undefined;
  options?: unknown;
}

const discovery: DiscoveryCase[] = [
  {
    name: 'docsnav.config.json beside docs.json',
    files: { 'docs.json': DOCS, 'docsnav.config.json': '{ "extends": "platform" }' },
    docs: 'docs.json',
    found: 'docsnav.config.json',
    options: { profile: 'platform' },
  },
  {
    name: 'docsnav.config.yaml',
    files: { 'docs.json': DOCS, 'docsnav.config.yaml': 'extends: platform\nignore:\n  - drafts/**\n' },
    docs: 'docs.json',
    found: 'docsnav.config.yaml',
    options: { profile: 'platform', ignore: ['drafts/**'] },
  },
  {
    name: 'docsnav.config.yml',
    files: { 'docs.json': DOCS, 'docsnav.config.yml': 'languageCodes: [tlh]\n' },
    docs: 'docs.json',
    found: 'docsnav.config.yml',
    options: { languageCodes: ['tlh'] },
  },
  {
    name: 'a "docsnav" key in package.json',
    files: { 'docs.json': DOCS, 'package.json': '{ "name": "site", "docsnav": { "rules": { "page-path": "off" } } }' },
    docs: 'docs.json',
    found: 'package.json',
    options: { rules: { 'page-path': 'off' } },
  },
  {
    name: 'package.json without the key is not a config',
    files: { 'docs/docs.json': DOCS, 'docs/package.json': '{ "name": "site" }', 'docsnav.config.json': '{ "extends": "platform" }' },
    docs: 'docs/docs.json',
    found: 'docsnav.config.json',
    options: { profile: 'platform' },
  },
  {
    name: 'package.json that only mentions docsnav elsewhere is not a config',
    files: { 'docs/docs.json': DOCS, 'docs/package.json': '{ "dependencies": { "docsnav": "1" } }', 'docsnav.config.json': '{}' },
    docs: 'docs/docs.json',
    found: 'docsnav.config.json',
    options: {},
  },
  {
    name: 'walks up several folders',
    files: { 'a/b/c/docs.json': DOCS, 'docsnav.config.json': '{ "extends": "platform" }' },
    docs: 'a/b/c/docs.json',
    found: 'docsnav.config.json',
    options: { profile: 'platform' },
  },
  {
    name: 'the nearest folder wins',
    files: { 'a/b/docs.json': DOCS, 'a/docsnav.config.yaml': 'extends: spec\n', 'docsnav.config.json': '{ "extends": "platform" }' },
    docs: 'a/b/docs.json',
    found: 'a/docsnav.config.yaml',
    options: { profile: 'spec' },
  },
  {
    name: 'a nearer package.json key beats a farther config file',
    files: { 'a/docs.json': DOCS, 'a/package.json': '{ "docsnav": {} }', 'docsnav.config.json': '{ "extends": "platform" }' },
    docs: 'a/docs.json',
    found: 'a/package.json',
    options: {},
  },
  {
    name: 'in one folder: .json before .yaml before package.json',
    files: {
      'docs.json': DOCS,
      'docsnav.config.json': '{ "extends": "platform" }',
      'docsnav.config.yaml': 'extends: spec',
      'package.json': '{ "docsnav": {} }',
    },
    docs: 'docs.json',
    found: 'docsnav.config.json',
  },
  {
    name: 'in one folder: .yaml before .yml',
    files: { 'docs.json': DOCS, 'docsnav.config.yml': 'extends: spec', 'docsnav.config.yaml': 'extends: platform' },
    docs: 'docs.json',
    found: 'docsnav.config.yaml',
    options: { profile: 'platform' },
  },
  {
    name: 'a folder named like a config is skipped',
    files: { 'a/docs.json': DOCS, 'a/docsnav.config.json/x': '', 'docsnav.config.json': '{}' },
    docs: 'a/docs.json',
    found: 'docsnav.config.json',
  },
  {
    name: 'a config below the docs file is not used',
    files: { 'docs.json': DOCS, 'sub/docsnav.config.json': '{ "extends": "platform" }' },
    docs: 'docs.json',
    found: undefined,
  },
  {
    name: 'a docs file that does not exist still finds its folder’s config',
    files: { 'docsnav.config.json': '{}' },
    docs: 'missing/docs.json',
    found: 'docsnav.config.json',
  },
];

describe('config discovery', () => {
  it.each(discovery)('$name', ({ files, docs, found, options }) => {
    const base = tree(files);
    const config = loadConfig(path.join(base, docs));
    expect(config.problems).toEqual([]);
    if (found === undefined) {
      // Nothing inside the tree; the walk goes on above it to the file-system root.
      expect(config.file === undefined || !config.file.startsWith(base)).toBe(true);
    } else {
      expect(config.file).toBe(path.join(base, found));
    }
    if (options !== undefined) expect(config.options).toEqual(options);
  });

  it('names the config relative to the current folder when the docs file was', () => {
    const base = tree({ 'docs.json': DOCS, 'docsnav.config.json': '{}' });
    const relative = path.relative(process.cwd(), path.join(base, 'docs.json'));
    expect(loadConfig(relative).file).toBe(path.relative(process.cwd(), path.join(base, 'docsnav.config.json')));
  });

  it('--config: that file, wherever it is, in its own format', () => {
    const base = tree({
      'docs.json': DOCS,
      'docsnav.config.json': '{ "extends": "spec" }',
      'elsewhere/my.yaml': 'extends: platform\n',
      'elsewhere/package.json': '{ "docsnav": { "languageCodes": ["x"] } }',
    });
    expect(loadConfig(path.join(base, 'docs.json'), { configFile: path.join(base, 'elsewhere/my.yaml') })).toMatchObject({
      file: path.join(base, 'elsewhere/my.yaml'),
      options: { profile: 'platform' },
      problems: [],
    });
    expect(loadConfig(path.join(base, 'docs.json'), { configFile: path.join(base, 'elsewhere/package.json') }).options).toEqual({ languageCodes: ['x'] });
  });

  it('--config naming a package.json with no "docsnav" key is a located problem', () => {
    const base = tree({ 'package.json': '{ "name": "x" }' });
    const config = loadConfig('docs.json', { configFile: path.join(base, 'package.json') });
    expect(config.problems.map((p) => [p.code, p.line, p.column])).toEqual([['config-invalid', 1, 1]]);
  });

  it("--config naming a missing file throws FileReadError, said as a config file that cannot be read (the CLI's line, the editor's problem)", () => {
    const missing = path.join(root, 'nope.json');
    let thrown: unknown;
    try {
      loadConfig('docs.json', { configFile: missing });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FileReadError);
    expect(unreadConfigMessage(thrown as FileReadError)).toBe(`cannot read config file ${missing}: no such file or folder; check the path (ENOENT)`);
  });

  it('--no-config: nothing is read', () => {
    const base = tree({ 'docs.json': DOCS, 'docsnav.config.json': '{ "extends": 7 }' });
    expect(loadConfig(path.join(base, 'docs.json'), { noConfig: true })).toEqual({ options: {}, problems: [] });
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable config file throws FileReadError', () => {
    const base = tree({ 'docs.json': DOCS, 'docsnav.config.json': '{}' });
    chmodSync(path.join(base, 'docsnav.config.json'), 0o000);
    expect(() => loadConfig(path.join(base, 'docs.json'))).toThrow(FileReadError);
  });

  it('stopAt: the walk looks in that folder and never above or outside it', () => {
    const base = tree({ 'repo/docs/docs.json': DOCS, 'docsnav.config.json': '{ "extends": "platform" }', 'repo/docsnav.config.yaml': 'extends: spec\n' });
    const docs = path.join(base, 'repo/docs/docs.json');
    expect(loadConfig(docs, { stopAt: path.join(base, 'repo') }).file).toBe(path.join(base, 'repo/docsnav.config.yaml'));
    expect(loadConfig(docs, { stopAt: path.join(base, 'repo/docs') })).toEqual({ options: {}, problems: [] });
    expect(loadConfig(docs, { stopAt: path.join(base, 'elsewhere') })).toEqual({ options: {}, problems: [] });
    // A package.json that only mentions docsnav as a dependency is not a config, here too.
    const site = tree({ 'docs/docs.json': DOCS, 'package.json': '{ "devDependencies": { "docsnav": "1" } }' });
    expect(loadConfig(path.join(site, 'docs/docs.json'), { stopAt: site })).toEqual({ options: {}, problems: [] });
  });

  it('--config is read once for every docs file of a run', () => {
    const base = tree({ 'a/docs.json': DOCS, 'b/docs.json': DOCS, 'my.json': '{ "extends": "platform" }' });
    const loader = new ConfigLoader({ configFile: path.join(base, 'my.json') });
    const first = loader.load(path.join(base, 'a/docs.json'));
    // Not read again: gone now, it is still the config of this run.
    rmSync(path.join(base, 'my.json'));
    expect(loader.load(path.join(base, 'b/docs.json'))).toBe(first);
  });

  it('one loader remembers each folder it passed: a config removed after the first docs file is still the run’s, and the nearest one wins', () => {
    const base = tree({
      'a/b/docs.json': DOCS,
      'a/c/docs.json': DOCS,
      'a/docsnav.config.json': '{ "extends": "spec" }',
      'docsnav.config.json': '{ "extends": "platform" }',
    });
    const loader = new ConfigLoader();
    const first = loader.load(path.join(base, 'a/b/docs.json'));
    expect(first.file).toBe(path.join(base, 'a/docsnav.config.json'));
    rmSync(path.join(base, 'a/docsnav.config.json'));
    expect(loader.load(path.join(base, 'a/c/docs.json'))).toBe(first);
    // A new loader finds the one above it now.
    expect(new ConfigLoader().load(path.join(base, 'a/c/docs.json')).options).toEqual({ profile: 'platform' });
  });

  it('one loader reads each config once and reports it once per file', () => {
    const base = tree({ 'a/docs.json': DOCS, 'b/c/docs.json': DOCS, 'docsnav.config.json': '{ "extends": "platform" }' });
    const loader = new ConfigLoader();
    const first = loader.load(path.join(base, 'a/docs.json'));
    expect(loader.load(path.join(base, 'b/c/docs.json'))).toBe(first);
    // The answer is remembered: changing the file does not change this run.
    writeFileSync(path.join(base, 'docsnav.config.json'), '{ "extends": "spec" }');
    expect(loader.load(path.join(base, 'b/docs.json')).options).toEqual({ profile: 'platform' });
    expect(loadConfig(path.join(base, 'b/docs.json')).options).toEqual({ profile: 'spec' });
  });
});

interface BadCase {
  name: string;
  file: string;
  text: string;
  /** line:column of each problem, in order. */
  at: string[];
  message?: RegExp;
  /** Named by --config (a package.json without the key is otherwise not a config). */
  given?: boolean;
  /** The first problem's pointer. */
  pointer?: string;
}

const bad: BadCase[] = [
  { name: 'JSON syntax error', file: 'docsnav.config.json', text: '{\n  "extends": "platform",\n}\n', at: ['3:1'], message: /JSON syntax error/ },
  { name: 'JSON not closed', file: 'docsnav.config.json', text: '{ "extends": "platform"', at: ['1:24'] },
  { name: 'empty JSON file', file: 'docsnav.config.json', text: '', at: ['1:1'] },
  { name: 'YAML syntax error', file: 'docsnav.config.yaml', text: 'extends: platform\nrules: [\n', at: ['3:1'], message: /YAML syntax error/ },
  { name: 'duplicate key', file: 'docsnav.config.json', text: '{\n  "extends": "spec",\n  "extends": "platform"\n}\n', at: ['3:3'] },
  { name: 'unknown key', file: 'docsnav.config.json', text: '{\n  "extend": "platform"\n}\n', at: ['2:3'], message: /`extend` is not a config key/ },
  {
    name: 'wrong type',
    file: 'docsnav.config.yaml',
    text: 'extends: platform\nignore: drafts/**\n',
    at: ['2:9'],
    message: /`ignore` must be an array of strings \(got a string\)/,
  },
  { name: 'unknown code', file: 'docsnav.config.yml', text: 'rules:\n  page-not-fond: off\n', at: ['2:3'], message: /Unknown code "page-not-fond"/ },
  { name: 'unknown severity', file: 'docsnav.config.json', text: '{ "rules": { "page-path": "warn" } }', at: ['1:27'], message: /Unknown severity "warn"/ },
  { name: 'unknown profile', file: 'docsnav.config.json', text: '{\n  "extends": "hosted"\n}', at: ['2:14'], message: /Unknown profile "hosted"/ },
  { name: 'not an object', file: 'docsnav.config.yaml', text: '- extends: platform\n', at: ['1:1'], message: /must be an object \(got an array\)/ },
  {
    name: 'in package.json, pointers under "docsnav"',
    file: 'package.json',
    text: '{\n  "name": "x",\n  "docsnav": {\n    "extends": 1\n  }\n}\n',
    at: ['4:16'],
  },
  { name: 'package.json key that is not an object', file: 'package.json', text: '{ "docsnav": "platform" }', at: ['1:14'] },
  { name: 'package.json that mentions docsnav and does not parse', file: 'package.json', text: '{ "docsnav": { } ', at: ['1:18'] },
  // Integer-like keys come first in a parsed object, wherever they are written: the problems are still in file order.
  {
    name: 'problems in file order, not in the parsed object’s',
    file: 'docsnav.config.json',
    text: '{\n  "rules": { "x": "off" },\n  "2": true\n}',
    at: ['2:14', '3:3'],
  },
  { name: 'problems in file order on one line', file: 'docsnav.config.json', text: '{ "rules": { "zz": "off", "10": "off" } }', at: ['1:14', '1:27'] },
  // A package.json whose value is not an object has no "docsnav" key: said at its start.
  ...['["docsnav"]', 'null', '"docsnav"', '[{ "docsnav": {} }]'].map((text) => ({
    name: `--config: a package.json of ${text}`,
    file: 'package.json',
    text,
    at: ['1:1'],
    message: /^This package\.json has no "docsnav" key: put the config there, or pass a docsnav\.config\.json\.$/,
    given: true,
    pointer: '',
  })),
  // A file that does not parse as written is not checked further: its one problem is where it breaks.
  {
    name: 'a duplicate key with a wrong value: the duplicate alone',
    file: 'docsnav.config.json',
    text: '{\n  "extends": "x",\n  "extends": "y"\n}',
    at: ['3:3'],
    pointer: '/extends',
  },
  {
    name: 'several problems, in file order',
    file: 'docsnav.config.json',
    text: '{\n  "rules": { "x": "off" },\n  "extends": "p",\n  "languageCodes": [1]\n}',
    at: ['2:14', '3:14', '4:21'],
  },
];

describe('bad configs', () => {
  it.each(bad)('$name', ({ file, text, at, message, given, pointer }) => {
    const base = tree({ 'docs.json': DOCS, [file]: text });
    const config = loadConfig(path.join(base, 'docs.json'), given ? { configFile: path.join(base, file) } : {});
    expect(config.file).toBe(path.join(base, file));
    expect(config.options).toEqual({});
    expect(config.text).toBe(text);
    expect(config.problems.map((p) => p.code)).toEqual(at.map(() => 'config-invalid'));
    expect(config.problems.map((p) => `${p.line}:${p.column}`)).toEqual(at);
    for (const problem of config.problems) {
      expect(problem.severity).toBe('error');
      expect(problem.file).toBe(path.join(base, file));
    }
    if (message) expect(config.problems[0].message).toMatch(message);
    if (pointer !== undefined) expect(config.problems[0].pointer).toBe(pointer);
  });
});

describe('a problem’s suggestion', () => {
  it('a misspelt code, profile or key carries the nearest as its suggestion; a problem with none carries none', () => {
    const base = tree({
      'docs.json': DOCS,
      'docsnav.config.json': '{\n  "rules": { "page-pth": "off" },\n  "extends": "platfrom",\n  "languageCodes": [1]\n}',
    });
    const { problems } = loadConfig(path.join(base, 'docs.json'));
    expect(problems.map((problem) => [problem.line, problem.suggest])).toEqual([
      [2, 'page-path'],
      [3, 'platform'],
      [4, undefined],
    ]);
    expect('suggest' in problems[2]).toBe(false);
  });
});

describe('mergeConfigOptions', () => {
  const config = {
    profile: 'platform' as const,
    rules: { 'page-path': 'off' as const, 'language-code': 'warning' as const },
    languageCodes: ['a'],
    ignore: ['drafts/**'],
  };

  it('the caller wins: profile and each severity', () => {
    expect(mergeConfigOptions(config, { profile: 'spec', rules: { 'language-code': 'off' } })).toEqual({
      profile: 'spec',
      rules: { 'page-path': 'off', 'language-code': 'off' },
      languageCodes: ['a'],
      ignore: ['drafts/**'],
    });
  });

  it('lists are the config’s and the caller’s together, once each', () => {
    expect(mergeConfigOptions(config, { languageCodes: ['b', 'a'], ignore: ['/navigation/tabs/0/**'] })).toMatchObject({
      languageCodes: ['a', 'b'],
      ignore: ['drafts/**', '/navigation/tabs/0/**'],
    });
  });

  it('keeps the caller’s other options and adds nothing for an empty config', () => {
    // Strictly: no key set to undefined (a profile, rules or lists of nobody's would be options given).
    expect(mergeConfigOptions({}, { root: 'docs', file: 'x.json' })).toStrictEqual({ root: 'docs', file: 'x.json' });
    expect(mergeConfigOptions(config, { root: 'docs' })).toStrictEqual({ ...config, root: 'docs' });
    expect(mergeConfigOptions({ rules: { 'page-path': 'off' } }, {})).toStrictEqual({ rules: { 'page-path': 'off' } });
    expect(mergeConfigOptions({}, { ignore: ['a/**'] })).toStrictEqual({ ignore: ['a/**'] });
    expect(mergeConfigOptions({ languageCodes: ['x'] }, {})).toStrictEqual({ languageCodes: ['x'] });
  });
});
