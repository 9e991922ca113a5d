/**
 * docs.json settings outside `navigation`: what the platform's build accepts and rejects, case by
 * case. Read by the table test (settings.test.ts: codes, pointers, suggestions, severities under
 * `--profile platform`) and by the corpus suite's agreement test, which gives every case to the
 * platform's own validator and checks that it fails exactly the cases listed with an error here.
 */
import type { Code } from '../../src/codes.js';
import type { Severity } from '../../src/problem.js';

export interface SettingsCase {
  name: string;
  /** Top-level keys over a valid docs.json (theme, name, colors, navigation); `undefined` removes a key. */
  docs: Record<string, unknown>;
  /** Every problem expected under the platform profile, in report order. */
  expected: Array<{ code: Code; pointer: string; severity?: Severity; suggest?: string }>;
  /**
   * Accepted because the platform's documentation says so, although the validator version
   * measured (0.1.878, see bench/platform-validator.mjs) rejects it: a site the platform builds
   * must never get an error. The agreement test expects exactly these to differ.
   */
  documentedOnly?: boolean;
}

/** A docs.json the platform builds. */
export const BASE = { theme: 'mint', name: 'Demo', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } };

const error = (code: Code, pointer: string, suggest?: string) => ({ code, pointer, ...(suggest !== undefined ? { suggest } : {}) });
const info = (code: Code, pointer: string, suggest?: string) => ({ code, pointer, severity: 'info' as const, ...(suggest !== undefined ? { suggest } : {}) });

