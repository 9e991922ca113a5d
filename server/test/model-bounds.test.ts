/**
 * What a model endpoint sends back is bounded (issue 60 item 6; src/assistant/model-fetch.ts and
 * the answer's cap in src/assistant/service.ts), against a real HTTP server on 127.0.0.1 that
 * misbehaves: it streams 120 MB ignoring `max_tokens`, sends one endless event, redirects to
 * another port, or answers an HTML page. `docsnav serve` is measured whole for the flood: its
 * peak resident memory, and the row it stored.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Assistant } from '../src/assistant/service.js';
import { buildApp } from '../src/http/app.js';
import { openStore } from '../src/store/open.js';
import { MAX_ANSWER_BYTES } from '../src/assistant/model.js';
import { chat, deployedAssistant, userMessage } from './assistant-helpers.js';
import { exampleRepo, runCli, startServe, stopProc, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const SECRET = 'PROXY-LOGIN-PAGE-7f3a';
/** What the flood writes before it gives up on its own (the client should stop it long before). */
const FLOOD_BYTES = 120 * 2 ** 20;

interface Misbehaving {
  baseUrl: string;
  /** Bytes written to each streamed answer. */
  written: number[];
  requests: Array<{ url: string | undefined; model: string; stream: boolean }>;
  close: () => Promise<void>;
}

const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const closing = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};
const readJson = (request: IncomingMessage) =>
  new Promise<{ model: string; stream?: boolean }>((resolve) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => resolve(JSON.parse(raw) as { model: string; stream?: boolean }));
  });
