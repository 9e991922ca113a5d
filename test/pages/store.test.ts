import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanPage } from '../../src/pages/scan.js';
import { PageScanStore } from '../../src/pages/store.js';

const PAGE = '# Setup\n\nSee [install](/install#requirements) and <Card href="/cards/one" title="One" />.\n';

function storeFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-store-')), 'nested', '.docsnavcache');
}

describe('PageScanStore', () => {
  it('gives back, in the next run, the scan saved for the same text parsed the same way', () => {
    const file = storeFile();
    const first = new PageScanStore(file);
    expect(first.get(PAGE, true)).toBeUndefined();
    const scan = scanPage(PAGE);
    first.set(PAGE, true, scan);
    first.save();
    const next = new PageScanStore(file);
    expect(next.get(PAGE, true)).toEqual(scan);
    expect([next.asked, next.reused]).toEqual([1, 1]);
    expect(next.get(PAGE, true)?.anchors).toBeInstanceOf(Set);
    // Another text, or the same text parsed as Markdown, is another page.
    expect(next.get(`${PAGE} `, true)).toBeUndefined();
    expect(next.get(PAGE, false)).toBeUndefined();
    expect([next.asked, next.reused]).toEqual([4, 2]);
  });

  it('files a scan under the text and parsing it is set with, whatever was looked up before', () => {
    const file = storeFile();
    const first = new PageScanStore(file);
    // Looked up as MDX, set as Markdown: the key of the lookup is not reused for it.
    expect(first.get(PAGE, true)).toBeUndefined();
    first.set(PAGE, false, scanPage(PAGE, { mdx: false }));
    expect(first.get(PAGE, false)).toBeDefined();
    expect(first.get(PAGE, true)).toBeUndefined();
    first.set(PAGE, true, scanPage(PAGE));
    first.save();
    const next = new PageScanStore(file);
    expect(next.get(PAGE, true)).toEqual(scanPage(PAGE));
    expect(next.get(PAGE, false)).toEqual(scanPage(PAGE, { mdx: false }));
  });

  it('reads its file when first asked, not when made (a store nobody asks costs nothing)', () => {
    const file = storeFile();
    const early = new PageScanStore(file);
    const writer = new PageScanStore(file);
    writer.set(PAGE, true, scanPage(PAGE));
    writer.save();
    expect(early.get(PAGE, true)).toEqual(scanPage(PAGE));
  });

  it('keeps only what the last run used, so the file does not grow with pages long gone', () => {
    const file = storeFile();
    const first = new PageScanStore(file);
    first.set('# Old', true, scanPage('# Old'));
    first.set(PAGE, true, scanPage(PAGE));
    first.save();
    const second = new PageScanStore(file);
    expect(second.get(PAGE, true)).toBeDefined();
    expect(second.size).toBe(1);
    second.save();
    const third = new PageScanStore(file);
    expect(third.get('# Old', true)).toBeUndefined();
    expect(third.get(PAGE, true)).toBeDefined();
  });

  it('is empty when the file is missing, not JSON, written by another scanner, or hand-edited', () => {
    const file = storeFile();
    expect(new PageScanStore(file).get(PAGE, true)).toBeUndefined();
    const store = new PageScanStore(file);
    store.set(PAGE, true, scanPage(PAGE));
    store.save();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { scanner: string; scans: Record<string, unknown> };
    writeFileSync(file, JSON.stringify({ ...saved, scanner: `${saved.scanner}-older` }));
    expect(new PageScanStore(file).get(PAGE, true)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...saved, scans: Object.fromEntries(Object.keys(saved.scans).map((key) => [key, { links: 'x' }])) }));
    expect(new PageScanStore(file).get(PAGE, true)).toBeUndefined();
    const [key] = Object.keys(saved.scans);
    writeFileSync(file, JSON.stringify({ ...saved, scans: { [key]: { links: [{ url: '/x', kind: 'link', span: 'nowhere' }], anchors: [] } } }));
    expect(new PageScanStore(file).get(PAGE, true)).toBeUndefined();
    writeFileSync(file, '{ not json');
    expect(new PageScanStore(file).get(PAGE, true)).toBeUndefined();
  });

  it('reads only a regular file: a FIFO at the location is an empty store, not a read that never returns', () => {
    const file = storeFile();
    mkdirSync(path.dirname(file), { recursive: true });
    execFileSync('mkfifo', [file]);
    expect(new PageScanStore(file).get(PAGE, true)).toBeUndefined();
  });

  it('throws on save when the file cannot be written (the CLI makes it one line)', () => {
    const blocker = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-store-')), 'a-file');
    writeFileSync(blocker, '');
    const store = new PageScanStore(path.join(blocker, '.docsnavcache'));
    expect(() => store.save()).toThrow();
  });
});

describe('scannerFingerprint (what PageScanStore keys its file by)', () => {
  it('changes with the fast path as with the rest of the scanner: from the sources, its file counts too', async () => {
    const { scannerFingerprint } = await import('../../src/pages/scanner.js');
    const { statSync } = await import('node:fs');
    const stamp = (file: string) => {
      const stat = statSync(new URL(file, import.meta.url));
      return `${stat.size}:${Math.trunc(stat.mtimeMs)}`;
    };
    // In the bundle (dist/cli/pages.js) both are that one file; from the sources, each file's own.
    expect(scannerFingerprint().split('+')).toEqual([stamp('../../src/pages/scanner.ts'), stamp('../../src/pages/fast-scan.ts')]);
  });
});
