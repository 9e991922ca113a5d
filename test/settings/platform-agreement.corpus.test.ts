import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensurePlatformValidator } from '../../bench/platform-validator.mjs';
import { readerOf } from '../../src/files.js';
import { loadDocument } from '../../src/source/refs.js';
import { siteRules } from '../../src/rules/index.js';
import { validateText } from '../../src/validate.js';
import { corpus, fileNameFor, files as docsFiles } from '../corpus-files.js';
import { BASE, MINT_CASES, SETTINGS_CASES } from './cases.js';
import { hangGuard } from '../time-scale.mjs';

/**
 * docsnav's `platform` profile against the platform's own validator (@mintlify/validation,
 * installed on demand by bench/platform-validator.mjs; never a dependency): for every docs.json of
 * the corpus, docsnav reports an error outside `navigation` exactly when the validator rejects the
 * file for a reason outside `navigation` (an issue whose path does not start at `navigation`).
 *
 * Each file is compared twice: as it is, and with the three settings the platform requires
 * (`theme`, `name`, `colors`) added where missing. As they are, most of the platform's own
 * examples and many snippets lack `theme`, and the validator then checks nothing else; with them
 * filled in, every other setting is compared.
 */

interface ZodIssue {
  path: Array<string | number>;
  message: string;
}
type Verdict = { success: true } | { success: false; error: { issues: ZodIssue[] } };
interface PlatformValidator {
  validateDocsConfig(value: unknown): Verdict;
  validateMintConfig(value: unknown): Verdict;
  upgradeToDocsConfig(value: unknown): unknown;
}

const installed = ensurePlatformValidator({ quiet: true });
const validator: PlatformValidator | undefined = 'url' in installed ? ((await import(installed.url)) as PlatformValidator) : undefined;
if ('reason' in installed) console.warn(`platform agreement: skipped, ${installed.reason}`);
else
  console.log(
    `platform agreement: measured against @mintlify/validation@${installed.version}${installed.skipped.length > 0 ? ` (not installable: ${installed.skipped.join('; ')})` : ''}`,
  );

interface CorpusFile {
  /** As shown (relative to the corpus). */
  name: string;
  file: string;
  text: string;
  root: string;
}

function corpusFiles(): CorpusFile[] {
  const out: CorpusFile[] = [];
  const add = (file: string, root: string, text = readFileSync(file, 'utf8')) => out.push({ name: path.relative(corpus, file), file, text, root });
  for (const name of docsFiles) {
    const file = fileNameFor(name);
    add(file, path.dirname(file), readFileSync(path.join(corpus, 'docs', name), 'utf8'));
  }
  for (const collection of ['complete-sites', 'sites']) {
    for (const site of readdirSync(path.join(corpus, collection)).sort()) {
      const file = path.join(corpus, collection, site, 'docs.json');
      if (existsSync(file)) add(file, path.dirname(file));
    }
  }
  const examples = path.join(corpus, 'platform-examples');
  const index = JSON.parse(readFileSync(path.join(examples, 'index.json'), 'utf8')) as Record<string, unknown>;
  for (const name of Object.keys(index).sort()) {
    const targets = path.join(examples, '_ref-targets', name.replace(/\.json$/, ''));
    add(path.join(examples, name), existsSync(targets) ? targets : examples);
  }
  return out;
}

/** The three settings the platform requires, added where missing. */
function withRequired(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return { theme: BASE.theme, name: BASE.name, colors: BASE.colors, ...value };
}

/** The platform's issues outside `navigation` (its `$ref`s followed as the build follows them, by docsnav's loader). */
function platformOutside(value: unknown): ZodIssue[] {
  const verdict = validator!.validateDocsConfig(value);
  return verdict.success ? [] : verdict.error.issues.filter((issue) => issue.path[0] !== 'navigation');
}

/** The validator reads docs.json alone: what the site rules check (redirect destinations, links) is not its business. */
const SITE_RULES_OFF = Object.fromEntries(siteRules.map((rule) => [rule.code, 'off' as const]));

/** docsnav's errors outside `navigation`, under the platform profile. */
function docsnavOutside(text: string, file: string, root: string): string[] {
  const problems = validateText(text, {
    file,
    root,
    profile: 'platform',
    specs: false,
    ignore: ['/navigation', '/navigation/**'],
    rules: SITE_RULES_OFF,
  }).problems;
  // docs.json's own problems: a mint.json beside it is the build's to judge (mint-json-invalid, compared with the build in prebuild.corpus.test.ts), not the validator's.
  return problems.filter((p) => p.severity === 'error' && p.file === file).map((p) => `${p.code} ${p.pointer}`);
}

describe.skipIf(validator === undefined)('the platform profile agrees with the platform’s validator outside navigation', () => {
  const all = corpusFiles();

  it.each(['as written', 'with theme, name and colors filled in'] as const)(
    'every corpus docs.json, %s',
    (mode) => {
      const disagreements: string[] = [];
      let rejected = 0;
      for (const entry of all) {
        const document = loadDocument(entry.file, entry.text, { root: entry.root, reader: readerOf({ root: entry.root }) });
        let text = entry.text;
        let theirs: ZodIssue[];
        if (document.value === undefined) theirs = [{ path: [], message: 'not JSON' }];
        else if (mode === 'as written') theirs = platformOutside(document.value);
        else {
          theirs = platformOutside(withRequired(document.value));
          text = JSON.stringify(withRequired(JSON.parse(entry.text)), null, 2);
        }
        const ours = docsnavOutside(text, entry.file, entry.root);
        if (ours.length > 0 !== theirs.length > 0) {
          disagreements.push(`${entry.name}: docsnav [${ours.join(', ')}], platform [${theirs.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}]`);
        }
        if (theirs.length > 0) rejected++;
      }
      console.log(
        `platform agreement (${mode}): ${all.length - disagreements.length} of ${all.length} files agree; the platform rejects ${rejected} outside navigation`,
      );
      expect(all.length).toBeGreaterThan(700);
      expect(disagreements).toEqual([]);
      // Over 700 files, each validated twice (the validator's first call also loads its schemas): 35 s quiet,
      // past the suite's 60 s on a loaded 2-core machine. No time is what this test checks.
    },
    hangGuard(300_000),
  );

  it('every settings case of the table test: an error exactly where the platform fails (but where its documentation says otherwise)', () => {
    const wrong = SETTINGS_CASES.filter((testCase) => {
      const docs: Record<string, unknown> = { ...BASE, ...testCase.docs };
      for (const [key, value] of Object.entries(docs)) if (value === undefined) delete docs[key];
      const fails = platformOutside(docs).length > 0;
      const agrees = fails === testCase.expected.some((e) => (e.severity ?? 'error') === 'error');
      return agrees === (testCase.documentedOnly === true);
    }).map((testCase) => testCase.name);
    expect(wrong).toEqual([]);
  });

  it('every mint.json case: an error exactly where the build’s legacy check fails', () => {
    const wrong = MINT_CASES.filter((testCase) => testCase.mint !== undefined && testCase.files === undefined && !testCase.mint.includes('$ref'))
      .filter((testCase) => {
        let fails: boolean;
        try {
          const verdict = validator!.validateMintConfig(JSON.parse(testCase.mint!));
          fails = !verdict.success;
          // The build also upgrades a valid mint.json (and throws away the result): that must not throw.
          if (verdict.success) validator!.upgradeToDocsConfig(JSON.parse(testCase.mint!));
        } catch {
          fails = true;
        }
        return fails !== testCase.expected.some(([, , severity]) => severity === 'error');
      })
      .map((testCase) => testCase.name);
    expect(wrong).toEqual([]);
  });
});
