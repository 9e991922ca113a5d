/**
 * Pages scanned on helper threads (src/pages/pool.ts) give the scans one thread gives, in order;
 * a helper that takes a page and dies costs time, never the page. Helper threads start only from
 * the built scanner (dist/cli/pages.js, which `npm test` builds first), so that is what is run.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { MessageChannel, Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { collect, type ScanJob } from '../../src/pages/pool.js';
import type { PageScan } from '../../src/pages/types.js';

const built = createRequire(import.meta.url)(path.resolve('dist/cli/pages.js')) as {
  scanPageTexts(jobs: readonly ScanJob[], threads?: number | 'auto'): PageScan[];
  helpersOfLastScan(): number;
};

/**
 * Pages unlike one another (2.5 KB each on average): headings, links, elements, code, one that does
 * not parse. Each has a setext heading, which the fast path (fast-scan.ts) leaves to micromark.
 */
function pages(count: number): ScanJob[] {
  return Array.from({ length: count }, (_, i) => {
    const filler = 'Some prose with `code` and **bold** words. '.repeat(10 + (i % 37));
    const broken = i % 97 === 0 ? '\n<Card title="open">\n' : '';
    const text = [
      `# Page ${i}`,
      `Part ${i}\n===`,
      filler,
      `## Section ${i % 5}`,
      `See [the next page](/guides/page-${i + 1}#section-${i % 3}) and [this one](#section-${i % 5}).`,
      `<Card title="Card ${i}" href="/cards/${i}">text</Card>`,
      '```js',
      `const link = "[not a link](/in-code-${i})";`,
      '```',
      `## Section ${i % 5}`,
      filler,
      broken,
    ].join('\n\n');
    return { text, mdx: i % 11 !== 0 };
  });
}

const comparable = (scans: PageScan[]) => scans.map((scan) => ({ ...scan, anchors: [...scan.anchors].sort() }));

describe('scanPageTexts on helper threads', () => {
  // 1.5 MB: under the 2 MB a helper needs for whole pages; all of it micromark's (512 KB a helper).
  const jobs = pages(600);

  it('gives the scans one thread gives, in the jobs’ order, whatever the number of threads', () => {
    const bytes = jobs.reduce((sum, job) => sum + job.text.length, 0);
    expect(bytes).toBeGreaterThan(1024 * 1024);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
    const one = comparable(built.scanPageTexts(jobs, 1));
    expect(built.helpersOfLastScan()).toBe(0);
    // The pages with an unclosed element that are MDX (in Markdown, it is HTML).
    const unclosed = jobs.flatMap((job, i) => (i % 97 === 0 && job.mdx ? [i] : []));
    expect(unclosed.length).toBeGreaterThan(5);
    expect(one.flatMap((scan, i) => (scan.error ? [i] : []))).toEqual(unclosed);
    expect(one[5].links.map((link) => link.url)).toEqual(['/guides/page-6#section-2', '#section-0', '/cards/5']);
    // The pages micromark reads (all of them, with their setext headings): a helper per 512 KB beside this thread, up to the threads given.
    expect(comparable(built.scanPageTexts(jobs, 2))).toEqual(one);
    expect(built.helpersOfLastScan()).toBe(1);
    expect(comparable(built.scanPageTexts(jobs, 3))).toEqual(one);
    expect(built.helpersOfLastScan()).toBe(2);
    expect(comparable(built.scanPageTexts(jobs, 'auto'))).toEqual(one);
  });

  it('gives whole pages to helpers beside this thread from 2 MB of text, where cores are to spare', () => {
    // Pages the fast path reads: 2.1 MB of them.
    const fast = Array.from({ length: 8000 }, (_, i) => ({
      text: `# Page ${i}

${'Prose with [a link](/to/page-' + i + '#part) and `code`. '.repeat(6 + (i % 7))}

<Card title="Card ${i}" href="/cards/${i}" />
`,
      mdx: true,
    }));
    expect(fast.reduce((bytes, job) => bytes + job.text.length, 0)).toBeGreaterThan(2 * 1024 * 1024);
    const one = comparable(built.scanPageTexts(fast, 1));
    expect(built.helpersOfLastScan()).toBe(0);
    expect(comparable(built.scanPageTexts(fast, 2))).toEqual(one);
    expect(built.helpersOfLastScan()).toBe(1);
    // By default a core is left to V8's own threads: none on a 2-core machine, one from 3 cores.
    expect(comparable(built.scanPageTexts(fast, 'auto'))).toEqual(one);
    expect(built.helpersOfLastScan()).toBe(availableParallelism() >= 3 ? 1 : 0);
  });

  it('scans few pages on the calling thread, the same way', () => {
    const few = jobs.slice(0, 3);
    expect(comparable(built.scanPageTexts(few, 4))).toEqual(comparable(built.scanPageTexts(few, 1)));
    expect(built.helpersOfLastScan()).toBe(0);
  });
});

describe('collect: a helper that stops answering', () => {
  it('scans here the page it took and did not answer, and every page nobody took', async () => {
    const counters = new Int32Array(new SharedArrayBuffer(8));
    const { port1, port2 } = new MessageChannel();
    // A real thread that answers the first page it takes, takes a second and exits without a word.
    const helper = new Worker(
      `const { workerData } = require('node:worker_threads');
       const { counters, port } = workerData;
       const first = Atomics.add(counters, 0, 1);
       port.postMessage([first, { links: [], anchors: new Set(['helper']) }]);
       Atomics.add(counters, 1, 1);
       Atomics.notify(counters, 1);
       Atomics.add(counters, 0, 1);
       port.close();`,
      { eval: true, workerData: { counters, port: port2 }, transferList: [port2] },
    );
    const exited = new Promise((resolve) => helper.once('exit', resolve));
    const here: number[] = [];
    const scans = collect([port1], counters, 6, (index) => (here.push(index), { links: [], anchors: new Set(['here']) }), 300);
    await exited;
    expect(scans).toHaveLength(6);
    const byHelper = scans.flatMap((scan, index) => (scan.anchors.has('helper') ? [index] : []));
    // Every page once: the helper's answer, or scanned here; none twice, none lost.
    expect([...byHelper, ...here].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(here.length).toBeGreaterThanOrEqual(5);
    port1.close();
  });
});
