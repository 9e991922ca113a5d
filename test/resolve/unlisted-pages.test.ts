/**
 * Page files no navigation entry lists: the platform's build parses their front matter too and
 * fails on one it cannot read (src/resolve/unlisted-pages.ts, PageFrontMatterReader.checkUnlisted).
 * The cases are test/resolve/unlisted-cases.ts's, whose verdicts the platform's own build gives
 * (test/unlisted-pages.prebuild.corpus.test.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateFile, validateText, ValidationCache, type ProfileName } from '../../src/index.js';
import { validatePage } from '../../src/validate-page.js';
import { importsOf, mayImport } from '../../src/resolve/unlisted-pages.js';
import { BASE, BROKEN, caseSite, UNLISTED_CASES } from './unlisted-cases.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const site = (files: Record<string, string>) => caseSite(files, roots);

const relative = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** The errors of a root's docs.json, as `code file:line`. */
function errorsOf(root: string, profile?: ProfileName): string[] {
  return validateFile(path.join(root, 'docs.json'), profile ? { profile } : {})
    .problems.filter((p) => p.severity === 'error')
    .map((p) => `${p.code} ${relative(root, p.file)}:${p.line}`);
}

describe("page files no entry lists: the build's verdict", () => {
  it.each(UNLISTED_CASES)('$name', ({ files, fails }) => {
    const root = site(files);
    const expected = fails.map((file) => expect.stringMatching(new RegExp(`^front-matter-invalid ${file.replace(/\./g, '\\.')}:\\d+$`)));
    expect(errorsOf(root)).toEqual(expected);
    // Not a question of contract: the spec profile says the same.
    expect(errorsOf(root, 'spec')).toEqual(expected);
  });
});

