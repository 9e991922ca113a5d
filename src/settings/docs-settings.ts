/**
 * The settings of docs.json outside `navigation`, as the hosted platform checks them: the one
 * table the `platform` profile checks docs.json's other top-level keys against (check.ts reads it).
 *
 * Written from the platform's settings reference (its documentation, in our own words) and checked
 * value by value against its validator (`validateDocsConfig` of @mintlify/validation, the check the
 * build runs; see test/settings/). Where the documentation accepts more than the validator we
 * measured (a Shiki theme name as `styling.codeblocks`, a hex string as `banner.color`, the
 * `devin-desktop` option), the table follows the documentation: a site the platform builds must
 * never get an error. `navigation`, `$schema`, `styling.eyebrows` and `interaction.drilldown`
 * are checked by the docs.json schema under every profile, so they are only named here.
 */
import { anyOf, bool, elsewhere, formatted, list, nonEmpty, number, object, oneOf, optional, record, required, strictObject, tagged, text } from './build.js';
import type { ObjectShape } from './shapes.js';

/** The site themes (`theme`). */
const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'] as const;

/** The social networks `footer.socials` may name (the key picks the icon). */
export const FOOTER_SOCIALS = [
  'x',
  'website',
  'facebook',
  'youtube',
  'discord',
  'slack',
  'github',
  'linkedin',
  'instagram',
  'hacker-news',
  'medium',
  'telegram',
  'twitter',
  'x-twitter',
  'earth-americas',
  'bluesky',
  'threads',
  'reddit',
  'podcast',
] as const;

const ICON_LIBRARIES = ['fontawesome', 'lucide', 'tabler'] as const;
export const ICON_STYLES = [
  'brands',
  'duotone',
  'light',
  'regular',
  'sharp-duotone-solid',
  'sharp-light',
  'sharp-regular',
  'sharp-solid',
  'sharp-thin',
  'solid',
  'thin',
] as const;

/** The built-in page actions of the contextual menu (`contextual.options`). */
const CONTEXTUAL_OPTIONS = [
  'copy',
  'assistant',
  'view',
  'download-pdf',
  'download-spec',
  'chatgpt',
  'claude',
  'perplexity',
  'grok',
  'aistudio',
  'devin',
  'devin-desktop',
  'windsurf',
  'mcp',
  'add-mcp',
  'cursor',
  'vscode',
  'devin-mcp',
];

/** The code themes `styling.codeblocks` may name (Shiki's bundled themes, and `css-variables`). */
const CODE_THEMES = [
  'andromeeda',
  'aurora-x',
  'ayu-dark',
  'catppuccin-frappe',
  'catppuccin-latte',
  'catppuccin-macchiato',
  'catppuccin-mocha',
  'dark-plus',
  'dracula',
  'dracula-soft',
  'everforest-dark',
  'everforest-light',
  'github-dark',
  'github-dark-default',
  'github-dark-dimmed',
  'github-dark-high-contrast',
  'github-light',
  'github-light-default',
  'github-light-high-contrast',
  'gruvbox-dark-hard',
  'gruvbox-dark-medium',
  'gruvbox-dark-soft',
  'gruvbox-light-hard',
  'gruvbox-light-medium',
  'gruvbox-light-soft',
  'houston',
  'kanagawa-dragon',
  'kanagawa-lotus',
  'kanagawa-wave',
  'laserwave',
  'light-plus',
  'material-theme',
  'material-theme-darker',
  'material-theme-lighter',
  'material-theme-ocean',
  'material-theme-palenight',
  'min-dark',
  'min-light',
  'monokai',
  'night-owl',
  'nord',
  'one-dark-pro',
  'one-light',
  'plastic',
  'poimandres',
  'red',
  'rose-pine',
  'rose-pine-dawn',
  'rose-pine-moon',
  'slack-dark',
  'slack-ochin',
  'snazzy-light',
  'solarized-dark',
  'solarized-light',
  'synthwave-84',
  'tokyo-night',
  'vesper',
  'vitesse-black',
  'vitesse-dark',
  'vitesse-light',
  'css-variables',
];

const hex = formatted('hex-color');
const url = formatted('url');
const href = formatted('href');
/** A pair of optional hex colours for light and dark mode; any other key fails the build. */
const colorPair = strictObject({ light: optional(hex), dark: optional(hex) });
/** A file for both modes, or one for each. */
const fileOrPair = anyOf(text(), object({ light: required(text()), dark: required(text()) }));
const iconName = formatted('icon-name');
/** An icon by name, or `{ name, style?, library? }`. */
const icon = anyOf(iconName, object({ style: optional(oneOf(ICON_STYLES)), name: required(iconName), library: optional(oneOf(ICON_LIBRARIES)) }));
/** A spec file path (relative to the docs root) or an http(s) URL. */
const specSource = nonEmpty({ format: 'spec-source' });
const openapiObject = strictObject({ source: required(specSource), directory: optional(text({ trim: true })), overlays: optional(list(specSource)) });
const asyncapiObject = strictObject({ source: required(specSource), directory: optional(text({ trim: true })) });

