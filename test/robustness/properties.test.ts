/**
 * Property-based robustness: random damage to corpus files and generated sites never makes
 * validateText or resolveText throw, and every problem they report keeps the contract (a
 * known code and severity, inside its file, at a pointer that names something there).
 * Runs are few and seeded, so the file is quick and a failure reproduces: fast-check prints
 * the seed, the path and the counterexample (mutations are small descriptions, not text).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import type { PageTree } from '../../src/resolve/types.js';
import { validateText } from '../../src/validate.js';
import { contractBreaches, CORPUS, generateSite, generateSpec, generateSpecSite, tempSite } from './helpers.js';
import { indentArb, mutate, mutateText, mutateToText, mutationArb, textMutationsArb, toYamlText, type Mutation, type TextMutation } from './mutations.js';

/** Fixed for reproducibility; DOCSNAV_FC_SEED and DOCSNAV_FC_RUNS explore further from the command line. */
const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_251_121);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 40);

/** One document to damage, and where it is checked from. */
interface Input {
  name: string;
  text: () => string;
  /** The docs root: `site` is the temp site below; otherwise an absolute folder (a corpus site, read in place). */
  root: string;
  /** Where `$ref` targets are read from instead of the root (docs/0001.json's live in refs/0001). */
  refs?: string;
}

/** Counterexamples show an input by its name. */
function named(input: Input): Input {
  return Object.assign(input, { [fc.toStringMethod]: () => JSON.stringify(input.name) });
}

