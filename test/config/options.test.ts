import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ignoredPages, ignoreTest } from '../../src/config/ignore.js';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import type { ValidateOptions } from '../../src/pipeline/options.js';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Codes and pointers of what validateText reports, as `code pointer`. */
function reported(value: unknown, options: ValidateOptions = {}): string[] {
  return validateText(json(value), { ...options, rules: { 'page-not-found': 'off', ...options.rules } }).problems.map((p) => `${p.code} ${p.pointer}`);
}

/** What the platform requires beside `navigation` (the platform profile checks it; the spec does not). */
const SETTINGS = { theme: 'mint', name: 'Site', colors: { primary: '#0D9373' } };

const site = {
  ...SETTINGS,
  navigation: {
    languages: [
      { language: 'en', pages: ['en/intro'] },
      { language: 'ja', pages: ['ja/intro'] },
      { language: 'ua', pages: ['ua/intro'] },
      { language: 'pl-PL', pages: ['pl/intro'] },
    ],
    global: {
      anchors: [
        { anchor: 'Docs', href: 'https://x.example' },
        { anchor: 'Blog', href: '/blog' },
        { anchor: 'Top', href: '#top' },
        { anchor: 'Mail', href: 'mailto:a@x.example' },
        { anchor: 'Rel', href: 'blog' },
        { anchor: 'Js', href: 'javascript:alert(1)' },
      ],
    },
  },
};

describe('profiles through validateText', () => {
  const underSpec = [
    'language-code /navigation/languages/1/language',
    'language-code /navigation/languages/3/language',
    'external-href /navigation/global/anchors/1/href',
    'external-href /navigation/global/anchors/2/href',
    'external-href /navigation/global/anchors/3/href',
    'external-href /navigation/global/anchors/4/href',
    'external-href /navigation/global/anchors/5/href',
  ];
  const underPlatform = [
    'language-code /navigation/languages/2/language',
    'language-code /navigation/languages/3/language',
    'external-href /navigation/global/anchors/4/href',
    'external-href /navigation/global/anchors/5/href',
  ];
  it.each([
    // Issue 56: the default is the platform's verdict.
    { profile: undefined, expected: underPlatform },
    { profile: 'spec' as const, expected: underSpec },
    { profile: 'platform' as const, expected: underPlatform },
  ])('profile $profile', ({ profile, expected }) => {
    expect(reported(site, { profile })).toEqual(expected);
  });

  it('everything else is the same under both profiles', () => {
    const other = { ...SETTINGS, navigation: { groups: [{ group: 'G', expand: true, pages: ['a.mdx', 'a'] }], tabs: [] } };
    expect(reported(other, { profile: 'platform' })).toEqual(reported(other, { profile: 'spec' }));
    expect(reported(other).length).toBeGreaterThan(2);
  });

  it('extra language codes add to the profile’s', () => {
    expect(
      reported(
        {
          ...SETTINGS,
          navigation: {
            languages: [
              { language: 'tlh', pages: ['a'] },
              { language: 'pl', pages: ['b'] },
            ],
          },
        },
        { profile: 'platform', languageCodes: ['tlh'] },
      ),
    ).toEqual([]);
  });
});

const pages = {
  navigation: {
    tabs: [
      {
        tab: 'Guides',
        groups: [{ group: 'G', root: 'drafts/root', pages: ['intro', 'drafts/a', './drafts/b.mdx', '/drafts/c/', 'drafts-not/d', 'other/drafts/e'] }],
      },
      { tab: 'Old', groups: [{ group: 'O', expand: true, pages: ['old/x'] }] },
    ],
  },
};
const files = {
  root: 'docs',
  hasFile: (p: string) => p === 'intro.mdx',
  filesIn: () => ['intro.mdx'],
};
const ignoring = (ignore: string[] | undefined) =>
  validateText(json(pages), { files, ignore, rules: { 'page-path': 'off' } }).problems.map((p) => `${p.code} ${p.pointer}`);

