import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allCodes, codes, ruleDocPath, type Code } from '../../src/codes.js';
import { loadConfig } from '../../src/config-file/load.js';
import { readSiteBase } from '../../src/history/base.js';
import { fixFile } from '../../src/fix.js';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

/**
 * docs/rules/<code>.md: one per code, no more. Each doc's examples are run: the invalid one must
 * produce its code, the valid one no problem at all. Blocks marked `file=<path>` are written under a
 * temporary docs root first (pages, specs, `$ref` targets), so file-dependent rules run for real
 * (with `only=invalid`, for the invalid examples only). An example marked `profile=platform` is
 * checked under that profile; one marked `as=mint.json` is written and checked as a legacy mint.json.
 */

const DOCS = path.join('docs', 'rules');

/** Codes whose `--fix` support the docs must claim (the fix engineer's list). */
const FIXABLE: ReadonlySet<Code> = new Set([
  'unknown-field',
  'page-path',
  'invalid-value',
  'duplicate-page',
  'language-code',
  'expanded-top-level',
  'link-not-found',
  'anchor-not-found',
  'redirect-missing',
  'redirect-chain',
] as Code[]);

interface Block {
  lang: string;
  words: string[];
  file?: string;
  text: string;
}

function blocks(markdown: string): Block[] {
  const found: Block[] = [];
  const fence = /^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm;
  for (let match = fence.exec(markdown); match; match = fence.exec(markdown)) {
    const words = match[2].trim().split(/\s+/).filter(Boolean);
    const file = words.find((w) => w.startsWith('file='))?.slice('file='.length);
    found.push({ lang: match[1], words, file, text: match[3].replace(/\n$/, '') });
  }
  return found;
}

/** The example's docs.json text: the block itself, or what its JavaScript returns. */
function exampleText(block: Block): string {
  if (block.lang === 'js') return runInNewContext(`(() => {\n${block.text}\n})()`) as string;
  return block.text;
}

/** The codes an example produces, with the doc's files under a fresh docs root. */
async function codesOf(code: Code, example: Block, allFiles: Block[], base: Block[] = []): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), `docsnav-doc-${code}-`));
  // Blocks marked `base`: the site at a git ref, committed before the example's files are written (validate --since).
  const since = base.length > 0 ? commitBase(root, base, example.lang === 'yaml' ? 'docs.yaml' : 'docs.json') : undefined;
  const files = allFiles.filter((file) => !file.words.includes('only=invalid') || example.words.includes('invalid'));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file.file!)), { recursive: true });
    writeFileSync(path.join(root, file.file!), file.text);
  }
  // `as=mint.json`: the example is a legacy mint.json site's own file.
  const named = example.words.find((w) => w.startsWith('as='))?.slice('as='.length);
  const docsFile = path.join(root, named ?? (example.lang === 'yaml' ? 'docs.yaml' : 'docs.json'));
  const text = exampleText(example);
  if (codes[code].source === 'config') {
    // The config doc's examples are config files, next to a docs.json.
    writeFileSync(path.join(root, 'docsnav.config.json'), text);
    writeFileSync(docsFile, '{ "navigation": { "pages": ["index"] } }');
    return loadConfig(docsFile).problems.map((p) => p.code);
  }
  const checked = named === undefined ? withRequiredSettings(text, example.lang) : text;
  writeFileSync(docsFile, checked);
  // Pages and specs are looked up only for a doc that gives files: the others show one rule at a time.
  const profile = example.words.includes('profile=platform') ? ('platform' as const) : example.words.includes('profile=spec') ? ('spec' as const) : undefined;
  const options = { file: docsFile, root: files.length > 0 ? root : undefined, profile, since };
  const problems = codes[code].source === 'resolve' ? (await resolveText(checked, options)).problems : validateText(checked, options).problems;
  return problems.map((p) => p.code);
}

/**
 * An example shows navigation; the settings every docs.json needs on the platform (`name`, `theme`,
 * `colors`: without them the default profile reports the build failing) are filled in where it
 * leaves them out, so that it shows its own code and no other.
 */
