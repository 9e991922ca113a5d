import { describe, expect, it } from 'vitest';
import { endpointSections } from '../src/analysis/endpoint-text.js';
import { pageText } from '../src/analysis/page-text.js';
import { filesChanged } from '../src/jobs/deployment.js';

describe('pageText', () => {
  it('reads front matter and splits the body at headings', () => {
    const text = pageText(
      [
        '---',
        'title: "Custom domains"',
        'description: Serve the docs from your own domain.',
        '---',
        "import { Tip } from '../snippets/tip.mdx';",
        '',
        'Intro with a [link](https://x.example) and `code`.',
        '',
        '## Set up DNS',
        '',
        '<Card title="Add a CNAME" icon="globe">Point **docs** at us.</Card>',
        '{/* a comment */}',
        '```bash',
        '# not a heading',
        'dig docs.acme.example',
        '```',
        '## Set up DNS',
        'Again.',
      ].join('\n'),
    );
    expect(text.title).toBe('Custom domains');
    expect(text.description).toBe('Serve the docs from your own domain.');
    expect(text.sections).toEqual([
      { heading: null, anchor: null, depth: 0, body: 'Intro with a link and code.' },
      { heading: 'Set up DNS', anchor: 'set-up-dns', depth: 2, body: 'Add a CNAME Point docs at us.\n\n# not a heading\ndig docs.acme.example' },
      { heading: 'Set up DNS', anchor: 'set-up-dns-2', depth: 2, body: 'Again.' },
    ]);
  });

  it('survives broken front matter and unclosed fences', () => {
    const text = pageText('---\ntitle: [unclosed\n---\n# Title\n```\ncode');
    expect(text.title).toBeUndefined();
    expect(text.sections).toEqual([{ heading: 'Title', anchor: 'title', depth: 1, body: 'code' }]);
  });

  it('keeps a huge page bounded', () => {
    const text = pageText(`# A\n${'word '.repeat(200_000)}`);
    expect(text.sections[0].body.length).toBeLessThanOrEqual(200_000);
  });
});

describe('endpointSections', () => {
  const spec = {
    openapi: '3.1.0',
    components: { parameters: { limit: { name: 'limit', in: 'query', description: 'How many to return' } } },
    paths: {
      '/pets': {
        get: {
          summary: 'List pets',
          description: 'Every pet in the store.',
          parameters: [{ $ref: '#/components/parameters/limit' }, { $ref: '/etc/passwd' }],
          responses: { 200: { description: 'The pets' } },
        },
      },
    },
  };

  it('gives the operation text: method and path, summary, parameters, responses', () => {
    const { description, sections } = endpointSections(spec, 'GET', '/pets');
    expect(description).toBe('Every pet in the store.');
    expect(sections.map((section) => [section.heading, section.body])).toEqual([
      [null, 'GET /pets\n\nList pets\n\nEvery pet in the store.'],
      ['Parameters', 'limit (query) How many to return'],
      ['Responses', '200 The pets'],
    ]);
  });

  it('falls back to the method and path for an operation it cannot find', () => {
    expect(endpointSections(spec, 'DELETE', '/pets').sections).toEqual([{ heading: null, anchor: null, depth: 0, body: 'DELETE /pets' }]);
  });
});

describe('filesChanged', () => {
  it('compares two file maps', () => {
    expect(filesChanged({ a: '1', b: '2', c: '3' }, { a: '1', b: '9', d: '4' })).toEqual({ added: ['d'], modified: ['b'], removed: ['c'] });
  });
});