describe('ignore', () => {
  const all = ignoring(undefined);

  it.each([
    { name: 'nothing ignored', ignore: [], gone: [] },
    {
      name: 'page glob: the pages under drafts/, however written',
      ignore: ['drafts/**'],
      // the group's `root` is a page too
      gone: [
        '/navigation/tabs/0/groups/0/root',
        '/navigation/tabs/0/groups/0/pages/1',
        '/navigation/tabs/0/groups/0/pages/2',
        '/navigation/tabs/0/groups/0/pages/3',
      ],
    },
    { name: 'page glob: one page', ignore: ['old/x'], gone: ['/navigation/tabs/1/groups/0/pages/0'] },
    {
      name: 'page glob: any folder',
      ignore: ['**/drafts/**'],
      gone: [
        '/navigation/tabs/0/groups/0/root',
        '/navigation/tabs/0/groups/0/pages/1',
        '/navigation/tabs/0/groups/0/pages/2',
        '/navigation/tabs/0/groups/0/pages/3',
        '/navigation/tabs/0/groups/0/pages/5',
      ],
    },
    {
      name: 'pointer glob: everything inside a tab (keys too)',
      ignore: ['/navigation/tabs/1/**'],
      gone: ['/navigation/tabs/1/groups/0/expand', '/navigation/tabs/1/groups/0/pages/0'],
    },
    { name: 'pointer glob: one pointer', ignore: ['/navigation/tabs/1/groups/0/expand'], gone: ['/navigation/tabs/1/groups/0/expand'] },
    { name: 'pointer glob: a star is one segment', ignore: ['/navigation/tabs/*/groups/0/pages/0'], gone: ['/navigation/tabs/1/groups/0/pages/0'] },
    { name: 'a page glob never matches a pointer', ignore: ['navigation/**'], gone: [] },
    { name: 'unusable patterns are skipped', ignore: ['', '!drafts/**'], gone: [] },
  ])('$name', ({ ignore, gone }) => {
    for (const pointer of gone)
      expect(
        all.some((line) => line.endsWith(` ${pointer}`)),
        pointer,
      ).toBe(true);
    expect(ignoring(ignore)).toEqual(all.filter((line) => !gone.some((pointer) => line.endsWith(` ${pointer}`))));
  });

  it('applies inside $ref targets, by the pointer into the whole document and by page', () => {
    const refs: Record<string, string> = { [path.resolve('site/tab.json')]: json({ tab: 'T', pages: ['drafts/a', 'b.mdx'] }) };
    const text = json({ ...SETTINGS, navigation: { tabs: [{ $ref: './tab.json' }] } });
    const run = (ignore?: string[]) =>
      validateText(text, { file: 'site/docs.json', root: 'site', files, readFile: (file) => refs[file], ignore }).problems.map(
        (p) => `${p.file} ${p.code} ${p.pointer}`,
      );
    expect(run()).toEqual(['site/tab.json page-not-found /pages/0', 'site/tab.json page-not-found /pages/1', 'site/tab.json page-path /pages/1']);
    expect(run(['drafts/**'])).toEqual(['site/tab.json page-not-found /pages/1', 'site/tab.json page-path /pages/1']);
    expect(run(['/navigation/tabs/0/pages/1'])).toEqual(['site/tab.json page-not-found /pages/0']);
  });

  it('applies to syntax-level problems of the main file by pointer', () => {
    const text = '{\n  "navigation": { "pages": ["a"], "pages": ["b"] }\n}';
    expect(validateText(text).problems.map((p) => p.code)).toContain('duplicate-key');
    expect(validateText(text, { ignore: ['/navigation/pages'] }).problems.map((p) => p.code)).not.toContain('duplicate-key');
  });

  it('applies to what the resolver reports', async () => {
    const text = json({ navigation: { groups: [{ group: 'A', pages: ['GET /users', 'drafts/GET /x'] }] } });
    const run = async (ignore?: string[]) =>
      (await resolveText(text, { files, ignore, rules: { 'page-not-found': 'off' } })).problems.map((p) => `${p.code} ${p.pointer}`);
    const before = await run();
    expect(before).toContain('endpoint-no-spec /navigation/groups/0/pages/0');
    expect(await run(['/navigation/groups/0/pages/0'])).toEqual(before.filter((line) => !line.endsWith('/pages/0')));
  });
});

