/**
 * The scaling section of `npm run bench`: for each hostile class of issue 8, the cost at N and
 * at 2N in one run, and their ratio (about 2 for linear work, about 4 for quadratic).
 * Also runnable alone against any build: `node bench/scaling.mjs [path/to/dist] [--quick]`.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  generateAliasBomb,
  generateDeepDuplicateKeys,
  generateDeepProblems,
  generateLongString,
  generateManyProblems,
  generateMissingPages,
} from './hostile.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** In-memory docs root: page lookups without a disk. */
function memoryFiles(names) {
  const byFolder = new Map();
  for (const name of names) {
    const slash = name.lastIndexOf('/');
    const folder = slash < 0 ? '' : name.slice(0, slash);
    if (!byFolder.has(folder)) byFolder.set(folder, []);
    byFolder.get(folder).push(name.slice(slash + 1));
  }
  const all = new Set(names);
  return { root: 'memory', hasFile: (p) => all.has(p), filesIn: (folder) => byFolder.get(folder) ?? [] };
}

/** Each class: a label, N, and a function of N that does the work once (input built outside the timing). */
function scalingCases(dist, quick) {
  const { validateText, formatPretty } = dist;
  const validateAndPrint = (text, options) => () => formatPretty([validateText(text, options)], { color: false });
  return [
    {
      label: 'one problem per nesting level (levels)',
      n: quick ? 1500 : 2500,
      prepare: (n) => validateAndPrint(generateDeepProblems(n), { rules: { 'page-not-found': 'off' } }),
    },
    { label: 'a duplicate key per nesting level (levels)', n: quick ? 1500 : 2500, prepare: (n) => validateAndPrint(generateDeepDuplicateKeys(n), {}) },
    { label: 'problems in one file, pretty output (problems)', n: quick ? 40000 : 75000, prepare: (n) => validateAndPrint(generateManyProblems(n), {}) },
    {
      label: 'missing pages in a folder of as many files (pages)',
      n: quick ? 2000 : 10000,
      prepare: (n) => {
        const { docs, files } = generateMissingPages(n);
        return validateAndPrint(docs, { files: memoryFiles(files) });
      },
    },
    { label: 'YAML alias bomb (levels of 9 aliases)', n: 100, prepare: (n) => validateAndPrint(generateAliasBomb(n, 9), { file: 'docs.yaml' }) },
    {
      label: 'one huge page name (characters)',
      n: quick ? 5_000_000 : 20_000_000,
      prepare: (n) => validateAndPrint(generateLongString(n), { files: memoryFiles(['index.mdx']) }),
    },
  ];
}

/** Median of `runs` timings of `fn` (ms), or the error it throws. */
function timeIt(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    try {
      fn();
    } catch (error) {
      return {
        error: String(error?.message ?? error)
          .split('\n')[0]
          .slice(0, 60),
      };
    }
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)] };
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** Table rows: [measurement, N and 2N, ratio, note]. */
export function scalingRows(dist, { quick = false, runs = 3 } = {}) {
  const rows = [];
  for (const { label, n, prepare } of scalingCases(dist, quick)) {
    // One untimed run first, so that the smaller size does not pay for compiling the code.
    timeIt(prepare(Math.max(1, Math.floor(n / 10))), 1);
    const small = timeIt(prepare(n), runs);
    const large = timeIt(prepare(2 * n), runs);
    const cost = (r) => (r.error ? `fails: ${r.error}` : `${fmt(r.ms)} ms`);
    const ratio = small.ms && large.ms ? `×${(large.ms / small.ms).toFixed(2)}` : '';
    rows.push([`scaling: ${label}`, `N=${n.toLocaleString('en')}: ${cost(small)} · 2N: ${cost(large)}`, ratio ? `${ratio} (≈2 linear, ≈4 quadratic)` : '', '']);
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const distArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const dist = await import(pathToFileURL(path.resolve(distArg ?? path.join(here, '..', 'dist'), 'index.js')).href);
  for (const row of scalingRows(dist, { quick: process.argv.includes('--quick') })) console.log(`| ${row.join(' | ')} |`);
}
