/**
 * Generated docs.json navigations for the contract tests: languages, versions, products, tabs,
 * anchors, dropdowns and groups nested a few levels, with pages that exist, are missing, repeat,
 * climb out (`..`), are absolute or use backslashes, endpoint entries and `openapi` values
 * (robustness/mutations.ts's pools), and sometimes one of the robustness suite's small
 * mutations on top. One temp site holds the pages and two small specs they name.
 */
import path from 'node:path';
import fc from 'fast-check';
import { generateSpec, tempSite } from '../robustness/helpers.js';
import { ENTRIES, mutate, mutationArb, OPENAPI_VALUES, toJsonText, toYamlText, type Mutation } from '../robustness/mutations.js';

/** Page files of the temp site (without extension). */
const EXISTING = ['index', 'intro', 'guides/a', 'guides/b', 'api/overview', 'fr/index', 'pages/intro'];
const PAGES: readonly string[] = [
  ...EXISTING,
  'missing',
  'guides/missing',
  'guides/a.mdx',
  './intro',
  '/index',
  '/guides/b',
  '../outside',
  'guides/../../outside',
  'guides\\a',
  '..\\outside',
  'C:\\index',
  'guides//a',
  'https://example.com/page',
  ...ENTRIES,
];
const LANGUAGES = ['en', 'fr', 'de', 'jp', 'ja', 'cn', 'xx'];

export interface SiteFiles {
  root: string;
  remove: () => void;
}

/** The temp site: pages, a JSON and a YAML spec, a `$ref` target, and a file just outside the root. */
export function contractSite(): SiteFiles {
  const files: Record<string, string> = {
    'outside.mdx': '# Outside\n',
    'site/openapi.json': generateSpec(8),
    'site/spec.yaml':
      'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get: { summary: List pets, responses: { "200": { description: OK } } }\n',
    'site/part.json': JSON.stringify({ group: 'Part', pages: ['index', 'missing'] }, null, 2),
    'site/guides/b.md': '# B\n',
  };
  for (const page of EXISTING) if (page !== 'guides/b') files[`site/${page}.mdx`] = `---\ntitle: ${path.basename(page)}\n---\n# ${page}\n`;
  const site = tempSite(files);
  return { root: path.join(site.root, 'site'), remove: site.remove };
}

const page = fc.constantFrom(...PAGES);
const openapi = fc.option(fc.constantFrom(...OPENAPI_VALUES.filter((value) => typeof value === 'string' || Array.isArray(value))), { nil: undefined, freq: 4 });
const flag = fc.option(fc.boolean(), { nil: undefined, freq: 2 });

/** Drops the fields left undefined (JSON and YAML writers treat them differently). */
function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

const DIVISIONS = [
  ['languages', 'language'],
  ['versions', 'version'],
  ['products', 'product'],
  ['tabs', 'tab'],
  ['anchors', 'anchor'],
  ['dropdowns', 'dropdown'],
] as const;

/** A navigation: divisions down to groups and pages, `depth` levels at most. */
const tree = fc.letrec<{ group: Record<string, unknown>; entry: unknown; children: Record<string, unknown>; division: Record<string, unknown> }>((tie) => ({
  group: fc
    .record({
      group: fc.constantFrom('Start', 'Guides', 'API', 'Start', ''),
      pages: fc.array(tie('entry'), { maxLength: 4 }),
      openapi,
      root: fc.option(page, { nil: undefined, freq: 5 }),
      expanded: flag,
      hidden: flag,
      icon: fc.option(fc.constant('book'), { nil: undefined, freq: 3 }),
    })
    .map(defined),
  entry: fc.oneof({ weight: 4, arbitrary: page }, { weight: 1, arbitrary: tie('group') }, { weight: 1, arbitrary: fc.constant({ $ref: 'part.json' }) }),
  // One kind of child per level, as the spec wants (and sometimes two: `mixed-children`).
  children: fc.oneof(
    { weight: 3, arbitrary: fc.record({ groups: fc.array(tie('group'), { minLength: 1, maxLength: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ pages: fc.array(tie('entry'), { minLength: 1, maxLength: 4 }) }) },
    { weight: 2, arbitrary: tie('division') },
    { weight: 1, arbitrary: fc.record({ groups: fc.array(tie('group'), { maxLength: 2 }), pages: fc.array(page, { maxLength: 2 }) }) },
  ),
  division: fc.constantFrom(...DIVISIONS).chain(([list, name]) =>
    fc.record({
      [list]: fc.array(
        fc
          .tuple(
            fc.record({
              label: name === 'language' ? fc.constantFrom(...LANGUAGES) : fc.constantFrom('One', 'Two', 'One'),
              default: name === 'version' || name === 'language' ? flag : fc.constant(undefined),
              openapi: name === 'tab' || name === 'anchor' ? openapi : fc.constant(undefined),
              href: name === 'anchor' ? fc.option(fc.constant('https://example.com'), { nil: undefined, freq: 3 }) : fc.constant(undefined),
            }),
            tie('children'),
          )
          .map(([fields, children]) => defined({ [name]: fields.label, default: fields.default, openapi: fields.openapi, href: fields.href, ...children })),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  ),
}));

/** A whole docs.json value. */
const docsArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    navigation: tree.children,
    global: fc.option(fc.constant({ anchors: [{ anchor: 'Status', href: 'https://status.example.com' }] }), { nil: undefined, freq: 4 }),
    schema: fc.option(fc.constantFrom('https://docsnav.dev/docs.json', 'https://mintlify.com/docs.json'), { nil: undefined, freq: 3 }),
  })
  .map(({ navigation, global, schema }) => defined({ $schema: schema, name: 'Contracts', navigation: defined({ ...navigation, global }) }));

/** The robustness suite's mutations, without the ones that build megabytes (those belong to the slow suite). */
const smallMutationArb: fc.Arbitrary<Mutation> = mutationArb.filter((mutation) => mutation.kind !== 'deep' && mutation.kind !== 'huge-string');

export interface GeneratedInput {
  docs: Record<string, unknown>;
  mutations: Mutation[];
  format: 'json' | 'yaml';
}

export const inputArb: fc.Arbitrary<GeneratedInput> = fc.record({
  docs: docsArb,
  mutations: fc.oneof(
    { weight: 3, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 1, arbitrary: fc.array(smallMutationArb, { minLength: 1, maxLength: 2 }) },
  ),
  format: fc.constantFrom<'json' | 'yaml'>('json', 'json', 'json', 'yaml'),
});

/** The input's file name and text. */
export function textOf(input: GeneratedInput): { name: string; text: string } {
  const mutated = mutate(input.docs, input.mutations);
  return input.format === 'yaml' ? { name: 'docs.yaml', text: toYamlText(mutated) } : { name: 'docs.json', text: toJsonText(mutated, 2) };
}
