import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedBlocks } from '../readme-blocks.mjs';

/**
 * Every relative link of the documentation leads somewhere: its file or folder exists in the
 * repository, and its `#anchor` is a heading of the Markdown file it names (as GitHub makes heading
 * ids). And every file of the repository it names in code (`src/navigation/model.ts`) exists, or
 * is one git ignores (a build's output), so that a file moved or split is not left named where it
 * was. The documents: README.md, CONTRIBUTING.md, every page of docs/ (the rule docs too), the
 * editors' and the server's READMEs; not the CHANGELOGs (history names what was there then).
 * Links inside code (fenced blocks, code spans) are examples, not links. External links (a scheme,
 * `//host`) are not fetched.
 */

const REPO = path.resolve(import.meta.dirname, '..', '..');

function documents(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], { cwd: REPO, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /^(README|CONTRIBUTING)\.md$|^docs\/|^editors\/.*README\.md$|^server\/README\.md$/.test(file));
}

/** A Markdown text with its fenced blocks' lines blanked (line numbers kept). */
function withoutFences(markdown: string): string {
  const lines = markdown.split('\n');
  // The blocks as the documents' block runner reads them (test/readme-blocks.mjs), fences included.
  for (const block of fencedBlocks(markdown)) lines.fill('', block.line - 1, block.endLine);
  return lines.join('\n');
}

/** A Markdown text with its fenced blocks and its code spans blanked (line numbers kept). */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** A heading's id as GitHub makes it: its text, lower-cased, punctuation dropped, spaces as `-`. */
function headingId(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text: its headings' ids (the second of a name gets `-1`, …) and `<a id|name>`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      const id = headingId(heading[1]);
      const count = seen.get(id) ?? 0;
      seen.set(id, count + 1);
      anchors.add(count === 0 ? id : `${id}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
}

interface Link {
  line: number;
  target: string;
}

/** Every link of a Markdown text outside code: inline links and images, reference definitions, HTML `href`/`src`. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  prose(markdown)
    .split('\n')
    .forEach((line, i) => {
      const add = (target: string) => links.push({ line: i + 1, target });
      for (const match of line.matchAll(/\]\(\s*(?:<([^>]*)>|([^)\s]*))(?:\s+"[^"]*")?\s*\)/g)) add(match[1] ?? match[2]);
      const definition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line);
      if (definition) add(definition[1]);
      for (const match of line.matchAll(/\b(?:href|src)="([^"]*)"/g)) add(match[1]);
    });
  return links;
}

interface Reader {
  /** The text of a file of the repository (relative, with `/`), or undefined when it is no file. */
  read(file: string): string | undefined;
  /** Whether a file or folder of the repository exists. */
  exists(file: string): boolean;
}

/** Each link of `file` that leads nowhere, as `file:line: target (why)`. */
function brokenLinks(file: string, markdown: string, reader: Reader): string[] {
  const broken: string[] = [];
  for (const { line, target } of linksOf(markdown)) {
    const say = (why: string) => broken.push(`${file}:${line}: ${target} (${why})`);
    if (target === '') {
      say('empty');
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue;
    if (target.startsWith('/')) {
      say('from the host root: write it relative to this file');
      continue;
    }
    const hash = target.indexOf('#');
    const place = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = place === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(place))).replace(/(.)\/$/, '$1');
    if (resolved.startsWith('../')) {
      say('outside the repository');
      continue;
    }
    if (!reader.exists(resolved)) {
      say(`no ${resolved}`);
      continue;
    }
    if (anchor === undefined) continue;
    const text = resolved.endsWith('.md') ? reader.read(resolved) : undefined;
    if (text === undefined) say(`an anchor into ${resolved}, which is no Markdown file`);
    else if (!anchorsOf(text).has(anchor)) say(`no heading #${anchor} in ${resolved}`);
  }
  return broken;
}

/** The repository's folders whose files the documentation names in code spans. */
const NAMED_FOLDERS = /^(?:src|server\/src|test|server\/test|bench|server\/bench|scripts|schema|editors|fixtures|docs)\//;

/**
 * The repository paths a Markdown text names in code spans (`src/x.ts`), outside fenced blocks,
 * as `{ line, path }`; not a pattern or a placeholder (`src/rules/<code>.ts`, `test/**`). A
 * `path:line` or `path#anchor` names the path.
 */
