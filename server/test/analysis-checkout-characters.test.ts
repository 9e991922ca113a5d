/**
 * `invalid-character` in the texts `analyzeCheckout` stores (a NUL, an unpaired surrogate: no
 * database stores them): found in a page's texts or its file, in an OpenAPI or AsyncAPI spec's;
 * an error for a page, a warning for a spec under the platform profile (the platform accepts
 * its `\u0000` escapes); the project's config changes the severity or turns it off. An error
 * stops the storing, the rest is still checked; otherwise the texts are stored without the
 * characters, in every field of every section.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCheckout } from '../src/analysis/analyze.js';
import type { SectionsBatch, StoredSection } from '../src/store/deployments.js';
import { docsJson, tempDir } from './helpers.js';

function site(prefix: string, files: Record<string, string>): string {
  const root = tempDir(prefix);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function analyze(root: string) {
  const batches: SectionsBatch[] = [];
  const output = await analyzeCheckout({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root, maxPages: 1000 }, (batch) => {
    batches.push(batch);
    return Promise.resolve();
  });
  const sections: StoredSection[] = batches.flatMap((batch) => batch.sections);
  return { output, batches, sections };
}

const ERROR_END = ', which no documentation site can store or show: remove the escape (or the pasted bytes) that made it.';
const WARNING_END =
  ", which no documentation site can show: the assistant's copy of the text leaves it out; remove the escape (or the pasted bytes) that made it.";

const problem = (file: string, severity: 'error' | 'warning', what: string, line: number, column: number) => ({
  code: 'invalid-character',
  severity,
  message: `${file} holds ${what} at line ${line}${severity === 'error' ? ERROR_END : WARNING_END}`,
  file,
  pointer: '',
  line,
  column,
  endLine: line,
  endColumn: column + 1,
});
const NUL = 'a NUL character (U+0000)';

describe('a page with an invalid character', () => {
  it('fails the deployment: nothing more is stored, every page is still checked, each file reported once at its line', async () => {
    const root = site('checkout-nul-page', {
      'docs.json': docsJson({ groups: [{ group: 'Guides', pages: ['clean', 'bad', 'after', 'worse'] }] }),
      'clean.mdx': '---\ntitle: Clean\n---\n\nNothing wrong.\n',
      'bad.mdx': '---\r\ntitle: Bad\r\n---\r\n\r\n## Setup\r\n\r\n\tPasted\u0000 here.\r\n',
      'after.mdx': '# After\n\nFine too.\n',
      'worse.mdx': '# Worse\n\nCafé \u0000 and \u0000 again.\n',
    });
    const { output, batches } = await analyze(root);
    expect(output.problems).toEqual([problem('bad.mdx', 'error', NUL, 7, 8), problem('worse.mdx', 'error', NUL, 3, 6)]);
    // The page before the first error was counted; none was sent: only the tree was.
    expect(output.sections).toBe(1);
    expect(output.overLimit).toBe(false);
    expect(batches.map((batch) => [batch.sections.length, batch.copies.length, batch.tree?.length])).toEqual([[0, 0, 1]]);
  });

  it.each([
    ['the title', '---\ntitle: "Wel\\0come"\n---\n\nHello.\n', 2, 12],
    ['the description (after a clean title)', '---\ntitle: Welcome\ndescription: "Say \\0 hello"\n---\n\nHello.\n', 3, 19],
  ])('found in %s, written as an escape the file does not hold as a character: located at the escape', async (_, text, line, column) => {
    const root = site('checkout-nul-escape', { 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': text });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([problem('index.mdx', 'error', NUL, line, column)]);
    expect(sections).toEqual([]);
  });
});

describe('the texts stored without the characters (a warning, or the rule off)', () => {
  const files = {
    'docs.json': docsJson({ pages: ['everywhere', 'heading', 'link', 'body', 'clean'] }),
    'everywhere.mdx':
      '---\ntitle: "Ti\\0tle"\ndescription: "Des\\0cription"\n---\n\nIntro \u0000text with [a li\u0000nk](/gu\u0000ides/one).\n\n## Sec\u0000tion\n\nMore\u0000.\n',
    'heading.mdx': '---\ntitle: Heading\n---\n\n## Only\u0000 here\n\nClean body.\n',
    'link.mdx': '---\ntitle: Link\n---\n\nGo [there](/guides/th\u0000ere).\n',
    'body.mdx': '---\ntitle: Body\n---\n\nThe body\u0000 alone.\n',
    'clean.mdx': '---\ntitle: Clean\n---\n\nNothing.\n',
  };
  const stored = [
    ['everywhere', 'Title', 'Description', null, 'Intro text with a link.', [{ href: 'guides/one', text: 'a link' }]],
    ['everywhere', 'Title', 'Description', 'Section', 'More.', undefined],
    ['heading', 'Heading', '', 'Only here', 'Clean body.', undefined],
    ['link', 'Link', '', null, 'Go there.', [{ href: 'guides/there', text: 'there' }]],
    ['body', 'Body', '', null, 'The body alone.', undefined],
    ['clean', 'Clean', '', null, 'Nothing.', undefined],
  ];
  const fields = (sections: StoredSection[]) =>
    sections.map((section) => [section.pagePath, section.pageTitle, section.pageDescription, section.heading, section.body, section.links]);

  it('a warning for each file, as the project config says; every field of every section without them', async () => {
    const root = site('checkout-nul-warning', { ...files, 'docsnav.config.json': JSON.stringify({ rules: { 'invalid-character': 'warning' } }) });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([
      problem('everywhere.mdx', 'warning', NUL, 6, 7),
      problem('heading.mdx', 'warning', NUL, 5, 8),
      problem('link.mdx', 'warning', NUL, 5, 22),
      problem('body.mdx', 'warning', NUL, 5, 9),
    ]);
    expect(fields(sections)).toEqual(stored);
    expect(output.sections).toBe(6);
  });

  it('no problem when the rule is off; the texts are stored without them all the same', async () => {
    const root = site('checkout-nul-off', { ...files, 'docsnav.config.json': JSON.stringify({ rules: { 'invalid-character': 'off' } }) });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([]);
    expect(fields(sections)).toEqual(stored);
  });

  it('at most 100 problems are listed; every page is stored', async () => {
    const pages = Array.from({ length: 101 }, (_, index) => `p${index}`);
    const root = site('checkout-nul-many', {
      'docs.json': docsJson({ pages }),
      'docsnav.config.json': JSON.stringify({ rules: { 'invalid-character': 'warning' } }),
      ...Object.fromEntries(pages.map((page) => [`${page}.mdx`, `# ${page}\n\nA\u0000.\n`])),
    });
    const { output, sections } = await analyze(root);
    expect(output.problems.map((found) => found.file)).toEqual(pages.slice(0, 100).map((page) => `${page}.mdx`));
    expect(sections.map((section) => [section.pagePath, section.body])).toEqual(pages.map((page) => [page, 'A.']));
  });
});

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        summary: 'List pets',
        parameters: [{ name: 'limit', in: 'query', description: 'How many\u0000 at most', schema: { type: 'integer' } }],
        responses: { 200: { description: 'The pets' } },
      },
      post: { summary: 'Add a pet', description: 'Adds one \ud800 pet.', responses: { 201: { description: 'Added' } } },
    },
  },
};

describe('a spec with an invalid character (a JSON escape)', () => {
  const files = () => ({
    'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['index'] }] }),
    'index.mdx': '# Home\n',
    // The escapes as JSON.stringify writes them: the file holds `\u0000` and `\ud800`, six characters each.
    'openapi.json': JSON.stringify(SPEC, null, 2),
  });

  it('is a warning under the platform profile, reported once for the file, at the first escape; the texts stored without it', async () => {
    const root = site('checkout-spec-warning', files());
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([problem('openapi.json', 'warning', NUL, 15, 37)]);
    expect(sections.map((section) => [section.pagePath, section.heading, section.body])).toEqual([
      ['index', 'Home', ''],
      ['api-reference/list-pets', null, 'GET /pets\n\nList pets'],
      ['api-reference/list-pets', 'Parameters', 'limit (query) How many at most'],
      ['api-reference/list-pets', 'Responses', '200 The pets'],
      ['api-reference/add-a-pet', null, 'POST /pets\n\nAdd a pet\n\nAdds one  pet.'],
      ['api-reference/add-a-pet', 'Responses', '201 Added'],
    ]);
    expect(sections.find((section) => section.pagePath === 'api-reference/add-a-pet')?.pageDescription).toBe('Adds one  pet.');
  });

  it("an unpaired surrogate in an operation's description", async () => {
    const spec = { ...SPEC, paths: { '/pets': { post: SPEC.paths['/pets'].post } } };
    const root = site('checkout-spec-surrogate', { ...files(), 'openapi.json': JSON.stringify(spec, null, 2) });
    const { output } = await analyze(root);
    expect(output.problems).toEqual([problem('openapi.json', 'warning', 'an unpaired surrogate (U+D800)', 11, 34)]);
  });

  it.each([
    ['the spec profile', { extends: 'spec' }],
    ['the rule set to error', { rules: { 'invalid-character': 'error' } }],
  ])('is an error under %s: nothing is stored', async (_, config) => {
    const root = site('checkout-spec-error', { ...files(), 'docsnav.config.json': JSON.stringify(config) });
    const { output, sections } = await analyze(root);
    expect(output.problems.filter((found) => found.code === 'invalid-character')).toEqual([problem('openapi.json', 'error', NUL, 15, 37)]);
    expect(sections).toEqual([]);
  });

  it('in the operation a page names in its front matter', async () => {
    const root = site('checkout-spec-front-matter', {
      'docs.json': docsJson({ pages: ['pets'] }),
      'pets.mdx': '---\nopenapi: /openapi.json GET /pets\n---\n\nAbout pets.\n',
      'openapi.json': JSON.stringify(SPEC, null, 2),
    });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([problem('openapi.json', 'warning', NUL, 15, 37)]);
    expect(sections.map((section) => [section.pagePath, section.pageKind, section.heading, section.body])).toEqual([
      ['pets', 'endpoint', null, 'GET /pets\n\nList pets'],
      ['pets', 'endpoint', 'Parameters', 'limit (query) How many at most'],
      ['pets', 'endpoint', 'Responses', '200 The pets'],
      ['pets', 'endpoint', null, 'About pets.'],
    ]);
  });

  it('in an AsyncAPI channel: a warning under the platform profile', async () => {
    const events = {
      asyncapi: '3.0.0',
      info: { title: 'Events', version: '1' },
      channels: { 'orders/{id}': { address: 'orders/{id}', description: 'Order\u0000 changes.' } },
    };
    const root = site('checkout-channel-warning', {
      'docs.json': docsJson({ groups: [{ group: 'Events', asyncapi: 'events.json' }] }),
      'events.json': JSON.stringify(events, null, 2),
    });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([problem('events.json', 'warning', NUL, 10, 28)]);
    expect(sections.map((section) => [section.pagePath, section.pageDescription, section.body])).toEqual([
      ['api-reference/websockets/orders', 'Order changes.', 'channel orders/{id} orders/{id}\n\nOrder changes.'],
    ]);
  });
});
