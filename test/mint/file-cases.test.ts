/**
 * A mint.json text upgraded as `docsnav upgrade` does it (src/mint/file.ts, `upgradeMintText`):
 * what stops the build (a syntax error, a `$ref` it cannot follow, what the legacy check rejects)
 * is a problem at its exact place and no upgrade; a duplicate key or a key the check only drops is
 * no problem; every `$ref` is a change at its place, in the order of the files, and every change
 * of the upgrade is located in the file (mint.json or `$ref` target) its value came from.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { upgradeMintText } from '../../src/mint/file.js';

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

/** The settings every mint.json here has, as lines of its text (after the `{`). */
const HEAD = ['  "name": "Acme",', '  "favicon": "/favicon.svg",', '  "colors": { "primary": "#0D9373" },'];

const REF_MESSAGE = (ref: string) => `The \`$ref\` "${ref}" is written out in docs.json: what it includes, in its place.`;

describe('a mint.json the build cannot read', () => {
  const text = lines('{', ...HEAD, '  "navigation": [ { "group": "Start", "pages": ["intro",] } ]', '}');

  it('a syntax error is the one problem, an error at its place in mint.json (the default name): no docs.json', () => {
    expect(upgradeMintText(text)).toStrictEqual({
      changes: [],
      problems: [
        {
          code: 'parse-error',
          severity: 'error',
          message: 'JSON syntax error: a value is expected here.',
          file: 'mint.json',
          pointer: '',
          line: 5,
          column: 57,
          endLine: 5,
          endColumn: 58,
        },
      ],
      sources: { 'mint.json': text },
    });
  });

  it('the file named is the one the problem and the sources name', () => {
    const upgrade = upgradeMintText(text, { file: 'docs/mint.json' });
    expect(upgrade.problems.map((problem) => problem.file)).toEqual(['docs/mint.json']);
    expect(upgrade.sources).toStrictEqual({ 'docs/mint.json': text });
  });

  it('a mint.json that is YAML to look at is still read as JSON (the platform JSON.parses it)', () => {
    const yaml = 'name: Acme\nfavicon: /favicon.svg\n';
    const upgrade = upgradeMintText(yaml, { file: 'mint.yaml' });
    expect(upgrade.docs).toBeUndefined();
    expect(upgrade.problems.map(({ code, line, column }) => ({ code, line, column }))).toEqual([{ code: 'parse-error', line: 1, column: 1 }]);
  });

  it('a duplicate key is no problem (JSON.parse takes the last): the upgrade goes on with it', () => {
    const duplicate = lines(
      '{',
      '  "name": "Acme",',
      '  "name": "Acme Docs",',
      ...HEAD.slice(1),
      '  "navigation": [ { "group": "Start", "pages": ["intro"] } ]',
      '}',
    );
    const upgrade = upgradeMintText(duplicate);
    expect(upgrade.problems).toEqual([]);
    expect(upgrade.changes).toEqual([]);
    expect(upgrade.docs).toMatchObject({ name: 'Acme Docs', navigation: { groups: [{ group: 'Start', pages: ['intro'] }] } });
    expect(upgrade.text).toBe(`${JSON.stringify(upgrade.docs, null, 2)}\n`);
  });

  it('a `$ref` to no file is the problem, and what the check says of the part left unresolved is not', () => {
    const withRef = lines('{', ...HEAD, '  "navigation": [ { "$ref": "nav/missing.json" }, { "group": "More", "pages": ["faq"] } ]', '}');
    expect(upgradeMintText(withRef, { file: '/site/mint.json', readFile: () => undefined })).toStrictEqual({
      changes: [],
      problems: [
        {
          code: 'ref-not-found',
          severity: 'error',
          message: '`$ref` "nav/missing.json": no file at nav/missing.json.',
          file: '/site/mint.json',
          pointer: '/navigation/0/$ref',
          line: 5,
          column: 29,
          endLine: 5,
          endColumn: 47,
        },
      ],
      sources: { '/site/mint.json': withRef },
    });
  });
});

