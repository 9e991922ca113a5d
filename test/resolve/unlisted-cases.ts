/**
 * Small sites whose only fault, if any, is in the front matter of a page file no navigation entry
 * lists, each with the files the platform's build fails on. The same table is checked against
 * docsnav (test/resolve/unlisted-pages.test.ts) and against the platform's own build
 * (test/unlisted-pages.prebuild.corpus.test.ts, @mintlify/prebuild installed on demand), so the
 * expectations are the build's, not docsnav's.
 */

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Front matter js-yaml cannot load. */
export const BROKEN = '---\ntitle: [unclosed\n---\n\nBroken YAML.\n';

/** What every case has besides its own files: a docs.json the platform builds, listing `index` only. */
export const BASE: Readonly<Record<string, string>> = {
  'docs.json': JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Unlisted',
    colors: { primary: '#0D9373' },
    navigation: { pages: ['index', 'listed'] },
  }),
  'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
  'listed.mdx': '---\ntitle: Listed\n---\n\nListed.\n',
};

export interface UnlistedCase {
  name: string;
  /** Files beside (or replacing) BASE's. */
  files: Record<string, string>;
  /** The files whose front matter the build fails on: none, it builds. */
  fails: string[];
}

export const UNLISTED_CASES: readonly UnlistedCase[] = [
  { name: 'an unlisted .mdx page', files: { 'orphan.mdx': BROKEN }, fails: ['orphan.mdx'] },
  { name: 'an unlisted .md page', files: { 'guide/orphan.md': BROKEN }, fails: ['guide/orphan.md'] },
  { name: 'an unlisted page in a folder starting with a dot (not one the platform ignores)', files: { '.drafts/x.mdx': BROKEN }, fails: ['.drafts/x.mdx'] },
  { name: 'a .MDX file (not a page to the build)', files: { 'upper.MDX': BROKEN }, fails: [] },
  { name: 'a snippet under snippets/', files: { 'snippets/part.mdx': BROKEN }, fails: [] },
  { name: 'a snippet under _snippets/', files: { '_snippets/part.mdx': BROKEN }, fails: [] },
  { name: 'a snippet under Snippets/ (any case)', files: { 'Snippets/part.mdx': BROKEN }, fails: [] },
  { name: 'snippets/ below the root is a page folder', files: { 'guide/snippets/part.mdx': BROKEN }, fails: ['guide/snippets/part.mdx'] },
  {
    name: 'a .md readme, licence or contribution guide in a folder (any case)',
    files: { 'guide/readme.md': BROKEN, 'guide/LICENSE.md': BROKEN, 'guide/Contribute.md': BROKEN, 'guide/contributing.md': BROKEN },
    fails: [],
  },
  { name: 'a readme written as .mdx is a page', files: { 'guide/Readme.mdx': BROKEN }, fails: ['guide/Readme.mdx'] },
  {
    name: "the repository's README.md and a CHANGELOG.md below (the platform's own ignores)",
    files: { 'README.md': BROKEN, 'sub/CHANGELOG.md': BROKEN },
    fails: [],
  },
  { name: 'tool folders the platform ignores (.github, .vscode)', files: { '.github/x.mdx': BROKEN, '.vscode/y.mdx': BROKEN }, fails: [] },
  { name: 'node_modules', files: { 'node_modules/pkg/x.mdx': BROKEN }, fails: [] },
  { name: 'a folder .mintignore leaves out', files: { '.mintignore': '# drafts\ndrafts/\n', 'drafts/x.mdx': BROKEN }, fails: [] },
  { name: 'a .mintignore that leaves out another folder', files: { '.mintignore': 'other/\n', 'drafts/x.mdx': BROKEN }, fails: ['drafts/x.mdx'] },
  {
    name: 'a file another page imports (absolute path): a snippet',
    files: { 'index.mdx': '---\ntitle: Home\n---\n\nimport Part from "/components/part.mdx"\n\n<Part />\n', 'components/part.mdx': BROKEN },
    fails: [],
  },
  {
    name: 'a file another page imports (relative path, case aside): a snippet',
    files: { 'guide/a.mdx': '---\ntitle: A\n---\n\nimport Part from "../Components/Part.mdx"\n\n<Part />\n', 'components/part.mdx': BROKEN },
    fails: [],
  },
  {
    name: 'an import written over several lines',
    files: { 'index.mdx': '---\ntitle: Home\n---\n\nimport {\n  Part,\n} from "/components/part.mdx"\n\n<Part />\n', 'components/part.mdx': BROKEN },
    fails: [],
  },
  {
    name: 'an import inside a fenced code block imports nothing',
    files: { 'index.mdx': '---\ntitle: Home\n---\n\n```mdx\nimport Part from "/components/part.mdx"\n```\n', 'components/part.mdx': BROKEN },
    fails: ['components/part.mdx'],
  },
  {
    name: 'an import in a file .mintignore leaves out imports nothing',
    files: { '.mintignore': 'drafts/\n', 'drafts/a.mdx': 'import Part from "/components/part.mdx"\n\n<Part />\n', 'components/part.mdx': BROKEN },
    fails: ['components/part.mdx'],
  },
  {
    name: 'an unlisted page that imports something',
    files: { 'orphan.mdx': '---\ntitle: [unclosed\n---\n\nimport X from "/snippets/s.mdx"\n\n<X />\n', 'snippets/s.mdx': 'Snippet.\n' },
    fails: ['orphan.mdx'],
  },
  { name: 'an `openapi` list in an unlisted page', files: { 'orphan.mdx': '---\nopenapi: [GET /a, GET /b]\n---\n\nx\n' }, fails: ['orphan.mdx'] },
  { name: 'an `asyncapi` number in an unlisted page', files: { 'orphan.mdx': '---\nasyncapi: 5\n---\n\nx\n' }, fails: ['orphan.mdx'] },
  {
    name: '`asyncapi: false` and `asyncapi: 0` (the build skips them)',
    files: { 'orphan.mdx': '---\nasyncapi: false\n---\n', 'listed.mdx': '---\nasyncapi: 0\n---\n' },
    fails: [],
  },
  {
    name: '`openapi: false` and `openapi: 0` (the build skips them)',
    files: { 'orphan.mdx': '---\nopenapi: false\n---\n', 'listed.mdx': '---\nopenapi: 0\n---\n' },
    fails: [],
  },
  {
    name: 'an empty title or an unknown endpoint in an unlisted page (the build passes)',
    files: { 'a.mdx': '---\ntitle:\n---\n', 'b.mdx': '---\nopenapi: GET /nope\n---\n' },
    fails: [],
  },
  { name: 'the .md beside a listed page’s .mdx', files: { 'listed.md': BROKEN }, fails: ['listed.md'] },
];

/** A temporary site of BASE and `files` (its root added to `roots`, which the caller removes). */
export function caseSite(files: Record<string, string>, roots: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-unlisted-'));
  roots.push(root);
  for (const [file, text] of Object.entries({ ...BASE, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
