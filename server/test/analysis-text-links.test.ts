/**
 * A page section's links to other pages of the site (issue 60), as `pageText` finds them: Markdown
 * links and Mintlify's `<Card href>` tags, their targets without query or fragment, their words
 * as a reader sees them, and what is left out (other sites, schemes, images, links with no words).
 */
import { describe, expect, it } from 'vitest';
import { pageText } from '../src/analysis/page-text.js';

const linksOf = (source: string) => pageText(source).sections.map((section) => section.links ?? []);

describe('section links', () => {
  it.each([
    ['a Markdown link with a title', 'See [the quickstart](/quickstart "Start here").', [{ href: '/quickstart', text: 'the quickstart' }]],
    ['words with spaces around and inside', 'See [ Quick  start ](/quickstart).', [{ href: '/quickstart', text: 'Quick start' }]],
    ['words with inline code and bold', 'Run [`docsnav` **validate**](/cli/validate).', [{ href: '/cli/validate', text: 'docsnav validate' }]],
    ['a target in angle brackets', 'Read [the guide](<guides/setup>).', [{ href: 'guides/setup', text: 'the guide' }]],
    ['a query and a fragment cut off', 'See [plans](/pricing?plan=pro#annual).', [{ href: '/pricing', text: 'plans' }]],
    ['a colon after the first segment (not a scheme)', 'Call [search](/reference/users:search).', [{ href: '/reference/users:search', text: 'search' }]],
    ['a colon in a relative path', 'Call [search](reference/users:search).', [{ href: 'reference/users:search', text: 'search' }]],
    ['a double slash inside a relative path', 'See [the page](guides//setup).', [{ href: 'guides//setup', text: 'the page' }]],
    ['a scheme with a digit', 'Files in [the bucket](s3://docs-bucket/key).', []],
    ['an https link', 'See [GitHub](https://github.com/acme/docs).', []],
    ['a mailto link', 'Write to [support](mailto:help@acme.example).', []],
    ['a scheme in capitals', 'See [GitHub](HTTPS://github.com).', []],
    ['a protocol-relative link', 'Load [the CDN copy](//cdn.acme.example/app.js).', []],
    ['a fragment only', 'Back to [the top](#top).', []],
    ['an image', '![Dashboard](/images/dashboard.png)', []],
    ['a link after "!" on the line before', 'Great!\n[Set up](/setup)', [{ href: '/setup', text: 'Set up' }]],
    ['a link with no words', 'See [ ](/empty).', []],
  ])('%s', (_name, source, links) => {
    expect(linksOf(source)).toEqual([links]);
  });

  it.each([
    [
      'a Card with a title',
      '<Card title="Set up DNS" icon="globe" href="/guides/dns">\n  Point your domain at us.\n</Card>',
      [{ href: '/guides/dns', text: 'Set up DNS' }],
    ],
    [
      'spaces around the href, a query and a fragment',
      '<Card title="Set up" href="  /guides/setup?tab=cli#step-2  ">Body</Card>',
      [{ href: '/guides/setup', text: 'Set up' }],
    ],
    ['single quotes', "<Card title='Single' href='/single'>Body</Card>", [{ href: '/single', text: 'Single' }]],
    ['a label', '<Button label="Sign up" href="/signup">Go</Button>', [{ href: '/signup', text: 'Sign up' }]],
    ['no title: the text after the tag', '<a href="/pricing">See pricing</a>', [{ href: '/pricing', text: 'See pricing' }]],
    ['no title and no text', 'Cards:\n<Card href="/empty"><Icon icon="x" /></Card>', []],
    ['another site', '<Card title="GitHub" href="https://github.com/acme">Code</Card>', []],
    ['over several lines, unindented', '<Card\ntitle="Multi line"\nhref="/multi"\n>\nBody\n</Card>', [{ href: '/multi', text: 'Multi line' }]],
    ['a query over a line break', '<Card title="Query" href="/query?a=1\nb=2">Body</Card>', [{ href: '/query', text: 'Query' }]],
  ])('a linking tag: %s', (_name, source, links) => {
    expect(linksOf(source)).toEqual([links]);
  });

  it('cuts a long title to 200 characters and keeps its words whole otherwise', () => {
    const title = `${'Long title '.repeat(25).trim()}`;
    expect(title.length).toBeGreaterThan(200);
    expect(linksOf(`<Card title="${title}" href="/long">Body</Card>`)).toEqual([[{ href: '/long', text: title.slice(0, 200) }]]);
  });

  it('keeps the first 100 links of a section, then those of the next section', () => {
    const many = Array.from({ length: 105 }, (_, i) => `- [Page ${i}](/p/${i})`).join('\n');
    const sections = pageText(`## Many\n\n${many}\n\n## Next\n\n[After](/after)`).sections;
    expect(sections.map((section) => section.heading)).toEqual(['Many', 'Next']);
    expect(sections[0].links).toHaveLength(100);
    expect(sections[0].links?.[99]).toEqual({ href: '/p/99', text: 'Page 99' });
    expect(sections[1].links).toEqual([{ href: '/after', text: 'After' }]);
  });

  it('finds no links in code and keeps each section its own', () => {
    const source = ['Intro [one](/one).', '', '```md', '[in code](/code)', '```', '', '## Two', '', 'Then [two](/two).'].join('\n');
    expect(linksOf(source)).toEqual([[{ href: '/one', text: 'one' }], [{ href: '/two', text: 'two' }]]);
  });
});
