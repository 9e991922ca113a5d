import type { Severity } from './severity.js';

/** Every problem code docsnav reports. The list in README.md is this table. */
export type Code =
  // source
  | 'parse-error'
  | 'duplicate-key'
  | 'ref-not-found'
  | 'ref-cycle'
  | 'invalid-character'
  // schema
  | 'missing-field'
  | 'invalid-type'
  | 'invalid-value'
  | 'unknown-field'
  | 'too-deep'
  // semantic rules
  | 'primary-pattern'
  | 'mixed-children'
  | 'href-drops-pages'
  | 'language-code'
  | 'external-href'
  | 'expanded-top-level'
  | 'duplicate-page'
  | 'duplicate-default'
  | 'page-path'
  | 'endpoint-no-spec'
  | 'page-not-found'
  | 'openapi-not-found'
  | 'asyncapi-not-found'
  | 'graphql-not-found'
  | 'asyncapi-ignored'
  | 'openapi-remote'
  | 'path-outside-root'
  | 'schema-url'
  | 'mint-json-invalid'
  | 'mint-json-warning'
  | 'mint-json-dropped'
  // page bodies
  | 'link-not-found'
  | 'anchor-not-found'
  | 'page-unparsable'
  // history (validate --since)
  | 'redirect-missing'
  // redirects (site rules)
  | 'redirect-not-found'
  | 'redirect-chain'
  | 'redirect-loop'
  | 'redirect-shadows-page'
  | 'redirect-pattern'
  // resolution
  | 'openapi-invalid'
  | 'asyncapi-invalid'
  | 'graphql-invalid'
  | 'openapi-warning'
  | 'openapi-external-ref'
  | 'front-matter-invalid'
  | 'endpoint-not-found'
  | 'endpoint-excluded'
  | 'slug-collision'
  | 'unsafe-slug'
  // configuration
  | 'config-invalid'
  // reporting
  | 'too-many-problems';

/** Where a code comes from: the parser, the JSON Schema, a semantic rule, the resolver, or the config file. */
export type CodeSource = 'source' | 'schema' | 'rule' | 'resolve' | 'config';

export interface CodeInfo {
  /** A short title, used as the SARIF rule name. */
  title: string;
  severity: Severity;
  /** One line: what the code catches and why it matters. */
  description: string;
  source: CodeSource;
}