/** A font: a Google Fonts family, or a self-hosted file (`source`, which then needs `format`). */
const font = object(
  { family: required(text()), weight: optional(number), source: optional(nonEmpty({ format: 'spec-source' })), format: optional(oneOf(['woff', 'woff2'])) },
  { requiresWith: [['source', 'format']] },
);

/** A navbar link: a `github` or `discord` link may leave out its label; any other needs one. */
const navbarLink = (() => {
  const named = object({ icon: optional(icon), href: required(href), label: optional(text()) });
  return tagged(
    'type',
    { github: named, discord: named },
    object({ icon: optional(icon), href: required(href), label: required(text()), type: optional(text()) }),
  );
})();

const navbarPrimary = tagged('type', {
  button: object({ label: required(text()), href: required(href) }),
  github: object({ label: optional(text()), href: required(href) }),
  discord: object({ label: optional(text()), href: required(href) }),
});

const customContextualOption = object({
  title: required(text()),
  description: required(text()),
  icon: optional(icon),
  href: required(anyOf(text(), object({ base: required(text()), query: optional(list(object({ key: required(text()), value: required(text()) }))) }))),
});

/** Analytics integrations, the same in docs.json's `integrations` and mint.json's `analytics`. */
export const ANALYTICS = {
  adobe: optional(object({ launchUrl: required(url) })),
  amplitude: optional(object({ apiKey: required(text()) })),
  clarity: optional(object({ projectId: required(text()) })),
  clearbit: optional(object({ publicApiKey: required(text()) })),
  fathom: optional(object({ siteId: required(text()) })),
  ga4: optional(object({ measurementId: required(formatted('starts-with-g')) })),
  gtm: optional(object({ tagId: required(formatted('starts-with-g')) })),
  heap: optional(object({ appId: required(text()) })),
  hightouch: optional(object({ writeKey: required(text()), apiHost: optional(text()) })),
  hotjar: optional(object({ hjid: required(text()), hjsv: required(text()) })),
  koala: optional(object({ publicApiKey: required(text({ minLength: 2 })) })),
  logrocket: optional(object({ appId: required(text()) })),
  mixpanel: optional(object({ projectToken: required(text()), region: optional(oneOf(['us', 'eu', 'in'])) })),
  pirsch: optional(object({ id: required(text()) })),
  posthog: optional(object({ apiKey: required(formatted('posthog-key')), apiHost: optional(url), sessionRecording: optional(bool) })),
  plausible: optional(object({ domain: required(formatted('bare-domain')), server: optional(formatted('bare-domain')) })),
  segment: optional(object({ key: required(text()), cdnUrl: optional(formatted('segment-cdn-url')) })),
};

/** Analytics and chat integrations; an integration the platform does not know fails the build. */
const integrations = strictObject({
  ...ANALYTICS,
  frontchat: optional(object({ snippetId: required(text({ minLength: 6 })) })),
  intercom: optional(object({ appId: required(text({ minLength: 6 })) })),
  onetrust: optional(
    object({
      domainScript: required(text({ minLength: 1 })),
      categoryId: optional(text({ minLength: 1 })),
      scriptSource: optional(formatted('https-prefixed-url')),
    }),
  ),
  telemetry: optional(object({ enabled: optional(bool) })),
  cookies: optional(object({ key: optional(text()), value: optional(text()) })),
  transcend: optional(
    object({ bundleId: required(text({ trim: true, format: 'bundle-id' })), analyticsPurpose: optional(text({ trim: true, minLength: 1, maxLength: 100 })) }),
  ),
});

