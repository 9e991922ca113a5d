import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFile, resolveText } from '../../src/resolve.js';
import { loadDocument } from '../../src/source/refs.js';
import { validateFile, validateText } from '../../src/validate.js';
import { hangGuard } from '../time-scale.mjs';

/**
 * Nothing outside the docs root, ever (issue 8, first section): symlinks out of the root,
 * FIFOs and folders where files are expected, unreadable files, the library without a
 * root, long `$ref` chains and `__proto__` beside a `$ref`. Fixtures are built at test time.
 */

const CANARY = 'GITHUB_TOKEN=canary-xyz';
const CLI = path.resolve('dist/cli/main.js');
const isWindows = process.platform === 'win32';

let base: string;
let outside: string;
let root: string;

const spec = (summary: string) =>
  JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { summary, responses: {} } } } });

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The CLI, bounded in time; stdout, stderr and the exit code. */
function docsnav(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: hangGuard(20_000) });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function expectNoCanary(...texts: unknown[]): void {
  for (const text of texts) expect(JSON.stringify(text) ?? '').not.toContain('canary-xyz');
}

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'docsnav-io-root-'));
  outside = path.join(base, 'outside');
  root = path.join(base, 'site');
  // Outside the root: a canary file, a folder of pages, a spec, a $ref target.
  write(path.join(outside, 'secret.mdx'), `---\ntitle: ${CANARY}\n---\n${CANARY}\n`);
  write(path.join(outside, 'folder', 'page.mdx'), `---\ntitle: ${CANARY}\n---\n`);
  write(path.join(outside, 'spec.json'), spec(CANARY));
  write(path.join(outside, 'nav.json'), JSON.stringify({ groups: [{ group: CANARY, pages: ['index'] }] }));
  write(path.join(outside, '.env'), `${CANARY}\n`);
  // The root: ordinary files, and symlinks that lead out of it.
  write(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n');
  write(path.join(root, 'inside.json'), spec('Inside'));
  symlinkSync(path.join(outside, 'secret.mdx'), path.join(root, 'leak.mdx'));
  symlinkSync(path.join(outside, 'folder'), path.join(root, 'linked'));
  symlinkSync(path.join(outside, 'spec.json'), path.join(root, 'spec.json'));
  symlinkSync(path.join(outside, 'nav.json'), path.join(root, 'nav.json'));
  symlinkSync(path.join(outside, 'folder'), path.join(root, 'specs'));
  symlinkSync('/dev/zero', path.join(root, 'zero.json'));
  symlinkSync(path.join(root, 'index.mdx'), path.join(root, 'alias.mdx')); // inside: fine
  write(
    path.join(root, 'docs.json'),
    JSON.stringify(
      {
        navigation: {
          tabs: [
            { tab: 'Pages', groups: [{ group: 'P', pages: ['index', 'alias', 'leak', 'linked/page'] }] },
            { tab: 'Spec', openapi: 'spec.json', groups: [{ group: 'S', pages: ['GET /a'] }] },
            { tab: 'Dir spec', groups: [{ group: 'D', openapi: 'specs/page.mdx' }] },
            { tab: 'Zero', groups: [{ group: 'Z', openapi: 'zero.json' }] },
            { tab: 'Ref', groups: [{ $ref: 'nav.json' }] },
          ],
        },
      },
      null,
      2,
    ),
  );
});

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('symlinks out of the root are never followed', () => {
  it('validate and resolve: path-outside-root at each entry, no byte of the canary anywhere', async () => {
    const file = path.join(root, 'docs.json');
    const validated = validateFile(file);
    const resolved = await resolveFile(file);
    expectNoCanary(validated, resolved);
    const outsideAt = (problems: typeof validated.problems) =>
      problems.filter((p) => p.code === 'path-outside-root').map((p) => `${p.file === file ? '' : p.file} ${p.pointer}`);
    const expected = [
      ' /navigation/tabs/0/groups/0/pages/2',
      ' /navigation/tabs/0/groups/0/pages/3',
      ' /navigation/tabs/1/openapi',
      ' /navigation/tabs/2/groups/0/openapi',
      ' /navigation/tabs/3/groups/0/openapi',
      ' /navigation/tabs/4/groups/0/$ref',
    ];
    expect(outsideAt(validated.problems)).toEqual(expected);
    expect(outsideAt(resolved.problems)).toEqual(expected);
    // The symlink inside the root is an ordinary page, with its front-matter title.
    expect(resolved.tree.pages.find((p) => p.path === 'alias')?.title).toBe('Home');
    // No page comes from the outside spec, and the outside pages carry no file.
    expect(resolved.tree.pages.filter((p) => p.kind === 'endpoint')).toEqual([]);
    expect(resolved.tree.pages.find((p) => p.path === 'leak')?.file).toBeUndefined();
    expect(Object.keys(resolved.sources)).toEqual([file]);
  });

  it('the CLI: exit 1, and no byte of the canary in any format', () => {
    for (const format of ['pretty', 'json', 'sarif', 'github']) {
      const run = docsnav('validate', root, '--format', format);
      expect(run.status).toBe(1);
      expectNoCanary(run.stdout, run.stderr);
    }
    for (const format of ['json', 'pretty']) {
      const run = docsnav('resolve', root, '--format', format);
      expect(run.status).toBe(1);
      expectNoCanary(run.stdout, run.stderr);
    }
  });

  it('a --root that is itself a symlink is fine: the real root is its target', async () => {
    const link = path.join(base, 'root-link');
    symlinkSync(root, link);
    const result = await resolveFile(path.join(link, 'docs.json'));
    expect(result.tree.pages.find((p) => p.path === 'index')?.title).toBe('Home');
    expect(result.problems.filter((p) => p.code === 'path-outside-root')).toHaveLength(6);
    expectNoCanary(result);
  });
});