describe('what is said', () => {
  it('an error in the page, at the line js-yaml names, saying that no entry lists it and how to leave it out', () => {
    const root = site({ 'drafts/orphan.mdx': '---\ntitle: "x\n---\nbody\n' });
    const { problems } = validateFile(path.join(root, 'docs.json'));
    expect(
      problems.map((p) => ({
        code: p.code,
        severity: p.severity,
        file: relative(root, p.file),
        at: [p.line, p.column, p.endLine, p.endColumn],
        message: p.message,
      })),
    ).toEqual([
      {
        code: 'front-matter-invalid',
        severity: 'error',
        file: 'drafts/orphan.mdx',
        at: [3, 1, 3, 4],
        message:
          'The front matter of "drafts/orphan.mdx" is not valid YAML (line 3): unexpected end of the stream within a double quoted scalar. No navigation entry lists this page, but the platform\'s build reads every page file of the docs root and fails on it ("There is a syntax error in your frontmatter"). Fix it, or, if the file is not meant to be a page, leave it out with a line in `.mintignore`.',
      },
    ]);
  });

  it('a listed page is said once, as a listed page (not again as an unlisted file)', () => {
    const root = site({ 'listed.mdx': BROKEN });
    const found = validateFile(path.join(root, 'docs.json')).problems.filter((p) => p.code === 'front-matter-invalid');
    expect(found.map((p) => relative(root, p.file))).toEqual(['listed.mdx']);
    expect(found[0].message).toContain("The platform's build fails on it");
    expect(found[0].message).not.toContain('No navigation entry lists');
  });

  it('a page the platform drops from the navigation (an array lost to a malformed entry) is still a page file it parses', () => {
    const root = site({
      'docs.json': JSON.stringify({ ...JSON.parse(BASE['docs.json']), navigation: { groups: [{ group: 'A', pages: ['index', 42, 'dropped'] }] } }),
      'dropped.mdx': BROKEN,
    });
    expect(errorsOf(root)).toEqual(expect.arrayContaining([expect.stringMatching(/^front-matter-invalid dropped\.mdx:3$/)]));
  });

  it('turned off, it reads no unlisted page', () => {
    const root = site({ 'orphan.mdx': BROKEN, 'other.mdx': '---\ntitle: Fine\n---\n' });
    const reads: string[] = [];
    const readFile = (file: string) => {
      reads.push(relative(root, file));
      try {
        return readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    };
    const off = validateFile(path.join(root, 'docs.json'), {
      readFile,
      rules: { 'front-matter-invalid': 'off', 'link-not-found': 'off', 'anchor-not-found': 'off', 'page-unparsable': 'off' },
    });
    expect(off.problems).toEqual([]);
    expect(reads.filter((file) => file === 'orphan.mdx' || file === 'other.mdx')).toEqual([]);
    reads.length = 0;
    const on = validateFile(path.join(root, 'docs.json'), {
      readFile,
      rules: { 'link-not-found': 'off', 'anchor-not-found': 'off', 'page-unparsable': 'off' },
    });
    expect(on.problems.map((p) => relative(root, p.file))).toEqual(['orphan.mdx']);
    // Read for their front matter, then (a page is broken) for what they import.
    expect(new Set(reads.filter((file) => file === 'orphan.mdx' || file === 'other.mdx'))).toEqual(new Set(['orphan.mdx', 'other.mdx']));
    // With none broken, each is read once and the imports are not looked at.
    writeFileSync(path.join(root, 'orphan.mdx'), '---\ntitle: Fixed\n---\n');
    reads.length = 0;
    expect(
      validateFile(path.join(root, 'docs.json'), { readFile, rules: { 'link-not-found': 'off', 'anchor-not-found': 'off', 'page-unparsable': 'off' } })
        .problems,
    ).toEqual([]);
    expect(reads.filter((file) => file.endsWith('.mdx')).sort()).toEqual(['index.mdx', 'listed.mdx', 'orphan.mdx', 'other.mdx']);
  });
});

describe('in an editor', () => {
  it('validatePage says it of an unlisted page edited, and no more once fixed; a listed page keeps its own checks', () => {
    const root = site({ 'orphan.mdx': '---\ntitle: Fine\n---\n' });
    const cache = new ValidationCache();
    const file = path.join(root, 'docs.json');
    expect(validateText(BASE['docs.json'], { file, root, cache }).problems).toEqual([]);
    cache.setText(path.join(root, 'orphan.mdx'), BROKEN);
    const codes = () => validatePage(path.join(root, 'orphan.mdx'), { root, cache })?.problems.map((p) => `${p.code} ${relative(root, p.file)}:${p.line}`);
    expect(codes()).toEqual(['front-matter-invalid orphan.mdx:3']);
    cache.setText(path.join(root, 'orphan.mdx'), '---\ntitle: Fixed\n---\n');
    expect(codes()).toEqual([]);
    // The whole check says it too, once.
    cache.setText(path.join(root, 'orphan.mdx'), BROKEN);
    expect(validateText(BASE['docs.json'], { file, root, cache }).problems.map((p) => `${p.code} ${relative(root, p.file)}`)).toEqual([
      'front-matter-invalid orphan.mdx',
    ]);
  });
});

/**
 * The two tests the build's reading is made of (src/resolve/unlisted-pages.ts), on the shapes a
 * page can have: which files it reads for imports, and which files a text imports (fenced code
 * not, whatever its fence).
 */
describe('the files a page imports (importsOf) and the files read for imports (mayImport)', () => {
  it('reads .mdx, .md, .jsx and .tsx files for imports, no other (the extension at the end)', () => {
    expect(['a.mdx', 'a.md', 'c/a.jsx', 'a.tsx', 'a.js', 'a.mdx.bak', 'a.json'].filter(mayImport)).toEqual(['a.mdx', 'a.md', 'c/a.jsx', 'a.tsx']);
  });

  it('a text with no import imports nothing', () => {
    expect(importsOf('guide/a.mdx', '# A page\n\nNo import here: import is a word.\n')).toEqual([]);
  });

  it('local sources only, each resolved against the root or the importing file, lower-cased', () => {
    const text = [
      "import React from 'react';",
      "import Note from '/Snippets/Note.mdx';",
      "import { Card } from './card.jsx';",
      'import {',
      '  Up,',
      "} from '../up/Up.mdx';",
      "import Pkg from 'pkg/./x.mdx';",
      "import Dots from '/snippets/../parts/dots.mdx';",
    ].join('\n');
    expect(importsOf('guide/deep/a.mdx', text)).toEqual(['snippets/note.mdx', 'guide/deep/card.jsx', 'guide/up/up.mdx', 'parts/dots.mdx']);
  });

  it('not in fenced code: backticks or tildes, indented, closed only by a fence of its character at least as long', () => {
    const text = [
      "import First from '/first.mdx';",
      '````md',
      "import InFour from '/in-four.mdx';",
      '```',
      "import StillIn from '/still-in.mdx';",
      '````',
      "import AfterFour from '/after-four.mdx';",
      '  ~~~',
      "import InTildes from '/in-tildes.mdx';",
      '```',
      "import StillInTildes from '/still-in-tildes.mdx';",
      '~~~',
      "import Last from '/last.mdx';",
    ].join('\n');
    expect(importsOf('a.mdx', text)).toEqual(['first.mdx', 'after-four.mdx', 'last.mdx']);
  });

  it('a text whose only fence is indented: its code imports nothing', () => {
    expect(importsOf('a.mdx', "Text.\n   ```js\nimport InCode from '/in-code.mdx';\n   ```\n")).toEqual([]);
  });

  it('an import after a closed fence counts, and one in a fence never closed does not', () => {
    expect(importsOf('a.mdx', "```\ncode\n```\nimport After from '/after.mdx';\n")).toEqual(['after.mdx']);
    expect(importsOf('a.mdx', "import Before from '/before.mdx';\n```\nimport Open from '/open.mdx';\n")).toEqual(['before.mdx']);
  });
});
