/**
 * The settings of the mint.json upgrade (src/mint/upgrade.ts) case by case, beyond the platform's
 * rule-by-rule table: the docs.json outside its navigation (keys in the platform's order), the
 * mint.json value each part of it goes back to (a default the upgrade adds goes back to its holder,
 * or to nothing), how many parts each mint.json setting is the source of, and what is dropped or
 * changed.
 */
import { describe, expect, it } from 'vitest';
import { upgradeMintConfig } from '../../src/mint/upgrade.js';

/** Every pointer into a value, parents first, keys in order. */
function pointersOf(value: unknown, at = ''): string[] {
  const out = [at];
  if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) out.push(...pointersOf(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return out;
}

/** The lines of a table cell written between two line breaks (a line may end in a space). */
const lines = (text: string) => text.slice(1, -1).split('\n');

/** A whole mint.json around the case's settings (a key given as undefined is left out). */
function mintWith(settings: Record<string, unknown>): Record<string, unknown> {
  const mint: Record<string, unknown> = {
    name: 'Acme',
    favicon: '/favicon.svg',
    colors: { primary: '#0D9373' },
    navigation: [{ group: 'Get Started', pages: ['introduction'] }],
    ...settings,
  };
  for (const key of Object.keys(mint)) if (mint[key] === undefined) delete mint[key];
  return mint;
}

interface SettingsCase {
  name: string;
  mint: Record<string, unknown>;
  theme?: boolean;
  /** The docs.json without its navigation. */
  docs: Record<string, unknown>;
  /** `docs.json pointer <- mint.json pointer`, for every part outside the navigation. */
  origins: string;
  /** `mint.json pointer uses`, for every value outside the navigation. */
  uses: string;
  /** `kind pointer` of each change. */
  changes: string[];
}

const CASES: SettingsCase[] = [
  {
    name: 'a $schema, a theme and a layout kept by the build',
    mint: { $schema: 'https://mintlify.com/schema.json', theme: 'prism', layout: 'sidenav', redirects: [{ source: '/old', destination: '/new' }] },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      redirects: [{ source: '/old', destination: '/new' }],
    },
    origins: `
/$schema <- /$schema
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/redirects <- /redirects
/redirects/0 <- /redirects/0
/redirects/0/source <- /redirects/0/source
/redirects/0/destination <- /redirects/0/destination
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/$schema 1
/theme 0
/layout 0
/redirects 1
/redirects/0 1
/redirects/0/source 1
/redirects/0/destination 1
`,
    changes: ['changed /$schema', 'setting /theme', 'setting /layout'],
  },
  {
    name: 'with the theme upgrade: prism is mint, the sidenav layout maple',
    mint: { theme: 'prism', layout: 'sidenav' },
    theme: true,
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'maple', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
    origins: `
/$schema <- 
/theme <- /layout
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/theme 0
/layout 1
`,
    changes: ['setting /theme', 'changed /layout'],
  },
  {
    name: 'with the theme upgrade and no theme: mint, from nothing',
    mint: { layout: 'topnav' },
    theme: true,
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/layout 0
`,
    changes: ['setting /layout'],
  },
  {
    name: 'no colors: the default primary',
    mint: { colors: undefined },
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#16A34A' }, favicon: '/favicon.svg' },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- 
/colors/primary <- 
/favicon <- /favicon
`,
    uses: `
/name 1
/favicon 1
`,
    changes: [],
  },
  {
    name: 'an appearance, a search prompt, styling and the code block mode',
    mint: {
      modeToggle: { default: 'dark', isHidden: true },
      search: { prompt: 'Search Acme docs...' },
      eyebrow: { display: 'breadcrumbs' },
      codeBlock: { mode: 'dark' },
    },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      styling: { eyebrows: 'breadcrumbs', codeblocks: 'dark' },
      appearance: { default: 'dark', strict: true },
      search: { prompt: 'Search Acme docs...' },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/styling <- 
/styling/eyebrows <- /eyebrow/display
/styling/codeblocks <- /codeBlock/mode
/appearance <- /modeToggle
/appearance/default <- /modeToggle/default
/appearance/strict <- /modeToggle/isHidden
/search <- /search
/search/prompt <- /search/prompt
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/modeToggle 1
/modeToggle/default 1
/modeToggle/isHidden 1
/search 1
/search/prompt 1
/eyebrow 0
/eyebrow/display 1
/codeBlock 0
/codeBlock/mode 1
`,
    changes: [],
  },
  {
    name: 'an empty modeToggle and a null redirects give nothing',
    mint: { modeToggle: {}, redirects: null },
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/modeToggle 0
/redirects 0
`,
    changes: ['setting /redirects'],
  },
  {
    name: 'the API: openapi files, a playground, examples, a server and auth',
    mint: {
      openapi: ['openapi.json', 'https://api.example.com/openapi.json'],
      api: {
        baseUrl: 'https://api.example.com',
        auth: { method: 'bearer', name: 'Authorization' },
        playground: { mode: 'simple', disableProxy: false },
        request: { example: { languages: ['curl', 'python'] } },
      },
    },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      api: {
        openapi: ['openapi.json', 'https://api.example.com/openapi.json'],
        playground: { display: 'simple', proxy: true },
        examples: { languages: ['curl', 'python'] },
        mdx: { server: 'https://api.example.com', auth: { method: 'bearer', name: 'Authorization' } },
      },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/api <- /api
/api/openapi <- /openapi
/api/openapi/0 <- /openapi/0
/api/openapi/1 <- /openapi/1
/api/playground <- /api/playground
/api/playground/display <- /api/playground/mode
/api/playground/proxy <- /api/playground/disableProxy
/api/examples <- /api/request/example
/api/examples/languages <- /api/request/example/languages
/api/examples/languages/0 <- /api/request/example/languages/0
/api/examples/languages/1 <- /api/request/example/languages/1
/api/mdx <- /api
/api/mdx/server <- /api/baseUrl
/api/mdx/auth <- /api/auth
/api/mdx/auth/method <- /api/auth/method
/api/mdx/auth/name <- /api/auth/name
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/openapi 1
/openapi/0 1
/openapi/1 1
/api 1
/api/baseUrl 1
/api/auth 1
/api/auth/method 1
/api/auth/name 1
/api/playground 1
/api/playground/mode 1
/api/playground/disableProxy 1
/api/request 0
/api/request/example 1
/api/request/example/languages 1
/api/request/example/languages/0 1
/api/request/example/languages/1 1
`,
    changes: ['changed /api/playground/disableProxy'],
  },
  {
    name: 'the API: a playground that hides, and auth with a method only',
    mint: { api: { auth: { method: 'key' }, playground: { mode: 'hide' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      api: { playground: { display: 'none' }, mdx: { auth: { method: 'key' } } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/api <- /api
/api/playground <- /api/playground
/api/playground/display <- /api/playground/mode
/api/mdx <- /api
/api/mdx/auth <- /api/auth
/api/mdx/auth/method <- /api/auth/method
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/api 1
/api/auth 1
/api/auth/method 1
/api/playground 1
/api/playground/mode 1
`,
    changes: ['changed /api/playground/mode'],
  },
  {
    name: 'the API: a server alone, and a playground shown',
    mint: { api: { baseUrl: ['https://api.example.com', 'https://sandbox.example.com'], playground: { mode: 'show' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      api: { playground: { display: 'interactive' }, mdx: { server: ['https://api.example.com', 'https://sandbox.example.com'] } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/api <- /api
/api/playground <- /api/playground
/api/playground/display <- /api/playground/mode
/api/mdx <- /api
/api/mdx/server <- /api/baseUrl
/api/mdx/server/0 <- /api/baseUrl/0
/api/mdx/server/1 <- /api/baseUrl/1
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/api 1
/api/baseUrl 1
/api/baseUrl/0 1
/api/baseUrl/1 1
/api/playground 1
/api/playground/mode 1
`,
    changes: ['changed /api/playground/mode'],
  },
  {
    name: 'a background image alone',
    mint: { backgroundImage: '/images/background.png' },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      background: { image: '/images/background.png' },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/background <- 
/background/image <- /backgroundImage
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/backgroundImage 1
`,
    changes: [],
  },
  {
    name: 'a background style and colours',
    mint: { background: { style: 'gradient' }, colors: { primary: '#0D9373', background: { light: '#FFFFFF', dark: '#09090B' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      background: { decoration: 'gradient', color: { light: '#FFFFFF', dark: '#09090B' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/background <- /background
/background/decoration <- /background/style
/background/color <- /colors/background
/background/color/light <- /colors/background/light
/background/color/dark <- /colors/background/dark
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/colors/background 1
/colors/background/light 1
/colors/background/dark 1
/background 1
/background/style 1
`,
    changes: [],
  },
  {
    name: 'topbar links of each type, no call to action',
    mint: {
      topbarLinks: [
        { name: 'Community', url: 'https://community.example.com' },
        { type: 'link', name: 'Blog', url: 'https://blog.example.com' },
        { type: 'github', url: 'https://github.com/acme/acme' },
      ],
    },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      navbar: {
        links: [
          { label: 'Community', href: 'https://community.example.com' },
          { label: 'Blog', href: 'https://blog.example.com' },
          { label: 'Github', href: 'https://github.com/acme/acme' },
        ],
      },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/navbar <- 
/navbar/links <- /topbarLinks
/navbar/links/0 <- /topbarLinks/0
/navbar/links/0/label <- /topbarLinks/0/name
/navbar/links/0/href <- /topbarLinks/0/url
/navbar/links/1 <- /topbarLinks/1
/navbar/links/1/label <- /topbarLinks/1/name
/navbar/links/1/href <- /topbarLinks/1/url
/navbar/links/2 <- /topbarLinks/2
/navbar/links/2/label <- /topbarLinks/2/type
/navbar/links/2/href <- /topbarLinks/2/url
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/topbarLinks 1
/topbarLinks/0 1
/topbarLinks/0/name 1
/topbarLinks/0/url 1
/topbarLinks/1 1
/topbarLinks/1/type 1
/topbarLinks/1/name 1
/topbarLinks/1/url 1
/topbarLinks/2 1
/topbarLinks/2/type 1
/topbarLinks/2/url 1
`,
    changes: ['changed /topbarLinks/2/type'],
  },
  {
    name: 'a call to action of type link: a button',
    mint: { topbarCtaButton: { type: 'link', name: 'Dashboard', url: 'https://app.example.com' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      navbar: { primary: { type: 'button', label: 'Dashboard', href: 'https://app.example.com' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/navbar <- 
/navbar/primary <- /topbarCtaButton
/navbar/primary/type <- /topbarCtaButton
/navbar/primary/label <- /topbarCtaButton/name
/navbar/primary/href <- /topbarCtaButton/url
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/topbarCtaButton 1
/topbarCtaButton/type 1
/topbarCtaButton/name 1
/topbarCtaButton/url 1
`,
    changes: [],
  },
  {
    name: 'a GitHub call to action',
    mint: { topbarCtaButton: { type: 'github', url: 'https://github.com/acme/acme' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      navbar: { primary: { type: 'github', href: 'https://github.com/acme/acme' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/navbar <- 
/navbar/primary <- /topbarCtaButton
/navbar/primary/type <- /topbarCtaButton
/navbar/primary/href <- /topbarCtaButton/url
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/topbarCtaButton 1
/topbarCtaButton/type 1
/topbarCtaButton/url 1
`,
    changes: [],
  },
  {
    name: 'seo: metadata and hidden pages indexed',
    mint: { metadata: { 'og:image': '/og.png' }, seo: { indexHiddenPages: true } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      seo: { metatags: { 'og:image': '/og.png' }, indexing: 'all' },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/seo <- /seo
/seo/metatags <- /metadata
/seo/metatags/og:image <- /metadata/og:image
/seo/indexing <- /seo/indexHiddenPages
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/metadata 1
/metadata/og:image 1
/seo 1
/seo/indexHiddenPages 1
`,
    changes: ['changed /seo/indexHiddenPages'],
  },
  {
    name: 'seo: hidden pages not indexed, no metadata',
    mint: { seo: { indexHiddenPages: false } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      seo: { indexing: 'navigable' },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/seo <- /seo
/seo/indexing <- /seo/indexHiddenPages
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/seo 1
/seo/indexHiddenPages 1
`,
    changes: ['changed /seo/indexHiddenPages'],
  },
  {
    name: 'seo: metadata alone',
    mint: { metadata: { 'og:site_name': 'Acme' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      seo: { metatags: { 'og:site_name': 'Acme' }, indexing: 'navigable' },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/seo <- 
/seo/metatags <- /metadata
/seo/metatags/og:site_name <- /metadata/og:site_name
/seo/indexing <- 
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/metadata 1
/metadata/og:site_name 1
`,
    changes: [],
  },
  {
    name: 'footer socials as a list, footer links',
    mint: {
      footer: {
        socials: [
          { type: 'x', url: 'https://x.com/acme' },
          { type: 'github', url: 'https://github.com/acme' },
        ],
        links: [
          {
            title: 'Company',
            links: [
              { label: 'About', url: 'https://acme.example.com/about' },
              { label: 'Careers', url: 'https://acme.example.com/careers' },
            ],
          },
          { title: 'Legal' },
        ],
      },
    },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      footer: {
        socials: { x: 'https://x.com/acme', github: 'https://github.com/acme' },
        links: [
          {
            header: 'Company',
            items: [
              { label: 'About', href: 'https://acme.example.com/about' },
              { label: 'Careers', href: 'https://acme.example.com/careers' },
            ],
          },
          { header: 'Legal', items: [] },
        ],
      },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/footer <- /footer
/footer/socials <- /footer/socials
/footer/socials/x <- /footer/socials/0/url
/footer/socials/github <- /footer/socials/1/url
/footer/links <- /footer/links
/footer/links/0 <- /footer/links/0
/footer/links/0/header <- /footer/links/0/title
/footer/links/0/items <- /footer/links/0/links
/footer/links/0/items/0 <- /footer/links/0/links/0
/footer/links/0/items/0/label <- /footer/links/0/links/0/label
/footer/links/0/items/0/href <- /footer/links/0/links/0/url
/footer/links/0/items/1 <- /footer/links/0/links/1
/footer/links/0/items/1/label <- /footer/links/0/links/1/label
/footer/links/0/items/1/href <- /footer/links/0/links/1/url
/footer/links/1 <- /footer/links/1
/footer/links/1/header <- /footer/links/1/title
/footer/links/1/items <- /footer/links/1
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/footer 1
/footer/socials 1
/footer/socials/0 0
/footer/socials/0/type 1
/footer/socials/0/url 1
/footer/socials/1 0
/footer/socials/1/type 1
/footer/socials/1/url 1
/footer/links 1
/footer/links/0 1
/footer/links/0/title 1
/footer/links/0/links 1
/footer/links/0/links/0 1
/footer/links/0/links/0/label 1
/footer/links/0/links/0/url 1
/footer/links/0/links/1 1
/footer/links/0/links/1/label 1
/footer/links/0/links/1/url 1
/footer/links/1 1
/footer/links/1/title 1
`,
    changes: [],
  },
  {
    name: 'footer socials as an object',
    mint: { footer: { socials: { x: 'https://x.com/acme', linkedin: 'https://linkedin.com/company/acme' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      footer: { socials: { x: 'https://x.com/acme', linkedin: 'https://linkedin.com/company/acme' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/footer <- /footer
/footer/socials <- /footer/socials
/footer/socials/x <- /footer/socials/x
/footer/socials/linkedin <- /footer/socials/linkedin
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/footer 1
/footer/socials 1
/footer/socials/x 1
/footer/socials/linkedin 1
`,
    changes: [],
  },
  {
    name: 'the legacy footerSocials',
    mint: { footerSocials: { github: 'https://github.com/acme', discord: 'https://discord.gg/acme' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      footer: { socials: { github: 'https://github.com/acme', discord: 'https://discord.gg/acme' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/footer <- 
/footer/socials <- /footerSocials
/footer/socials/github <- /footerSocials/github
/footer/socials/discord <- /footerSocials/discord
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/footerSocials 1
/footerSocials/github 1
/footerSocials/discord 1
`,
    changes: [],
  },
  {
    name: 'footer links that are no list',
    mint: { footer: { links: { title: 'Company' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      footer: { links: [] },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/footer <- /footer
/footer/links <- /footer/links
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/footer 1
/footer/links 1
/footer/links/title 0
`,
    changes: ['setting /footer/links/title'],
  },
  {
    name: 'analytics and integrations',
    mint: { analytics: { ga4: { measurementId: 'G-XXXXXXX' }, posthog: { apiKey: 'phc_abc' } }, integrations: { intercom: 'abc123', frontchat: 'def456' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      integrations: { ga4: { measurementId: 'G-XXXXXXX' }, posthog: { apiKey: 'phc_abc' }, intercom: { appId: 'abc123' }, frontchat: { snippetId: 'def456' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/integrations <- /analytics
/integrations/ga4 <- /analytics/ga4
/integrations/ga4/measurementId <- /analytics/ga4/measurementId
/integrations/posthog <- /analytics/posthog
/integrations/posthog/apiKey <- /analytics/posthog/apiKey
/integrations/intercom <- /integrations/intercom
/integrations/intercom/appId <- /integrations/intercom
/integrations/frontchat <- /integrations/frontchat
/integrations/frontchat/snippetId <- /integrations/frontchat
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/analytics 1
/analytics/ga4 1
/analytics/ga4/measurementId 1
/analytics/posthog 1
/analytics/posthog/apiKey 1
/integrations 0
/integrations/intercom 2
/integrations/frontchat 2
`,
    changes: [],
  },
  {
    name: 'integrations alone: frontchat only',
    mint: { integrations: { frontchat: 'def456' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      integrations: { frontchat: { snippetId: 'def456' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/integrations <- /integrations
/integrations/frontchat <- /integrations/frontchat
/integrations/frontchat/snippetId <- /integrations/frontchat
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/integrations 1
/integrations/frontchat 2
`,
    changes: [],
  },
  {
    name: 'a font for everything, with a url',
    mint: { font: { family: 'Inter', weight: 400, url: 'https://fonts.example.com/inter.woff2' } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      fonts: { family: 'Inter', weight: 400, source: 'https://fonts.example.com/inter.woff2' },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/fonts <- /font
/fonts/family <- /font/family
/fonts/weight <- /font/weight
/fonts/source <- /font/url
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/font 1
/font/family 1
/font/weight 1
/font/url 1
`,
    changes: [],
  },
  {
    name: 'fonts for headings and body',
    mint: { font: { headings: { family: 'Lora', url: 'https://fonts.example.com/lora.woff2' }, body: { family: 'Inter' } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      fonts: { heading: { family: 'Lora', source: 'https://fonts.example.com/lora.woff2' }, body: { family: 'Inter' } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/fonts <- /font
/fonts/heading <- /font/headings
/fonts/heading/family <- /font/headings/family
/fonts/heading/source <- /font/headings/url
/fonts/body <- /font/body
/fonts/body/family <- /font/body/family
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/font 1
/font/headings 1
/font/headings/family 1
/font/headings/url 1
/font/body 1
/font/body/family 1
`,
    changes: [],
  },
  {
    name: 'fonts for the body only',
    mint: { font: { body: { family: 'Inter', weight: 500 } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      fonts: { body: { family: 'Inter', weight: 500 } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/fonts <- /font
/fonts/body <- /font/body
/fonts/body/family <- /font/body/family
/fonts/body/weight <- /font/body/weight
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/font 1
/font/body 1
/font/body/family 1
/font/body/weight 1
`,
    changes: [],
  },
  {
    name: 'a value the legacy check rejects is still upgraded, and a key it rejects is no dropped key',
    mint: { colors: { primary: '0D9373', primry: '#000000' } },
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '0D9373' }, favicon: '/favicon.svg' },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/colors/primry 0
`,
    changes: ['setting /colors/primry'],
  },
  {
    name: 'with the theme upgrade: prism alone is mint',
    mint: { theme: 'prism' },
    theme: true,
    docs: { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, favicon: '/favicon.svg' },
    origins: `
/$schema <- 
/theme <- /theme
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/theme 1
`,
    changes: ['changed /theme'],
  },
  {
    name: 'fonts for headings only',
    mint: { font: { headings: { family: 'Lora', weight: 600 } } },
    docs: {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      fonts: { heading: { family: 'Lora', weight: 600 } },
    },
    origins: `
/$schema <- 
/theme <- 
/name <- /name
/colors <- /colors
/colors/primary <- /colors/primary
/favicon <- /favicon
/fonts <- /font
/fonts/heading <- /font/headings
/fonts/heading/family <- /font/headings/family
/fonts/heading/weight <- /font/headings/weight
`,
    uses: `
/name 1
/favicon 1
/colors 1
/colors/primary 1
/font 1
/font/headings 1
/font/headings/family 1
/font/headings/weight 1
`,
    changes: [],
  },
];

describe('the settings upgrade, case by case', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    const mint = mintWith(testCase.mint);
    const upgrade = upgradeMintConfig(mint, { theme: testCase.theme });
    const { navigation, ...docs } = upgrade.docs;
    expect(navigation).toEqual({ groups: [{ group: 'Get Started', pages: ['introduction'] }] });
    expect(docs).toEqual(testCase.docs);
    expect(JSON.stringify(docs)).toBe(JSON.stringify(testCase.docs));
    expect(
      pointersOf(docs)
        .slice(1)
        .map((pointer) => `${pointer} <- ${upgrade.originOf(pointer)}`),
    ).toEqual(lines(testCase.origins));
    expect(
      pointersOf(mint)
        .slice(1)
        .filter((pointer) => !pointer.startsWith('/navigation'))
        .map((pointer) => `${pointer} ${upgrade.usesOf(pointer)}`),
    ).toEqual(lines(testCase.uses));
    expect(upgrade.changes.map((change) => `${change.kind} ${change.pointer}`)).toEqual(testCase.changes);
  });

  it('a setting the mint.json does not have is the source of nothing, though the upgrade reads its place', () => {
    const upgrade = upgradeMintConfig(mintWith({ layout: 'topnav', topbarLinks: [{ name: 'Community', url: 'https://community.example.com' }] }), {
      theme: true,
    });
    expect(upgrade.usesOf('/$schema')).toBe(0);
    expect(upgrade.usesOf('/theme')).toBe(0);
    expect(upgrade.usesOf('/topbarLinks/0/type')).toBe(0);
    expect(upgrade.usesOf('/topbarLinks/0/name')).toBe(1);
  });
});