export const SETTINGS_CASES: SettingsCase[] = [
  // The required settings.
  { name: 'the base site', docs: {}, expected: [] },
  { name: 'every theme', docs: { theme: 'sequoia' }, expected: [] },
  { name: 'no theme, name or colors', docs: { theme: undefined, name: undefined, colors: undefined }, expected: [error('missing-field', '')] },
  { name: 'an unknown theme', docs: { theme: 'mintt' }, expected: [error('invalid-value', '/theme', 'mint')] },
  { name: 'a blank name', docs: { name: '   ' }, expected: [error('invalid-value', '/name')] },
  { name: 'a name that is not a string', docs: { name: 42 }, expected: [error('invalid-type', '/name')] },
  { name: 'colors without primary', docs: { colors: { light: '#ffffff' } }, expected: [error('missing-field', '/colors')] },
  { name: 'a primary colour without #', docs: { colors: { primary: '0D9373' } }, expected: [error('invalid-value', '/colors/primary', '#0D9373')] },
  { name: 'three-digit hex colours', docs: { colors: { primary: '#09f', light: '#FFF', dark: '#000000' } }, expected: [] },
  {
    name: 'an unknown key in colors fails',
    docs: { colors: { primary: '#0D9373', primaryDark: '#000000' } },
    expected: [error('unknown-field', '/colors/primaryDark')],
  },

  // Keys the platform drops: info only.
  { name: 'an unknown top-level key', docs: { topbarLinks: [] }, expected: [info('unknown-field', '/topbarLinks')] },
  { name: 'a misspelled top-level key', docs: { bannner: { content: 'x' } }, expected: [info('unknown-field', '/bannner', 'banner')] },
  { name: 'an unknown key in a stripping object', docs: { search: { prompt: 'Ask', location: 'top' } }, expected: [info('unknown-field', '/search/location')] },

  // footer
  {
    name: 'https socials and link columns',
    docs: {
      footer: {
        socials: { x: 'https://x.com/demo', github: 'https://github.com/demo/', 'hacker-news': 'https://news.ycombinator.com' },
        links: [
          {
            header: 'Docs',
            items: [
              { label: 'Home', href: '/' },
              { label: 'Mail', href: 'mailto:a@b.c' },
              { label: 'Top', href: '#top' },
            ],
          },
        ],
      },
    },
    expected: [],
  },
  {
    name: 'an http social URL',
    docs: { footer: { socials: { github: 'http://github.com/demo' } } },
    expected: [error('invalid-value', '/footer/socials/github', 'https://github.com/demo')],
  },
  {
    name: 'a social URL to an .svg file',
    docs: { footer: { socials: { website: 'https://example.com/logo.svg' } } },
    expected: [error('invalid-value', '/footer/socials/website')],
  },
  { name: 'a social path', docs: { footer: { socials: { x: '/x' } } }, expected: [error('invalid-value', '/footer/socials/x')] },
  {
    name: 'an unknown social network',
    docs: { footer: { socials: { mastodon: 'https://m.social/@demo' } } },
    expected: [error('invalid-value', '/footer/socials/mastodon')],
  },
  { name: 'socials as an array', docs: { footer: { socials: [{ type: 'x', url: 'https://x.com' }] } }, expected: [error('invalid-type', '/footer/socials')] },
  {
    name: 'an http footer link',
    docs: { footer: { links: [{ items: [{ label: 'Demo', href: 'http://demo.example.com/' }] }] } },
    expected: [error('invalid-value', '/footer/links/0/items/0/href', 'https://demo.example.com/')],
  },
  {
    name: 'a //host footer link',
    docs: { footer: { links: [{ items: [{ label: 'X', href: '//example.com' }] }] } },
    expected: [error('invalid-value', '/footer/links/0/items/0/href')],
  },
  {
    name: 'a link column in the legacy shape',
    docs: { footer: { links: [{ title: 'Resources', links: [{ label: 'Home', url: '/' }] }] } },
    expected: [error('missing-field', '/footer/links/0'), info('unknown-field', '/footer/links/0/title'), info('unknown-field', '/footer/links/0/links')],
  },
  { name: 'an empty link column', docs: { footer: { links: [{ header: 'Empty', items: [] }] } }, expected: [error('invalid-value', '/footer/links/0/items')] },
  {
    name: 'five link columns',
    docs: { footer: { links: Array.from({ length: 5 }, (_, i) => ({ header: `C${i}`, items: [{ label: 'x', href: '/x' }] })) } },
    expected: [error('invalid-value', '/footer/links')],
  },

  // logo, favicon, background, appearance, banner
  { name: 'a logo pair with a click target', docs: { logo: { light: '/l.svg', dark: '/d.svg', href: 'https://example.com' } }, expected: [] },
  { name: 'a logo path of two characters', docs: { logo: 'ab' }, expected: [error('invalid-value', '/logo')] },
  { name: 'a logo pair without dark', docs: { logo: { light: '/l.svg' } }, expected: [error('missing-field', '/logo')] },
  {
    name: 'a logo href that is no URL or path',
    docs: { logo: { light: '/l.svg', dark: '/d.svg', href: 'example.com' } },
    expected: [error('invalid-value', '/logo/href')],
  },
  { name: 'a favicon pair', docs: { favicon: { light: '/f.png', dark: '/g.png' } }, expected: [] },
  { name: 'a favicon that is a number', docs: { favicon: 1 }, expected: [error('invalid-type', '/favicon')] },
  // A union passes on its first option with no error; that option's own notes still count.
  {
    name: 'an unknown key in the option of a union that passes (a favicon pair)',
    docs: { favicon: { light: '/f.png', dark: '/g.png', size: 32 } },
    expected: [info('unknown-field', '/favicon/size')],
  },
  {
    name: 'a misspelled key in the option of a union that passes, nested (a background image pair)',
    docs: { background: { image: { light: '/a.png', dark: '/b.png', darkk: '/c.png' } } },
    expected: [info('unknown-field', '/background/image/darkk', 'dark')],
  },
  { name: 'background settings', docs: { background: { image: '/bg.png', decoration: 'grid', color: { light: '#fff', dark: '#000' } } }, expected: [] },
  { name: 'an unknown background decoration', docs: { background: { decoration: 'dots' } }, expected: [error('invalid-value', '/background/decoration')] },
  {
    name: 'an unknown key in background.color',
    docs: { background: { color: { light: '#fff', hover: '#000' } } },
    expected: [error('unknown-field', '/background/color/hover')],
  },
  { name: 'an unknown appearance', docs: { appearance: { default: 'sytem' } }, expected: [error('invalid-value', '/appearance/default', 'system')] },
  { name: 'a banner', docs: { banner: { content: 'New!', dismissible: true, type: 'warning', color: { light: '#123456' } } }, expected: [] },
  { name: 'a banner without content', docs: { banner: { dismissible: true } }, expected: [error('missing-field', '/banner')] },
  { name: 'an empty banner', docs: { banner: { content: '' } }, expected: [error('invalid-value', '/banner/content')] },

  // navbar
  {
    name: 'navbar links and a button',
    docs: {
      navbar: {
        links: [
          { label: 'Blog', href: 'https://blog.example.com' },
          { type: 'github', href: 'https://github.com/x' },
        ],
        primary: { type: 'button', label: 'Sign up', href: '/signup' },
      },
    },
    expected: [],
  },
  {
    name: 'a primary without type',
    docs: { navbar: { primary: { label: 'Sign up', href: 'https://x.dev' } } },
    expected: [error('missing-field', '/navbar/primary')],
  },
  {
    name: 'a primary of an unknown type',
    docs: { navbar: { primary: { type: 'buton', label: 'Go', href: '/' } } },
    expected: [error('invalid-value', '/navbar/primary/type', 'button')],
  },
  { name: 'a button without label', docs: { navbar: { primary: { type: 'button', href: '/' } } }, expected: [error('missing-field', '/navbar/primary')] },
  { name: 'a link without label', docs: { navbar: { links: [{ href: '/x' }] } }, expected: [error('missing-field', '/navbar/links/0')] },
  {
    name: 'an icon with fa- prefix',
    docs: { navbar: { links: [{ label: 'X', href: '/x', icon: 'fa-github' }] } },
    expected: [error('invalid-value', '/navbar/links/0/icon', 'github')],
  },

  // seo, redirects, contextual, errors
  {
    name: 'seo settings',
    docs: { seo: { indexing: 'all', metatags: { 'og:image': '/og.png' }, paths: [{ path: 'guides/v2', metatags: { robots: 'noindex' } }] } },
    expected: [],
  },
  { name: 'an unknown seo indexing', docs: { seo: { indexing: 'navigation' } }, expected: [error('invalid-value', '/seo/indexing')] },
  { name: 'an empty meta tag', docs: { seo: { metatags: { robots: '' } } }, expected: [error('invalid-value', '/seo/metatags/robots')] },
  {
    name: 'a seo path with a leading /',
    docs: { seo: { paths: [{ path: '/guides', metatags: {} }] } },
    expected: [error('invalid-value', '/seo/paths/0/path')],
  },
  { name: 'redirects', docs: { redirects: [{ source: '/a', destination: '/b', permanent: false }] }, expected: [] },
  { name: 'redirects as an object', docs: { redirects: { source: '/a', destination: '/b' } }, expected: [error('invalid-type', '/redirects')] },
  {
    name: 'a source redirected twice',
    docs: {
      redirects: [
        { source: '/a', destination: '/b' },
        { source: '/a', destination: '/c' },
      ],
    },
    expected: [error('invalid-value', '/redirects/1/source')],
  },
  { name: 'a redirect without destination', docs: { redirects: [{ source: '/a' }] }, expected: [error('missing-field', '/redirects/0')] },
  {
    name: 'contextual options',
    docs: {
      contextual: {
        options: ['copy', 'chatgpt', { title: 'Ask', description: 'Ask us', href: { base: 'https://x.dev', query: [{ key: 'q', value: '$page' }] } }],
      },
    },
    expected: [],
  },
  {
    name: 'an unknown contextual option',
    docs: { contextual: { options: ['copy', 'chatgtp'] } },
    expected: [error('invalid-value', '/contextual/options/1', 'chatgpt')],
  },
  { name: 'a contextual option twice', docs: { contextual: { options: ['copy', 'copy'] } }, expected: [error('invalid-value', '/contextual/options/1')] },
  { name: 'contextual without options', docs: { contextual: { display: 'toc' } }, expected: [error('missing-field', '/contextual')] },
  { name: 'errors without 404', docs: { errors: {} }, expected: [error('missing-field', '/errors')] },
  { name: 'a 404 page', docs: { errors: { '404': { redirect: false, title: 'Lost' } } }, expected: [] },

  // fonts, icons, styling, thumbnails, metadata, variables, markdown
  { name: 'a self-hosted font', docs: { fonts: { family: 'Brand', source: '/fonts/brand.woff2', format: 'woff2' } }, expected: [] },
  {
    name: 'a self-hosted font without format',
    docs: { fonts: { family: 'Brand', source: 'https://cdn.example.com/brand.woff2' } },
    expected: [error('missing-field', '/fonts')],
  },
  { name: 'heading and body fonts', docs: { fonts: { heading: { family: 'Inter' }, body: { family: 'Inter', weight: 400 } } }, expected: [] },
  { name: 'a body font that is not an object', docs: { fonts: { heading: { family: 'Inter' }, body: 7 } }, expected: [error('invalid-type', '/fonts/body')] },
  {
    name: 'an unknown key beside heading and body',
    docs: { fonts: { heading: { family: 'Inter' }, code: { family: 'Mono' } } },
    expected: [error('unknown-field', '/fonts/code')],
  },
  {
    name: 'a font source by ftp',
    docs: { fonts: { family: 'Brand', source: 'ftp://x/brand.woff', format: 'woff' } },
    expected: [error('invalid-value', '/fonts/source')],
  },
  { name: 'icons without library', docs: { icons: {} }, expected: [error('missing-field', '/icons')] },
  { name: 'an unknown icon library', docs: { icons: { library: 'lucid' } }, expected: [error('invalid-value', '/icons/library', 'lucide')] },
  { name: 'code block themes', docs: { styling: { codeblocks: { theme: { light: 'github-light', dark: 'github-dark' } }, latex: true } }, expected: [] },
  { name: 'code blocks "auto"', docs: { styling: { codeblocks: 'auto' } }, expected: [error('invalid-value', '/styling/codeblocks')] },
  { name: 'latex that is not a boolean', docs: { styling: { latex: 'yes' } }, expected: [error('invalid-type', '/styling/latex')] },
  { name: 'thumbnails', docs: { thumbnails: { appearance: 'dark', background: '/t.png', fonts: { family: 'Inter' } } }, expected: [] },
  { name: 'metadata that is not an object', docs: { metadata: 'yes' }, expected: [error('invalid-type', '/metadata')] },
  { name: 'variables', docs: { variables: { product: 'Demo', version: '2' } }, expected: [] },
  { name: 'a variable that is not a string', docs: { variables: { version: 2 } }, expected: [error('invalid-type', '/variables/version')] },
  { name: 'markdown instructions as a list', docs: { markdown: { schema: false, instructions: ['Use the CLI.'] } }, expected: [] },

  // api
  {
    name: 'api settings',
    docs: {
      api: {
        openapi: ['openapi.json', { source: 'https://api.example.com/openapi.json', directory: 'api', overlays: ['o.yaml'] }],
        asyncapi: { source: 'asyncapi.yaml' },
        playground: { display: 'interactive', proxy: false },
        params: { expanded: 'all' },
        examples: { languages: ['curl'], defaults: 'required' },
        mdx: { server: ['https://api.example.com'], auth: { method: 'bearer' } },
      },
    },
    expected: [],
  },
  {
    name: 'a playground mode from mint.json',
    docs: { api: { playground: { display: 'show' } } },
    expected: [error('invalid-value', '/api/playground/display')],
  },
  { name: 'an openapi spec by ftp', docs: { api: { openapi: 'ftp://x/openapi.json' } }, expected: [error('invalid-value', '/api/openapi')] },
  {
    name: 'an unknown key in an openapi object',
    docs: { api: { openapi: { source: 'a.json', dir: 'x' } } },
    expected: [error('unknown-field', '/api/openapi/dir')],
  },
  { name: 'an mdx server that is not a URL', docs: { api: { mdx: { server: 'api.example.com' } } }, expected: [error('invalid-value', '/api/mdx/server')] },

  // integrations
  {
    name: 'integrations',
    docs: { integrations: { ga4: { measurementId: 'G-XXXX' }, posthog: { apiKey: 'phc_x' }, intercom: { appId: 'abcdef' } } },
    expected: [],
  },
  {
    name: 'an unknown integration fails',
    docs: { integrations: { googleAnalytics: { id: 'x' } } },
    expected: [error('unknown-field', '/integrations/googleAnalytics')],
  },
  {
    name: 'a GA4 id not starting with G',
    docs: { integrations: { ga4: { measurementId: 'UA-1' } } },
    expected: [error('invalid-value', '/integrations/ga4/measurementId')],
  },
  {
    name: 'a plausible domain with https://',
    docs: { integrations: { plausible: { domain: 'https://example.com' } } },
    expected: [error('invalid-value', '/integrations/plausible/domain', 'example.com')],
  },
  {
    name: 'a segment CDN with a query',
    docs: { integrations: { segment: { key: 'k', cdnUrl: 'https://cdn.example.com/?x=1' } } },
    expected: [error('invalid-value', '/integrations/segment/cdnUrl')],
  },

  // Documented by the platform (its settings reference), rejected by the validator measured.
  { name: 'a Shiki theme name as codeblocks', docs: { styling: { codeblocks: 'github-dark' } }, expected: [], documentedOnly: true },
  { name: 'a hex string as the banner colour', docs: { banner: { content: 'New', color: '#123456' } }, expected: [], documentedOnly: true },
  { name: 'the devin-desktop page action', docs: { contextual: { options: ['copy', 'devin-desktop'] } }, expected: [], documentedOnly: true },

  // The docs.json schema's keys are its own: nothing is said twice.
  { name: 'public and description', docs: { public: true, description: 'A site.' }, expected: [] },
  { name: 'interaction is the schema’s', docs: { interaction: { drilldown: true } }, expected: [] },
];

