/**
 * Every refusal of a move, each from a case where only that thing is wrong: one clear line (a
 * MoveError with its id), and the site's files exactly as they were.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MoveRequest, RefusalId } from '../../src/index.js';
import { docsJson, planOn, refusalOf, siteWith, writeFiles } from './harness.js';

const SPEC = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });

function baseFiles(): Record<string, string> {
  return {
    'docs.json': docsJson(
      {
        groups: [
          { group: 'Docs', pages: ['index', 'guides/a', 'guides/b'] },
          { group: 'API', openapi: 'api/openapi.json' },
        ],
      },
      {
        redirects: [{ source: '/taken', destination: '/index' }],
      },
    ),
    'index.mdx': '# Home\n',
    'guides/a.mdx': '# A\n',
    'guides/b.mdx': '# B\n',
    'api/openapi.json': SPEC,
    'snippets/s.mdx': 'A snippet.\n',
    'images/logo.png': 'png',
    'drafts/d.mdx': '# Draft\n',
    '.mintignore': 'drafts/\n',
  };
}

interface RefusalCase {
  name: string;
  reason: RefusalId;
  request: MoveRequest | MoveRequest[];
  /** More files, or changes to the site before the move (given its root). */
  files?: Record<string, string>;
  prepare?: (root: string) => void;
  /** Where the paths are read from (default: the root). */
  cwd?: string;
  /** The docs root is the folder above the docs file's. */
  rootUp?: boolean;
  /** The refusal's sentence, where the case checks what it names (its data filled in). */
  message?: string;
}

