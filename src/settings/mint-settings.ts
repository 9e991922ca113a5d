/**
 * mint.json, the platform's legacy configuration, as its build still checks it: whenever a
 * mint.json sits in the docs root, the build validates it with the legacy schema before it
 * reads docs.json, and stops on any error, although docs.json then replaces it entirely. This
 * table describes that check (in our words, from the legacy settings and the validator's
 * behaviour); check.ts reads it, and mint-json.ts adds the one rule a table cannot say (every
 * `version` used in `navigation` must be listed in `versions`).
 */
import { anyOf, bool, formatted, list, nonEmpty, number, object, oneOf, optional, record, required, strictObject, tagged, text } from './build.js';
import { ANALYTICS, FOOTER_SOCIALS, ICON_STYLES } from './docs-settings.js';
import type { ObjectShape } from './shapes.js';
// A mint.json version's `locale`: the platform's language codes.
import { PLATFORM_LANGUAGE_CODES } from '../config/profiles.js';

const hex = formatted('hex-color');
const url = formatted('url');
const anchorColor = anyOf(hex, strictObject({ from: required(hex), via: optional(hex), to: required(hex) }));
const specSource = nonEmpty({ format: 'spec-source' });
const anchorOpenapi = nonEmpty({ format: 'mint-anchor-openapi' });

/** A sidebar group: a title, pages and nested groups; nothing else is accepted. */
const group: ObjectShape = strictObject({
  group: required(text()),
  public: optional(bool),
  icon: optional(text()),
  iconType: optional(oneOf(ICON_STYLES)),
  version: optional(text()),
  pages: required(list(anyOf({ type: 'lazy', shape: () => group }, text({ minLength: 1 })), { minItems: 1, entry: 'page' })),
});

/** A top-bar button: a link (`name`, `url`) or `{ type: "github", url }`. */
const ctaButton = tagged(
  'type',
  { github: strictObject({ url: required(url) }) },
  strictObject({
    type: optional(oneOf(['link'])),
    name: required(text()),
    url: required(text({ minLength: 1 })),
    style: optional(oneOf(['pill', 'roundedRectangle'])),
    arrow: optional(bool),
  }),
);

const socials = anyOf(record(url, FOOTER_SOCIALS), list(object({ type: required(oneOf(FOOTER_SOCIALS)), url: required(url) })));

const font = object(
  { family: required(text()), weight: optional(number), url: optional(url), format: optional(oneOf(['woff', 'woff2'])) },
  { requiresWith: [['url', 'format']] },
);

const analytics = strictObject(ANALYTICS);

