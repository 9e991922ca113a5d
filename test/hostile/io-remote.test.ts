import { type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { SpecLoader, type SpecResult } from '../../src/resolve/specs.js';
import type { DocsFiles } from '../../src/docs-root.js';
import { validateText } from '../../src/validate.js';
import { serveLocally, type LocalServer } from '../local-server.js';
import { hangGuard } from '../time-scale.mjs';

/**
 * Remote specs (`--allow-remote`) against a hostile server on 127.0.0.1: bodies without end,
 * gzip bombs, redirects to other schemes, stalls, thousands of URLs. Every loop is bounded
 * in count and time.
 */

const SPEC = JSON.stringify({ openapi: '3.1.0', info: { title: 'r', version: '1' }, paths: { '/r': { get: { summary: 'Remote get', responses: {} } } } });
const MB = 1024 * 1024;

let local: LocalServer;
let base: string;
let open = 0;
let maxOpen = 0;
/** Bytes the endless routes have sent, so a test can see the download was stopped early. */
let endlessSent = 0;

function endless(response: ServerResponse, headers: Record<string, string> = {}): void {
  response.writeHead(200, { 'content-type': 'application/json', ...headers });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    // Bounded even if nobody stops reading: 64 MB at most.
    while (sent < 64 * MB) {
      sent += chunk.length;
      endlessSent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    response.end();
  };
  response.on('close', () => (sent = Infinity));
  pump();
}

beforeAll(async () => {
  const bomb = gzipSync(Buffer.alloc(32 * MB, 0x20)); // ~32 KB on the wire, 32 MB decompressed
  local = await serveLocally(
    (request: IncomingMessage, response: ServerResponse) => {
      const url = request.url ?? '';
      if (url === '/spec.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(SPEC);
      } else if (url === '/endless.json') {
        endless(response); // chunked, no Content-Length
      } else if (url === '/lying.json') {
        endless(response, { 'content-length': '100' }); // says 100 bytes, sends more: the connection breaks
      } else if (url === '/bomb.json') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
        response.end(bomb);
      } else if (url === '/to-file') {
        response.writeHead(302, { location: 'file:///etc/passwd' });
        response.end();
      } else if (url === '/stall.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"openapi": ');
        // ...and nothing more.
      } else if (url.startsWith('/many/')) {
        open++;
        maxOpen = Math.max(maxOpen, open);
        setTimeout(() => {
          open--;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(SPEC);
        }, 2);
      } else if (url === '/external-ref.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            openapi: '3.1.0',
            info: { title: 'x', version: '1' },
            paths: { '/p': { $ref: `${base}/pathitem.json` }, '/q': { get: { summary: 'Q', responses: {} } } },
          }),
        );
      } else if (url === '/pathitem.json') {
        throw new Error('an external $ref inside a spec must never be fetched');
      } else {
        response.writeHead(404);
        response.end();
      }
    },
    { keepAliveTimeout: 1 },
  );
  base = local.base;
});

afterAll(() => local.close());

const failed = (result: SpecResult) => {
  if (result.ok) throw new Error(`expected a failure, got ${result.file}`);
  return result;
};