export const codes = {
  'parse-error': {
    title: 'Syntax error',
    severity: 'error',
    description: 'The file is not valid JSON or YAML, so nothing else in it can be checked.',
    source: 'source',
  },
  'duplicate-key': {
    title: 'Duplicate key',
    severity: 'error',
    description: 'A key appears twice in one object; only one of the two values would be used.',
    source: 'source',
  },
  'ref-not-found': {
    title: '$ref target not found',
    severity: 'error',
    description: 'A `$ref` names a file that does not exist or cannot be parsed.',
    source: 'source',
  },
  'ref-cycle': {
    title: '$ref cycle',
    severity: 'error',
    description: 'A `$ref` leads back to a file that is already being included.',
    source: 'source',
  },
  'invalid-character': {
    title: 'Invalid character',
    severity: 'error',
    description:
      'A key or string holds a NUL (U+0000) or an unpaired UTF-16 surrogate, from an escape such as `\\u0000` or pasted binary bytes; no site can store or show it (deployments also check page texts and specs).',
    source: 'source',
  },
  'missing-field': {
    title: 'Missing required field',
    severity: 'error',
    description: 'An element lacks the field that makes it what it is (`tab` on a tab, `group` and `pages` on a group, …).',
    source: 'schema',
  },
  'invalid-type': {
    title: 'Wrong type',
    severity: 'error',
    description: 'A value has the wrong JSON type (a string where an array belongs, …).',
    source: 'schema',
  },
  'invalid-value': {
    title: 'Value not allowed',
    severity: 'error',
    description: 'A value is of the right type but not one of the allowed values.',
    source: 'schema',
  },
  'unknown-field': {
    title: 'Unknown field',
    severity: 'error',
    description: 'A key the element does not accept; the platform would ignore it silently.',
    source: 'schema',
  },
  'too-deep': {
    title: 'Nested too deeply to check',
    severity: 'error',
    description: 'Elements nested so deep (hundreds of levels) that the schema check cannot run; the rules still run, fields and types are not checked.',
    source: 'schema',
  },
  'primary-pattern': {
    title: 'One primary pattern',
    severity: 'error',
    description:
      'The navigation root must hold exactly one of pages, groups, tabs, anchors, dropdowns, products, versions or languages (`global` beside it is fine).',
    source: 'rule',
  },
  'mixed-children': {
    title: 'One child type per level',
    severity: 'error',
    description: 'An element holds more than one type of child at one level (spec rule 3), e.g. a tab with both `anchors` and `groups`.',
    source: 'rule',
  },
  'href-drops-pages': {
    title: 'A link with pages',
    severity: 'error',
    description:
      'A tab, anchor, dropdown, product, version, language or menu item with a link `href` (a URL, `/path`, `#hash` or `mailto:`) and pages or other children: the hosted platform makes it the link and drops every page under it without a word.',
    source: 'rule',
  },
  'language-code': {
    title: 'Unsupported language code',
    severity: 'error',
    description:
      "A `language` that is not one of the profile's codes (the spec's 20, or the platform's ~40 under the `platform` profile) nor added with `languageCodes`.",
    source: 'rule',
  },
  'external-href': {
    title: 'Global anchor href must be external',
    severity: 'error',
    description:
      'A `global.anchors` `href` must be an absolute http(s) URL (the `platform` profile also accepts other absolute URLs, `/path`, `#hash` and `mailto:`, and warns where the platform builds something else, as a `javascript:` URL).',
    source: 'rule',
  },
  'expanded-top-level': {
    title: '`expanded` on a top-level group',
    severity: 'warning',
    description: 'Top-level groups are always expanded (spec rule 2); `expanded` has no effect there.',
    source: 'rule',
  },
  'duplicate-page': {
    title: 'Page listed twice',
    severity: 'warning',
    description:
      'The same page twice in one `pages` list or in two groups of one tab (anchor, dropdown, product, menu item or section), where the platform shows it twice; or in two languages (undefined on the platform). Listing a page in two tabs or products is fine.',
    source: 'rule',
  },
  'duplicate-default': {
    title: 'More than one default',
    severity: 'warning',
    description: 'More than one sibling version or language says `default: true`; only one can be the default.',
    source: 'rule',
  },
  'page-path': {
    title: 'Untidy page path',
    severity: 'warning',
    description:
      'A page path with `.mdx`/`.md`, a leading `./`, a trailing `/`, a backslash or stray whitespace, or a blank one; an error where the platform finds no page for it (an extension, stray whitespace, a blank entry), a leading `/` alone only info (the platform strips it).',
    source: 'rule',
  },
  'endpoint-no-spec': {
    title: 'Endpoint entry without a spec',
    severity: 'error',
    description: 'A `METHOD /path` entry with no `openapi` in scope and no spec file named; the platform leaves it as a broken page.',
    source: 'rule',
  },
  'page-not-found': {
    title: 'Page file not found',
    severity: 'error',
    description: 'No `<page>.mdx` or `<page>.md` under the docs root.',
    source: 'rule',
  },
  'openapi-not-found': {
    title: 'OpenAPI file not found',
    severity: 'error',
    description: 'An `openapi` file path with no regular file under the docs root (missing, a folder, a FIFO or device).',
    source: 'rule',
  },
  'asyncapi-not-found': {
    title: 'AsyncAPI file not found',
    severity: 'error',
    description:
      'An `asyncapi` file path the platform reads (the outermost `asyncapi` on a path from the root) with no regular file under the docs root; the platform fails the build.',
    source: 'rule',
  },
  'graphql-not-found': {
    title: 'GraphQL schema not found',
    severity: 'error',
    description: "A tab's `graphql` schema path with no regular file under the docs root; the platform fails the build.",
    source: 'rule',
  },
  'asyncapi-ignored': {
    title: 'AsyncAPI value the platform never reads',
    severity: 'warning',
    description:
      "An `asyncapi` that makes no pages on the platform: on the navigation root, on a group that also has its own `openapi` (the platform's validator drops the `asyncapi`), or inside an element whose own `asyncapi` the platform reads (it reads only the outermost on a path from the root).",
    source: 'rule',
  },
  'openapi-remote': {
    title: 'OpenAPI URL not checked',
    severity: 'info',
    description:
      'An `openapi` or `asyncapi` value (or an endpoint entry) names a spec by URL and remote fetching is off (`--allow-remote`), so it was not checked and no pages came from it.',
    source: 'resolve',
  },
  'path-outside-root': {
    title: 'Path outside the docs root',
    severity: 'error',
    description: 'A page, spec or `$ref` path that escapes the docs root (`../../x`, or a symlink whose real path is outside the root); it is never read.',
    source: 'rule',
  },
  'openapi-invalid': {
    title: 'OpenAPI spec unreadable',
    severity: 'error',
    description:
      'An `openapi` file that is not a parsable OpenAPI 3.0/3.1 document (the parser says why); under the platform profile also a file its build takes for no spec, so naming it fails the build: Swagger 2.0, or an extension not written `.json`, `.yaml` or `.yml` (`API.YAML`); or one it refuses: OpenAPI 3.0 without `paths`, and, generating pages, `3.0.0` with no paths or `3.1.0` with neither paths nor webhooks.',
    source: 'resolve',
  },
  'asyncapi-invalid': {
    title: 'AsyncAPI spec unusable',
    severity: 'error',
    description:
      'An `asyncapi` file the platform builds no pages from and fails the build on: not JSON or YAML, not AsyncAPI 3.0.0 (2.x and 3.1 included), no `info` title and version, no channels, or a `$ref` to another file.',
    source: 'resolve',
  },
  'graphql-invalid': {
    title: 'GraphQL schema unusable',
    severity: 'error',
    description:
      "A tab's `graphql` schema the platform fails the build on: not GraphQL SDL, a schema graphql-js's `buildSchema` or `validateSchema` refuses (an unknown type, no `Query` type), over 5 MB, or pages of two schemas (or of two names differing only in case), or a GraphQL page and an OpenAPI or AsyncAPI page or a page file, at one URL.",
    source: 'resolve',
  },
  'openapi-warning': {
    title: 'OpenAPI spec read with a caveat',
    severity: 'warning',
    description:
      'The spec was read, but the platform may not read it the same: JSON that is not strict, a spec with no paths; under the spec profile, Swagger 2.0 (the platform supports only OpenAPI 3.0 and 3.1; under the platform profile it is openapi-invalid); under the platform profile, a spec after the first of an `openapi` array that would generate pages (the platform generates from the first only).',
    source: 'resolve',
  },
  'openapi-external-ref': {
    title: 'Spec with an external `$ref`',
    severity: 'error',
    description:
      'A spec docs.json uses has a `$ref` that does not start with `#` (another file or a URL): the hosted platform refuses the spec and builds none of its pages. An error under the `platform` profile, info under `spec`; located in the spec.',
    source: 'resolve',
  },
  'front-matter-invalid': {
    title: "Page front matter the platform can't use",
    severity: 'error',
    description:
      "A page's front matter is not YAML the platform reads, or its `openapi` (one endpoint) or `asyncapi` (one channel) is set and not a string: the platform's build fails on any of them, in a listed page or in any other page file of the docs root it builds (not snippets, imported files or what `.mintignore` leaves out). A `title:` left empty in a listed page is a warning: the platform's page has no title (null), not one made from the file name; so is an `openapi` naming a webhook whose summary or description the page would lose (the platform titles such a page from its file name). Located in the page file.",
    source: 'resolve',
  },
  'endpoint-not-found': {
    title: 'Endpoint not in the spec',
    severity: 'error',
    description: 'A `METHOD /path` or `webhook name` entry that the spec in scope does not have (the closest paths, or the methods the path has, are listed).',
    source: 'resolve',
  },
  'endpoint-excluded': {
    title: 'Endpoint marked x-excluded',
    severity: 'error',
    description: 'An entry lists an operation the spec marks `x-excluded`, which has no page; the platform fails the build.',
    source: 'resolve',
  },
  'slug-collision': {
    title: 'Two pages, one URL',
    severity: 'warning',
    description:
      'Two different generated pages resolve to the same path; the platform keeps the one it writes last (endpoint entries first, in navigation order, then bulk generations, in rounds: the generation of each element after those of the elements above it that generate, each round in navigation order), so docsnav gives it the platform URL and, within a version/language section, the other the next free `-1`, `-2`, … (under the platform profile, across the whole site, the other is marked lost, `lostTo`, as the platform serves it no URL). Also a listed page with both a `.md` and a `.mdx` file: the platform keeps whichever its parallel readers finish last (located in the `.mdx`).',
    source: 'resolve',
  },
  'unsafe-slug': {
    title: 'Page path breaks URLs',
    severity: 'warning',
    description: 'A page path with characters that break URLs (`?`, `#`, `:`, `&`, `%`, whitespace).',
    source: 'resolve',
  },
  'config-invalid': {
    title: 'Bad config file',
    severity: 'error',
    description:
      'The docsnav config file (`docsnav.config.json`/`.yaml`, or `docsnav` in package.json) has a syntax error, an unknown key, a wrong type, an unknown code or profile; nothing is checked with it (exit 2).',
    source: 'config',
  },
  'too-many-problems': {
    title: 'More problems than shown',
    severity: 'error',
    description:
      'A file has more problems than docsnav reports for one file (1,000 by default); the rest are counted in this one problem, whose severity is the highest among them.',
    source: 'source',
  },
  // Added after the others: SARIF's ruleIndex follows this order, so new codes go at the end.
  'schema-url': {
    title: '`$schema` the platform rejects',
    severity: 'error',
    description:
      'A top-level `$schema` that is not an absolute URL (a file path such as `./node_modules/…`, an empty string): the hosted platform rejects the whole docs.json. An error under the `platform` profile, info under `spec`.',
    source: 'rule',
  },
  'mint-json-invalid': {
    title: 'mint.json the build rejects',
    severity: 'error',
    description:
      "A legacy `mint.json` that the platform's legacy check (`validateMintConfig`) rejects, so the build fails: a mint.json site's own file (under every profile), or, under the `platform` profile, a stale mint.json beside docs.json, which the build still checks although docs.json replaces it (a valid one there is an info hint to delete it). Reported inside mint.json.",
    source: 'rule',
  },
  'link-not-found': {
    title: 'Link to no page',
    severity: 'error',
    description:
      "An internal link in a page (Markdown link or image, reference definition, an element's `href` or `src`) or in the navigation (a tab's or an anchor's `href`) that leads to no page, file or redirect of the site: readers get a 404. Generated OpenAPI pages, hidden pages and redirects count; external links are not fetched.",
    source: 'rule',
  },
  'anchor-not-found': {
    title: 'Link to no section',
    severity: 'warning',
    description:
      "A link's `#fragment` that no heading or element of the target page produces (ids made as the platform makes them): the page opens at its top instead of the section meant.",
    source: 'rule',
  },
  'page-unparsable': {
    title: 'Page that does not parse',
    severity: 'warning',
    description: 'A page or snippet whose body does not parse as MDX: the platform cannot build it, and its links are not checked.',
    source: 'rule',
  },
  'redirect-missing': {
    title: 'Page URL gone without a redirect',
    severity: 'error',
    description:
      "With `--since <ref>`: a page URL the site served at that git ref that it no longer serves, and no redirect in docs.json covers it, so readers' links and bookmarks break (a moved page: `--fix` adds the redirect).",
    source: 'rule',
  },
  'redirect-not-found': {
    title: 'Redirect to nowhere',
    severity: 'error',
    description:
      'A `redirects` destination (an internal path; external URLs are not fetched) that is no page, no file and no further redirect of the site, or that leads into a redirect loop; the closest page is suggested.',
    source: 'rule',
  },
  'redirect-chain': {
    title: 'Redirect to a redirect',
    severity: 'warning',
    description:
      'A `redirects` destination that is itself redirected: readers take two or more redirects where one would do. `--fix` writes the final destination when the chain ends at a page.',
    source: 'rule',
  },
  'redirect-loop': {
    title: 'Redirect loop',
    severity: 'error',
    description: 'Following `redirects` comes back to where it started, so no page is ever reached; reported once per loop, at its first entry.',
    source: 'rule',
  },
  'redirect-shadows-page': {
    title: 'Redirect over a page',
    severity: 'warning',
    description: 'A `redirects` source that is exactly the URL of a page the site serves (listed or not): only one of the two can answer it.',
    source: 'rule',
  },
  'redirect-pattern': {
    title: 'Redirect written wrong',
    severity: 'error',
    description:
      'A redirect that never applies (a source with a `#fragment` or `?query`, a URL or empty: a warning) or fills its destination wrong (a `:name` the source lacks, more `*` than the source has).',
    source: 'rule',
  },
  'mint-json-warning': {
    title: 'mint.json the build warns of',
    severity: 'warning',
    description:
      "A mint.json site's anchor whose `url` starts no page path of its `navigation` (page paths compared without their leading `/`): the platform's legacy check prints a warning and goes on (a strict build fails).",
    source: 'schema',
  },
  'mint-json-dropped': {
    title: 'mint.json entry the build drops',
    severity: 'warning',
    description:
      'A page, group, tab, anchor or version of a mint.json site that the navigation the platform builds leaves out (its upgrade to docs.json gives it no place), or (info) a key its legacy check drops without a word: readers never see it.',
    source: 'resolve',
  },
} as const satisfies Record<Code, CodeInfo>;

/** All codes, in table order. */
export const allCodes = Object.keys(codes) as Code[];

export function isCode(value: string): value is Code {
  return Object.prototype.hasOwnProperty.call(codes, value);
}

/** The rule's documentation, relative to the package (and repository) root; where reports link it: `report/rule-docs.ts`. */
export function ruleDocPath(code: Code): string {
  return `docs/rules/${code}.md`;
}
