import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationCache } from '../../src/cache/memory.js';
import type { FileReader, ReadOutcome } from '../../src/files.js';
import { SpecLoader, type SpecResult } from '../../src/resolve/specs.js';
import { siteOptions, spec } from './site.js';
import { serveLocally, type LocalServer } from '../local-server.js';

/**
 * The spec loader's answers (src/resolve/specs.ts, spec-parse.ts, spec-fetch.ts): what a
 * listing or a reader says of a file, each parse failure in its one sentence, the cache
 * shared across loaders, and remote specs (size limits, status lines, fetches at a time).
 */

const ROOT = path.resolve('/specs-in-memory');

/** A reader that answers this outcome for every file (and counts its calls). */
function answering(outcome: ReadOutcome): FileReader & { calls: number } {
  const reader = Object.assign((() => (reader.calls++, outcome)) as FileReader, { calls: 0 });
  return reader;
}

/** A reader of these texts (root-relative), each as one Buffer (the same one every time, as the cache wants). */
function textsReader(texts: Record<string, string>): FileReader {
  const buffers = new Map(Object.entries(texts).map(([name, text]) => [name, Buffer.from(text)]));
  return (absolute) => {
    const bytes = buffers.get(path.relative(ROOT, absolute).split(path.sep).join('/'));
    return bytes ? { ok: true, bytes } : { ok: false, reason: 'missing', detail: '' };
  };
}

/** `reason: message` of a failure; `ok <version> [warnings]` of a spec. */
function said(result: SpecResult): string {
  return result.ok ? `ok ${result.version}${result.warnings.length > 0 ? ` ${result.warnings.join(' | ')}` : ''}` : `${result.reason}: ${result.message}`;
}

/** What loading one file of this text answers. */
function parsed(name: string, text: string): string {
  return said(new SpecLoader({ root: ROOT, reader: textsReader({ [name]: text }) }).loadSync(name));
}

describe('a listed docs root decides what exists, before anything is read', () => {
  const { files } = siteOptions({ 'api.json': spec({}), 'specs/v1.json': spec({}) }, { kinds: { 'pipe.yaml': 'a FIFO', 'link.json': 'outside-root' } });

  it.each([
    ['missing.json', 'not-found: The OpenAPI file "missing.json" does not exist under the docs root.'],
    ['specs', 'is-directory: "specs" is a folder, not an OpenAPI file.'],
    ['/', 'is-directory: "/" is a folder, not an OpenAPI file.'],
    ['link.json', 'outside-root: The OpenAPI file "link.json" leads outside the docs root (through a symlink).'],
    ['pipe.yaml', 'not-regular: "pipe.yaml" is a FIFO, not a regular file.'],
  ])('%s', (source, expected) => {
    const reader = answering({ ok: true, bytes: Buffer.from(spec({})) });
    expect(said(new SpecLoader({ root: ROOT, files, reader }).loadSync(source))).toBe(expected);
    expect(reader.calls).toBe(0);
  });

  it('a listed file is read', () => {
    const reader = answering({ ok: true, bytes: Buffer.from(spec({})) });
    expect(said(new SpecLoader({ root: ROOT, files, reader }).loadSync(' /specs/v1.json '))).toBe('ok 3.1');
    expect(reader.calls).toBe(1);
  });
});