const CASES: RefusalCase[] = [
  { name: 'no such file', reason: 'noSource', request: { from: 'guides/c.mdx', to: 'guides/d.mdx' } },
  { name: 'the source outside the root', reason: 'sourceOutsideRoot', request: { from: '../outside.mdx', to: 'guides/o.mdx' } },
  { name: 'the target outside the root (..)', reason: 'targetOutsideRoot', request: { from: 'guides/a.mdx', to: '../a.mdx' } },
  {
    name: 'the target outside the root (an absolute path)',
    reason: 'targetOutsideRoot',
    request: { from: 'guides/a.mdx', to: '/tmp/docsnav-move-elsewhere/a.mdx' },
  },
  {
    name: 'a symlink out of the root on the way to the target',
    reason: 'symlink',
    request: { from: 'guides/a.mdx', to: 'out/a.mdx' },
    prepare: (root) => symlinkSync(path.dirname(root), path.join(root, 'out')),
  },
  {
    name: 'a symlinked page',
    reason: 'symlink',
    request: { from: 'linked.mdx', to: 'guides/l.mdx' },
    prepare: (root) => symlinkSync('index.mdx', path.join(root, 'linked.mdx')),
  },
  {
    name: 'a symlink inside a moved folder',
    reason: 'symlink',
    request: { from: 'guides', to: 'learn' },
    prepare: (root) => symlinkSync('../index.mdx', path.join(root, 'guides', 'home.mdx')),
  },
  { name: 'the root itself', reason: 'sourceIsRoot', request: { from: '.', to: 'docs' } },
  { name: 'a snippet', reason: 'notAPage', request: { from: 'snippets/s.mdx', to: 'snippets/t.mdx' } },
  { name: 'not a page file', reason: 'notAPage', request: { from: 'images/logo.png', to: 'images/mark.png' } },
  { name: 'a page .mintignore leaves out', reason: 'notAPage', request: { from: 'drafts/d.mdx', to: 'drafts/e.mdx' } },
  { name: 'a folder of no pages', reason: 'noPages', request: { from: 'images', to: 'pictures' } },
  { name: 'a folder holding the docs file (the root above it)', reason: 'holdsNavigation', request: { from: 'site', to: 'web' }, cwd: '..', rootUp: true },
  {
    name: 'a folder holding a $ref-ed file',
    reason: 'holdsNavigation',
    request: { from: 'guides', to: 'learn' },
    files: { 'docs.json': docsJson({ groups: [{ $ref: './guides/nav.json' }] }), 'guides/nav.json': '{ "group": "G", "pages": ["guides/a"] }' },
  },
  { name: 'the target exists', reason: 'targetExists', request: { from: 'guides/a.mdx', to: 'guides/b.mdx' } },
  { name: 'a folder onto a folder inside it', reason: 'targetExists', request: { from: 'guides', to: 'api' }, files: { 'api/guides/x.mdx': '# X\n' } },
  { name: 'not a page name', reason: 'targetNotAPage', request: { from: 'guides/a.mdx', to: 'guides/a.txt' } },
  { name: 'into snippets/', reason: 'targetHidden', request: { from: 'guides/a.mdx', to: 'snippets/a.mdx' } },
  // The platform's snippets are snippets/ and _snippets/ at the root, in any case.
  { name: 'into Snippets/ (another case)', reason: 'targetHidden', request: { from: 'guides/a.mdx', to: 'Snippets/a.mdx' } },
  { name: 'into _snippets/', reason: 'targetHidden', request: { from: 'guides/a.mdx', to: '_snippets/a.mdx' } },
  { name: 'a folder to _SNIPPETS itself', reason: 'targetHidden', request: { from: 'guides', to: '_SNIPPETS' } },
  { name: 'a snippet under _snippets/', reason: 'notAPage', request: { from: '_snippets/u.mdx', to: 'u.mdx' }, files: { '_snippets/u.mdx': 'A snippet.\n' } },
  { name: 'a snippet under Snippets/', reason: 'notAPage', request: { from: 'Snippets/w.mdx', to: 'w.mdx' }, files: { 'Snippets/w.mdx': 'A snippet.\n' } },
  { name: 'where .mintignore leaves it out', reason: 'targetHidden', request: { from: 'guides/a.mdx', to: 'drafts/a.mdx' } },
  { name: 'a folder into itself', reason: 'intoItself', request: { from: 'guides', to: 'guides/inner' } },
  {
    name: 'a name that differs only by case from another file',
    reason: 'caseCollision',
    request: { from: 'guides/a.mdx', to: 'guides/B.mdx' },
    message: 'guides/B.mdx differs only by case from guides/b.mdx: on a case-insensitive checkout (macOS, Windows) the two are one file',
  },
  {
    name: 'a URL another page file serves',
    reason: 'pageCollision',
    request: { from: 'guides/a.mdx', to: 'guides/b.md' },
    message: 'the page /guides/b would be served from both guides/b.mdx and the moved guides/a.mdx',
  },
  {
    name: 'the URL of a generated page',
    reason: 'generatedCollision',
    request: { from: 'guides/a.mdx', to: 'api-reference/list-users.mdx' },
    message: 'the URL /api-reference/list-users of the moved api-reference/list-users.mdx is the URL of a page generated from an OpenAPI spec',
  },
  {
    name: "a redirect's source",
    reason: 'redirectCollision',
    request: { from: 'guides/a.mdx', to: 'taken.mdx' },
    message:
      'the URL /taken of the moved guides/a.mdx is the source of the redirect /taken → /index (/redirects/0): readers would be redirected away from the page; remove the redirect first',
  },
  {
    name: "a pattern redirect's source",
    reason: 'redirectCollision',
    request: { from: 'guides/a.mdx', to: 'old/a.mdx' },
    files: { 'docs.json': docsJson(['index', 'guides/a'], { redirects: [{ source: '/old/:slug*', destination: '/guides/:slug*' }] }) },
  },
  {
    name: 'two files to one place',
    reason: 'twoTargets',
    request: [
      { from: 'guides/a.mdx', to: 'start/x.mdx' },
      { from: 'guides/b.mdx', to: 'start/x.mdx' },
    ],
    message: 'guides/a.mdx and guides/b.mdx would both move to start/x.mdx',
  },
  {
    name: 'a page put into a folder the same move takes away (it would land in the folder taken, its links rewritten for the other)',
    reason: 'inMovedFolder',
    request: [
      { from: 'index.mdx', to: 'guides/home.mdx' },
      { from: 'guides', to: 'learn' },
    ],
    message: 'guides/home.mdx is in guides, which this move takes too (guides to learn): make the two moves one after the other',
  },
  {
    name: 'a page put into the folder another request of the move makes',
    reason: 'inMovedFolder',
    request: [
      { from: 'guides', to: 'learn' },
      { from: 'index.mdx', to: 'learn/home.mdx' },
    ],
    message: 'learn/home.mdx is in learn, which this move takes too (guides to learn): make the two moves one after the other',
  },
  {
    name: 'docs.json that does not parse',
    reason: 'unparsable',
    request: { from: 'guides/a.mdx', to: 'start/a.mdx' },
    files: { 'docs.json': '{ "navigation": ' },
    message: 'docs.json does not parse (JSON syntax error: a value is expected here.): fix it first, so that its entries can be rewritten',
  },
  {
    name: 'an entry the editors cannot rewrite in place (a YAML block scalar)',
    reason: 'uneditable',
    request: { from: 'guides/a.mdx', to: 'start/a.mdx' },
    files: { 'docs.yaml': 'navigation:\n  pages:\n    - index\n    - >-\n      guides/a\n' },
  },
];