const docsDir = path.join(CORPUS, 'docs');
/** Every 10th corpus file, and 0001 (which splits itself with `$ref`). */
const corpusInputs: Input[] = readdirSync(docsDir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .filter((name, i) => i % 10 === 0 || name === '0001.json')
  .map((name) => {
    const refs = path.join(CORPUS, 'refs', name.replace(/\.json$/, ''));
    let hasRefs = false;
    try {
      hasRefs = readdirSync(refs).length > 0;
    } catch {
      // no $ref targets for this file
    }
    return named({ name: `corpus ${name}`, text: () => readFileSync(path.join(docsDir, name), 'utf8'), root: 'site', refs: hasRefs ? refs : undefined });
  });

/** Corpus sites with their real specs (the smallest few, to keep runs quick). */
const siteInputs: Input[] = ['0042', '0171', '0012'].map((id) =>
  named({
    name: `corpus site ${id}`,
    text: () => readFileSync(path.join(CORPUS, 'sites', id, 'docs.json'), 'utf8'),
    root: path.join(CORPUS, 'sites', id),
  }),
);

const generatedInputs: Input[] = [
  { name: 'generateSite(20)', text: () => generateSite(20), root: 'site' },
  { name: 'generateSite(200)', text: () => generateSite(200), root: 'site' },
  { name: 'generateSite(60, withErrors)', text: () => generateSite(60, { withErrors: true }), root: 'site' },
  { name: 'generateSpecSite(8, bulk)', text: () => generateSpecSite(8, 'bulk'), root: 'site' },
  { name: 'generateSpecSite(8, explicit)', text: () => generateSpecSite(8, 'explicit'), root: 'site' },
].map((input) => named(input));

const SPEC_YAML = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      summary: List pets
      tags: [Pets]
      responses:
        '200': { $ref: '#/components/responses/Pets' }
  /loop: { $ref: '#/paths/~1loop' }
webhooks:
  newPet:
    post: { summary: New pet, responses: { '200': { description: OK } } }
components:
  responses:
    Pets: { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
  schemas:
    Pet: { type: object, properties: { friend: { $ref: '#/components/schemas/Pet' } } }
`;

/** The temp site: pages, a JSON and a YAML spec, `$ref` targets (good, empty, broken, a folder), and a file just outside the root. */
let site: { root: string; remove: () => void };
let siteRoot: string;

beforeAll(() => {
  site = tempSite({
    'outside.json': JSON.stringify({ group: 'Outside', pages: ['secret'] }),
    'site/index.mdx': '---\ntitle: Home\n---\n# Home\n',
    'site/broken.mdx': '---\ntitle: [unclosed\n---\n',
    'site/pages/intro.mdx': '# Intro\n',
    'site/openapi.json': generateSpec(8),
    'site/spec.yaml': SPEC_YAML,
    'site/part.json': JSON.stringify({ group: 'Part', pages: ['index', 'GET /resource0/{id}'] }, null, 2),
    'site/part.yaml': 'group: Part YAML\npages:\n  - index\n  - pages/intro\n',
    'site/empty.json': '',
    'site/broken.json': '{"group": ',
    'site/folder.json/': '',
  });
  siteRoot = path.join(site.root, 'site');
});
afterAll(() => site?.remove());

const parsedInputs = new Map<Input, unknown>();
/** The input's parsed value (cached), or undefined when its text is not JSON. */
function valueOf(input: Input): unknown {
  if (!parsedInputs.has(input)) {
    try {
      parsedInputs.set(input, JSON.parse(input.text()));
    } catch {
      parsedInputs.set(input, undefined);
    }
  }
  return parsedInputs.get(input);
}

/**
 * Reads `$ref` targets: the main file is the damaged text; anything else from the input's
 * refs folder or the disk. Records every read outside the root: there must be none.
 */
function reader(root: string, main: string, text: string, refs: string | undefined) {
  const outside: string[] = [];
  const readFile = (absolute: string): string | undefined => {
    if (absolute !== root && !absolute.startsWith(root + path.sep)) outside.push(absolute);
    if (absolute === main) return text;
    for (const candidate of refs ? [path.join(refs, path.relative(root, absolute)), absolute] : [absolute]) {
      try {
        return readFileSync(candidate, 'utf8');
      } catch {
        // try the next place
      }
    }
    return undefined;
  };
  return { readFile, outside };
}

/** Validates and resolves one text and checks everything the contract promises. */
async function checkText(input: Input, text: string, file = 'docs.json'): Promise<void> {
  const root = input.root === 'site' ? siteRoot : input.root;
  const main = path.join(root, file);
  const { readFile, outside } = reader(root, main, text, input.refs);

  const validated = validateText(text, { file: main, root, readFile });
  expect(validated.file).toBe(main);
  expect(contractBreaches(validated)).toEqual([]);

  const resolved = await resolveText(text, { file: main, root, readFile });
  expect(contractBreaches(resolved)).toEqual([]);
  expect(nonJsonValues(resolved.tree)).toEqual([]);
  expect(unsafePagePaths(resolved.tree)).toEqual([]);
  expect(typeof JSON.stringify(resolved.tree)).toBe('string');
  expect(outside).toEqual([]);
}

/**
 * Values in the tree that JSON would change or drop: anything but plain objects, arrays,
 * strings, finite numbers, booleans and null (and `undefined` as an absent optional field).
 * Iterative and by identity, so shared trail arrays are looked at once.
 */
function nonJsonValues(tree: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const stack: Array<[unknown, string]> = [[tree, '']];
  while (stack.length > 0 && found.length < 5) {
    const [value, at] = stack.pop()!;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) found.push(`${at}: ${value}`);
      continue;
    }
    if (typeof value !== 'object') {
      found.push(`${at}: ${typeof value}`);
      continue;
    }
    if (seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach((item, i) => (item === undefined ? found.push(`${at}/${i}: undefined`) : stack.push([item, `${at}/${i}`])));
    } else if (Object.getPrototypeOf(value) !== Object.prototype) {
      found.push(`${at}: not a plain object`);
    } else {
      for (const [key, item] of Object.entries(value)) if (item !== undefined) stack.push([item, `${at}/${key}`]);
    }
  }
  return found;
}

/**
 * Page paths a site generator could not safely turn into a file: a `..` segment, a leading
 * `/`, a drive letter, a backslash or a control character. External links (`https://…`)
 * are links, not paths, and are left alone.
 */
function unsafePagePaths(tree: PageTree): string[] {
  const unsafe: string[] = [];
  const check = (where: string, page: string | undefined) => {
    if (page === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(page)) return;
    if (page.split('/').includes('..') || page.startsWith('/') || /^[a-z]:/i.test(page) || page.includes('\\') || /[\u0000-\u001f\u007f-\u009f]/.test(page)) {
      unsafe.push(`${where}: ${JSON.stringify(page)}`);
    }
  };
  for (const page of tree.pages) check(`page ${page.source}`, page.path);
  for (const group of tree.groups) check(`firstPage of group ${group.source}`, group.firstPage);
  return unsafe;
}

function damage(input: Input, mutations: readonly Mutation[], textMutations: readonly TextMutation[], indent: number | string): string {
  const value = valueOf(input);
  let text = value === undefined ? input.text() : mutateToText(value, mutations, indent);
  for (const mutation of textMutations) text = mutateText(text, mutation);
  return text;
}

/**
 * Shrinking re-runs the (sometimes seconds-long) check many times: it is cut off well inside
 * the test's timeout, and the smallest counterexample found so far is reported.
 * DOCSNAV_FC_QUICK=1 skips shrinking altogether, for exploring many seeds.
 */
const params = { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: 45_000, endOnFailure: process.env.DOCSNAV_FC_QUICK === '1' };

describe('random damage never makes validate or resolve throw, and every problem points inside its file', () => {
  it.each([
    ['corpus files', corpusInputs],
    ['corpus sites with their specs', siteInputs],
    ['generated sites', generatedInputs],
  ] as const)('%s', async (_name, inputs) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...inputs),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        textMutationsArb,
        indentArb,
        async (input, mutations, textMutations, indent) => checkText(input, damage(input, mutations, textMutations, indent)),
      ),
      params,
    );
  });

  it('docs.yaml: the same damage written as YAML', async () => {
    const inputs = [...generatedInputs, ...corpusInputs.filter((input) => input.name === 'corpus 0011.json' || input.name === 'corpus 0001.json')];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...inputs), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (input, mutations) => {
        await checkText(input, toYamlText(mutate(valueOf(input), mutations)), 'docs.yaml');
      }),
      { ...params, numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('resolving the same damaged input twice gives byte-identical trees', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...generatedInputs, ...siteInputs), fc.array(mutationArb, { minLength: 1, maxLength: 2 }), async (input, mutations) => {
        const text = damage(input, mutations, [], 2);
        const root = input.root === 'site' ? siteRoot : input.root;
        const options = { file: path.join(root, 'docs.json'), root, readFile: reader(root, path.join(root, 'docs.json'), text, input.refs).readFile };
        const [first, second] = [await resolveText(text, options), await resolveText(text, options)];
        expect(JSON.stringify(second.tree)).toBe(JSON.stringify(first.tree));
        expect(second.problems).toEqual(first.problems);
      }),
      { ...params, numRuns: Math.ceil(RUNS / 3) },
    );
  });
});
