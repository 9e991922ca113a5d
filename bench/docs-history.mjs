/**
 * A real documentation repository with a history of two commits, for `docsnav diff <ref>` in the bench and for
 * tests of `validate --since <ref>`: ../shared/corpus/docs-repos/mintlify (1,130 page files, 920 in the
 * navigation) committed as it is (the base), then a reorganisation as a pull request would make it (the head):
 *
 * - MOVED (20 pages, `git mv`, the navigation's entries rewritten in docs.json): the 17 pages of
 *   integrations/analytics/ to integrations/analytics-providers/ (their own links to each other rewritten too,
 *   so git finds them as renames by similarity, not only as identical files), integrations/sdks/{speakeasy,
 *   stainless} to api-playground/sdks/, reference/glossary to glossary;
 * - DELETED (5 pages, their navigation entries removed): integrations/support/front,
 *   integrations/privacy/transcend, deploy/bitbucket, deploy/custom-portal, optimize/pdf-exports;
 * - REDIRECTS added to redirects.json (docs.json's `redirects` is a `$ref` to it): one `:slug` pattern for the
 *   17 analytics pages and one exact redirect for speakeasy. stainless and glossary are moved without one, and
 *   no deleted page gets one: 7 page URLs of the base have no page and no redirect at the head.
 *
 * The head leaves in-page links that pointed at the moved and deleted pages as they were (other pages link to
 * stainless, glossary, bitbucket and pdf-exports): a link check at the head finds them, the redirects cover the
 * analytics and speakeasy ones. The English pages only: es/, fr/ and zh/ keep their own copies.
 *
 * Deterministic: the same corpus gives the same commits (fixed author, committer and dates), so `baseRef` and
 * `headRef` are the same hashes every time.
 *
 *   node bench/docs-history.mjs [dir]   makes it in dir (default: a new temp folder), prints the result as JSON
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyTree } from './prebuild.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const script = fileURLToPath(import.meta.url);
const source = path.resolve(here, '..', '..', 'shared', 'corpus', 'docs-repos', 'mintlify');

const ANALYTICS_FROM = 'integrations/analytics';
const ANALYTICS_TO = 'integrations/analytics-providers';
/** Moves besides the analytics folder: [from, to], page paths without extension; `redirect` when one is added. */
const OTHER_MOVES = [
  { from: 'integrations/sdks/speakeasy', to: 'api-playground/sdks/speakeasy', redirect: true },
  { from: 'integrations/sdks/stainless', to: 'api-playground/sdks/stainless', redirect: false },
  { from: 'reference/glossary', to: 'glossary', redirect: false },
];
const DELETED = ['integrations/support/front', 'integrations/privacy/transcend', 'deploy/bitbucket', 'deploy/custom-portal', 'optimize/pdf-exports'];
const IDENTITY = { name: 'Docs Writer', email: 'docs@example.com' };

/** git in `dir` with a fixed identity, dates and settings, so that the commits are the same on every machine. */
function git(dir, args, date) {
  return execFileSync(
    'git',
    ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', '-c', 'core.quotepath=false', ...args],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: IDENTITY.name,
        GIT_AUTHOR_EMAIL: IDENTITY.email,
        GIT_COMMITTER_NAME: IDENTITY.name,
        GIT_COMMITTER_EMAIL: IDENTITY.email,
        GIT_AUTHOR_DATE: date ?? '2025-01-01T00:00:00Z',
        GIT_COMMITTER_DATE: date ?? '2025-01-01T00:00:00Z',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: os.devNull,
      },
    },
  ).trim();
}

/** The page file of a page path in `dir` (.mdx, else .md), relative. */
function pageFile(dir, page) {
  for (const ext of ['.mdx', '.md']) if (existsSync(path.join(dir, page + ext))) return page + ext;
  throw new Error(`docs-history: no page file for ${page} in the corpus copy`);
}

/** Replaces the one occurrence of `"from"` in docs.json's text; throws when there is not exactly one. */
function renameEntry(text, from, to) {
  const quoted = JSON.stringify(from);
  const parts = text.split(quoted);
  if (parts.length !== 2) throw new Error(`docs-history: ${quoted} is in docs.json ${parts.length - 1} times, not once`);
  return parts.join(JSON.stringify(to));
}