describe('a move is refused, and nothing changes', () => {
  for (const { name, reason, request, files, prepare, cwd, rootUp, message } of CASES) {
    it(`${reason}: ${name}`, () => {
      const top = siteWith({});
      const root = path.join(top, 'site');
      mkdirSync(root);
      const site = { ...baseFiles(), ...files };
      if (files && 'docs.yaml' in files) delete site['docs.json'];
      writeFiles(root, site);
      prepare?.(root);
      const before = snapshot(root);
      const docs = 'docs.yaml' in site ? 'docs.yaml' : 'docs.json';
      const options = { docs, cwd: cwd === undefined ? root : path.resolve(root, cwd), ...(rootUp && { root: top }) };
      const refusal = refusalOf(() => planOn(root, request, options));
      expect(refusal.reason, refusal.message).toBe(reason);
      if (message !== undefined) expect(refusal.message).toBe(message);
      expect(snapshot(root)).toEqual(before);
    });
  }

  it("inMovedFolder looks at whole folder names: a target whose folder only begins like another request's is planned", () => {
    // learning/ is not learn/: the two moves are independent, in either order.
    const root = siteWith(baseFiles());
    const plan = planOn(root, [
      { from: 'guides', to: 'learn' },
      { from: 'index.mdx', to: 'learning/home.mdx' },
    ]);
    expect(plan.files.map((moved) => `${moved.from} ${moved.to}`)).toEqual([
      'guides/a.mdx learn/a.mdx',
      'guides/b.mdx learn/b.mdx',
      'index.mdx learning/home.mdx',
    ]);
  });

  it('unreadable: a page that cannot be read (through the readFile an editor gives)', () => {
    const root = siteWith(baseFiles());
    const readFile = (file: string) => {
      if (file.endsWith('b.mdx')) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      return readFileSync(file, 'utf8');
    };
    const refusal = refusalOf(() => planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' }, { readFile }));
    expect(refusal).toMatchObject({ reason: 'unreadable', data: { file: 'guides/b.mdx', why: 'cannot be read: EACCES' } });
  });
});

/** Every file under a folder and its bytes, and every folder (symlinks as their targets' names). */
function snapshot(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isSymbolicLink()) found[child] = 'symlink';
      else if (entry.isDirectory()) {
        found[`${child}/`] = String(statSync(path.join(root, child)).mode);
        walk(child);
      } else found[child] = readFileSync(path.join(root, child), 'utf8');
    }
  };
  walk('');
  return found;
}