describe('what the reader says of a file', () => {
  it.each<[string, ReadOutcome, string]>([
    ['missing', { ok: false, reason: 'missing', detail: '' }, 'not-found: The OpenAPI file "api.json" does not exist under the docs root.'],
    ['a folder', { ok: false, reason: 'not-regular', detail: 'a folder' }, 'is-directory: "api.json" is a folder, not an OpenAPI file.'],
    ['a socket', { ok: false, reason: 'not-regular', detail: 'a socket' }, 'not-regular: "api.json" is a socket, not a regular file.'],
    [
      'outside the root',
      { ok: false, reason: 'outside-root', detail: '' },
      'outside-root: The OpenAPI file "api.json" leads outside the docs root (through a symlink).',
    ],
    [
      'no docs root',
      { ok: false, reason: 'no-access', detail: '' },
      'unavailable: The OpenAPI file "api.json" was not read: no docs root was given (pass `root` or `readFile`).',
    ],
    ['too big', { ok: false, reason: 'too-big', detail: '300 MB' }, 'invalid: "api.json" is too big to be an OpenAPI file (300 MB).'],
    ['unreadable', { ok: false, reason: 'unreadable', detail: 'EACCES' }, 'invalid: The OpenAPI file "api.json" cannot be read: EACCES.'],
  ])('%s', (_name, outcome, expected) => {
    expect(said(new SpecLoader({ root: ROOT, reader: answering(outcome) }).loadSync('api.json'))).toBe(expected);
  });

  it('a reader that throws: invalid, in one line', () => {
    const reader: FileReader = () => {
      throw new Error('disk on fire  \n    at somewhere (file.js:1:1)');
    };
    expect(said(new SpecLoader({ root: ROOT, reader }).loadSync('api.json'))).toBe('invalid: Could not load "api.json": disk on fire.');
  });

  it('the default reader refuses a file over maxBytes', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsnav-spec-loader-'));
    try {
      writeFileSync(path.join(root, 'api.json'), spec({ '/users': { get: { description: 'x'.repeat(200) } } }));
      expect(new SpecLoader({ root, maxBytes: 100 }).loadSync('api.json')).toMatchObject({ ok: false, reason: 'invalid' });
      expect(said(new SpecLoader({ root }).loadSync('api.json'))).toBe('ok 3.1');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('each parse failure in one sentence', () => {
  it.each([
    ['a byte-order mark before JSON is not a reason to read it as YAML', 'api.json', '\ufeff{"openapi": "3.1.0", "paths": {}}', 'ok 3.1'],
    [
      'a .json file that is YAML: read as YAML, with a warning',
      'api.json',
      'openapi: 3.1.0\npaths: {}\n',
      'ok 3.1 "api.json" is not strict JSON; it was read as YAML, as the platform does.',
    ],
    ['a .yaml file in JSON-like flow style: no warning', 'api.yaml', "{openapi: 3.1.0, paths: {}, 'x': [1,]}", 'ok 3.1'],
    [
      'a .yaml file that looks like JSON and is not YAML either',
      'api.yaml',
      '{"openapi": "3.1.0", ',
      'invalid: "api.yaml" is not valid YAML: unexpected end of the stream within a flow collection (line 2, column 1).',
    ],
    ['a duplicate key in YAML keeps the last value', 'api.yaml', 'openapi: 2.0.0\nopenapi: 3.0.1\npaths: {}\n', 'ok 3.0'],
    [
      'a JSON syntax error after a duplicate key: the syntax error, located',
      'api.json',
      '{"a": 1, "a": 2, "b": [}',
      'invalid: "api.json" is not valid JSON: a value is expected here (line 1, column 24).',
    ],
    ['top level null', 'api.yaml', 'null\n', 'invalid: "api.yaml" is not an OpenAPI document: its top level is null, not an object.'],
    ['top level a number', 'api.yaml', '42\n', 'invalid: "api.yaml" is not an OpenAPI document: its top level is a number, not an object.'],
    [
      'a version with a suffix',
      'api.yaml',
      'openapi: 3.1.0-rc1\npaths: {}\n',
      'invalid: "api.yaml" has `openapi: "3.1.0-rc1"`; only OpenAPI 3.0.x and 3.1.x are supported.',
    ],
    [
      'a version with a prefix',
      'api.yaml',
      'openapi: v3.1.0\npaths: {}\n',
      'invalid: "api.yaml" has `openapi: "v3.1.0"`; only OpenAPI 3.0.x and 3.1.x are supported.',
    ],
    ['a patch version of two digits', 'api.yaml', 'openapi: 3.0.10\npaths: {}\n', 'ok 3.0'],
    [
      'a short version: the hint',
      'api.yaml',
      'openapi: "3.0"\npaths: {}\n',
      'invalid: "api.yaml" has `openapi: "3.0"`; only OpenAPI 3.0.x and 3.1.x are supported (write the full version, such as "3.0.0").',
    ],
    [
      'a short version with more after it: no hint',
      'api.yaml',
      'openapi: "3.1x"\npaths: {}\n',
      'invalid: "api.yaml" has `openapi: "3.1x"`; only OpenAPI 3.0.x and 3.1.x are supported.',
    ],
    [
      'a short version with more before it: no hint',
      'api.yaml',
      'openapi: "v3.1"\npaths: {}\n',
      'invalid: "api.yaml" has `openapi: "v3.1"`; only OpenAPI 3.0.x and 3.1.x are supported.',
    ],
    ['swagger of another version', 'api.yaml', 'swagger: "1.2"\npaths: {}\n', 'invalid: "api.yaml" has `swagger: "1.2"`; the only Swagger version is "2.0".'],
    [
      'swagger 2 as a number: the hint',
      'api.yaml',
      'swagger: 2\npaths: {}\n',
      'invalid: "api.yaml" has `swagger: 2`; the only Swagger version is "2.0" (write it as the string "2.0").',
    ],
    [
      'Swagger 2.0 without paths: both warnings, the version first',
      'api.yaml',
      'swagger: "2.0"\n',
      'ok 2.0 "api.yaml" is Swagger 2.0; the platform supports only OpenAPI 3.0 and 3.1. | "api.yaml" has no `paths`, so no API pages come from it.',
    ],
    ['webhooks without paths: no warning', 'api.yaml', 'openapi: 3.1.0\nwebhooks: {}\n', 'ok 3.1'],
    [
      'a YAML error without a trailing period twice',
      'api.yaml',
      'openapi: 3.1.0\npaths:\n  a: b\n c: d\n',
      'invalid: "api.yaml" is not valid YAML: bad indentation of a mapping entry (line 4, column 2).',
    ],
  ])('%s', (_name, file, text, expected) => {
    expect(parsed(file, text)).toBe(expected);
  });

  it('YAML nested too deeply', () => {
    expect(parsed('deep.yaml', `${'['.repeat(100_000)}x${']'.repeat(100_000)}`)).toBe('invalid: "deep.yaml" is not valid YAML: it is nested too deeply.');
  });

  it('a spec that fails keeps no external $refs; one that loads keeps them (and its text) only when it has some', () => {
    const failedOne = new SpecLoader({ root: ROOT, reader: textsReader({ 'a.yaml': 'openapi: "9"\nx:\n  $ref: other.yaml\n' }) }).loadSync('a.yaml');
    expect(failedOne).toEqual({
      ok: false,
      reason: 'invalid',
      file: 'a.yaml',
      message: '"a.yaml" has `openapi: "9"`; only OpenAPI 3.0.x and 3.1.x are supported.',
    });
    const mentioned = new SpecLoader({
      root: ROOT,
      reader: textsReader({ 'b.yaml': "openapi: 3.1.0\npaths: {}\ninfo:\n  description: '$ref is a word here'\n" }),
    }).loadSync('b.yaml');
    expect(mentioned.ok && 'text' in mentioned).toBe(false);
    expect(mentioned.ok && 'externalRefs' in mentioned).toBe(false);
  });
});

describe('specs kept across loaders by a cache', () => {
  it('a file whose bytes the cache handed out before is not parsed again', () => {
    const reader = textsReader({ 'api.json': spec({ '/a': { get: {} } }) });
    const cache = new ValidationCache();
    const first = new SpecLoader({ root: ROOT, reader, cache });
    const second = new SpecLoader({ root: ROOT, reader, cache });
    const a = first.loadSync('api.json');
    const b = second.loadSync('api.json');
    expect(first.stats()).toEqual({ reads: 1, parses: 1 });
    expect(second.stats()).toEqual({ reads: 1, parses: 0 });
    expect(b).toBe(a);
    expect(new SpecLoader({ root: ROOT, reader }).loadSync('api.json')).not.toBe(a);
  });
});

describe('remote specs', () => {
  let local: LocalServer;
  let base: string;
  /**
   * `/slow.json` answers are held until `gate` of them are waiting (then all go), else for
   * HOLD_MS each: a loader that fetches more at once than it may reaches the gate, one that
   * fetches fewer than it may waits the time out. `mostWaiting`: the most ever waiting at once.
   */
  const HOLD_MS = 500;
  let gate = 1;
  let waiting: Array<() => void> = [];
  let mostWaiting = 0;
  let requests = 0;
  const MB = 1024 * 1024;
  /** A valid spec of exactly `size` bytes. */
  const sized = (size: number) => {
    const head = '{"openapi": "3.1.0", "paths": {}}';
    return head + ' '.repeat(size - head.length);
  };

  beforeAll(async () => {
    local = await serveLocally((request, response) => {
      requests++;
      const url = new URL(request.url ?? '/', 'http://x');
      const send = (status: number, body: string | Buffer, headers: Record<string, string | number> = {}) => {
        response.writeHead(status, headers);
        response.end(body);
      };
      switch (url.pathname) {
        case '/slow.json': {
          let answered = false;
          const answer = () => {
            if (answered) return;
            answered = true;
            waiting = waiting.filter((other) => other !== answer);
            send(200, spec({}));
          };
          waiting.push(answer);
          mostWaiting = Math.max(mostWaiting, waiting.length);
          if (waiting.length >= gate) for (const each of [...waiting]) each();
          else setTimeout(answer, HOLD_MS);
          return;
        }
        case '/announced-big.json':
          return send(200, sized(3 * MB), { 'content-length': 3 * MB });
        case '/exact.json':
          return send(200, sized(MB), { 'content-length': MB });
        case '/streamed-big.json':
          response.writeHead(200);
          response.write(sized(MB));
          response.end(' ');
          return;
        case '/streamed-exact.json':
          response.writeHead(200);
          response.write(sized(MB - 1));
          response.end(' ');
          return;
        case '/no-content.json':
          return send(204, '');
        case '/not-modified.json':
          return send(304, '');
        case '/teapot.json':
          return send(418, 'short and stout');
        case '/UPPER.JSON':
          return send(200, '{"openapi": "3.1.0", "paths": {},}');
        default:
          return send(404, 'nope');
      }
    });
    base = local.base;
  });

  afterAll(() => local.close());

  it('are not fetched by default', async () => {
    const before = requests;
    expect(said(await new SpecLoader({ root: ROOT }).load(`${base}/exact.json`))).toBe(
      `remote: "${base}/exact.json" is a URL; remote specs are not fetched unless allowRemote is on.`,
    );
    expect(requests).toBe(before);
  });

  it('synchronously: "remote" until fetched, then the result; prefetch fetches each URL once, blanks trimmed', async () => {
    const loader = new SpecLoader({ root: ROOT, allowRemote: true, reader: textsReader({ 'local.json': spec({}) }) });
    expect(loader.loadSync(` ${base}/exact.json `)).toMatchObject({ ok: false, reason: 'remote' });
    const before = requests;
    await loader.prefetch([` ${base}/exact.json `, 'local.json']);
    expect(requests - before).toBe(1);
    expect(said(loader.loadSync(`${base}/exact.json`))).toBe('ok 3.1');
    expect(said(await loader.load(`\t${base}/exact.json `))).toBe('ok 3.1');
    expect(loader.stats()).toEqual({ reads: 1, parses: 1 });
    expect(said(await new SpecLoader({ root: ROOT, allowRemote: true }).load(` ${base}/exact.json`))).toBe('ok 3.1');
  });

  it('at most fetchConcurrency at a time (default 8)', async () => {
    const fetchedAtOnce = async (urls: number, gateAt: number, fetchConcurrency?: number) => {
      [gate, mostWaiting] = [gateAt, 0];
      await new SpecLoader({ root: ROOT, allowRemote: true, fetchConcurrency }).prefetch(Array.from({ length: urls }, (_, i) => `${base}/slow.json?${i}`));
      return mostWaiting;
    };
    expect(await fetchedAtOnce(3, 2, 1)).toBe(1);
    // A slot is given back when its fetch ends: a loader fetches again once earlier fetches are done.
    const oneAtATime = new SpecLoader({ root: ROOT, allowRemote: true, fetchConcurrency: 1 });
    gate = 1;
    for (let i = 0; i < 3; i++) expect(said(await oneAtATime.load(`${base}/slow.json?again-${i}`))).toBe('ok 3.1');
    expect(await fetchedAtOnce(4, 3, 2)).toBe(2);
    expect(await fetchedAtOnce(3, 3)).toBe(3);
  });

  it('a size announced over maxBytes is refused unread; exactly maxBytes loads', async () => {
    const loader = new SpecLoader({ root: ROOT, allowRemote: true, maxBytes: MB });
    expect(said(await loader.load(`${base}/announced-big.json`))).toBe(`invalid: "${base}/announced-big.json" is 3 MB, too big to be an OpenAPI file.`);
    expect(said(await loader.load(`${base}/exact.json`))).toBe('ok 3.1');
  });

  it('a body that grows past maxBytes is stopped; exactly maxBytes loads', async () => {
    const loader = new SpecLoader({ root: ROOT, allowRemote: true, maxBytes: MB });
    expect(said(await loader.load(`${base}/streamed-big.json`))).toBe(
      `invalid: "${base}/streamed-big.json" sent more than 1 MB, too big to be an OpenAPI file; the download was stopped.`,
    );
    expect(said(await loader.load(`${base}/streamed-exact.json`))).toBe('ok 3.1');
  });

  it('answers without a body, HTTP errors with their status line, a refused connection', async () => {
    const loader = new SpecLoader({ root: ROOT, allowRemote: true });
    expect(said(await loader.load(`${base}/no-content.json`))).toBe(`invalid: "${base}/no-content.json" is empty.`);
    expect(said(await loader.load(`${base}/not-modified.json`))).toBe(`not-found: "${base}/not-modified.json" answered HTTP 304 Not Modified.`);
    expect(said(await loader.load(`${base}/teapot.json`))).toBe(`not-found: "${base}/teapot.json" answered HTTP 418 I'm a Teapot.`);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(said(await loader.load(`http://127.0.0.1:${port}/api.json`))).toBe(
      `not-found: "http://127.0.0.1:${port}/api.json" could not be fetched: fetch failed.`,
    );
  });

  it('only http(s) URLs are fetched', async () => {
    const loader = new SpecLoader({ root: ROOT, allowRemote: true });
    expect(said(await loader.load('ftp://127.0.0.1/api.json?mirror=http://127.0.0.1/'))).toBe(
      'invalid: "ftp://127.0.0.1/api.json?mirror=http://127.0.0.1/" is not an http(s) URL.',
    );
  });

  it("the URL path's extension, in any case, says JSON: JSON that is not strict is read as YAML with a warning", async () => {
    expect(said(await new SpecLoader({ root: ROOT, allowRemote: true }).load(`${base}/UPPER.JSON`))).toBe(
      `ok 3.1 "${base}/UPPER.JSON" is not strict JSON; it was read as YAML, as the platform does.`,
    );
  });
});