function namedPaths(markdown: string): Array<{ line: number; path: string }> {
  const named: Array<{ line: number; path: string }> = [];
  withoutFences(markdown)
    .split('\n')
    .forEach((line, i) => {
      for (const match of line.matchAll(/`([^`\s]+)`/g)) {
        const name = match[1].replace(/[:#].*$/, '');
        if (NAMED_FOLDERS.test(name) && !/[<>*…{}]/.test(name)) named.push({ line: i + 1, path: name });
      }
    });
  return named;
}

/** Whether git ignores a path that does not exist (a build's or a bench's output), as a file or a folder. */
function ignoredByGit(file: string): boolean {
  const check = (name: string) => spawnSync('git', ['check-ignore', '-q', '--no-index', name], { cwd: REPO }).status === 0;
  return check(file) || check(`${file.replace(/\/$/, '')}/`);
}

const disk: Reader = {
  read: (file) => (existsSync(path.join(REPO, file)) && file.endsWith('.md') ? readFileSync(path.join(REPO, file), 'utf8') : undefined),
  exists: (file) => existsSync(path.join(REPO, file)),
};

const files = documents();

describe('links in the documentation', () => {
  it('the check finds each kind of broken link, and passes the links that lead somewhere', () => {
    const pages: Record<string, string> = {
      'docs/ci.md': '# In CI\n\n## The page scan cache in CI\n\n## Editors: `docsnav lsp`\n\n## Editors: `docsnav lsp`\n\n<a id="kept"></a>\n',
      'docs/rules/x.md': '# `x`: X\n',
    };
    const page = [
      '# Page',
      '',
      '[ok](docs/ci.md) [ok](docs/ci.md#the-page-scan-cache-in-ci) [ok](docs/ci.md#editors-docsnav-lsp-1) [ok](docs/ci.md#kept)',
      '![ok](docs/rules/x.md) [ok](docs/rules/) [ok](#page) [ok](https://example.com/#nothing) [ok](mailto:a@b.example)',
      '`[code](nowhere.md)` and [ok](<docs/ci.md> "title")',
      '',
      '```md',
      '[in a fence](nowhere.md)',
      '```',
      '',
      '[no file](docs/missing.md) [no heading](docs/ci.md#the-cache) [no heading here](#nothing) [third](docs/ci.md#editors-docsnav-lsp-2)',
      '[up](../outside.md) [root](/docs/ci.md) <img src="docs/missing.png"> [def]: docs/none.md',
      '[anchor into a folder](docs/rules#x)',
    ].join('\n');
    pages['README.md'] = page;
    const reader: Reader = {
      read: (file) => pages[file],
      exists: (file) => file in pages || file === 'docs' || file === 'docs/rules',
    };
    expect(brokenLinks('README.md', page, reader)).toEqual([
      'README.md:11: docs/missing.md (no docs/missing.md)',
      'README.md:11: docs/ci.md#the-cache (no heading #the-cache in docs/ci.md)',
      'README.md:11: #nothing (no heading #nothing in README.md)',
      'README.md:11: docs/ci.md#editors-docsnav-lsp-2 (no heading #editors-docsnav-lsp-2 in docs/ci.md)',
      'README.md:12: ../outside.md (outside the repository)',
      'README.md:12: /docs/ci.md (from the host root: write it relative to this file)',
      'README.md:12: docs/missing.png (no docs/missing.png)',
      'README.md:13: docs/rules#x (an anchor into docs/rules, which is no Markdown file)',
    ]);
  });

  it('headings get the ids GitHub gives them', () => {
    expect([
      ...anchorsOf('# Sites still on mint.json: `docsnav upgrade`\n## `$ref`\n## The `platform` profile: every setting, and a stale mint.json\n'),
    ]).toEqual(['sites-still-on-mintjson-docsnav-upgrade', 'ref', 'the-platform-profile-every-setting-and-a-stale-mintjson']);
    expect([...anchorsOf('## Cold runs: the page scanner and the second core\n## URLs that disappear: `docsnav diff` and `validate --since`\n')]).toEqual([
      'cold-runs-the-page-scanner-and-the-second-core',
      'urls-that-disappear-docsnav-diff-and-validate---since',
    ]);
  });

  it('reads the documents', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/checks.md', 'docs/rules/README.md', 'server/README.md']));
  });

  it.each(files)('%s: every relative link and anchor leads somewhere', (file) => {
    const text = readFileSync(path.join(REPO, file), 'utf8');
    expect(brokenLinks(file, text, disk)).toEqual([]);
  });
});

describe('files the documentation names', () => {
  it('finds the paths in code spans, not patterns, placeholders or fenced blocks; git ignores build output', () => {
    const text = [
      'See `src/navigation/model.ts` and `test/mint/mint.corpus.test.ts:12`, `docs/ci.md#x`, `npm test`, `src/rules/<code>.ts`,',
      '`test/robustness/**`, `schema/config.schema.json`.',
      '```',
      '`src/in/a/fence.ts`',
      '```',
      'And `src/history/git.ts`.',
    ].join('\n');
    expect(namedPaths(text)).toEqual([
      { line: 1, path: 'src/navigation/model.ts' },
      { line: 1, path: 'test/mint/mint.corpus.test.ts' },
      { line: 1, path: 'docs/ci.md' },
      { line: 2, path: 'schema/config.schema.json' },
      { line: 6, path: 'src/history/git.ts' },
    ]);
    expect(ignoredByGit('bench/.out/')).toBe(true);
    expect(ignoredByGit('editors/vscode/docsnav-vscode-0.1.0.vsix')).toBe(true);
    expect(ignoredByGit('src/no-such-file.ts')).toBe(false);
  });

  // CHANGELOGs and docs/mutation-scores.md are records of their time: the files they name may have moved since.
  it.each(files.filter((file) => file !== 'docs/mutation-scores.md'))('%s: every repository file it names in code exists', (file) => {
    const missing = namedPaths(readFileSync(path.join(REPO, file), 'utf8'))
      // From the repository's top, or from the document's folder (server/README.md's `src/` is the server's).
      .filter(({ path: name }) => ![name, path.posix.join(path.posix.dirname(file), name)].some((at) => existsSync(path.join(REPO, at)) || ignoredByGit(at)))
      .map(({ line, path: name }) => `${file}:${line}: ${name}`);
    expect(missing).toEqual([]);
  });
});