const sse = (response: ServerResponse, content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** Writes `data` unless the client went away; waits for the socket to drain (bounded by the flood's size). */
async function write(response: ServerResponse, data: string): Promise<boolean> {
  if (response.destroyed || response.writableEnded) return false;
  if (!response.write(data))
    await new Promise<void>((resolve) => {
      const done = () => {
        response.off('drain', done);
        response.off('close', done);
        resolve();
      };
      response.on('drain', done);
      response.on('close', done);
    });
  return !response.destroyed;
}

/**
 * The model's behaviour is its name: `flood` streams deltas of 1 KB for 120 MB (and its rewriting
 * answer is one JSON of 120 MB), `endless` one event of 120 MB with no line end, `html` an HTML
 * page with status 200, `redirect` a 307 to `other` (another port), `scheme` a 307 to https on its
 * own host and port, `same` a 307 to another path
 * of its own origin, which answers well.
 */
async function misbehavingModel(other: string): Promise<Misbehaving> {
  const written: number[] = [];
  const requests: Misbehaving['requests'] = [];
  const server = createServer((request, response) => {
    void readJson(request).then(async (body) => {
      requests.push({ url: request.url, model: body.model, stream: body.stream === true });
      if (body.model === 'html') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body>${SECRET}: please sign in ${'x'.repeat(5000)}</body></html>`);
        return;
      }
      if (body.model === 'scheme') {
        // Its own host and port, another scheme: https, as an endpoint behind TLS asking for http would be the other way.
        response.writeHead(307, { location: `https://${request.headers.host}/v1/chat/completions` }).end();
        return;
      }
      if (body.model === 'redirect' || (body.model === 'same' && request.url === '/v1/chat/completions')) {
        const target = body.model === 'redirect' ? `${other}/v1/chat/completions` : '/moved/chat/completions';
        response.writeHead(307, { location: target }).end();
        return;
      }
      if (!body.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        if (body.model === 'flood') {
          await write(response, '{"id":"c","choices":[{"index":0,"message":{"role":"assistant","content":"');
          for (let sent = 0; sent < FLOOD_BYTES && (await write(response, 'session '.repeat(1024))); sent += 8192);
        }
        response.end(
          JSON.stringify({
            id: 'c',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      written.push(0);
      const at = written.length - 1;
      if (body.model === 'flood') {
        const delta = sse(response, 'word '.repeat(200));
        while (sent < FLOOD_BYTES && (await write(response, delta))) written[at] = sent += delta.length;
      } else if (body.model === 'endless') {
        await write(response, `data: {"id":"c","choices":[{"index":0,"delta":{"content":"`);
        const piece = 'a'.repeat(64 * 1024);
        while (sent < FLOOD_BYTES && (await write(response, piece))) written[at] = sent += piece.length;
      } else await write(response, sse(response, 'Moved, and answered [1].') + 'data: [DONE]\n\n');
      response.end();
    });
  });
  const port = await listening(server);
  return { baseUrl: `http://127.0.0.1:${port}/v1`, written, requests, close: () => closing(server) };
}

describe('a model endpoint that misbehaves, in process', () => {
  const fixture = deployedAssistant('model-bounds');
  let model: Misbehaving;
  /** Another port: the host a redirect points to; it counts what reaches it. */
  let elsewhere: Server;
  const reached: string[] = [];
  const problems: Array<{ message: string; details: Record<string, unknown> }> = [];
  let base: string;
  const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];

  beforeAll(async () => {
    elsewhere = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        reached.push(raw);
        response.writeHead(500).end();
      });
    });
    const port = await listening(elsewhere);
    model = await misbehavingModel(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    for (const app of apps) {
      app.server.closeAllConnections();
      await app.close();
    }
    await model?.close();
    if (elsewhere) await closing(elsewhere);
  });

  async function ask(name: string, question = 'How do I create a pet?') {
    const assistant = new Assistant(fixture.store, { model: { baseUrl: model.baseUrl, model: name } });
    assistant.onModelProblem = (message, details) => problems.push({ message, details });
    const app = await buildApp(fixture.core, { assistant });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const result = await chat(`${base}/v1/assistant/acme/message`, fixture.keys.assistant, [userMessage('u1', question)]);
    const stored = await fixture.store.query<{ content: string; error: string | null }>(
      `SELECT content, error FROM assistant_messages WHERE thread_id = $1 AND role = 'assistant'`,
      [result.threadIdHeader],
    );
    return { result, text: result.message?.content ?? '', errors: JSON.stringify(result.data ?? null) + String(result.error ?? ''), row: stored[0] };
  }

  it('an HTML page is not passed on: the answer names its kind, the log gets its start', async () => {
    problems.length = 0;
    const { result, text, row } = await ask('html');
    expect(result.status).toBe(200);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(text).not.toContain('<html');
    expect(row.error).toBe('the model endpoint answered HTTP 200 with text/html, not JSON; no answer could be generated');
    expect(row.content).not.toContain(SECRET);
    // Twice: the rewriting of the question, then the answer.
    const logged = problems.filter((problem) => problem.message === 'the model endpoint answered with a body that is not JSON');
    expect(logged).toHaveLength(2);
    expect(logged[0].details).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8' });
    expect(String(logged[0].details.start)).toMatch(new RegExp(`^<html><body>${SECRET}: please sign in x+$`));
    expect(String(logged[0].details.start)).toHaveLength(300);
  });

  it('a redirect to another port or another scheme is not followed: nothing reaches it; one within the origin is', async () => {
    reached.length = 0;
    problems.length = 0;
    const { row, text } = await ask('redirect');
    expect(reached).toEqual([]);
    expect(row.error).toMatch(/^the model endpoint redirected to another host \(http:\/\/127\.0\.0\.1:\d+\); the request was not sent there$/);
    expect(text).toBe('');
    expect(problems.map((problem) => problem.message)).toContain('the model endpoint redirected the request elsewhere: not followed');

    // The same host and port under another scheme is another origin: not followed either.
    problems.length = 0;
    const scheme = await ask('scheme');
    expect(scheme.row.error).toMatch(/^the model endpoint redirected to another host \(https:\/\/127\.0\.0\.1:\d+\); the request was not sent there$/);
    expect(scheme.text).toBe('');
    expect(problems.map((problem) => problem.message)).toContain('the model endpoint redirected the request elsewhere: not followed');

    const same = await ask('same');
    expect(same.row.error).toBeNull();
    expect(same.text).toBe('Moved, and answered [1].');
    expect(model.requests.filter((request) => request.model === 'same' && request.stream).map((request) => request.url)).toEqual([
      '/v1/chat/completions',
      '/moved/chat/completions',
    ]);
  });

  it('one endless event is stopped at the stream cap: the answer says so, the row holds no part of it', async () => {
    const { row, text } = await ask('endless');
    expect(text).toBe('');
    expect(row.error).toBe('the model endpoint sent more than 8192 KB in one response; it was stopped');
    expect(row.content).toBe('');
    expect(model.written.at(-1)).toBeLessThan(FLOOD_BYTES / 4);
  });
});

/** A process's peak resident memory (kB), as the kernel counts it. */
const peakKb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

describe('docsnav serve and a model that ignores max_tokens', () => {
  let model: Misbehaving;
  let serve: Awaited<ReturnType<typeof startServe>> | undefined;
  afterAll(async () => {
    if (serve) await stopProc(serve.proc);
    await model?.close();
  });

  it(
    'stops the answer at its cap, stores what fits, says so, and stays within its memory',
    async () => {
      model = await misbehavingModel('http://127.0.0.1:9');
      const dir = tempDir('model-flood');
      const repo = exampleRepo(path.join(dir, 'site'));
      const cli = (...args: string[]) => {
        const result = runCli(args, dir);
        if (result.status !== 0) throw new Error(result.stderr);
        return result.stdout.trim();
      };
      cli('project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--domain', 'acme');
      const admin = cli('key', 'create', '--project', 'acme', '--kind', 'admin');
      const key = cli('key', 'create', '--project', 'acme', '--kind', 'assistant');
      serve = await startServe(dir, ['--model-base-url', model.baseUrl, '--model', 'flood']);
      const { statusId } = (await (
        await fetch(`${serve.base}/v1/project/update/acme`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } })
      ).json()) as {
        statusId: string;
      };
      await waitFor(
        async () => {
          const status = (await (
            await fetch(`${serve!.base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${admin}` } })
          ).json()) as {
            status: string;
          };
          return status.status === 'success' || status.status === 'failure' ? status : undefined;
        },
        120_000,
        'the deployment',
      );
      const before = peakKb(serve.proc.child.pid!);
      const result = await chat(`${serve.base}/v1/assistant/acme/message`, key, [userMessage('u1', 'How do I create a pet?')]);
      const after = peakKb(serve.proc.child.pid!);
      const text = result.message?.content ?? '';
      // Whole words up to the cap, then the line that says it was cut (never the 120 MB printed on a failure).
      expect(/^[word ]+$/.test(text.slice(0, text.indexOf('\n'))), text.slice(0, 100)).toBe(true);
      expect(text.slice(text.indexOf('\n'))).toBe("\n\n(The answer was cut here: it reached the assistant's limit of 64 KB.)");
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 200);
      // The model was stopped: it wrote a few MB of its 120 (the socket's buffers hold some).
      expect(model.written[0]).toBeLessThan(16 * 2 ** 20);
      // The peak grew by far less than the flood (a 120 MB answer held, encoded and stored took over 500 MB).
      expect(after - before, `peak ${before} -> ${after} kB`).toBeLessThan(64 * 1024);
      // The line is written as the answer is cut; it reaches this process through a pipe, maybe after the answer.
      const proc = serve.proc;
      await waitFor(() => (/"msg":"a model answer was cut at its limit"/.test(proc.output()) ? true : undefined), 30_000, 'the log line of the cut');
      expect(await stopProc(serve.proc)).toBe(0);
      serve = undefined;
      const store = await openStore({ data: path.join(dir, '.docsnav') });
      try {
        const rows = await store.query<{ content: string; error: string | null }>(`SELECT content, error FROM assistant_messages WHERE role = 'assistant'`);
        expect(rows).toHaveLength(1);
        expect(rows[0].content).toBe(text);
        expect(rows[0].error).toBeNull();
      } finally {
        await store.close();
      }
    },
    hangGuard(300_000),
  );
});
