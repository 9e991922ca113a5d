/**
 * The words of each settings problem, whole: what the platform rejects in a realistic docs.json,
 * the pointer, the message a person reads and the suggestion. settings.test.ts checks codes and
 * pointers over many cases and only the end of each message; here every sentence is checked, so a
 * wrong field name, list, limit or hint in a message fails (found by the settings mutation run,
 * docs/mutation-scores.md). A value the platform accepts sits beside each rejected one.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { BASE } from './cases.js';

/** [code, pointer, message, suggest?], every problem in report order (all errors). */
type Expected = [string, string, string] | [string, string, string, string];

const CASES: Array<{ name: string; docs: Record<string, unknown>; expected: Expected[] }> = [
  {
    name: 'a social network the footer does not know',
    docs: { footer: { socials: { mastodon: 'https://mastodon.social/@demo', githb: 'https://github.com/demo' } } },
    expected: [
      [
        'invalid-value',
        '/footer/socials/mastodon',
        '"mastodon" is not a key `footer.socials` accepts: it takes one of "x", "website", "facebook", "youtube", "discord", "slack", "github", "linkedin", "instagram", "hacker-news", "medium", "telegram", … (19 in all). The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/footer/socials/githb',
        '"githb" is not a key `footer.socials` accepts: it takes one of "x", "website", "facebook", "youtube", "discord", "slack", "github", "linkedin", "instagram", "hacker-news", "medium", "telegram", … (19 in all). The platform rejects the whole docs.json for this.',
        'github',
      ],
    ],
  },
  {
    name: 'a footer column without links, and five columns',
    docs: {
      footer: {
        links: [
          { header: 'Docs', items: [] },
          { items: [{ label: 'A', href: '/a' }] },
          { items: [{ label: 'B', href: '/b' }] },
          { items: [{ label: 'C', href: '/c' }] },
          { items: [{ label: 'D', href: '/d' }] },
        ],
      },
    },
    expected: [
      ['invalid-value', '/footer/links', '`footer.links` may hold at most 4 columns, not 5. The platform rejects the whole docs.json for this.'],
      ['invalid-value', '/footer/links/0/items', '`footer.links[0].items` must hold at least 1 link. The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'an empty footer links list',
    docs: { footer: { links: [] } },
    expected: [['invalid-value', '/footer/links', '`footer.links` must hold at least 1 column. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'footer links to http, //host, a zip and an https page',
    docs: {
      footer: {
        links: [
          {
            header: 'More',
            items: [
              { label: 'Blog', href: 'http://blog.example.com/' },
              { label: 'CDN', href: '//cdn.example.com/x' },
              { label: 'Download', href: 'https://example.com/files/app.zip#top' },
              { label: 'Changelog', href: 'https://example.com/changelog/' },
              { label: 'Docs', href: '/docs/?ref=footer' },
              { label: 'Mail', href: 'mailto:team@example.com' },
              { label: 'Anchor', href: '#faq' },
            ],
          },
        ],
      },
    },
    expected: [
      [
        'invalid-value',
        '/footer/links/0/items/0/href',
        '`footer.links[0].items[0].href` must be an https URL, a /path, a #anchor or a mailto: link (not http:, not //host, and not a .svg, .exe or .zip file), not "http://blog.example.com/". The platform rejects the whole docs.json for this ("Must be a valid url or relative path.").',
        'https://blog.example.com/',
      ],
      [
        'invalid-value',
        '/footer/links/0/items/1/href',
        '`footer.links[0].items[1].href` must be an https URL, a /path, a #anchor or a mailto: link (not http:, not //host, and not a .svg, .exe or .zip file), not "//cdn.example.com/x". The platform rejects the whole docs.json for this ("Must be a valid url or relative path.").',
      ],
      [
        'invalid-value',
        '/footer/links/0/items/2/href',
        '`footer.links[0].items[2].href` must be an https URL, a /path, a #anchor or a mailto: link (not http:, not //host, and not a .svg, .exe or .zip file), not "https://example.com/files/app.zip#top". The platform rejects the whole docs.json for this ("Must be a valid url or relative path.").',
      ],
    ],
  },
  {
    name: 'a navbar primary with an unknown type, and one without a type',
    docs: { navbar: { primary: { type: 'buton', label: 'Sign up', href: 'https://app.example.com' } } },
    expected: [
      [
        'invalid-value',
        '/navbar/primary/type',
        '`navbar.primary.type` must be "button", "github" or "discord", not "buton". The platform rejects the whole docs.json for this.',
        'button',
      ],
    ],
  },
  {
    name: 'a navbar primary without a type',
    docs: { navbar: { primary: { label: 'Sign up', href: 'https://app.example.com' } } },
    expected: [
      [
        'missing-field',
        '/navbar/primary',
        '`navbar.primary` needs `type` ("button", "github" or "discord"). The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'a navbar primary whose type is a number',
    docs: { navbar: { primary: { type: 3, href: 'https://app.example.com' } } },
    expected: [
      [
        'invalid-type',
        '/navbar/primary/type',
        '`navbar.primary.type` must be "button", "github" or "discord", not 3. The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'a navbar github link without a label, a plain link without one',
    docs: { navbar: { links: [{ type: 'github', href: 'https://github.com/demo' }, { href: 'https://example.com/blog' }] } },
    expected: [['missing-field', '/navbar/links/1', '`navbar.links[1]` needs `label`. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a navbar button missing its href',
    docs: { navbar: { primary: { type: 'button', label: 'Sign up' } } },
    expected: [['missing-field', '/navbar/primary', '`navbar.primary` needs `href`. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'icons',
    docs: {
      navbar: {
        links: [
          { label: 'Blog', href: '/blog', icon: 'fa-book' },
          { label: 'Status', href: '/status', icon: { name: 'fa-', style: 'soldi' } },
        ],
      },
    },
    expected: [
      [
        'invalid-value',
        '/navbar/links/0/icon',
        '`navbar.links[0].icon` must be an icon name without the "fa-" prefix, not "fa-book". The platform rejects the whole docs.json for this ("Icon does not need to start with \'fa-\'").',
        'book',
      ],
      [
        'invalid-value',
        '/navbar/links/1/icon/name',
        '`navbar.links[1].icon.name` must be an icon name without the "fa-" prefix, not "fa-". The platform rejects the whole docs.json for this ("Icon does not need to start with \'fa-\'").',
      ],
      [
        'invalid-value',
        '/navbar/links/1/icon/style',
        '`navbar.links[1].icon.style` must be "brands", "duotone", "light", "regular", "sharp-duotone-solid", "sharp-light", "sharp-regular", "sharp-solid", "sharp-thin", "solid" or "thin", not "soldi". The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'a logo that is too short, a logo object missing dark',
    docs: { logo: 'a' },
    expected: [['invalid-value', '/logo', '`logo` must be at least 3 characters long, not "a". The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a logo object missing dark',
    docs: { logo: { light: '/logo/light.svg', href: 'https://example.com' } },
    expected: [['missing-field', '/logo', '`logo` needs `dark`. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a logo that is a number',
    docs: { logo: 5 },
    expected: [['invalid-type', '/logo', '`logo` must be a string or an object, not 5. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a favicon that is true',
    docs: { favicon: true },
    expected: [['invalid-type', '/favicon', '`favicon` must be a string or an object, not true. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a background colour pair with a typo',
    docs: { background: { color: { light: '#fff', drak: '#000' } } },
    expected: [
      [
        'unknown-field',
        '/background/color/drak',
        '`drak` is not a field of `background.color`, which takes only `light` and `dark`. The platform rejects the whole docs.json for this ("Unrecognized key(s) in object").',
      ],
    ],
  },
  {
    name: 'a banner colour that is neither',
    docs: { banner: { content: 'New!', color: 'red' } },
    expected: [
      [
        'invalid-value',
        '/banner/color',
        '`banner.color` must be a hex colour with a leading # (such as "#0D9373" or "#09f"), not "red". The platform rejects the whole docs.json for this ("Must be a hex color string, with a leading #").',
      ],
    ],
  },
  {
    name: 'a banner colour pair with a bad colour',
    docs: { banner: { content: 'New!', color: { light: '#fff', dark: 'black' } } },
    expected: [
      [
        'invalid-value',
        '/banner/color/dark',
        '`banner.color.dark` must be a hex colour with a leading # (such as "#0D9373" or "#09f"), not "black". The platform rejects the whole docs.json for this ("Must be a hex color string, with a leading #").',
      ],
    ],
  },
  {
    name: 'an empty banner',
    docs: { banner: { content: '', dismissible: 'yes' } },
    expected: [
      ['invalid-value', '/banner/content', '`banner.content` cannot be empty. The platform rejects the whole docs.json for this.'],
      ['invalid-type', '/banner/dismissible', '`banner.dismissible` must be true or false, not "yes". The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'a font source without format',
    docs: { fonts: { family: 'Inter', source: '/fonts/inter.woff2' } },
    expected: [
      ['missing-field', '/fonts', '`fonts` gives `source`, so it needs `format` ("woff" or "woff2") too. The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'heading and body fonts, one with an unknown key',
    docs: { fonts: { heading: { family: 'Inter' }, body: { family: 'Inter', weight: '400' }, code: { family: 'Mono' } } },
    expected: [
      ['invalid-type', '/fonts/body/weight', '`fonts.body.weight` must be a number, not "400". The platform rejects the whole docs.json for this.'],
      [
        'unknown-field',
        '/fonts/code',
        '`code` is not a field of `fonts`, which takes only `heading` and `body`. The platform rejects the whole docs.json for this ("Unrecognized key(s) in object").',
      ],
    ],
  },
  {
    name: 'a font source over ftp',
    docs: { fonts: { family: 'Inter', source: 'ftp://fonts.example.com/inter.woff2', format: 'woff2' } },
    expected: [
      [
        'invalid-value',
        '/fonts/source',
        '`fonts.source` must be a file path or an http(s) URL, not "ftp://fonts.example.com/inter.woff2". The platform rejects the whole docs.json for this ("Must use protocol https or http").',
      ],
    ],
  },
  {
    name: 'an openapi spec over ftp and a blank one',
    docs: { api: { openapi: ['ftp://example.com/openapi.json', '  ', { source: 'https://example.com/openapi.yaml', directory: 'api', overlay: [] }] } },
    expected: [
      [
        'invalid-value',
        '/api/openapi/0',
        '`api.openapi[0]` must be a file path or an http(s) URL, not "ftp://example.com/openapi.json". The platform rejects the whole docs.json for this ("Must use protocol https or http").',
      ],
      ['invalid-value', '/api/openapi/1', '`api.openapi[1]` cannot be empty (or only whitespace). The platform rejects the whole docs.json for this.'],
      [
        'unknown-field',
        '/api/openapi/2/overlay',
        '`overlay` is not a field of `api.openapi[2]`, which takes only `source`, `directory` and `overlays`. Did you mean `overlays`? The platform rejects the whole docs.json for this ("Unrecognized key(s) in object").',
        'overlays',
      ],
    ],
  },
  {
    name: 'an openapi that is a number',
    docs: { api: { openapi: 3, mdx: { server: 'not a url' } } },
    expected: [
      [
        'invalid-type',
        '/api/openapi',
        '`api.openapi` must be a string (a file path or an http(s) URL) or an array or an object, not 3. The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/api/mdx/server',
        '`api.mdx.server` must be an absolute URL (such as "https://example.com"), not "not a url". The platform rejects the whole docs.json for this ("Invalid url").',
      ],
    ],
  },
  {
    name: 'redirects with the same source twice',
    docs: {
      redirects: [
        { source: '/old', destination: '/new' },
        { source: '/a', destination: '/b' },
        { source: '/old', destination: '/newer' },
        { source: 7, destination: '/x' },
      ],
    },
    expected: [
      [
        'invalid-value',
        '/redirects/2/source',
        '`redirects[2].source` "/old" is already in `redirects[0]`; each may appear only once. The platform rejects the whole docs.json for this.',
      ],
      ['invalid-type', '/redirects/3/source', '`redirects[3].source` must be a string, not 7. The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'contextual options twice and an unknown one',
    docs: { contextual: { options: ['copy', 'chatgpt', 'copy', 'claud'] } },
    expected: [
      [
        'invalid-value',
        '/contextual/options/2',
        '`contextual.options[2]` "copy" is already in `contextual.options[0]`; each may appear only once. The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/contextual/options/3',
        '`contextual.options[3]` must be one of "copy", "assistant", "view", "download-pdf", "download-spec", "chatgpt", "claude", "perplexity", "grok", "aistudio", "devin", "devin-desktop", … (18 in all), not "claud". The platform rejects the whole docs.json for this.',
        'claude',
      ],
    ],
  },
  {
    name: 'a contextual custom option missing its description',
    docs: { contextual: { options: ['copy', { title: 'Open in Zed', href: { base: 'zed://open', query: [{ key: 'q' }] } }] } },
    expected: [
      ['missing-field', '/contextual/options/1', '`contextual.options[1]` needs `description`. The platform rejects the whole docs.json for this.'],
      [
        'missing-field',
        '/contextual/options/1/href/query/0',
        '`contextual.options[1].href.query[0]` needs `value`. The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'seo paths twice, with a leading slash, .. and a space',
    docs: {
      seo: {
        paths: [
          { path: 'guides/v2', metatags: { robots: 'noindex' } },
          { path: '/guides', metatags: {} },
          { path: 'guides/../x', metatags: {} },
          { path: 'my guides', metatags: {} },
          { path: 'guides/v2', metatags: { robots: '' } },
        ],
      },
    },
    expected: [
      [
        'invalid-value',
        '/seo/paths/1/path',
        '`seo.paths[1].path` must be a folder path relative to the docs root such as "guides/v2" (no leading or trailing /, no empty, "." or ".." segment, no whitespace, \\, ? or #), not "/guides". The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/seo/paths/2/path',
        '`seo.paths[2].path` must be a folder path relative to the docs root such as "guides/v2" (no leading or trailing /, no empty, "." or ".." segment, no whitespace, \\, ? or #), not "guides/../x". The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/seo/paths/3/path',
        '`seo.paths[3].path` must be a folder path relative to the docs root such as "guides/v2" (no leading or trailing /, no empty, "." or ".." segment, no whitespace, \\, ? or #), not "my guides". The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/seo/paths/4/path',
        '`seo.paths[4].path` "guides/v2" is already in `seo.paths[0]`; each may appear only once. The platform rejects the whole docs.json for this.',
      ],
      ['invalid-value', '/seo/paths/4/metatags/robots', '`seo.paths[4].metatags.robots` cannot be empty. The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'seo organization urls',
    docs: { seo: { organization: { url: 'example.com', sameAs: ['https://x.com/demo', 'twitter'] }, metatags: { 'og:image': '' } } },
    expected: [
      [
        'invalid-value',
        '/seo/organization/url',
        '`seo.organization.url` must be an absolute URL (such as "https://example.com"), not "example.com". The platform rejects the whole docs.json for this ("Invalid url").',
      ],
      [
        'invalid-value',
        '/seo/organization/sameAs/1',
        '`seo.organization.sameAs[1]` must be an absolute URL (such as "https://example.com"), not "twitter". The platform rejects the whole docs.json for this ("Invalid url").',
      ],
      ['invalid-value', '/seo/metatags/og:image', '`seo.metatags.og:image` cannot be empty. The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'analytics ids',
    docs: {
      integrations: {
        ga4: { measurementId: 'UA-12345' },
        gtm: { tagId: 'GTM-ABC' },
        posthog: { apiKey: 'ph_123', apiHost: 'eu.posthog.com' },
        plausible: { domain: 'https://docs.example.com' },
      },
    },
    expected: [
      [
        'invalid-value',
        '/integrations/ga4/measurementId',
        '`integrations.ga4.measurementId` must be an id starting with "G", not "UA-12345". The platform rejects the whole docs.json for this ("Must start with G").',
      ],
      [
        'invalid-value',
        '/integrations/posthog/apiKey',
        '`integrations.posthog.apiKey` must be a project key starting with "phc_", not "ph_123". The platform rejects the whole docs.json for this ("Must start with phc_").',
      ],
      [
        'invalid-value',
        '/integrations/posthog/apiHost',
        '`integrations.posthog.apiHost` must be an absolute URL (such as "https://example.com"), not "eu.posthog.com". The platform rejects the whole docs.json for this ("Invalid url").',
      ],
      [
        'invalid-value',
        '/integrations/plausible/domain',
        '`integrations.plausible.domain` must be a domain without "https://", not "https://docs.example.com". The platform rejects the whole docs.json for this ("Must not start with https://").',
        'docs.example.com',
      ],
    ],
  },
  {
    name: 'a plausible domain that is only https://',
    docs: { integrations: { plausible: { domain: 'https://' } } },
    expected: [
      [
        'invalid-value',
        '/integrations/plausible/domain',
        '`integrations.plausible.domain` must be a domain without "https://", not "https://". The platform rejects the whole docs.json for this ("Must not start with https://").',
      ],
    ],
  },
  {
    name: 'segment cdn urls',
    docs: { integrations: { segment: { key: 'k', cdnUrl: 'http://cdn.example.com/analytics.js' } } },
    expected: [
      [
        'invalid-value',
        '/integrations/segment/cdnUrl',
        '`integrations.segment.cdnUrl` must be an absolute URL starting with https://, without a query or a #fragment, not "http://cdn.example.com/analytics.js". The platform rejects the whole docs.json for this ("Must be an HTTPS URL").',
      ],
    ],
  },
  {
    name: 'a segment cdn url with a query',
    docs: { integrations: { segment: { key: 'k', cdnUrl: 'https://cdn.example.com/analytics.js?v=2' } } },
    expected: [
      [
        'invalid-value',
        '/integrations/segment/cdnUrl',
        '`integrations.segment.cdnUrl` must be an absolute URL starting with https://, without a query or a #fragment, not "https://cdn.example.com/analytics.js?v=2". The platform rejects the whole docs.json for this ("Must be an HTTPS URL").',
      ],
    ],
  },
  {
    name: 'a segment cdn url with a fragment',
    docs: { integrations: { segment: { key: 'k', cdnUrl: 'https://cdn.example.com/analytics.js#x' } } },
    expected: [
      [
        'invalid-value',
        '/integrations/segment/cdnUrl',
        '`integrations.segment.cdnUrl` must be an absolute URL starting with https://, without a query or a #fragment, not "https://cdn.example.com/analytics.js#x". The platform rejects the whole docs.json for this ("Must be an HTTPS URL").',
      ],
    ],
  },
  {
    name: 'onetrust script over http',
    docs: { integrations: { onetrust: { domainScript: 'abc', scriptSource: 'http://cdn.cookielaw.org/otSDKStub.js' } } },
    expected: [
      [
        'invalid-value',
        '/integrations/onetrust/scriptSource',
        '`integrations.onetrust.scriptSource` must be an absolute URL starting with https://, not "http://cdn.cookielaw.org/otSDKStub.js". The platform rejects the whole docs.json for this ("Must be an HTTPS URL").',
        'https://cdn.cookielaw.org/otSDKStub.js',
      ],
    ],
  },
  {
    name: 'onetrust script that is not a URL',
    docs: { integrations: { onetrust: { domainScript: 'abc', scriptSource: 'https://' } } },
    expected: [
      [
        'invalid-value',
        '/integrations/onetrust/scriptSource',
        '`integrations.onetrust.scriptSource` must be an absolute URL starting with https://, not "https://". The platform rejects the whole docs.json for this ("Must be an HTTPS URL").',
      ],
    ],
  },
  {
    name: 'transcend bundle id with a dot and a long purpose',
    docs: {
      integrations: {
        transcend: {
          bundleId: ' my.bundle ',
          analyticsPurpose: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        },
      },
    },
    expected: [
      [
        'invalid-value',
        '/integrations/transcend/bundleId',
        '`integrations.transcend.bundleId` must be letters, digits, "-" and "_" only, not " my.bundle ". The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/integrations/transcend/analyticsPurpose',
        '`integrations.transcend.analyticsPurpose` must be at most 100 characters long. The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'transcend good',
    docs: { integrations: { transcend: { bundleId: ' my-bundle_1 ', analyticsPurpose: ' Analytics ' } } },
    expected: [],
  },
  {
    name: 'intercom and koala ids too short, an unknown integration',
    docs: { integrations: { intercom: { appId: 'abc' }, koala: { publicApiKey: 'k' }, drift: { id: 'x' } } },
    expected: [
      [
        'invalid-value',
        '/integrations/intercom/appId',
        '`integrations.intercom.appId` must be at least 6 characters long, not "abc". The platform rejects the whole docs.json for this.',
      ],
      [
        'invalid-value',
        '/integrations/koala/publicApiKey',
        '`integrations.koala.publicApiKey` must be at least 2 characters long, not "k". The platform rejects the whole docs.json for this.',
      ],
      [
        'unknown-field',
        '/integrations/drift',
        '`drift` is not a field of `integrations`, which takes only `adobe`, `amplitude`, `clarity`, `clearbit`, `fathom`, `ga4`, `gtm`, `heap`, `hightouch`, `hotjar`, `koala`, `logrocket`, … (23 in all). The platform rejects the whole docs.json for this ("Unrecognized key(s) in object").',
      ],
    ],
  },
  {
    name: 'an unknown integration with a near name',
    docs: { integrations: { hotjr: { hjid: '1' } } },
    expected: [
      [
        'unknown-field',
        '/integrations/hotjr',
        '`hotjr` is not a field of `integrations`, which takes only `adobe`, `amplitude`, `clarity`, `clearbit`, `fathom`, `ga4`, `gtm`, `heap`, `hightouch`, `hotjar`, `koala`, `logrocket`, … (23 in all). Did you mean `hotjar`? The platform rejects the whole docs.json for this ("Unrecognized key(s) in object").',
        'hotjar',
      ],
    ],
  },
  {
    name: 'errors 404 without the object',
    docs: { errors: {} },
    expected: [['missing-field', '/errors', '`errors` needs `404`. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'markdown instructions as a number',
    docs: { markdown: { instructions: 5 } },
    expected: [
      [
        'invalid-type',
        '/markdown/instructions',
        '`markdown.instructions` must be a string or an array, not 5. The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'variables that are not strings',
    docs: { variables: { version: 2, name: 'Demo' } },
    expected: [['invalid-type', '/variables/version', '`variables.version` must be a string, not 2. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'codeblocks theme pair missing dark',
    docs: { styling: { codeblocks: { theme: { light: 'github-light' } } } },
    expected: [['missing-field', '/styling/codeblocks/theme', '`styling.codeblocks.theme` needs `dark`. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'codeblocks as an unknown theme',
    docs: { styling: { codeblocks: 'monokay' } },
    expected: [
      [
        'invalid-value',
        '/styling/codeblocks',
        '`styling.codeblocks` must be one of "system", "dark", "andromeeda", "aurora-x", "ayu-dark", "catppuccin-frappe", "catppuccin-latte", "catppuccin-macchiato", "catppuccin-mocha", "dark-plus", "dracula", "dracula-soft", … (63 in all), not "monokay". The platform rejects the whole docs.json for this.',
        'monokai',
      ],
    ],
  },
  {
    name: 'an icons library missing',
    docs: { icons: {} },
    expected: [
      ['missing-field', '/icons', '`icons` needs `library` ("fontawesome", "lucide" or "tabler"). The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'api examples languages not a list',
    docs: { api: { examples: { languages: 'bash' }, params: { expanded: 'open' } } },
    expected: [
      ['invalid-type', '/api/examples/languages', '`api.examples.languages` must be an array, not "bash". The platform rejects the whole docs.json for this.'],
      [
        'invalid-value',
        '/api/params/expanded',
        '`api.params.expanded` must be "all" or "closed", not "open". The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'appearance strict as a string',
    docs: { appearance: { strict: 'true', default: 'dark' } },
    expected: [
      ['invalid-type', '/appearance/strict', '`appearance.strict` must be true or false, not "true". The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'null settings',
    docs: { search: null, seo: { indexing: null } },
    expected: [
      ['invalid-type', '/search', '`search` must be an object, not null. The platform rejects the whole docs.json for this.'],
      ['invalid-type', '/seo/indexing', '`seo.indexing` must be a string ("navigable" or "all"), not null. The platform rejects the whole docs.json for this.'],
    ],
  },
  {
    name: 'thumbnails fonts without family',
    docs: { thumbnails: { fonts: {} } },
    expected: [['missing-field', '/thumbnails/fonts', '`thumbnails.fonts` needs `family`. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a theme given as an array',
    docs: { theme: ['mint'] },
    expected: [
      [
        'invalid-type',
        '/theme',
        '`theme` must be a string ("mint", "maple", "palm", "willow", "linden", "almond", "aspen", "luma" or "sequoia"), not an array. The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'colors as a string',
    docs: { colors: '#0D9373' },
    expected: [['invalid-type', '/colors', '`colors` must be an object, not "#0D9373". The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'an unknown colour key among many',
    docs: { colors: { primary: '#0D9373', accent: '#ff0000' } },
    expected: [
      [
        'unknown-field',
        '/colors/accent',
        '`accent` is not a field of `colors`, which takes only `primary`, `light` and `dark`. The platform rejects the whole docs.json for this ("Unrecognized key(s) in object").',
      ],
    ],
  },
  {
    name: 'an http favicon pair',
    docs: { favicon: { light: '/favicon.svg' } },
    expected: [['missing-field', '/favicon', '`favicon` needs `dark`. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a description that is an object',
    docs: { description: { en: 'Docs' } },
    expected: [['invalid-type', '/description', '`description` must be a string, not an object. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a navbar primary given as a string',
    docs: { navbar: { primary: 'Sign up' } },
    expected: [['invalid-type', '/navbar/primary', '`navbar.primary` must be an object, not "Sign up". The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a navbar primary type given as an array',
    docs: { navbar: { primary: { type: ['button'], label: 'Sign up', href: '/signup' } } },
    expected: [
      [
        'invalid-type',
        '/navbar/primary/type',
        '`navbar.primary.type` must be "button", "github" or "discord", not an array. The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'an empty name',
    docs: { name: '' },
    expected: [['invalid-value', '/name', '`name` cannot be empty. The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a purpose of exactly 100 characters, and four footer columns (the limits themselves pass)',
    docs: {
      integrations: { transcend: { bundleId: 'b', analyticsPurpose: 'x'.repeat(100) } },
      footer: { links: [1, 2, 3, 4].map((n) => ({ items: [{ label: `L${n}`, href: `/l${n}` }] })) },
    },
    expected: [],
  },
  {
    name: 'two redirects from the same numbered source',
    docs: {
      redirects: [
        { source: 404, destination: '/a' },
        { source: 404, destination: '/b' },
      ],
    },
    expected: [
      ['invalid-type', '/redirects/0/source', '`redirects[0].source` must be a string, not 404. The platform rejects the whole docs.json for this.'],
      ['invalid-type', '/redirects/1/source', '`redirects[1].source` must be a string, not 404. The platform rejects the whole docs.json for this.'],
      [
        'invalid-value',
        '/redirects/1/source',
        '`redirects[1].source` 404 is already in `redirects[0]`; each may appear only once. The platform rejects the whole docs.json for this.',
      ],
    ],
  },
  {
    name: 'colors without primary',
    docs: { colors: { light: '#ffffff' } },
    expected: [['missing-field', '/colors', '`colors` needs `primary` (a hex colour such as "#0D9373"). The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'api.url other than full',
    docs: { api: { url: 'partial' } },
    expected: [['invalid-value', '/api/url', '`api.url` must be "full", not "partial". The platform rejects the whole docs.json for this.']],
  },
  {
    name: 'a name of spaces only',
    docs: { name: '   ' },
    expected: [['invalid-value', '/name', '`name` cannot be empty (or only whitespace). The platform rejects the whole docs.json for this.']],
  },
];

describe('docs.json settings: the whole message of each problem', () => {
  it.each(CASES)('$name', ({ docs, expected }) => {
    const text = JSON.stringify({ ...BASE, ...docs }, null, 2);
    const problems = validateText(text, { profile: 'platform' }).problems;
    expect(problems.map((p) => [p.code, p.pointer, p.message, ...(p.suggest !== undefined ? [p.suggest] : [])])).toEqual(expected);
    for (const problem of problems) expect(problem.severity).toBe('error');
  });

  it('says a key the platform drops is ignored, at the top and inside an object (info)', () => {
    const text = JSON.stringify({ ...BASE, topbarLinks: [], fonts: { family: 'Inter', heading: { family: 'Inter' }, body: { family: 'Inter' } } }, null, 2);
    // A font with heading and body beside its family is a font (the platform's first option that passes): both are dropped.
    expect(validateText(text, { profile: 'platform' }).problems.map((p) => [p.code, p.severity, p.pointer, p.message])).toEqual([
      ['unknown-field', 'info', '/topbarLinks', '`topbarLinks` is not a docs.json setting the platform knows: it ignores it.'],
      ['unknown-field', 'info', '/fonts/heading', '`heading` is not a field of `fonts` the platform knows: it ignores it.'],
      ['unknown-field', 'info', '/fonts/body', '`body` is not a field of `fonts` the platform knows: it ignores it.'],
    ]);
  });

  it('points at an unknown key of a record (a social network), not at its URL', () => {
    const text = JSON.stringify({ ...BASE, footer: { socials: { mastodon: 'https://mastodon.social/@demo' } } }, null, 2);
    const [problem] = validateText(text, { profile: 'platform' }).problems;
    expect(text.split('\n')[problem.line - 1].slice(problem.column - 1, problem.endColumn - 1)).toBe('"mastodon"');
  });

  it('leaves a docs.json that is null, a string or an array to the schema (one problem each)', () => {
    for (const text of ['null', '"docs"', '[]']) {
      expect(validateText(text, { profile: 'platform' }).problems.map((p) => [p.code, p.pointer])).toEqual([['invalid-type', '']]);
    }
  });
});