describe('what the legacy check rejects stops the upgrade', () => {
  it('each rejected value is an error at its place (a key at the key), with its suggestion where it has one', () => {
    const text = lines(
      '{',
      '  "name": "Acme",',
      '  "favicon": "/favicon.svg",',
      '  "colors": { "primry": "#0D9373", "primary": "#0D9373" },',
      '  "navigation": [ { "group": "Start", "pages": ["intro", ""] } ]',
      '}',
    );
    expect(upgradeMintText(text)).toStrictEqual({
      changes: [],
      problems: [
        {
          code: 'mint-json-invalid',
          severity: 'error',
          message:
            "`primry` is not a field of `colors`, which takes only `primary`, `light`, `dark`, `background`, `anchors`, `ultraLight` and `ultraDark`. Did you mean `primary`? The platform's legacy check rejects it, so it does not upgrade it either.",
          file: 'mint.json',
          pointer: '/colors/primry',
          line: 4,
          column: 15,
          endLine: 4,
          endColumn: 23,
          suggest: 'primary',
        },
        {
          code: 'mint-json-invalid',
          severity: 'error',
          message: "`navigation[0].pages[1]` cannot be empty. The platform's legacy check rejects it, so it does not upgrade it either.",
          file: 'mint.json',
          pointer: '/navigation/0/pages/1',
          line: 5,
          column: 58,
          endLine: 5,
          endColumn: 60,
        },
      ],
      sources: { 'mint.json': text },
    });
  });

  it('a rejected value a `$ref` brought in is located in the file it came from', () => {
    const files: Record<string, string> = { '/site/nav/start.json': lines('{', '  "group": "Start",', '  "pages": ["intro"]', '}') };
    const text = lines(
      '{',
      ...HEAD,
      '  "metadata": { "og:title": { "$ref": "nav/start.json" } },',
      '  "navigation": [ { "group": "More", "pages": ["faq"] } ]',
      '}',
    );
    const upgrade = upgradeMintText(text, { file: '/site/mint.json', readFile: (file) => files[file] });
    expect(upgrade.problems).toStrictEqual([
      {
        code: 'mint-json-invalid',
        severity: 'error',
        message: "`metadata.og:title` must be a string, not an object. The platform's legacy check rejects it, so it does not upgrade it either.",
        file: '/site/nav/start.json',
        pointer: '',
        line: 1,
        column: 1,
        endLine: 4,
        endColumn: 2,
      },
    ]);
    expect(upgrade.changes).toEqual([]);
    expect(upgrade.docs).toBeUndefined();
  });
});