/** docs.json's top level under the platform: every key it keeps, in the order of its reference. */
export const DOCS_SETTINGS: ObjectShape = object({
  /** An editor's JSON Schema URL (src/schema and the `schema-url` rule). */
  $schema: elsewhere(text()),
  /** The layout theme of the site. */
  theme: required(oneOf(THEMES)),
  /** The name of the project or product. */
  name: required(nonEmpty()),
  /** Whether pages are public by default on an authenticated site. */
  public: optional(bool),
  /** What the site is about, for search engines and AI indexing. */
  description: optional(text({ trim: true })),
  /** Brand colours; `primary` is required. */
  colors: required(strictObject({ primary: required(hex), light: optional(hex), dark: optional(hex) })),
  /** One logo file for both modes (a path of at least 3 characters), or `{ light, dark, href? }`. */
  logo: optional(anyOf(text({ minLength: 3 }), object({ light: required(text()), dark: required(text()), href: optional(href) }))),
  favicon: optional(fileOrPair),
  /** The API reference: specs, the playground, parameters and examples. */
  api: optional(
    object({
      openapi: optional(anyOf(specSource, list(anyOf(specSource, openapiObject)), openapiObject)),
      asyncapi: optional(anyOf(specSource, list(specSource), asyncapiObject)),
      params: optional(object({ expanded: optional(oneOf(['all', 'closed'])), post: optional(list(text())) })),
      playground: optional(object({ display: optional(oneOf(['interactive', 'simple', 'none', 'auth'])), proxy: optional(bool), credentials: optional(bool) })),
      examples: optional(
        object({ defaults: optional(oneOf(['required', 'all'])), languages: optional(list(text())), prefill: optional(bool), autogenerate: optional(bool) }),
      ),
      url: optional(oneOf(['full'])),
      mdx: optional(
        object({
          auth: optional(object({ method: optional(oneOf(['bearer', 'basic', 'key', 'cobo'])), name: optional(text()) })),
          server: optional(anyOf(url, list(url))),
        }),
      ),
    }),
  ),
  /** Light and dark mode: the default mode, and whether the toggle is hidden. */
  appearance: optional(object({ default: optional(oneOf(['system', 'light', 'dark'])), strict: optional(bool) })),
  background: optional(object({ image: optional(fileOrPair), decoration: optional(oneOf(['gradient', 'grid', 'windows'])), color: optional(colorPair) })),
  /** The links and the call to action of the top bar. */
  navbar: optional(object({ links: optional(list(navbarLink)), primary: optional(navbarPrimary) })),
  navigation: elsewhere({ type: 'any' }, true),
  /** Social profiles (network -> https URL) and up to four columns of links. */
  footer: optional(
    object({
      socials: optional(record(formatted('https-url'), FOOTER_SOCIALS)),
      links: optional(
        list(
          object({
            header: optional(text({ minLength: 1 })),
            items: required(list(object({ label: required(text({ minLength: 1 })), href: required(formatted('safe-href')) }), { minItems: 1, entry: 'link' })),
          }),
          { minItems: 1, maxItems: 4, entry: 'column' },
        ),
      ),
    }),
  ),
  search: optional(object({ prompt: optional(text()) })),
  /** Meta tags (for the site, per folder), the organization in structured data, what search engines index. */
  seo: optional(
    object({
      metatags: optional(record(text({ minLength: 1 }))),
      paths: optional(
        list(object({ path: required(text({ minLength: 1, format: 'seo-path' })), metatags: required(record(text({ minLength: 1 }))) }), {
          unique: { field: 'path' },
        }),
      ),
      organization: optional(
        object({
          id: optional(url),
          name: optional(text({ minLength: 1 })),
          legalName: optional(text({ minLength: 1 })),
          url: optional(url),
          logo: optional(url),
          sameAs: optional(list(url)),
        }),
      ),
      indexing: optional(oneOf(['navigable', 'all'])),
      trailingSlash: optional(bool),
    }),
  ),
  /** One font for the whole site, or `{ heading, body }`. */
  fonts: optional(anyOf(font, strictObject({ heading: optional(font), body: optional(font) }))),
  icons: optional(object({ library: required(oneOf(ICON_LIBRARIES)) })),
  styling: elsewhere(
    object({
      eyebrows: elsewhere(oneOf(['section', 'breadcrumbs'])),
      codeblocks: optional(
        anyOf(
          oneOf(['system', 'dark', ...CODE_THEMES]),
          object({
            theme: optional(anyOf(oneOf(CODE_THEMES), object({ light: required(oneOf(CODE_THEMES)), dark: required(oneOf(CODE_THEMES)) }))),
            languages: optional(object({ custom: optional(list(text())) })),
          }),
        ),
      ),
      latex: optional(bool),
    }),
  ),
  /** Moved pages: each `source` once. */
  redirects: optional(list(object({ source: required(text()), destination: required(text()), permanent: optional(bool) }), { unique: { field: 'source' } })),
  integrations: optional(integrations),
  /** An announcement bar on every page. */
  banner: optional(
    object({
      content: required(text({ minLength: 1 })),
      dismissible: optional(bool),
      type: optional(oneOf(['info', 'warning', 'critical'])),
      color: optional(anyOf(hex, colorPair)),
    }),
  ),
  errors: optional(object({ '404': required(object({ redirect: optional(bool), title: optional(text()), description: optional(text()) })) })),
  /** The page menu of actions (copy the page, open it in an assistant, …), each built-in action once. */
  contextual: optional(
    object({
      options: required(list(anyOf(oneOf(CONTEXTUAL_OPTIONS), customContextualOption), { unique: 'value' })),
      display: optional(oneOf(['header', 'toc'])),
    }),
  ),
  thumbnails: optional(
    object({ appearance: optional(oneOf(['light', 'dark'])), background: optional(text()), fonts: optional(object({ family: required(text()) })) }),
  ),
  interaction: elsewhere(object({ drilldown: elsewhere(bool) })),
  metadata: optional(object({ timestamp: optional(bool) })),
  /** Text substituted for `{{name}}` in pages. */
  variables: optional(record(text())),
  /** What pages served as markdown to AI agents include. */
  markdown: optional(object({ schema: optional(bool), instructions: optional(anyOf(text(), list(text()))) })),
});