describe.skipIf(isWindows)('only regular files are read', () => {
  let site: string;

  beforeAll(() => {
    site = path.join(base, 'fifo-site');
    write(path.join(site, 'index.mdx'), '# x\n');
    execFileSync('mkfifo', [path.join(site, 'pipe.mdx')]);
    execFileSync('mkfifo', [path.join(site, 'pipe.json')]);
    execFileSync('mkfifo', [path.join(site, 'nav.json')]);
    mkdirSync(path.join(site, 'folder.json'));
    write(
      path.join(site, 'docs.json'),
      JSON.stringify({
        navigation: {
          groups: [{ group: 'A', pages: ['index', 'pipe'] }, { group: 'B', openapi: 'pipe.json' }, { $ref: 'nav.json' }, { $ref: 'folder.json' }],
        },
      }),
    );
  });

  it('a FIFO page, spec or $ref and a folder $ref are located problems, and nothing hangs', async () => {
    const file = path.join(site, 'docs.json');
    const validated = validateFile(file, { profile: 'spec' });
    const resolved = await resolveFile(file, { profile: 'spec' });
    const at = (problems: typeof validated.problems) => problems.map((p) => `${p.code} ${p.pointer}`);
    const expected = [
      'page-not-found /navigation/groups/0/pages/1',
      'openapi-not-found /navigation/groups/1/openapi',
      'ref-not-found /navigation/groups/2/$ref',
      'ref-not-found /navigation/groups/3/$ref',
    ];
    expect(at(validated.problems)).toEqual(expected);
    expect(at(resolved.problems)).toEqual(expected);
    const messages = validated.problems.map((p) => p.message);
    expect(messages[0]).toContain('a FIFO, not a regular file');
    expect(messages[1]).toContain('a FIFO, not a regular file');
    expect(messages[2]).toContain('is a FIFO, not a regular file');
    expect(messages[3]).toContain('is a folder, not a regular file');
  });

  it('the CLI on the FIFO site exits 1 within its time limit', () => {
    const run = docsnav('resolve', site);
    expect(run.status).toBe(1);
  });
});

