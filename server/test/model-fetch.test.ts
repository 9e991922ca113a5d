/**
 * boundedModelFetch (src/assistant/model-fetch.ts) on its own, against a real HTTP server on
 * 127.0.0.1: what it says of a body that is not JSON for the model and for the embeddings endpoint,
 * of a body past its cap, and of a redirect to another origin or to nowhere; responseErrorIn finds
 * its error under the wrappers the AI SDK adds. (The mutation sample on 6f30839 found these words
 * and branches reached by no test of the assistant target.)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedModelFetch, ModelResponseError, responseErrorIn } from '../src/assistant/model-fetch.js';

let server: Server;
let base: string;
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/html': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>login</html>'),
  '/untyped': (_req, res) => {
    res.removeHeader('content-type');
    res.writeHead(502).end('bad gateway');
  },
  '/big': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ x: 'y'.repeat(4096) })),
  '/small': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
  '/away': (_req, res) => res.writeHead(302, { location: 'http://127.0.0.2:9/elsewhere' }).end(),
  '/nowhere': (_req, res) => res.writeHead(307).end(),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    // /hops/N: N redirects within the origin (a relative location), then JSON.
    const hops = /^\/hops\/(\d+)$/.exec(req.url ?? '');
    if (hops) {
      const left = Number(hops[1]);
      if (left === 0) res.writeHead(200, { 'content-type': 'application/json' }).end('{"hops":"done"}');
      else res.writeHead(left % 2 ? 302 : 308, { location: `/hops/${left - 1}` }).end();
      return;
    }
    // The same host and port in another scheme: another origin.
    if (req.url === '/scheme') {
      res.writeHead(301, { location: `https://${req.headers.host}/small` }).end();
      return;
    }
    (routes[req.url ?? ''] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const refusal = async (fetcher: typeof fetch, path: string): Promise<string> => {
  try {
    const response = await fetcher(`${base}${path}`);
    await response.text();
  } catch (error) {
    expect(error).toBeInstanceOf(ModelResponseError);
    return (error as Error).message;
  }
  return 'not refused';
};

describe('boundedModelFetch', () => {
  it('a body that is not JSON: its status and kind named, and what it costs, for the model and for the embeddings endpoint', async () => {
    const problems: string[] = [];
    const model = boundedModelFetch({ maxBytes: 1024, onProblem: (message) => problems.push(message) });
    expect(await refusal(model, '/html')).toBe('the model endpoint answered HTTP 200 with text/html, not JSON; no answer could be generated');
    expect(await refusal(boundedModelFetch({ maxBytes: 1024, endpoint: 'model' }), '/untyped')).toBe(
      'the model endpoint answered HTTP 502 with no content type, not JSON; no answer could be generated',
    );
    expect(await refusal(boundedModelFetch({ maxBytes: 1024, endpoint: 'embeddings' }), '/html')).toBe(
      'the embeddings endpoint answered HTTP 200 with text/html, not JSON; nothing was read of it',
    );
    expect(problems).toEqual(['the model endpoint answered with a body that is not JSON']);
  });

  it('a body past the cap is stopped, the cap said in KB; one within it is read whole', async () => {
    const fetcher = boundedModelFetch({ maxBytes: 2048, endpoint: 'embeddings' });
    expect(await refusal(fetcher, '/big')).toBe('the embeddings endpoint sent more than 2 KB in one response; it was stopped');
    expect(await (await fetcher(`${base}/small`)).json()).toEqual({ ok: true });
  });

  it('a redirect to another origin, or with no location, is not followed, and says which', async () => {
    const problems: Array<[string, Record<string, unknown>]> = [];
    const fetcher = boundedModelFetch({ maxBytes: 1024, onProblem: (message, details) => problems.push([message, details]) });
    expect(await refusal(fetcher, '/away')).toBe('the model endpoint redirected to another host (http://127.0.0.2:9); the request was not sent there');
    expect(await refusal(fetcher, '/nowhere')).toBe('the model endpoint redirected to nowhere; the request was not sent there');
    expect(problems.map(([message, details]) => [message, details.status, details.to])).toEqual([
      ['the model endpoint redirected the request elsewhere: not followed', 302, 'http://127.0.0.2:9'],
      ['the model endpoint redirected the request elsewhere: not followed', 307, null],
    ]);
  });
});

describe('boundedModelFetch: redirects within the origin', () => {
  it('follows three, refuses a fourth', async () => {
    const fetcher = boundedModelFetch({ maxBytes: 1024 });
    expect(await (await fetcher(`${base}/hops/3`)).json()).toEqual({ hops: 'done' });
    expect(await refusal(fetcher, '/hops/4')).toBe('the model endpoint redirected more than 3 times');
  });

  it('refuses the same host and port in another scheme (https→http or http→https is another origin)', async () => {
    const problems: unknown[] = [];
    const fetcher = boundedModelFetch({ maxBytes: 1024, endpoint: 'embeddings', onProblem: (_message, details) => problems.push(details.to) });
    const origin = new URL(base);
    expect(await refusal(fetcher, '/scheme')).toBe(
      `the embeddings endpoint redirected to another host (https://${origin.host}); the request was not sent there`,
    );
    expect(problems).toEqual([`https://${origin.host}`]);
  });
});

describe('responseErrorIn', () => {
  it('finds the error under up to four wrappers, and nothing deeper or where there is none', () => {
    const inner = new ModelResponseError('cut');
    const wrapped = (depth: number): Error => (depth === 0 ? inner : new Error('wrapper', { cause: wrapped(depth - 1) }));
    expect(responseErrorIn(inner)).toBe(inner);
    expect(responseErrorIn(wrapped(4))).toBe(inner);
    expect(responseErrorIn(wrapped(5))).toBeUndefined();
    expect(responseErrorIn(new Error('other', { cause: 'text' }))).toBeUndefined();
    expect(responseErrorIn('text')).toBeUndefined();
  });
});
