/**
 * One case per rule of the platform's mint.json upgrade (@mintlify/validation's
 * upgradeToDocsConfig): a mint.json (the settings every mint.json needs added by `mintOf`) and the
 * docs.json `navigation` the platform makes of it. test/mint/upgrade.test.ts checks docsnav's
 * upgrade against each; test/mint/mint.corpus.test.ts checks each expected value
 * against the platform's own upgrade, where it is installed, so this table is the platform's.
 */

export interface UpgradeCase {
  name: string;
  /** The mint.json's navigation-related keys (`navigation`, `tabs`, `anchors`, `versions`, `primaryTab`, `topAnchor`). */
  mint: Record<string, unknown>;
  navigation: Record<string, unknown>;
}

/** A whole mint.json the legacy check accepts, around the case's keys. */
export function mintOf(keys: Record<string, unknown>): Record<string, unknown> {
  return { name: 'Acme', favicon: '/favicon.svg', colors: { primary: '#0D9373' }, ...keys };
}

export const UPGRADE_CASES: UpgradeCase[] = [
  {
    name: 'groups alone stay groups; a group icon with a style becomes { name, style }',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro', 'quickstart'], icon: 'rocket', iconType: 'solid' },
        { group: 'More', pages: ['faq'] },
      ],
    },
    navigation: {
      groups: [
        { group: 'Start', pages: ['intro', 'quickstart'], icon: { name: 'rocket', style: 'solid' } },
        { group: 'More', pages: ['faq'] },
      ],
    },
  },
  {
    name: 'page paths as the legacy check writes them: root-relative, dots resolved, a trailing slash kept',
    mint: { navigation: [{ group: 'Start', pages: ['./intro', '/guides/setup', 'a/../b', 'api/users/'] }] },
    navigation: { groups: [{ group: 'Start', pages: ['intro', 'guides/setup', 'b', 'api/users/'] }] },
  },
  {
    name: 'without divisions, a nested group is passed on as written',
    mint: { navigation: [{ group: 'Start', pages: ['intro', { group: 'Deep', pages: ['deep/one'], icon: 'star', iconType: 'duotone', public: true }] }] },
    navigation: { groups: [{ group: 'Start', pages: ['intro', { group: 'Deep', public: true, icon: 'star', iconType: 'duotone', pages: ['deep/one'] }] }] },
  },
  {
    name: 'tabs take the pages under their url; the rest go to a first tab, "Documentation"',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'API', pages: ['api/users', 'api/teams'] },
      ],
      tabs: [{ name: 'API', url: 'api' }],
    },
    navigation: {
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
        { tab: 'API', groups: [{ group: 'API', pages: ['api/users', 'api/teams'] }] },
      ],
    },
  },
  {
    name: 'primaryTab names the first tab (and hides it)',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'API', pages: ['api/users'] },
      ],
      tabs: [{ name: 'API', url: 'api' }],
      primaryTab: { name: 'Guides', isDefaultHidden: true },
    },
    navigation: {
      tabs: [
        { tab: 'Guides', hidden: true, groups: [{ group: 'Start', pages: ['intro'] }] },
        { tab: 'API', groups: [{ group: 'API', pages: ['api/users'] }] },
      ],
    },
  },
  {
    name: 'a tab whose url starts no page is left out; one with an external url among them keeps its href',
    mint: {
      navigation: [{ group: 'API', pages: ['api/users'] }],
      tabs: [
        { name: 'API', url: 'api' },
        { name: 'Changelog', url: 'changelog' },
        { name: 'Status', url: 'https://status.example.com' },
      ],
    },
    navigation: {
      tabs: [
        { tab: 'API', groups: [{ group: 'API', pages: ['api/users'] }] },
        { tab: 'Status', href: 'https://status.example.com' },
      ],
    },
  },
  {
    name: 'tabs that are all external links become global tabs',
    mint: { navigation: [{ group: 'Start', pages: ['intro'] }], tabs: [{ name: 'Blog', url: 'https://blog.example.com', isDefaultHidden: true }] },
    navigation: {
      tabs: [{ tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] }],
      global: { tabs: [{ tab: 'Blog', href: 'https://blog.example.com', hidden: true }] },
    },
  },
  {
    name: 'anchors take their pages with icon, style and colour (a gradient: its first colour); topAnchor names the first',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'SDKs', pages: ['sdks/node'] },
      ],
      anchors: [{ name: 'SDKs', url: 'sdks', icon: 'code', iconType: 'regular', color: { from: '#111111', to: '#222222' } }],
      topAnchor: { name: 'Guides', icon: 'book' },
    },
    navigation: {
      anchors: [
        { anchor: 'Guides', icon: 'book', groups: [{ group: 'Start', pages: ['intro'] }] },
        {
          anchor: 'SDKs',
          icon: { name: 'code', style: 'regular' },
          color: { light: '#111111', dark: '#111111' },
          groups: [{ group: 'SDKs', pages: ['sdks/node'] }],
        },
      ],
    },
  },
  {
    name: 'anchors that are all external links become global anchors (a gradient is dropped)',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'] }],
      anchors: [
        { name: 'Community', url: 'https://community.example.com', icon: 'discord', color: '#5865F2' },
        { name: 'Blog', url: 'https://blog.example.com', color: { from: '#111111', to: '#222222' } },
      ],
    },
    navigation: {
      anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['intro'] }] }],
      global: {
        anchors: [
          { anchor: 'Community', href: 'https://community.example.com', icon: 'discord', color: { light: '#5865F2', dark: '#5865F2' } },
          { anchor: 'Blog', href: 'https://blog.example.com' },
        ],
      },
    },
  },
  {
    name: 'a more specific division takes its pages first',
    mint: {
      navigation: [{ group: 'API', pages: ['api/users', 'api/v2/users'] }],
      tabs: [
        { name: 'API', url: 'api' },
        { name: 'API v2', url: 'api/v2' },
      ],
    },
    navigation: {
      tabs: [
        { tab: 'API', groups: [{ group: 'API', pages: ['api/users'] }] },
        { tab: 'API v2', groups: [{ group: 'API', pages: ['api/v2/users'] }] },
      ],
    },
  },
  {
    name: 'a nested group split between divisions is also left whole for the next (the platform shows its pages twice)',
    mint: { navigation: [{ group: 'All', pages: ['intro', { group: 'Mixed', pages: ['api/a', 'guides/b'] }] }], tabs: [{ name: 'API', url: 'api' }] },
    navigation: {
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'All', pages: ['intro', { group: 'Mixed', pages: ['api/a', 'guides/b'] }] }] },
        { tab: 'API', groups: [{ group: 'All', pages: [{ group: 'Mixed', pages: ['api/a'] }] }] },
      ],
    },
  },
  {
    name: 'tabs under an anchor: the anchor holds them',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'Users', pages: ['docs/api/users'] },
        { group: 'Guides', pages: ['docs/guides/one'] },
      ],
      anchors: [{ name: 'Docs', url: 'docs', icon: 'book' }],
      tabs: [
        { name: 'API', url: 'docs/api' },
        { name: 'Guides', url: 'docs/guides' },
      ],
    },
    navigation: {
      tabs: [
        { tab: 'Documentation', anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['intro'] }] }] },
        { tab: 'API', groups: [{ group: 'Users', pages: ['docs/api/users'] }] },
        { tab: 'Guides', groups: [{ group: 'Guides', pages: ['docs/guides/one'] }] },
      ],
    },
  },
  {
    name: 'a division with an openapi file gets { source, directory }; with an external url, the spec as it is',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'] }],
      tabs: [
        { name: 'API', url: 'api-reference', openapi: '/openapi.json' },
        { name: 'Remote', url: 'https://api.example.com', openapi: 'https://api.example.com/openapi.json' },
      ],
    },
    navigation: {
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
        { tab: 'API', openapi: { source: '/openapi.json', directory: 'api-reference' } },
        { tab: 'Remote', href: 'https://api.example.com', openapi: 'https://api.example.com/openapi.json' },
      ],
    },
  },
  {
    name: 'versions get the groups of their version and the untagged ones',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'Old', pages: ['v1/old'], version: 'v1' },
        { group: 'New', pages: ['v2/new'], version: 'v2' },
      ],
      versions: ['v2', 'v1'],
    },
    navigation: {
      versions: [
        {
          version: 'v2',
          groups: [
            { group: 'Start', pages: ['intro'] },
            { group: 'New', pages: ['v2/new'] },
          ],
        },
        {
          version: 'v1',
          groups: [
            { group: 'Start', pages: ['intro'] },
            { group: 'Old', pages: ['v1/old'] },
          ],
        },
      ],
    },
  },
  {
    name: 'version objects: a default, and one that links elsewhere',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'] }],
      versions: [
        { name: 'v2', default: true },
        { name: 'v1', url: 'https://v1.example.com' },
      ],
    },
    navigation: {
      versions: [
        { version: 'v2', default: true, groups: [{ group: 'Start', pages: ['intro'] }] },
        { version: 'v1', href: 'https://v1.example.com' },
      ],
    },
  },
  {
    name: 'versions that are all links elsewhere are left out',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'] }],
      versions: [
        { name: 'v2', url: 'https://v2.example.com' },
        { name: 'v1', url: 'https://v1.example.com' },
      ],
    },
    navigation: { groups: [{ group: 'Start', pages: ['intro'] }] },
  },
  {
    name: 'versions that all have a locale become languages',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'], version: 'English' },
        { group: 'Inicio', pages: ['es/intro'], version: 'Español' },
      ],
      versions: [
        { name: 'English', locale: 'en', default: true },
        { name: 'Español', locale: 'es' },
      ],
    },
    navigation: {
      languages: [
        { language: 'en', default: true, groups: [{ group: 'Start', pages: ['intro'] }] },
        { language: 'es', groups: [{ group: 'Inicio', pages: ['es/intro'] }] },
      ],
    },
  },
  {
    name: 'a locale version with a url is a language that links there, with no pages of its own',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'], version: 'English' }],
      versions: [
        { name: 'English', locale: 'en', default: true },
        { name: 'French', locale: 'fr', url: 'https://fr.example.com' },
      ],
    },
    navigation: {
      languages: [
        { language: 'en', default: true, groups: [{ group: 'Start', pages: ['intro'] }] },
        { language: 'fr', href: 'https://fr.example.com' },
      ],
    },
  },
  {
    name: 'a nested group of a version is remade (group, icon, pages): its own version key is not carried',
    mint: {
      navigation: [
        { group: 'Start', version: 'v1', pages: ['intro', { group: 'More', version: 'v1', pages: ['more'] }] },
        { group: 'Other', version: 'v2', pages: ['other'] },
      ],
      versions: ['v1', 'v2'],
    },
    navigation: {
      versions: [
        { version: 'v1', groups: [{ group: 'Start', pages: ['intro', { group: 'More', pages: ['more'] }] }] },
        { version: 'v2', groups: [{ group: 'Other', pages: ['other'] }] },
      ],
    },
  },
  {
    name: 'a division of one version gates its pages to that version',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'API', pages: ['api/v1/users', 'api/v2/users'] },
      ],
      versions: ['v1', 'v2'],
      tabs: [
        { name: 'API v1', url: 'api/v1', version: 'v1' },
        { name: 'API v2', url: 'api/v2', version: 'v2' },
      ],
    },
    navigation: {
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'API v1', groups: [{ group: 'API', pages: ['api/v1/users'] }] },
          ],
        },
        {
          version: 'v2',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'API v2', groups: [{ group: 'API', pages: ['api/v2/users'] }] },
          ],
        },
      ],
    },
  },
];