describe('remote specs: limits counted on what arrives', () => {
  it('a chunked body without end is stopped at the size limit (bytes received, not Content-Length)', async () => {
    endlessSent = 0;
    const result = failed(await new SpecLoader({ root: '.', allowRemote: true, maxBytes: 2 * MB, fetchTimeoutMs: 10_000 }).load(`${base}/endless.json`));
    expect(result.reason).toBe('invalid');
    expect(result.message).toContain('the download was stopped');
    expect(endlessSent).toBeLessThan(64 * MB);
  });

  it('a gzip bomb is stopped at the size limit, counted after decompression', async () => {
    const result = failed(await new SpecLoader({ root: '.', allowRemote: true, maxBytes: 2 * MB }).load(`${base}/bomb.json`));
    expect(result.message).toContain('sent more than 2 MB');
  });

  it('a body longer than its Content-Length fails as a fetch, not a crash', async () => {
    const result = await new SpecLoader({ root: '.', allowRemote: true, maxBytes: 2 * MB, fetchTimeoutMs: 5_000 }).load(`${base}/lying.json`);
    expect(result.ok).toBe(false);
  });

  it('a redirect to another scheme is refused', async () => {
    const result = failed(await new SpecLoader({ root: '.', allowRemote: true }).load(`${base}/to-file`));
    expect(result.message).toMatch(/could not be fetched/);
  });

  it('a server that stalls mid-body times out', async () => {
    const result = failed(await new SpecLoader({ root: '.', allowRemote: true, fetchTimeoutMs: 300 }).load(`${base}/stall.json`));
    expect(result.message).toMatch(/could not be fetched/);
  });

  it(
    '3,000 URLs are fetched at most 8 at a time, and every one loads',
    async () => {
      maxOpen = 0;
      const loader = new SpecLoader({ root: '.', allowRemote: true });
      const urls = Array.from({ length: 3_000 }, (_, i) => `${base}/many/${i}.json`);
      await loader.prefetch(urls);
      const results = urls.map((url) => loader.loadSync(url));
      expect(results.filter((r) => !r.ok)).toEqual([]);
      expect(maxOpen).toBeLessThanOrEqual(8);
      expect(maxOpen).toBeGreaterThan(0);
    },
    hangGuard(60_000),
  );

  it('external $refs inside a spec are not followed', async () => {
    const text = JSON.stringify({ navigation: { groups: [{ group: 'X', openapi: `${base}/external-ref.json` }] } });
    const result = await resolveText(text, { allowRemote: true });
    expect(result.tree.pages.map((p) => p.openapi?.path)).toEqual(['/q']);
  });
});

describe('remote specs in the pipeline', () => {
  const files: DocsFiles = { root: 'docs', hasFile: () => false, filesIn: () => [] };

  it('an endpoint entry naming a spec by URL without allowRemote is a located problem, not a silently dropped page', async () => {
    const text = JSON.stringify({ navigation: { groups: [{ group: 'G', pages: [`${base}/spec.json GET /r`] }] } });
    for (const result of [validateText(text, { files, profile: 'spec' }), await resolveText(text, { files, profile: 'spec' })]) {
      expect(result.problems.map((p) => `${p.code} ${p.pointer}`)).toEqual(['openapi-remote /navigation/groups/0/pages/0']);
    }
  });

  it('with allowRemote the URL is fetched, the page is there, and openapi-remote says nothing', async () => {
    const text = JSON.stringify({
      navigation: {
        groups: [
          { group: 'G', openapi: `${base}/spec.json` },
          { group: 'H', pages: [`${base}/spec.json GET /r`] },
        ],
      },
    });
    const off = await resolveText(text, { files, profile: 'spec' });
    expect(off.problems.map((p) => `${p.code} ${p.pointer}`)).toEqual([
      'openapi-remote /navigation/groups/0/openapi',
      'openapi-remote /navigation/groups/1/pages/0',
    ]);
    expect(off.problems[0].message).toContain('allowRemote');
    const on = await resolveText(text, { files, allowRemote: true, profile: 'spec' });
    expect(on.problems.filter((p) => p.code === 'openapi-remote')).toEqual([]);
    // One operation listed twice (bulk, then an entry): one page, one URL.
    expect(on.tree.pages.map((p) => `${p.path} ${p.openapi?.file}`)).toEqual([
      `api-reference/remote-get ${base}/spec.json`,
      `api-reference/remote-get ${base}/spec.json`,
    ]);
  });

  it('a remote failure with allowRemote is openapi-invalid at the value, once', async () => {
    const text = JSON.stringify({ navigation: { groups: [{ group: 'G', openapi: `${base}/missing.json`, pages: ['GET /a', 'GET /b'] }] } });
    const result = await resolveText(text, { files, allowRemote: true, profile: 'spec' });
    expect(result.problems.map((p) => `${p.code} ${p.pointer}`)).toEqual(['openapi-invalid /navigation/groups/0/openapi']);
    expect(result.problems[0].message).toContain('HTTP 404');
  });
});
