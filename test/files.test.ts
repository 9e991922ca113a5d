/**
 * The one root guard (src/files.ts `isInside`): a path is inside the docs root only when it is
 * the root or starts with the root and a separator. A sibling folder whose name extends the
 * root's (`/x/docs` beside `/x/docs-evil`) is outside, and every way in — a `$ref`, a read, a
 * symlink in the listing, a spec path — refuses it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRootFiles } from '../src/docs-root.js';
import { diskReader, isInside, readRegularFile } from '../src/files.js';
import { resolveText } from '../src/resolve.js';
import { validateText } from '../src/validate.js';
import { REQUIRED_SETTINGS } from './required-settings.js';

const SECRET = 'sibling-secret-5c1d';

let base: string;
let root: string;
let evil: string;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'docsnav-guard-'));
  root = path.join(base, 'docs');
  evil = path.join(base, 'docs-evil');
  mkdirSync(root);
  mkdirSync(path.join(evil, 'folder'), { recursive: true });
  writeFileSync(path.join(root, 'index.mdx'), '# Home\n');
  writeFileSync(path.join(evil, 'page.mdx'), `---\ntitle: ${SECRET}\n---\n`);
  writeFileSync(path.join(evil, 'folder', 'page.mdx'), `---\ntitle: ${SECRET}\n---\n`);
  writeFileSync(path.join(evil, 'nav.json'), JSON.stringify({ group: SECRET, pages: ['index'] }));
  writeFileSync(path.join(evil, 'openapi.json'), JSON.stringify({ openapi: '3.1.0', info: { title: SECRET, version: '1' }, paths: {} }));
  symlinkSync(path.join(evil, 'page.mdx'), path.join(root, 'linked.mdx'));
  symlinkSync(path.join(evil, 'folder'), path.join(root, 'linked-folder'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('isInside', () => {
  it.each([
    ['/x/docs', '/x/docs', true],
    ['/x/docs', '/x/docs/page.mdx', true],
    ['/x/docs', '/x/docs/a/b/page.mdx', true],
    ['/x/docs/', '/x/docs/page.mdx', true],
    ['/x/docs', '/x/docs-evil/page.mdx', false],
    ['/x/docs', '/x/docs-evil', false],
    ['/x/docs', '/x/docsy', false],
    ['/x/docs/', '/x/docs-evil/page.mdx', false],
    ['/x/docs', '/x', false],
    ['/x/docs', '/y/docs/page.mdx', false],
  ])('root %s, path %s: %s', (rootPath, absolute, inside) => {
    expect(isInside(rootPath, absolute)).toBe(inside);
  });
});

describe('a sibling folder whose name extends the root is outside it', () => {
  it('diskReader refuses a file there', () => {
    const outcome = diskReader(root)(path.join(evil, 'page.mdx'));
    expect(outcome).toEqual({ ok: false, reason: 'outside-root', detail: expect.any(String) });
    expect(diskReader(root)(path.join(root, 'index.mdx')).ok).toBe(true);
  });

  it('a `$ref` into it is path-outside-root, and nothing of it is read', async () => {
    const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ $ref: '../docs-evil/nav.json' }] } }, null, 2);
    const file = path.join(root, 'docs.json');
    for (const result of [validateText(text, { file, root }), await resolveText(text, { file, root })]) {
      expect(result.problems.map((p) => [p.code, p.pointer])).toContainEqual(['path-outside-root', '/navigation/groups/0/$ref']);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
  });

  it('a symlink to a file or a folder there is reported, never listed as a page', async () => {
    const files = docsRootFiles(root);
    expect(typeof files.pageFileOf).toBe('function');
    expect(files.pageFileOf?.('linked')).toBeUndefined();
    expect(files.pageFileOf?.('linked-folder/page')).toBeUndefined();
    const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'linked', 'linked-folder/page'] } }, null, 2);
    const file = path.join(root, 'docs.json');
    const validated = validateText(text, { file, root });
    expect(validated.problems.map((p) => [p.code, p.pointer])).toEqual([
      ['path-outside-root', '/navigation/pages/1'],
      ['path-outside-root', '/navigation/pages/2'],
    ]);
    const resolved = await resolveText(text, { file, root });
    expect(JSON.stringify(resolved)).not.toContain(SECRET);
  });

  it('an openapi path through a symlink there is not read', async () => {
    symlinkSync(path.join(evil, 'openapi.json'), path.join(root, 'openapi.json'));
    try {
      const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: ['index'] }] } }, null, 2);
      const file = path.join(root, 'docs.json');
      const resolved = await resolveText(text, { file, root });
      expect(resolved.problems.map((p) => p.code)).toContain('path-outside-root');
      expect(JSON.stringify(resolved)).not.toContain(SECRET);
    } finally {
      rmSync(path.join(root, 'openapi.json'));
    }
  });
});

describe('diskReader reads a file whole, whatever its size', () => {
  it.each([0, 1, 300, 4095, 4096, 65_536, 65_537, 200_000])('%i bytes', (size) => {
    const file = path.join(root, `sized-${size}.bin`);
    const bytes = Buffer.alloc(size);
    for (let at = 0; at < size; at++) bytes[at] = (at * 7 + 3) % 251;
    writeFileSync(file, bytes);
    const outcome = diskReader(root)(file);
    expect(outcome.ok && Buffer.compare(outcome.bytes, bytes)).toBe(0);
    expect(outcome.ok && outcome.stamp?.size).toBe(size);
  });

  it('up to its limit: a file of exactly the limit is read, one byte more is too big', () => {
    const file = path.join(root, 'limit.bin');
    writeFileSync(file, Buffer.alloc(1000, 'a'));
    expect(diskReader(root, 1000)(file).ok).toBe(true);
    expect(diskReader(root, 999)(file)).toMatchObject({ ok: false, reason: 'too-big' });
  });
});

describe('readRegularFile: what no link may stand in for', () => {
  it('reads a regular file, and says of each other thing what it is', () => {
    const at = (name: string) => path.join(base, 'regular', name);
    mkdirSync(at(''), { recursive: true });
    writeFileSync(at('file.json'), '{}');
    writeFileSync(at('big.json'), Buffer.alloc(2_000_001, ' '));
    symlinkSync(at('file.json'), at('link.json'));
    symlinkSync(at('loop-b'), at('loop-a'));
    symlinkSync(at('loop-a'), at('loop-b'));
    mkdirSync(at('folder'));
    execFileSync('mkfifo', [at('fifo')]);
    const outcome = (name: string) => {
      const read = readRegularFile(at(name), 2_000_000);
      return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : { ok: false, reason: read.reason, detail: read.detail };
    };
    expect(outcome('file.json')).toEqual({ ok: true, text: '{}' });
    expect(outcome('missing.json')).toEqual({ ok: false, reason: 'missing', detail: 'ENOENT' });
    // A path through a file, as if it were a folder.
    expect(outcome('file.json/inner.json')).toEqual({ ok: false, reason: 'missing', detail: 'ENOTDIR' });
    expect(outcome('link.json')).toEqual({ ok: false, reason: 'symlink', detail: 'a symbolic link' });
    // A loop of links at the end is a link too (lstat says so); never followed.
    expect(outcome('loop-a')).toEqual({ ok: false, reason: 'symlink', detail: 'a symbolic link' });
    // A loop of links on the way to it is not a link at its end.
    expect(outcome('loop-a/inner.json')).toEqual({ ok: false, reason: 'unreadable', detail: 'ELOOP' });
    expect(outcome('folder')).toEqual({ ok: false, reason: 'not-regular', detail: 'a folder' });
    expect(outcome('fifo')).toMatchObject({ ok: false, reason: 'not-regular' });
    expect(outcome('big.json')).toMatchObject({ ok: false, reason: 'too-big' });
  });
});