/** mint.json's top level, as the build's legacy check reads it. */
export const MINT_SETTINGS: ObjectShape = object({
  $schema: optional(url),
  mintlify: optional(text()),
  name: required(nonEmpty()),
  logo: optional(anyOf(text({ minLength: 3 }), object({ light: required(text()), dark: required(text()), href: optional(text()) }))),
  theme: optional(oneOf(['venus', 'quill', 'prism'])),
  layout: optional(oneOf(['topnav', 'sidenav', 'solidSidenav'])),
  favicon: required(text()),
  openapi: optional(anyOf(specSource, list(specSource))),
  topbar: optional(object({ style: optional(oneOf(['gradient', 'default'])) })),
  sidebar: optional(object({ items: optional(oneOf(['container', 'card', 'border', 'undecorated'])) })),
  rounded: optional(oneOf(['default', 'sharp'])),
  api: optional(
    strictObject({
      baseUrl: optional(anyOf(url, list(url))),
      auth: optional(strictObject({ method: optional(oneOf(['bearer', 'basic', 'key', 'cobo'])), name: optional(text()), inputPrefix: optional(text()) })),
      playground: optional(object({ mode: optional(oneOf(['show', 'simple', 'hide'])), disableProxy: optional(bool) })),
      request: optional(object({ example: optional(object({ showOptionalParams: optional(bool), languages: optional(list(text())) })) })),
      maintainOrder: optional(bool),
      paramFields: optional(object({ expanded: optional(oneOf(['all', 'topLevel', 'topLevelOneOfs', 'none'])), post: optional(list(text())) })),
    }),
  ),
  modeToggle: optional(object({ default: optional(oneOf(['light', 'dark'])), isHidden: optional(bool) })),
  versions: optional(
    list(
      anyOf(
        text(),
        strictObject({
          name: required(text({ minLength: 1 })),
          url: optional(formatted('url', { minLength: 1 })),
          default: optional({ type: 'boolean', only: true }),
          locale: optional(oneOf(PLATFORM_LANGUAGE_CODES)),
        }),
      ),
      { minItems: 1, entry: 'version', unique: { field: 'default' } },
    ),
  ),
  metadata: optional(record(text({ minLength: 1 }))),
  codeBlock: optional(object({ mode: optional(oneOf(['auto', 'dark'])) })),
  colors: required(
    strictObject({
      primary: required(hex),
      light: optional(hex),
      dark: optional(hex),
      background: optional(object({ light: optional(hex), dark: optional(hex) })),
      anchors: optional(anchorColor),
      ultraLight: optional({ type: 'any' }),
      ultraDark: optional({ type: 'any' }),
    }),
  ),
  eyebrow: optional(object({ display: optional(oneOf(['section', 'breadcrumbs'])) })),
  topbarCtaButton: optional(ctaButton),
  topbarLinks: optional(list(ctaButton)),
  navigation: required(list(group, { minItems: 1, entry: 'group' })),
  primaryTab: optional(strictObject({ name: required(text()), isDefaultHidden: optional(bool) })),
  topAnchor: optional(strictObject({ name: required(text()), icon: optional(text()), iconType: optional(oneOf(ICON_STYLES)) })),
  anchors: optional(
    list(
      object({
        name: required(nonEmpty()),
        url: required(nonEmpty()),
        icon: optional(formatted('icon-name')),
        iconType: optional(oneOf(ICON_STYLES)),
        color: optional(anchorColor),
        isDefaultHidden: optional(bool),
        version: optional(text()),
        openapi: optional(anchorOpenapi),
      }),
    ),
  ),
  tabs: optional(
    list(
      object({
        name: required(nonEmpty()),
        url: required(nonEmpty()),
        version: optional(text()),
        isDefaultHidden: optional(bool),
        openapi: optional(anchorOpenapi),
      }),
    ),
  ),
  footer: optional(
    object({
      socials: optional(socials),
      links: optional(
        list(
          object({
            title: optional(text({ minLength: 1 })),
            links: required(
              list(object({ label: required(text({ minLength: 1 })), url: required(formatted('mint-footer-url')) }), { minItems: 1, entry: 'link' }),
            ),
          }),
          { minItems: 1, maxItems: 4, entry: 'column' },
        ),
      ),
    }),
  ),
  background: optional(object({ style: optional(oneOf(['gradient', 'grid', 'windows'])) })),
  backgroundImage: optional(text()),
  font: optional(anyOf(font, strictObject({ headings: optional(font), body: optional(font) }))),
  feedback: optional(object({ thumbsRating: optional(bool), suggestEdit: optional(bool), raiseIssue: optional(bool) })),
  analytics: optional(analytics),
  integrations: optional(object({ intercom: optional(text({ minLength: 6 })), frontchat: optional(text({ minLength: 6 })) })),
  isWhiteLabeled: optional(bool),
  search: optional(object({ prompt: optional(text()), location: optional(oneOf(['side', 'top'])) })),
  redirects: optional(list(object({ source: required(text()), destination: required(text()), permanent: optional(bool) }), { unique: { field: 'source' } })),
  seo: optional(object({ indexHiddenPages: optional(bool) })),
  footerSocials: optional(socials),
});