function withRequiredSettings(text: string, lang: string): string {
  if (lang === 'yaml') {
    const missing = Object.entries({ name: 'name: Docs', theme: 'theme: mint', colors: "colors:\n  primary: '#0D9373'" }).filter(
      ([key]) => !new RegExp(`^${key}:`, 'm').test(text),
    );
    return missing.map(([, line]) => `${line}\n`).join('') + text;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('navigation' in value)) return text;
  // Inserted after the opening brace, the example's own text kept as written (a duplicate key stays one).
  const missing = Object.entries(REQUIRED_SETTINGS).filter(([key]) => !(key in value));
  const open = text.indexOf('{') + 1;
  return `${text.slice(0, open)}${missing.map(([key, setting]) => `${JSON.stringify(key)}: ${JSON.stringify(setting)}, `).join('')}${text.slice(open)}`;
}

/** The base blocks committed in a new git repository at `root`; the site at that commit. */
function commitBase(root: string, base: Block[], docsName: string) {
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=docs', '-c', 'user.email=docs@example.com', ...args], { cwd: root });
  git('init', '-q');
  for (const block of base) {
    const file = path.join(root, block.file ?? docsName);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, block.text);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  // What the example's files replace: the base's files are gone unless the example writes them again.
  for (const block of base) rmSync(path.join(root, block.file ?? docsName));
  return readSiteBase(path.join(root, docsName), 'HEAD');
}

/** A page as it is before and after `--fix` (the `--fix` section's own example, for a fix made in a page). */
function isFixExample(block: Block): boolean {
  return block.words.includes('fix-before') || block.words.includes('fix-after');
}

// README.md is the index of them all (generated: test/docs/generated.test.ts).
const docFiles = readdirSync(DOCS).filter((name) => name.endsWith('.md') && name !== 'README.md');

describe('rule docs', () => {
  it('has one doc for every code and one code for every doc', () => {
    expect(allCodes.map((code) => path.basename(ruleDocPath(code))).sort()).toEqual([...docFiles].sort());
  });

  it.each(allCodes)('%s: title and description are those of codes.ts, with every section', (code) => {
    const text = readFileSync(ruleDocPath(code), 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).toBe(`# \`${code}\`: ${codes[code].title}`);
    expect(lines[2]).toBe(`> ${codes[code].description}`);
    expect(lines[4]).toContain(`Default severity: **${codes[code].severity}**`);
    for (const heading of ['## What it catches', '## Why it matters on the platform', '## Invalid', '## Valid', '## How to fix', '## `--fix`']) {
      expect(lines, `${code}: ${heading}`).toContain(heading);
    }
    const fixSection = text.slice(text.indexOf('## `--fix`'));
    expect(fixSection).toContain(FIXABLE.has(code) ? '`--fix` can fix this' : '`--fix` cannot fix this');
    if (code !== 'config-invalid') expect(fixSection).toContain(`--rule ${code}=off|info|warning|error`);
    expect(lines[4]).toContain(`\`--fix\`: ${FIXABLE.has(code) ? 'yes' : 'no'}`);
  });

  it.each(allCodes)('%s: the invalid example produces it, the valid one does not', async (code) => {
    const all = blocks(readFileSync(ruleDocPath(code), 'utf8'));
    const files = all.filter((b) => b.file !== undefined && !b.words.includes('base') && !isFixExample(b));
    const base = all.filter((b) => b.words.includes('base'));
    const invalid = all.filter((b) => b.words.includes('invalid'));
    const valid = all.filter((b) => b.words.includes('valid'));
    expect(invalid.length, 'invalid examples').toBeGreaterThan(0);
    expect(valid.length, 'valid examples').toBeGreaterThan(0);
    for (const example of invalid) expect(await codesOf(code, example, files, base)).toContain(code);
    // a valid example is clean: not just free of this code
    for (const example of valid) expect(await codesOf(code, example, files, base)).toEqual([]);
  });
});