// mint.json beside docs.json (mint-json.test.ts), as the build's legacy check reads it.

/** A valid legacy mint.json (what the platform's build accepts). */
export const MINT = { name: 'Old', favicon: '/favicon.png', colors: { primary: '#0D9373' }, navigation: [{ group: 'Start', pages: ['index'] }] };

export interface MintCase {
  name: string;
  /** mint.json's text (undefined: no mint.json), and other files under /site. */
  mint?: string;
  files?: Record<string, string>;
  /** [file, pointer, severity] of every mint-json-invalid problem. */
  expected: Array<[string, string, string]>;
}

const mintText = (value: unknown) => JSON.stringify(value, null, 2);
const withMint = (changes: Record<string, unknown>) => mintText({ ...MINT, ...changes });

export const MINT_CASES: MintCase[] = [
  { name: 'no mint.json', expected: [] },
  { name: 'a valid mint.json: a hint to delete it', mint: mintText(MINT), expected: [['/site/mint.json', '', 'info']] },
  { name: 'mint.json that is not JSON', mint: '{ "name": "Old", }', expected: [['/site/mint.json', '', 'error']] },
  { name: 'comments are not JSON either', mint: `// old\n${mintText(MINT)}`, expected: [['/site/mint.json', '', 'error']] },
  {
    name: 'a duplicate key is not a failure',
    mint: '{ "name": "Old", "name": "Older", "favicon": "/f.png", "colors": { "primary": "#000" }, "navigation": [{ "group": "G", "pages": ["index"] }] }',
    expected: [['/site/mint.json', '', 'info']],
  },
  { name: 'no favicon', mint: withMint({ favicon: undefined }), expected: [['/site/mint.json', '', 'error']] },
  { name: 'a colour without #', mint: withMint({ colors: { primary: '0D9373' } }), expected: [['/site/mint.json', '/colors/primary', 'error']] },
  { name: 'navigation in the docs.json shape', mint: withMint({ navigation: { pages: ['index'] } }), expected: [['/site/mint.json', '/navigation', 'error']] },
  { name: 'an empty group', mint: withMint({ navigation: [{ group: 'G', pages: [] }] }), expected: [['/site/mint.json', '/navigation/0/pages', 'error']] },
  {
    name: 'an unknown key in a group',
    mint: withMint({ navigation: [{ group: 'G', pages: ['index'], expanded: true }] }),
    expected: [['/site/mint.json', '/navigation/0/expanded', 'error']],
  },
  { name: 'an unknown top-level key is dropped, not a failure', mint: withMint({ tabz: [] }), expected: [['/site/mint.json', '', 'info']] },
  {
    name: 'a version used but not listed',
    mint: withMint({ versions: ['v1'], navigation: [{ group: 'G', version: 'v2', pages: [{ group: 'Inner', version: 'v1', pages: ['index'] }] }] }),
    expected: [['/site/mint.json', '/navigation/0/version', 'error']],
  },
  {
    name: 'two default versions',
    mint: withMint({
      versions: [
        { name: 'v1', default: true },
        { name: 'v2', default: true },
      ],
    }),
    expected: [['/site/mint.json', '/versions/1/default', 'error']],
  },
  {
    name: 'a $ref in mint.json is followed, and a problem in its target is located there',
    mint: withMint({ colors: { $ref: './colors.json' } }),
    files: { '/site/colors.json': '{ "primary": "green" }' },
    expected: [['/site/colors.json', '/primary', 'error']],
  },
  { name: 'a $ref to nothing fails', mint: withMint({ colors: { $ref: './missing.json' } }), expected: [['/site/mint.json', '/colors/$ref', 'error']] },
];