/** Removes the line that lists `page` in a `pages` array of docs.json's text, keeping the JSON valid. */
function removeEntry(text, page) {
  const lines = text.split('\n');
  const quoted = JSON.stringify(page);
  const at = lines.findIndex((line) => line.trim() === quoted || line.trim() === `${quoted},`);
  if (at < 0 || lines.filter((line) => line.includes(quoted)).length !== 1) throw new Error(`docs-history: ${quoted} is not one line of docs.json`);
  const hadComma = lines[at].trim().endsWith(',');
  lines.splice(at, 1);
  if (!hadComma) lines[at - 1] = lines[at - 1].replace(/,$/, ''); // it was the last element
  return lines.join('\n');
}

/** Appends redirects to redirects.json's text (an array of `{ source, destination }`), in its own layout. */
function appendRedirects(text, redirects) {
  const end = text.lastIndexOf('\n]');
  if (end < 0) throw new Error('docs-history: redirects.json does not end with its array');
  const items = redirects.map(
    ({ source, destination }) => `    {\n      "source": ${JSON.stringify(source)},\n      "destination": ${JSON.stringify(destination)}\n    }`,
  );
  return `${text.slice(0, end)},\n${items.join(',\n')}${text.slice(end)}`;
}

/**
 * Makes the repository in `dir` (default: a new temp folder; the caller removes it). Returns `{ dir, baseRef,
 * headRef, moved: [{ from, to, fromFile, toFile, redirect }], deleted: [{ page, file }], redirects }`: page paths
 * without a leading slash, files relative to the repository (which is the docs root), `redirects` the entries
 * added to redirects.json.
 */
export function createDocsHistory(dir = mkdtempSync(path.join(os.tmpdir(), 'docsnav-docs-history-'))) {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`docs-history: ${dir} is not empty`);
  copyTree(source, dir);
  git(dir, ['init', '--quiet']);
  git(dir, ['add', '--all']);
  git(dir, ['commit', '--quiet', '-m', 'Documentation as published']);
  const baseRef = git(dir, ['rev-parse', 'HEAD']);

  const analytics = readdirSync(path.join(dir, ANALYTICS_FROM))
    .filter((name) => /\.mdx?$/.test(name))
    .sort()
    .map((name) => {
      const page = `${ANALYTICS_FROM}/${name.replace(/\.mdx?$/, '')}`;
      return { from: page, to: `${ANALYTICS_TO}/${page.slice(ANALYTICS_FROM.length + 1)}`, redirect: true };
    });
  const moves = [...analytics, ...OTHER_MOVES];
  let docs = readFileSync(path.join(dir, 'docs.json'), 'utf8');
  const moved = moves.map((move) => {
    const fromFile = pageFile(dir, move.from);
    const toFile = move.to + path.extname(fromFile);
    mkdirSync(path.dirname(path.join(dir, toFile)), { recursive: true });
    git(dir, ['mv', fromFile, toFile]);
    docs = renameEntry(docs, move.from, move.to);
    return { ...move, fromFile, toFile };
  });
  // The moved analytics pages link to each other: the author rewrites those links (so the files change a little).
  for (const { toFile } of moved.filter((move) => move.from.startsWith(`${ANALYTICS_FROM}/`))) {
    const file = path.join(dir, toFile);
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`/${ANALYTICS_FROM}/`, `/${ANALYTICS_TO}/`));
  }
  const deleted = DELETED.map((page) => {
    const file = pageFile(dir, page);
    git(dir, ['rm', '--quiet', file]);
    docs = removeEntry(docs, page);
    return { page, file };
  });
  JSON.parse(docs); // still JSON, or throw here rather than hand the caller a broken site
  writeFileSync(path.join(dir, 'docs.json'), docs);
  const redirects = [
    { source: `/${ANALYTICS_FROM}/:slug`, destination: `/${ANALYTICS_TO}/:slug` },
    ...OTHER_MOVES.filter((move) => move.redirect).map((move) => ({ source: `/${move.from}`, destination: `/${move.to}` })),
  ];
  const redirectsFile = path.join(dir, 'redirects.json');
  const redirectsText = appendRedirects(readFileSync(redirectsFile, 'utf8'), redirects);
  JSON.parse(redirectsText);
  writeFileSync(redirectsFile, redirectsText);
  git(dir, ['add', '--all']);
  git(
    dir,
    ['commit', '--quiet', '-m', 'Reorganise integrations: analytics providers, SDK pages under the API playground; drop retired pages'],
    '2025-01-02T00:00:00Z',
  );
  const headRef = git(dir, ['rev-parse', 'HEAD']);
  return { dir, baseRef, headRef, moved, deleted, redirects };
}

if (process.argv[1] === script) {
  process.stdout.write(`${JSON.stringify(createDocsHistory(process.argv[2] ? path.resolve(process.argv[2]) : undefined), null, 2)}\n`);
}