describe('ignoreTest', () => {
  const value = {
    root: 'drafts/top',
    navigation: {
      groups: [{ group: 'G', root: './drafts/r.md', pages: ['drafts/a', { group: 'drafts/x', pages: [] }, 7] }],
      pages: ['drafts/b', 'drafts/.well-known/c', '.hidden'],
      '.comment': 'x',
    },
  };
  it.each([
    { pattern: 'drafts/**', pointer: '/navigation/groups/0/root', ignored: true },
    { pattern: 'drafts/**', pointer: '/navigation/groups/0/pages/0', ignored: true },
    { pattern: 'drafts/**', pointer: '/navigation/groups/0/pages/1', ignored: false },
    { pattern: 'drafts/**', pointer: '/navigation/groups/0/pages/1/group', ignored: false },
    { pattern: 'drafts/**', pointer: '/navigation/groups/0/pages/2', ignored: false },
    { pattern: 'drafts/**', pointer: '/navigation/groups/0/pages/9', ignored: false },
    { pattern: 'drafts/**', pointer: '/navigation/pages/0', ignored: true },
    { pattern: 'drafts/**', pointer: '/navigation/groups/0/group', ignored: false },
    { pattern: '/navigation/groups/0/**', pointer: '/navigation/groups/0', ignored: true },
    { pattern: '/navigation/groups/0/**', pointer: '/navigation/groups/0/pages/1/group', ignored: true },
    { pattern: '/navigation/groups/0/**', pointer: '/navigation/groups/01', ignored: false },
    { pattern: '/navigation/groups/0/**', pointer: '/navigation/pages/0', ignored: false },
    { pattern: '/navigation/**', pointer: '', ignored: false },
    // Names starting with a dot are matched like any other, by `**` and `*` alike (picomatch leaves them out by default).
    { pattern: 'drafts/**', pointer: '/navigation/pages/1', ignored: true },
    { pattern: '*', pointer: '/navigation/pages/2', ignored: true },
    { pattern: '/navigation/**', pointer: '/navigation/.comment', ignored: true },
    { pattern: '/navigation/*', pointer: '/navigation/.comment', ignored: true },
    // A page glob is matched against pages only, a pointer glob against pointers only: `**` ignores every page's problem, never a pointer that names no page.
    { pattern: '**', pointer: '/navigation/pages/0', ignored: true },
    { pattern: '**', pointer: '/navigation/groups/0', ignored: false },
    { pattern: '**', pointer: '/navigation/.comment', ignored: false },
    { pattern: '/**', pointer: '/navigation/pages/0', ignored: true },
    // A page is an entry of some `pages` or a group's `root`: not a top-level `root`, nor the document itself.
    { pattern: 'drafts/**', pointer: '/root', ignored: false },
    { pattern: 'drafts/**', pointer: '', ignored: false },
  ])('$pattern at $pointer: $ignored', ({ pattern, pointer, ignored }) => {
    expect(ignoreTest([pattern])!(pointer, value)).toBe(ignored);
  });

  it('is undefined when there is nothing to ignore', () => {
    expect(ignoreTest(undefined)).toBeUndefined();
    expect(ignoreTest([])).toBeUndefined();
    expect(ignoreTest(['', '!x'])).toBeUndefined();
  });
});

describe('ignoredPages', () => {
  it('tests pages against the page globs only, names starting with a dot matched too', () => {
    const ignored = ignoredPages(['drafts/**', '/navigation/**', '', '!old/**', '.hidden'])!;
    expect(['drafts/a', 'drafts/.well-known/b', '.hidden', 'navigation/x', 'old/a', 'guide'].filter(ignored)).toEqual([
      'drafts/a',
      'drafts/.well-known/b',
      '.hidden',
    ]);
  });

  it('is undefined when no page glob is usable', () => {
    expect(ignoredPages(undefined)).toBeUndefined();
    expect(ignoredPages(['/navigation/**', '', '!x'])).toBeUndefined();
  });
});

describe('the spec profile on what the platform accepts', () => {
  it('says the platform accepts it, why it is a warning, and how to make it an error', () => {
    const text = JSON.stringify({ navigation: { languages: [{ language: 'uk', pages: ['a'] }] } });
    const [problem] = validateText(text, { profile: 'spec' }).problems.filter((p) => p.code === 'language-code');
    expect(problem.severity).toBe('warning');
    expect(problem.message).toMatch(
      /; the hosted platform accepts "uk", so this is a warning \(the default profile, platform, accepts it; make it an error with "rules" in docsnav\.config\.json\)\.$/,
    );
  });
});