describe('a file that exists but cannot be read', () => {
  it('an injected readFile that throws EACCES: "cannot be read: EACCES", not "no file"', () => {
    const readFile = (absolute: string) => {
      if (absolute.endsWith('locked.json')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return undefined;
    };
    const result = validateText(JSON.stringify({ navigation: { groups: [{ $ref: 'locked.json' }] } }), { file: '/site/docs.json', readFile, profile: 'spec' });
    expect(result.problems.map((p) => `${p.code} ${p.pointer}`)).toEqual(['ref-not-found /navigation/groups/0/$ref']);
    expect(result.problems[0].message).toContain('cannot be read: EACCES');
    expect(result.problems[0].message).not.toContain('no file');
  });

  it('chmod 000 on disk: EACCES when the tests run as a user chmod binds (as root, reading still works: then the file reads normally)', () => {
    const site = path.join(base, 'locked-site');
    write(path.join(site, 'locked.json'), JSON.stringify({ groups: [{ group: 'L', pages: ['x'] }] }));
    chmodSync(path.join(site, 'locked.json'), 0o000);
    let readable = true;
    try {
      readFileSync(path.join(site, 'locked.json'));
    } catch {
      readable = false;
    }
    const result = validateText(JSON.stringify({ navigation: { groups: [{ $ref: 'locked.json' }] } }), { file: path.join(site, 'docs.json'), root: site });
    if (readable) {
      // Root ignores file modes: the file is read, no problem about it.
      expect(result.problems.filter((p) => p.code === 'ref-not-found')).toEqual([]);
    } else {
      expect(result.problems[0].message).toContain('cannot be read: EACCES');
    }
  });
});

describe('the library with in-memory text and no root reads nothing from disk', () => {
  it('a $ref to a file under process.cwd() is not followed, and nothing leaks into sources', async () => {
    const cwd = process.cwd();
    const dir = path.join(base, 'cwd');
    write(path.join(dir, '.env'), `${CANARY}\n`);
    write(path.join(dir, 'nav.json'), JSON.stringify({ groups: [{ group: CANARY, pages: ['a'] }] }));
    process.chdir(dir);
    try {
      const text = JSON.stringify({ navigation: { groups: [{ $ref: 'nav.json' }, { $ref: '.env' }] } });
      const validated = validateText(text, { profile: 'spec' });
      const resolved = await resolveText(text, { profile: 'spec' });
      for (const result of [validated, resolved]) {
        expectNoCanary(result);
        expect(Object.keys(result.sources)).toEqual(['docs.json']);
        expect(result.problems.map((p) => `${p.code} ${p.pointer}`)).toEqual([
          'ref-not-found /navigation/groups/0/$ref',
          'ref-not-found /navigation/groups/1/$ref',
        ]);
        expect(result.problems[0].message).toContain('no docs root was given');
      }
      // Passing root (or readFile) explicitly reads.
      const withRoot = validateText(text, { root: dir });
      expect(Object.keys(withRoot.sources)).toContain(path.join('nav.json'));
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('$ref chains and merges', () => {
  it('a chain of 2,000 $ref files resolves without overflowing the stack', () => {
    const files = new Map<string, string>();
    const n = 2_000;
    for (let i = 0; i < n; i++)
      files.set(`/site/r${i}.json`, JSON.stringify(i + 1 < n ? { $ref: `r${i + 1}.json` } : { groups: [{ group: 'End', pages: ['a'] }] }));
    const result = validateText(JSON.stringify({ navigation: { $ref: 'r0.json' } }), {
      file: '/site/docs.json',
      readFile: (p) => files.get(p),
      profile: 'spec',
    });
    expect(result.problems).toEqual([]);
    expect(Object.keys(result.sources)).toHaveLength(n + 1);
  });

  it('a cycle in a long chain is ref-cycle at the $ref that closes it', () => {
    const files = new Map<string, string>();
    const n = 3_000;
    for (let i = 0; i < n; i++) files.set(`/site/r${i}.json`, JSON.stringify({ $ref: `r${(i + 1) % n}.json` }));
    const result = validateText(JSON.stringify({ navigation: { $ref: 'r0.json' } }), {
      file: '/site/docs.json',
      readFile: (p) => files.get(p),
      profile: 'spec',
    });
    expect(result.problems.map((p) => `${p.code} ${p.file} ${p.pointer}`)).toEqual([`ref-cycle /site/r${n - 1}.json /$ref`]);
  });

  it('__proto__, constructor and prototype beside a $ref are ordinary keys: no prototype is set from input', () => {
    const files = new Map([['/site/g.json', JSON.stringify({ group: 'G', pages: ['a'] })]]);
    const text = '{"navigation": {"groups": [{"$ref": "g.json", "__proto__": {"hidden": true, "polluted": 1}, "constructor": {"x": 1}, "prototype": 2}]}}';
    const doc = loadDocument('/site/docs.json', text, { readFile: (p) => files.get(p) });
    const group = (doc.value as { navigation: { groups: Array<Record<string, unknown>> } }).navigation.groups[0];
    expect(Object.getPrototypeOf(group)).toBe(Object.prototype);
    expect(group.hidden).toBeUndefined();
    expect(Object.keys(group)).toEqual(['group', 'pages', '__proto__', 'constructor', 'prototype']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The keys point back into docs.json, where they are written.
    expect(doc.origin('/navigation/groups/0/__proto__')).toMatchObject({ pointer: '/navigation/groups/0/__proto__' });
  });
});

describe('page paths in the resolved tree are safe to write under an output folder', () => {
  it('no "..", leading "/", drive letter, backslash or control character reaches the tree; each is a located problem', async () => {
    const spec = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 's', version: '1' },
      paths: {
        '/evil': { get: { summary: 'Evil', 'x-mint': { href: '../../../etc/cron.d/evil' }, responses: {} } },
        '/ok': { get: { summary: 'Fine', responses: {} } },
      },
    });
    const text = JSON.stringify({
      navigation: {
        groups: [
          { group: 'Pages', pages: ['index', '../../../etc/cron.d/evil', 'a/../../b', 'C:/Windows/evil', 'esc\u001b]0;title\u0007'] },
          { group: 'API', openapi: 'spec.json' },
        ],
      },
    });
    const files = { root: 'docs', hasFile: (p: string) => p === 'spec.json' || p === 'index.mdx', filesIn: () => [] };
    const result = await resolveText(text, { files, readFile: (p) => (p.endsWith('spec.json') ? spec : undefined), rules: { 'page-not-found': 'off' } });
    expect(result.tree.pages.map((p) => p.path)).toEqual(['index', 'api-reference/fine']);
    for (const page of result.tree.pages) expect(page.path).not.toMatch(/(^|\/)\.\.?(\/|$)|^\/|^[a-z]:|\\|[\u0000-\u001f]/i);
    const at = result.problems.filter((p) => p.code === 'path-outside-root' || p.code === 'unsafe-slug').map((p) => `${p.code} ${p.pointer}`);
    expect(at).toEqual([
      'path-outside-root /navigation/groups/0/pages/1',
      'path-outside-root /navigation/groups/0/pages/2',
      'unsafe-slug /navigation/groups/0/pages/3',
      'unsafe-slug /navigation/groups/0/pages/4',
      'unsafe-slug /navigation/groups/1/openapi',
    ]);
  });
});