export interface SettingsCase {
  name: string;
  /** Keys added to a mint.json with one group (`mintOf`'s settings overridden where given). */
  mint: Record<string, unknown>;
  /** Upgrade the theme, as `mint upgrade` does. */
  theme?: boolean;
  /** The docs.json without its `navigation`, keys in the platform's order. */
  docs: Record<string, unknown>;
}

/** The navigation every settings case has. */
export const SETTINGS_NAVIGATION = [{ group: 'Start', pages: ['intro'] }];

/** One case per setting the platform's upgrade carries over, moves or changes. */
export const SETTINGS_CASES: SettingsCase[] = [
  {
    name: 'every site gets the mint theme from the build, and $schema the docs.json schema',
    mint: { $schema: 'https://mintlify.com/schema.json', theme: 'venus', layout: 'sidenav' },
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
  },
  {
    name: 'with the theme upgrade (mint upgrade): venus is palm',
    mint: { theme: 'venus' },
    theme: true,
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'palm', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
  },
  {
    name: 'with the theme upgrade: quill is willow',
    mint: { theme: 'quill' },
    theme: true,
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'willow', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
  },
  {
    name: 'with the theme upgrade: the layout wins (sidenav is maple, solidSidenav willow)',
    mint: { theme: 'prism', layout: 'solidSidenav' },
    theme: true,
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'willow', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
  },
  {
    name: 'colors: primary, light and dark; the background colours go to background.color; anchors are dropped',
    mint: { colors: { primary: '#111111', light: '#222222', dark: '#333333', background: { light: '#FFFFFF', dark: '#000000' }, anchors: '#444444' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#111111', light: '#222222', dark: '#333333' },
      favicon: '/favicon.svg',
      background: { color: { light: '#FFFFFF', dark: '#000000' } },
    },
  },
  {
    name: 'background style and image',
    mint: { background: { style: 'grid' }, backgroundImage: '/bg.png' },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      background: { image: '/bg.png', decoration: 'grid' },
    },
  },
  {
    name: 'eyebrow and code block modes become styling',
    mint: { eyebrow: { display: 'breadcrumbs' }, codeBlock: { mode: 'auto' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      styling: { eyebrows: 'breadcrumbs', codeblocks: 'system' },
    },
  },
  {
    name: 'api: baseUrl and auth are mdx, the playground mode is display, disableProxy is proxy inverted, request languages are examples',
    mint: {
      openapi: ['/specs/a.json', 'https://example.com/b.json'],
      api: {
        baseUrl: 'https://api.example.com',
        auth: { method: 'bearer', name: 'Authorization' },
        playground: { mode: 'hide', disableProxy: true },
        request: { example: { languages: ['curl', 'python'] } },
        maintainOrder: true,
      },
    },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      api: {
        openapi: ['specs/a.json', 'https://example.com/b.json'],
        playground: { display: 'none', proxy: false },
        examples: { languages: ['curl', 'python'] },
        mdx: { server: 'https://api.example.com', auth: { method: 'bearer', name: 'Authorization' } },
      },
    },
  },
  {
    name: 'api: a playground without a mode is shown (the legacy check fills in "show")',
    mint: { api: { playground: { disableProxy: false } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      api: { playground: { display: 'interactive', proxy: true } },
    },
  },
  {
    name: 'modeToggle is appearance',
    mint: { modeToggle: { default: 'dark', isHidden: true } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      appearance: { default: 'dark', strict: true },
    },
  },
  {
    name: 'topbar links and the CTA button are the navbar (a GitHub link is labelled "Github")',
    mint: {
      topbarLinks: [
        { name: 'Support', url: 'mailto:help@example.com' },
        { type: 'github', url: 'https://github.com/acme/docs' },
      ],
      topbarCtaButton: { type: 'github', url: 'https://github.com/acme' },
    },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      navbar: {
        links: [
          { label: 'Support', href: 'mailto:help@example.com' },
          { label: 'Github', href: 'https://github.com/acme/docs' },
        ],
        primary: { type: 'github', href: 'https://github.com/acme' },
      },
    },
  },
  {
    name: 'a CTA link is a button',
    mint: { topbarCtaButton: { name: 'Sign in', url: 'https://app.example.com', style: 'pill', arrow: true } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      navbar: { primary: { type: 'button', label: 'Sign in', href: 'https://app.example.com' } },
    },
  },
  {
    name: 'search prompt, metadata and hidden-page indexing are search and seo',
    mint: { search: { prompt: 'Ask', location: 'top' }, metadata: { 'og:title': 'Acme' }, seo: { indexHiddenPages: true } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      search: { prompt: 'Ask' },
      seo: { metatags: { 'og:title': 'Acme' }, indexing: 'all' },
    },
  },
  {
    name: 'footer socials (a list becomes a record) and link columns',
    mint: {
      footer: {
        socials: [{ type: 'github', url: 'https://github.com/acme' }],
        links: [{ title: 'Company', links: [{ label: 'About', url: 'https://example.com/about' }] }],
      },
    },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      footer: {
        socials: { github: 'https://github.com/acme' },
        links: [{ header: 'Company', items: [{ label: 'About', href: 'https://example.com/about' }] }],
      },
    },
  },
  {
    name: 'footerSocials (deprecated) as footer socials',
    mint: { footerSocials: { x: 'https://x.com/acme' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      footer: { socials: { x: 'https://x.com/acme' } },
    },
  },
  {
    name: 'analytics and integrations are integrations',
    mint: { analytics: { ga4: { measurementId: 'G-123' } }, integrations: { intercom: 'abcdef1', frontchat: 'ghijkl2' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      integrations: { ga4: { measurementId: 'G-123' }, intercom: { appId: 'abcdef1' }, frontchat: { snippetId: 'ghijkl2' } },
    },
  },
  {
    name: 'one font: its url is source',
    mint: { font: { family: 'Inter', weight: 500, url: 'https://example.com/inter.woff2', format: 'woff2' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      fonts: { family: 'Inter', weight: 500, format: 'woff2', source: 'https://example.com/inter.woff2' },
    },
  },
  {
    name: 'heading and body fonts',
    mint: { font: { headings: { family: 'Inter' }, body: { family: 'Lora', url: 'https://example.com/lora.woff2', format: 'woff2' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      fonts: { heading: { family: 'Inter' }, body: { family: 'Lora', format: 'woff2', source: 'https://example.com/lora.woff2' } },
    },
  },
  {
    name: 'logo, favicon, name and redirects are carried over as written',
    mint: { logo: { light: '/l.svg', dark: '/d.svg', href: 'https://example.com' }, redirects: [{ source: '/old', destination: '/new', permanent: true }] },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      logo: { light: '/l.svg', dark: '/d.svg', href: 'https://example.com' },
      redirects: [{ source: '/old', destination: '/new', permanent: true }],
    },
  },
  {
    name: 'a key the legacy check drops is not carried over (an unknown key of a redirect)',
    mint: { redirects: [{ source: '/old', destination: '/new', note: 'moved in 2023' }] },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      redirects: [{ source: '/old', destination: '/new' }],
    },
  },
  {
    name: 'an eyebrow display other than breadcrumbs is section',
    mint: { eyebrow: { display: 'section' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      styling: { eyebrows: 'section' },
    },
  },
  {
    name: "api: an auth with a name and no method is still the mdx's auth",
    mint: { api: { baseUrl: 'https://api.example.com', auth: { name: 'X-Key' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      api: { mdx: { server: 'https://api.example.com', auth: { name: 'X-Key' } } },
    },
  },
];