/**
 * What `--fix` writes for the doc's invalid example: the fix run on a docs root laid out as for
 * codesOf. Returns the fixed docs file's value (parsed) and the text of every file the doc gives.
 */
function fixedExample(code: Code, example: Block, allFiles: Block[], base: Block[]): { value: unknown; files: Map<string, string> } {
  const root = mkdtempSync(path.join(tmpdir(), `docsnav-docfix-${code}-`));
  const docsName = example.lang === 'yaml' ? 'docs.yaml' : 'docs.json';
  if (base.length > 0) commitBase(root, base, docsName);
  // The doc's files, then the `--fix` section's page as it is before the fix in place of its file.
  const files = [
    ...allFiles.filter((file) => !isFixExample(file) && !allFiles.some((b) => b.file === file.file && b.words.includes('fix-before'))),
    ...allFiles.filter((b) => b.words.includes('fix-before')),
  ];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file.file!)), { recursive: true });
    writeFileSync(path.join(root, file.file!), file.text);
  }
  const docsFile = path.join(root, docsName);
  writeFileSync(docsFile, withRequiredSettings(exampleText(example), example.lang));
  // Read after the working tree is laid out, so that git sees the moves of the example (redirect-missing).
  const since = base.length > 0 ? readSiteBase(docsFile, 'HEAD') : undefined;
  const profile = example.words.includes('profile=platform') ? ('platform' as const) : example.words.includes('profile=spec') ? ('spec' as const) : undefined;
  const result = fixFile(docsFile, { root, profile, since });
  const found = JSON.stringify(result.before.map((p) => [p.code, p.message, p.suggest]));
  expect(result.applied.length, `${code}: --fix applied nothing to the doc's example: ${found}`).toBeGreaterThan(0);
  const text = readFileSync(docsFile, 'utf8');
  const written = new Map(files.map((file) => [file.file!, readFileSync(path.join(root, file.file!), 'utf8')]));
  return { value: example.lang === 'yaml' ? parseYaml(text) : JSON.parse(text), files: written };
}

const FIXABLE_CODES = allCodes.filter((code) => FIXABLE.has(code));

describe('each fixable rule doc says what --fix writes', () => {
  // The doc's "after": a block marked `fixed` (docs.json as --fix leaves it) when there is one, else its valid example;
  // a file block marked `fixed` is the text --fix leaves in that file.
  it.each(FIXABLE_CODES)("%s: --fix on the invalid example writes the doc's fixed (or valid) example", (code) => {
    const all = blocks(readFileSync(ruleDocPath(code), 'utf8'));
    const files = all.filter((b) => b.file !== undefined && !b.words.includes('base'));
    const base = all.filter((b) => b.words.includes('base'));
    const examples = all.filter((b) => b.file === undefined && b.words.includes('invalid'));
    const after = all.find((b) => b.file === undefined && b.words.includes('fixed')) ?? all.find((b) => b.file === undefined && b.words.includes('valid'))!;
    const pagesAfter = all.filter((b) => b.words.includes('fix-after'));
    if (pagesAfter.length > 0) {
      // The fix is made in a page: the `--fix` section's page, with the doc's docs.json (its invalid example lists every page).
      const fixed = fixedExample(code, examples[0], files, base);
      for (const block of pagesAfter) expect(fixed.files.get(block.file!), block.file).toBe(block.text);
      return;
    }
    for (const example of examples) {
      const fixed = fixedExample(code, example, files, base);
      const expected = withRequiredSettings(exampleText(after), after.lang);
      expect(fixed.value, code).toEqual(after.lang === 'yaml' ? parseYaml(expected) : JSON.parse(expected));
    }
  });
});

describe('the rule table of docs/checks.md', () => {
  it('links every code to its doc', () => {
    const checks = readFileSync('docs/checks.md', 'utf8');
    for (const code of allCodes) expect(checks, code).toContain(`| [\`${code}\`](${path.posix.relative('docs', ruleDocPath(code))}) |`);
  });
});
