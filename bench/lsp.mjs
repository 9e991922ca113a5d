/**
 * The language server's diagnostics latency: the time from an edit sent by the client to the
 * diagnostics of that version received, over JSON-RPC as an editor sees it, on the largest real
 * docs.json in the corpus (../shared/corpus/docs/0004.json: 2.4 MB, 23k pages). Two docs roots:
 * the corpus folder as it is (no page files: every page is missing, the report is capped at
 * 1,000) and a temporary root where every page file exists (front matter read from each).
 * Printed as table rows by bench/run.mjs; `node bench/lsp.mjs` prints them alone, and
 * `node bench/lsp.mjs --only bare,pages,page` only the rows named (bare: no page files; pages:
 * every page file there; page: a page edited), each with the server's CPU time per edit.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startClient, uriOf } from './lsp-client.mjs';
import { recordTarget } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS_FILE = path.join(here, '..', '..', 'shared', 'corpus', 'docs', '0004.json');
const EDITS = 20;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** Every page path a docs.json lists (strings in `pages`, group roots), endpoints and URLs left out. */
function pagesOf(value, out = new Set()) {
  if (Array.isArray(value)) for (const item of value) pagesOf(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'pages' && Array.isArray(child)) for (const item of child) typeof item === 'string' ? out.add(item) : pagesOf(item, out);
      else if (key === 'root' && typeof child === 'string') out.add(child);
      else pagesOf(child, out);
    }
  }
  return out;
}