describe('a mint.json the build upgrades', () => {
  const files: Record<string, string> = {
    '/site/shared/alt.json': '"Acme logo"\n',
    '/site/nav/start.json': lines('{', '  "group": "Start",', '  "pages": ["./intro", { "$ref": "more.json" }]', '}'),
    '/site/nav/more.json': '{ "group": "More", "pages": ["faq"] }',
  };
  const text = lines(
    '{',
    '  "name": " Acme ",',
    '  "favicon": "/favicon.svg",',
    '  "x-notes": null,',
    '  "colors": { "primary": "#0D9373" },',
    '  "metadata": { "og:image/alt": { "$ref": "shared/alt.json" }, "og:title~short": { "$ref": "shared/alt.json" } },',
    '  "navigation": [ { "$ref": "nav/start.json" } ]',
    '}',
  );
  // Upgraded in each test, not once for the block: a mutant is active only while a test runs.
  const upgraded = () => upgradeMintText(text, { file: '/site/mint.json', readFile: (file) => files[file] });

  it('no problem; the docs.json value and its text', () => {
    expect(upgraded().problems).toEqual([]);
    expect(upgraded().docs).toStrictEqual({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      favicon: '/favicon.svg',
      navigation: { groups: [{ group: 'Start', pages: ['intro', { group: 'More', pages: ['faq'] }] }] },
      seo: { metatags: { 'og:image/alt': 'Acme logo', 'og:title~short': 'Acme logo' }, indexing: 'navigable' },
    });
    expect(upgraded().text).toBe(`${JSON.stringify(upgraded().docs, null, 2)}\n`);
    expect(upgraded().text!.startsWith('{\n  "$schema": "https://mintlify.com/docs.json",\n')).toBe(true);
  });

  it('every file read, by name, the mint.json first', () => {
    expect(upgraded().sources).toStrictEqual({ '/site/mint.json': text, ...files });
    expect(Object.keys(upgraded().sources)[0]).toBe('/site/mint.json');
  });

  it('each `$ref` written out (escaped pointers, in each file in order), then the changes of the upgrade at their place', () => {
    expect(upgraded().changes).toStrictEqual([
      {
        kind: 'changed',
        pointer: '/metadata/og:image~1alt/$ref',
        file: '/site/mint.json',
        line: 6,
        column: 43,
        endLine: 6,
        endColumn: 60,
        message: REF_MESSAGE('shared/alt.json'),
      },
      {
        kind: 'changed',
        pointer: '/metadata/og:title~0short/$ref',
        file: '/site/mint.json',
        line: 6,
        column: 92,
        endLine: 6,
        endColumn: 109,
        message: REF_MESSAGE('shared/alt.json'),
      },
      {
        kind: 'changed',
        pointer: '/navigation/0/$ref',
        file: '/site/mint.json',
        line: 7,
        column: 29,
        endLine: 7,
        endColumn: 45,
        message: REF_MESSAGE('nav/start.json'),
      },
      {
        kind: 'changed',
        pointer: '/pages/1/$ref',
        file: '/site/nav/start.json',
        line: 3,
        column: 34,
        endLine: 3,
        endColumn: 45,
        message: REF_MESSAGE('more.json'),
      },
      {
        kind: 'changed',
        pointer: '/name',
        docsPointer: '/name',
        to: 'Acme',
        message: '`name` " Acme " is "Acme" in docs.json (`name`).',
        file: '/site/mint.json',
        line: 2,
        column: 11,
        endLine: 2,
        endColumn: 19,
      },
      {
        kind: 'unknown-key',
        pointer: '/x-notes',
        message: '`x-notes` is not a setting the platform knows here: its legacy check drops it, and the site never sees it.',
        file: '/site/mint.json',
        line: 4,
        column: 3,
        endLine: 4,
        endColumn: 12,
      },
      {
        kind: 'changed',
        pointer: '/pages/0',
        docsPointer: '/navigation/groups/0/pages/0',
        to: 'intro',
        message: '`navigation[0].pages[0]` "./intro" is "intro" in docs.json (`navigation.groups[0].pages[0]`).',
        file: '/site/nav/start.json',
        line: 3,
        column: 13,
        endLine: 3,
        endColumn: 22,
      },
    ]);
  });

  it('CRLF line ends and a multi-byte name: the change is at its line and column', () => {
    const crlf = [
      '{',
      '  "name": "Ácme ",',
      '  "favicon": "/favicon.svg",',
      '  "colors": { "primary": "#0D9373" },',
      '  "navigation": [ { "group": "Start", "pages": ["intro"] } ]',
      '}',
      '',
    ].join('\r\n');
    expect(upgradeMintText(crlf).changes).toStrictEqual([
      {
        kind: 'changed',
        pointer: '/name',
        docsPointer: '/name',
        to: 'Ácme',
        message: '`name` "Ácme " is "Ácme" in docs.json (`name`).',
        file: 'mint.json',
        line: 2,
        column: 11,
        endLine: 2,
        endColumn: 18,
      },
    ]);
  });
});

describe('where `$ref` targets are read from', () => {
  const social = '{ "x": "https://x.com/acme" }\n';
  const text = lines(
    '{',
    ...HEAD,
    '  "footerSocials": { "$ref": "../shared/social.json" },',
    '  "navigation": [ { "group": "Start", "pages": ["intro"] } ]',
    '}',
  );

  it('the root given, not the mint.json folder, is the folder `$ref`s must stay inside', () => {
    const read = (file: string) => (file === '/site/shared/social.json' ? social : undefined);
    const upgrade = upgradeMintText(text, { file: '/site/docs/mint.json', root: '/site', readFile: read });
    expect(upgrade.problems).toEqual([]);
    expect(upgrade.docs?.footer).toEqual({ socials: { x: 'https://x.com/acme' } });
    expect(Object.keys(upgrade.sources)).toEqual(['/site/docs/mint.json', '/site/shared/social.json']);
  });

  it('without a root or a reader, the disk under the mint.json folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-mint-file-'));
    mkdirSync(path.join(dir, 'docs', 'shared'), { recursive: true });
    writeFileSync(path.join(dir, 'docs', 'shared', 'social.json'), social);
    const inside = text.replace('../shared/social.json', 'shared/social.json');
    const upgrade = upgradeMintText(inside, { file: path.join(dir, 'docs', 'mint.json') });
    expect(upgrade.problems).toEqual([]);
    expect(upgrade.docs?.footer).toEqual({ socials: { x: 'https://x.com/acme' } });
    expect(upgrade.sources[path.join(dir, 'docs', 'shared', 'social.json')]).toBe(social);
  });
});
