/**
 * The notices of the packages the bundles inline (scripts/licenses.mjs, run by scripts/bundle.mjs,
 * shipped as dist/cli/THIRD-PARTY-LICENSES.txt): one per package and version the metafiles' inputs
 * come from, with its licence text, or its manifest's word where it has no licence file; the
 * project's own files name no package; a package that names no licence stops the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { thirdPartyNotices } from '../scripts/licenses.mjs';

const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-licenses-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A project whose node_modules holds `packages` (folder: manifest and files). */
function project(packages: Record<string, { manifest: Record<string, unknown>; files?: Record<string, string> }>): string {
  const root = mkdtempSync(path.join(temp, 'project-'));
  for (const [folder, { manifest, files = {} }] of Object.entries(packages)) {
    mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, folder, name), text);
  }
  return root;
}

const inputs = (...files: string[]) => ({ inputs: Object.fromEntries(files.map((file) => [file, {}])) });

describe('thirdPartyNotices', () => {
  it('one notice per package (scoped, nested, each version), sorted, with its licence file; not the project’s own files', () => {
    const root = project({
      'node_modules/b-lib': { manifest: { name: 'b-lib', version: '2.0.0', license: 'MIT' }, files: { LICENSE: 'MIT text of b\n' } },
      'node_modules/@scope/a-lib': { manifest: { name: '@scope/a-lib', version: '1.0.0', license: 'ISC' }, files: { 'license.md': 'ISC text of a' } },
      'node_modules/b-lib/node_modules/c-lib': {
        manifest: { name: 'c-lib', version: '3.1.0', license: 'BSD-3-Clause' },
        files: { 'LICENCE.txt': 'BSD text of c' },
      },
      // The same release twice (npm did not dedupe it): one notice.
      'node_modules/d-lib/node_modules/c-lib': { manifest: { name: 'c-lib', version: '3.1.0', license: 'BSD-3-Clause' }, files: { COPYING: 'BSD text of c' } },
    });
    const text = thirdPartyNotices(root, [
      inputs('src/pages/markdown.ts', 'node_modules/b-lib/index.js', 'node_modules/b-lib/lib/x.js'),
      inputs('node_modules/@scope/a-lib/dist/a.js', 'node_modules/b-lib/node_modules/c-lib/c.js', 'node_modules/b-lib/index.js'),
      inputs('node_modules/d-lib/node_modules/c-lib/c.js'),
    ]);
    const headings = text.split('\n').filter((line) => /^\S+@\d/.test(line));
    expect(headings).toEqual(['@scope/a-lib@1.0.0 (ISC)', 'b-lib@2.0.0 (MIT)', 'c-lib@3.1.0 (BSD-3-Clause)']);
    for (const licence of ['MIT text of b', 'ISC text of a', 'BSD text of c']) expect(text).toContain(licence);
    expect(text).not.toContain('markdown');
  });

  it('a package without a licence file ships its manifest’s word for it, the old `licenses` array too', () => {
    const root = project({
      'node_modules/format': { manifest: { name: 'format', version: '0.2.2', licenses: [{ type: 'MIT', url: 'x' }] }, files: { 'Readme.md': 'hi' } },
    });
    const text = thirdPartyNotices(root, [inputs('node_modules/format/format.js')]);
    expect(text).toContain('format@0.2.2 (MIT)');
    expect(text).toContain('(The package has no licence file; its package.json says MIT.)');
  });

  it('a package that names no licence stops the build, naming it', () => {
    const root = project({ 'node_modules/mystery': { manifest: { name: 'mystery', version: '1.0.0' }, files: { LICENSE: 'text' } } });
    expect(() => thirdPartyNotices(root, [inputs('node_modules/mystery/index.js')])).toThrow(/node_modules\/mystery: .*names no licence/);
  });

  it('no package inlined: the heading alone', () => {
    expect(thirdPartyNotices(project({}), [inputs('src/index.ts')])).toBe('Packages inlined in the files of this folder, with their licences.');
  });

  it('the whole text: each notice under a rule, its licence text trimmed; two versions of a package by version; a licence file by its name only', () => {
    const root = project({
      'node_modules/e-lib': { manifest: { name: 'e-lib', version: '3.0.0', license: 'MIT' }, files: { 'LICENSE.md': '\n  MIT text of e 3\n\n' } },
      'node_modules/x/node_modules/e-lib': { manifest: { name: 'e-lib', version: '2.0.0', license: 'MIT' }, files: { 'license.txt': 'MIT text of e 2\n' } },
      // Neither file is a licence file: one only begins as one's name does, the other only ends so.
      'node_modules/f-lib': {
        manifest: { name: 'f-lib', version: '1.0.0', licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] },
        files: { 'licensed-by.js': 'code', 'no-license.txt': 'not it' },
      },
    });
    const rule = '-'.repeat(72);
    expect(thirdPartyNotices(root, [inputs('node_modules/e-lib/i.js', 'node_modules/x/node_modules/e-lib/i.js', 'node_modules/f-lib/i.js')])).toBe(
      [
        'Packages inlined in the files of this folder, with their licences.',
        '',
        rule,
        'e-lib@2.0.0 (MIT)',
        '',
        'MIT text of e 2',
        '',
        rule,
        'e-lib@3.0.0 (MIT)',
        '',
        'MIT text of e 3',
        '',
        rule,
        'f-lib@1.0.0 (MIT OR Apache-2.0)',
        '',
        '(The package has no licence file; its package.json says MIT OR Apache-2.0.)',
      ].join('\n'),
    );
  });
});