/** Opens the file, waits for its first diagnostics, then makes EDITS edits (a group label, one character) and times each. */
async function measure(root, file, text) {
  const client = await startClient(root);
  try {
    const uri = uriOf(file);
    const coldStart = performance.now();
    client.open(file, text);
    const first = await client.nextDiagnostics(uri, (_, version) => version === 1, 120_000);
    const cold = performance.now() - coldStart;
    const at = text.indexOf('"group": "') + '"group": "'.length;
    const lines = text.slice(0, at).split('\n');
    const position = { line: lines.length - 1, character: lines.at(-1).length };
    const samples = [];
    const cpuBefore = cpuOf(client.process.pid);
    for (let version = 2; version < 2 + EDITS; version++) {
      const start = performance.now();
      client.change(file, { range: { start: position, end: position }, text: version % 2 ? 'x' : 'y' }, version);
      await client.nextDiagnostics(uri, (_, v) => v === version, 60_000);
      samples.push(performance.now() - start);
      // Text grows by one character per edit: the position stays valid.
    }
    const rss = Number(readFileSync(`/proc/${client.process.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024;
    const cpu = (cpuOf(client.process.pid) - cpuBefore) / EDITS;
    return { cold, warm: median(samples), p95: p95(samples), problems: first.length, rss, cpu };
  } finally {
    await client.stop();
  }
}

/**
 * The platform's docs repository, copied: docs.json and one page opened; the page edited EDITS
 * times, each edit a new broken link, timed until the page's diagnostics name that link.
 */
async function measurePageEdit() {
  const repo = mkdtempSync(path.join(tmpdir(), 'docsnav-lsp-bench-'));
  cpSync(path.join(here, '..', '..', 'shared', 'corpus', 'docs-repos', 'mintlify'), repo, { recursive: true });
  const client = await startClient(repo);
  try {
    const docs = path.join(repo, 'docs.json');
    const page = path.join(repo, 'quickstart.mdx');
    const original = readFileSync(page, 'utf8');
    const coldStart = performance.now();
    client.open(docs, readFileSync(docs, 'utf8'));
    await client.nextDiagnostics(uriOf(docs), (_, version) => version === 1, 120_000);
    const cold = performance.now() - coldStart;
    client.open(page, original);
    const samples = [];
    const cpuBefore = cpuOf(client.process.pid);
    for (let version = 2; version < 2 + EDITS; version++) {
      const target = `/nowhere-${version}`;
      const start = performance.now();
      client.change(page, `${original}\n\nSee [a page that is not there](${target}).\n`, version);
      await client.nextDiagnostics(uriOf(page), (list) => list.some((d) => d.message.includes(target)), 60_000);
      samples.push(performance.now() - start);
    }
    const rss = Number(readFileSync(`/proc/${client.process.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024;
    // The debounced check of the whole site that follows the last edit is counted too.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const cpu = (cpuOf(client.process.pid) - cpuBefore) / EDITS;
    return { cold, warm: median(samples), p95: p95(samples), rss, cpu };
  } finally {
    await client.stop();
    rmSync(repo, { recursive: true, force: true });
  }
}

/** The server's CPU time so far (user + system, ms), from /proc: the machine is shared, so wall time alone says little. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The rows to measure: all, or those `--only a,b` names. */
const ONLY = (() => {
  const at = process.argv.indexOf('--only');
  return at === -1 || process.argv[1] !== fileURLToPath(import.meta.url) ? undefined : new Set(process.argv[at + 1]?.split(','));
})();
const wanted = (row) => !ONLY || ONLY.has(row);

export async function lspRows() {
  if (!existsSync(CORPUS_FILE)) return [['`docsnav lsp`: diagnostics after an edit', 'skipped: ../shared/corpus is not beside the project', '', '']];
  const text = readFileSync(CORPUS_FILE, 'utf8');
  const rows = [];
  const row = (label, m) => [
    label,
    `${m.warm.toFixed(0)} ms warm (p95 ${m.p95.toFixed(0)} ms, ${EDITS} edits) · first ${m.cold.toFixed(0)} ms`,
    `${m.problems} diagnostics · ${m.rss.toFixed(0)} MB peak RSS · server CPU ${m.cpu.toFixed(0)} ms per edit`,
    'target: under 150 ms warm',
  ];
  const bare = mkdtempSync(path.join(tmpdir(), 'docsnav-lsp-bench-'));
  const full = mkdtempSync(path.join(tmpdir(), 'docsnav-lsp-bench-'));
  try {
    if (wanted('bare')) {
      // The corpus folder has no page files; its docs file is named 0004.json, so a copy is checked as docs.json.
      writeFileSync(path.join(bare, 'docs.json'), text);
      rows.push(row('`docsnav lsp`: diagnostics after an edit, 2.4 MB docs.json, no page files', await measure(bare, path.join(bare, 'docs.json'), text)));
    }
    if (wanted('pages')) {
      let count = 0;
      for (const page of pagesOf(JSON.parse(text).navigation)) {
        if (/^(get|post|put|patch|delete|options|head|trace|webhook)\s/i.test(page) || /^[a-z]+:\/\//i.test(page)) continue;
        const target = path.join(full, `${page.replace(/^\/+/, '')}.mdx`);
        if (!target.startsWith(full + path.sep)) continue;
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, `---\ntitle: ${JSON.stringify(path.basename(page))}\n---\n`);
        count++;
      }
      writeFileSync(path.join(full, 'docs.json'), text);
      const withPages = await measure(full, path.join(full, 'docs.json'), text);
      rows.push(row(`\`docsnav lsp\`: the same, every page file there (${count.toLocaleString('en')} .mdx read)`, withPages));
      recordTarget({
        area: 'speed',
        target: 'LSP: a docs.json of 23k pages edited → diagnostics, p95 ≤ 150 ms',
        before: 'median 385–969 ms, p95 700–1186 ms, server CPU 357–381 ms per edit (main at 51f02f9, load 8–14)',
        measured: `p95 ${withPages.p95.toFixed(0)} ms (median ${withPages.warm.toFixed(0)} ms)`,
        met: withPages.p95 <= 150,
      });
    }
    if (wanted('page')) {
      const page = await measurePageEdit();
      rows.push([
        "`docsnav lsp`: a page of docs-repos/mintlify edited (a link added) → that page's diagnostics",
        `${page.warm.toFixed(0)} ms warm (p95 ${page.p95.toFixed(0)} ms, ${EDITS} edits) · site's first check ${page.cold.toFixed(0)} ms`,
        `${page.rss.toFixed(0)} MB peak RSS · server CPU ${page.cpu.toFixed(0)} ms per edit (the site's debounced re-checks included)`,
        'target: p95 ≤ 50 ms',
      ]);
      recordTarget({
        area: 'speed',
        target: "LSP: a page edited → that page's diagnostics, p95 ≤ 50 ms",
        before: 'median 100–219 ms, p95 225–458 ms, server CPU 98–100 ms per edit (main at 51f02f9, load 8–14)',
        measured: `p95 ${page.p95.toFixed(0)} ms (median ${page.warm.toFixed(0)} ms)`,
        met: page.p95 <= 50,
      });
    }
  } finally {
    rmSync(bare, { recursive: true, force: true });
    rmSync(full, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const r of await lspRows()) console.log(`| ${r.join(' | ')} |`);
}
