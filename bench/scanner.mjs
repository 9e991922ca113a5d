/**
 * The page scanner on every page of the real docs repositories (../shared/corpus/docs-repos/*):
 * the fast path's throughput (src/pages/fast-scan.ts, on the pages it accepts), micromark's on the
 * same pages, and the pages the fast path leaves to micromark (their files and bytes, per
 * repository: issue 51's target is under 1% of the bytes). One thread, in process,
 * from the built scanner (dist/cli/pages.js); medians of interleaved rounds, in CPU time (this
 * thread's user + system: on a shared machine, wall time measures the neighbours).
 *
 *   node bench/scanner.mjs [--runs n]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '..', '..', 'shared', 'corpus', 'docs-repos');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** CPU time of this process so far, in ms (the scans run on this thread only). */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function pagesOf() {
  const pages = [];
  for (const repository of ['mintlify', 'modelcontextprotocol', 'runpod']) {
    const root = path.join(corpus, repository);
    for (const file of globSync('**/*.{md,mdx}', { cwd: root, ignore: ['**/node_modules/**'] }).sort())
      pages.push({ repository, text: readFileSync(path.join(root, file), 'utf8'), mdx: !file.endsWith('.md') });
  }
  return pages;
}

export function scannerRows({ runs = 5 } = {}) {
  const scanner = createRequire(import.meta.url)(path.join(here, '..', 'dist', 'cli', 'pages.js'));
  const pages = pagesOf();
  const accepted = pages.filter((page) => scanner.fastScanPageText(page.text, page.mdx) !== undefined);
  const megabytes = (list) => list.reduce((sum, page) => sum + Buffer.byteLength(page.text), 0) / 1e6;
  const fastTimes = [];
  const micromarkTimes = [];
  const defaultTimes = [];
  for (let run = 0; run < runs; run++) {
    let start = cpu();
    for (const page of accepted) scanner.fastScanPageText(page.text, page.mdx);
    fastTimes.push(cpu() - start);
    start = cpu();
    for (const page of accepted) scanner.micromarkScanPageText(page.text, page.mdx);
    micromarkTimes.push(cpu() - start);
    start = cpu();
    for (const page of pages) scanner.scanPageText(page.text, page.mdx);
    defaultTimes.push(cpu() - start);
  }
  const size = megabytes(accepted);
  const all = megabytes(pages);
  const fast = median(fastTimes);
  const slow = median(micromarkTimes);
  const both = median(defaultTimes);
  // What the scanner itself counted on the rounds of all pages (scanPathCounts): the same share.
  const counts = scanner.scanPathCounts();
  const fellBack = counts.fallback / runs;
  const declined = new Set(pages.filter((page) => !accepted.includes(page)));
  const perRepository = [...new Set(pages.map((page) => page.repository))].map((repository) => {
    const own = pages.filter((page) => page.repository === repository);
    const left = own.filter((page) => declined.has(page));
    const bytes = (list) => list.reduce((sum, page) => sum + Buffer.byteLength(page.text), 0);
    return `${repository} ${left.length} of ${own.length} files, ${(bytes(left) / 1e3).toFixed(1)} KB of ${(bytes(own) / 1e6).toFixed(2)} MB (${((bytes(left) / bytes(own)) * 100).toFixed(2)}%)`;
  });
  return {
    pages: pages.length,
    fellBack,
    rows: [
      [
        `page scanner, fast path: ${accepted.length} docs-repos pages it accepts (${size.toFixed(1)} MB), one thread`,
        `${(size / (fast / 1000)).toFixed(0)} MB/s (${fast.toFixed(0)} ms CPU)`,
        `micromark on the same pages ${(size / (slow / 1000)).toFixed(1)} MB/s (${slow.toFixed(0)} ms CPU): fast path ×${(slow / fast).toFixed(0)}; both with anchors (slugs)`,
        '',
      ],
      [
        `page scanner as used (fast path, micromark for the rest): all ${pages.length} pages (${all.toFixed(1)} MB)`,
        `${(all / (both / 1000)).toFixed(0)} MB/s (${both.toFixed(0)} ms CPU)`,
        `${fellBack} pages (${((fellBack / pages.length) * 100).toFixed(1)}%) fell back to micromark (scanPathCounts)`,
        '',
      ],
      [
        'pages the fast path leaves to micromark, per docs repository (files, bytes)',
        `${(((all - size) / all) * 100).toFixed(2)}% of the bytes`,
        perRepository.join(' · '),
        '',
      ],
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runsFlag = process.argv.indexOf('--runs');
  const { rows } = scannerRows({ runs: runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5 });
  for (const row of rows) console.log(row.filter(Boolean).join(' | '));
}
