/// <reference lib="dom" />
// The DOM's types: the functions given to evaluate() run in the page.
/**
 * "Try it in a browser", in a real Chromium (Debian's, driven by playwright-core): the chat page
 * GET /assistant/{domain} and the widget GET /assistant/widget.js embedded by a page of another
 * origin, both against real listening servers over a real deployment of fixtures/example (with
 * one page made hostile: HTML in its title and text). What a person does: keys, Enter, Escape;
 * what they see: the answer streaming in, its cited sources, the errors.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/http/app.js';
import type { Core } from '../../src/core.js';
import { threadMessages } from '../../src/store/assistant.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { deployedExample, fakeModel } from '../assistant-helpers.js';
import { commitFile, exampleRepo, tempDir } from '../helpers.js';
import { CHROMIUM } from './chromium.js';
import { hangGuard } from '../../../test/time-scale.mjs';

/** A page of the example site whose title and text hold HTML that must stay text. */
const HOSTILE_PAGE = `---
title: 'Rollbacks <img src=x onerror="window.__pwned=1">'
---

Rollback notes.

\`\`\`html
rollback <img src=x onerror="window.__pwned=2"><script>window.__pwned=3</script>
\`\`\`
`;

let store: Store;
let core: Core;
let key: string;
let browser: Browser;
let model: Awaited<ReturnType<typeof fakeModel>>;
const apps: FastifyInstance[] = [];
const servers: Server[] = [];
/** The main server (no model, default limits; CORS allows the docs site's origin). */
let base: string;
/** A docs site of another origin that embeds the widget; and one whose origin is not allowed. */
let site: { origin: string; other: string };

async function listen(options: AppOptions = {}): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp(core, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A plain node:http server for the docs site: a page with the one script tag, under a strict CSP of its own. */
async function docsSite(): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url === '/site.css') {
      // The site's own styles must not reach into the widget.
      response
        .writeHead(200, { 'content-type': 'text/css' })
        .end('button { color: rgb(255, 0, 0) !important; font-size: 40px !important; } body { font-family: serif; }');
      return;
    }
    if (request.url !== '/' && request.url !== '/quickstart') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'self'; script-src 'self' ${base}; connect-src ${base}`,
      })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme docs</title><link rel="stylesheet" href="/site.css"></head>` +
          `<body><main><h1>Acme docs</h1><p><a href="/quickstart">Quickstart</a></p><button type="button">A button of the site</button></main>` +
          `<script src="${base}/assistant/widget.js" data-domain="acme" data-key="${key}" async></script></body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const dir = tempDir('browser');
  const repo = exampleRepo(path.join(dir, 'site'));
  commitFile(repo, 'docs/concepts/deployments.mdx', HOSTILE_PAGE, 'A hostile page');
  store = await openStore({ data: path.join(dir, 'data') });
  const deployed = await deployedExample(store, dir, repo);
  core = deployed.core;
  key = deployed.assistant;
  model = await fakeModel();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  site = { origin: await docsSite(), other: await docsSite() };
  base = (await listen({ corsOrigins: [site.origin] })).base;
}, hangGuard(180_000));

afterAll(async () => {
  await browser?.close();
  for (const app of apps) {
    app.server.closeAllConnections();
    await app.close();
  }
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await model?.close();
  await store?.close();
}, hangGuard(60_000));

/** Waits (polling) for a value the page shows. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: hangGuard(20_000), interval: 50 });

/** A fresh tab (its own sessionStorage) that records what would show a broken page: script errors and CSP refusals. */
async function open(url: string): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  await page.goto(url);
  return { page, context, problems };
}

const lastAnswer = (page: Page) => page.locator('article.msg.assistant').last();
const question = (page: Page) => page.getByLabel('Your question');
const assistantRequest = (request: Request) => request.method() === 'POST' && request.url().endsWith('/v1/assistant/acme/message');

/** Types a question and presses Enter; the request it sent and its response. */
async function ask(page: Page, text: string) {
  const [response] = await Promise.all([page.waitForResponse((candidate) => assistantRequest(candidate.request())), type(page, text)]);
  return { response, body: response.request().postDataJSON() as { threadId: string | null; messages: Array<{ role: string; content: string }> } };
}

async function type(page: Page, text: string) {
  await question(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** The last answer once it has ended: its text, its sources (title, link) and its citations' links. */
async function finishedAnswer(page: Page) {
  const answer = lastAnswer(page);
  await eventually(() => answer.getAttribute('aria-busy')).toBe('false');
  return {
    text: (await answer.locator('.answer').textContent()) ?? '',
    error: (await answer.locator('.error').isVisible()) ? await answer.locator('.error').textContent() : null,
    sources: await answer
      .locator('.sources li')
      .evaluateAll((items) =>
        items.map((item) => ({ title: item.querySelector('a, .title')?.textContent, href: item.querySelector('a')?.getAttribute('href') ?? null })),
      ),
    citations: await answer.locator('a.cite').evaluateAll((links) => links.map((link) => ({ text: link.textContent, href: link.getAttribute('href') }))),
  };
}

describe('the chat page GET /assistant/{domain}', () => {
  it('keyboard only: the key from #key= (then out of the address bar), Tab to the question, Enter; the answer streams in with cited sources; a follow-up continues the thread', async () => {
    const { page, context, problems } = await open(`${base}/assistant/acme?site=https://docs.acme.example/#key=${key}`);
    await eventually(() => page.url()).toBe(`${base}/assistant/acme?site=https://docs.acme.example/`);
    expect(await page.evaluate(() => sessionStorage.getItem('docsnav-assistant:acme:key'))).toBe(key);
    expect(await page.title()).toBe('Ask the docs: acme');

    await page.keyboard.press('Tab');
    await eventually(() =>
      question(page).evaluate((element) => element.getRootNode() instanceof ShadowRoot && element === (element.getRootNode() as ShadowRoot).activeElement),
    ).toBe(true);
    // Shift+Enter is a new line, not a send.
    await page.keyboard.type('How do I authenticate');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('API requests?');
    expect(await question(page).inputValue()).toBe('How do I authenticate\nAPI requests?');
    expect(await page.locator('article.msg.assistant').count()).toBe(0);
    const [first] = await Promise.all([page.waitForResponse((response) => assistantRequest(response.request())), page.keyboard.press('Enter')]);
    expect(first.status()).toBe(200);
    expect(first.request().postDataJSON()).toMatchObject({
      fp: 'anonymous',
      threadId: null,
      messages: [{ role: 'user', content: 'How do I authenticate\nAPI requests?' }],
    });
    const threadId = first.headers()['x-thread-id'];
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);

    const answer = await finishedAnswer(page);
    expect(answer.error).toBeNull();
    expect(answer.text).toMatch(/Authentication: This is the Authentication page\. \[1\]/);
    expect(answer.sources[0]).toEqual({ title: 'Authentication', href: 'https://docs.acme.example/api/authentication' });
    expect(answer.citations[0]).toEqual({ text: '[1]', href: 'https://docs.acme.example/api/authentication' });
    // **bold** became an element, the question stays as typed, and the question field is ready for the next one.
    expect(await lastAnswer(page).locator('.answer strong').first().textContent()).toBe('Authentication');
    expect(await page.locator('.msg.user p').last().textContent()).toBe('How do I authenticate\nAPI requests?');
    expect(await question(page).inputValue()).toBe('');
    await eventually(() => page.locator('[role=status]').textContent()).toBe('Answer complete.');

    // The follow-up: the same thread, the earlier turn sent back.
    const second = await ask(page, 'and list pets?');
    expect(second.body.threadId).toBe(threadId);
    expect(second.body.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(second.response.headers()['x-thread-id']).toBe(threadId);
    const follow = await finishedAnswer(page);
    expect(follow.sources.map((source) => source.href)).toContain('https://docs.acme.example/api-reference/pets/list-pets');
    const stored = await threadMessages(store, threadId);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[2].content).toBe('and list pets?');

    // A reload keeps the conversation (sessionStorage), and the next question still continues the thread.
    await page.reload();
    await eventually(() => page.locator('.turn').count()).toBe(2);
    const third = await ask(page, 'and create a pet?');
    expect(third.body.threadId).toBe(threadId);
    await finishedAnswer(page);
    expect((await threadMessages(store, threadId)).length).toBe(6);

    // "New chat" starts a new thread.
    await page.getByRole('button', { name: 'New chat' }).click();
    expect(await page.locator('.turn').count()).toBe(0);
    const fresh = await ask(page, 'quickstart');
    expect(fresh.body.threadId).toBeNull();
    expect(fresh.response.headers()['x-thread-id']).not.toBe(threadId);
    await finishedAnswer(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hostile page text stays text: HTML in a title and in an answer is shown, never run', async () => {
    const { page, context, problems } = await open(`${base}/assistant/acme#key=${key}`);
    await ask(page, 'How do rollbacks work?');
    const answer = await finishedAnswer(page);
    expect(answer.sources[0].title).toBe('Rollbacks <img src=x onerror="window.__pwned=1">');
    // No ?site=: the sources are text, and a citation jumps to its entry in the list.
    expect(answer.sources[0].href).toBeNull();
    expect(answer.citations[0].href).toMatch(/^#source-.+-1$/);
    expect(answer.text).toContain('Rollbacks <img src=x onerror="window.__pwned=1">');
    expect(answer.text).toContain('<script>window.__pwned=3</script>');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.answer img, .answer script, .sources img').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('errors are shown: a refused key (then the key field), a lost thread, a 429 with when the limit resets, a 3: stream error, a network failure', async () => {
    // A wrong key in the fragment: the endpoint's 401 is shown by a key field, which then works.
    const wrong = await open(`${base}/assistant/acme#key=dn_assistant_nope`);
    await ask(wrong.page, 'How do I authenticate?');
    const keyField = wrong.page.getByRole('textbox', { name: 'Assistant key' });
    await keyField.waitFor();
    expect(await wrong.page.locator('.keyform .error').textContent()).toBe('The key was refused: unknown API key');
    expect(await keyField.evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true);
    expect(await question(wrong.page).isVisible()).toBe(false);
    await wrong.page.keyboard.type(key);
    await wrong.page.keyboard.press('Enter');
    // The question is back in its field, focused: Enter sends it again.
    expect(await question(wrong.page).inputValue()).toBe('How do I authenticate?');
    expect(await question(wrong.page).evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true);
    await wrong.page.keyboard.press('Enter');
    expect((await finishedAnswer(wrong.page)).sources[0].title).toBe('Authentication');
    await wrong.context.close();

    // A thread the server no longer has (404): said, and the question, sent again, starts a new one.
    const lost = await open(`${base}/assistant/acme#key=${key}`);
    const missingThread = '00000000-0000-4000-8000-000000000000';
    await lost.page.evaluate((threadId) => sessionStorage.setItem('docsnav-assistant:acme:chat', JSON.stringify({ threadId, turns: [] })), missingThread);
    await lost.page.reload();
    const stale = await ask(lost.page, 'quickstart');
    expect(stale.body.threadId).toBe(missingThread);
    expect(stale.response.status()).toBe(404);
    expect((await finishedAnswer(lost.page)).error).toMatch(/no thread .* The next question starts a new conversation\.$/);
    const [again] = await Promise.all([lost.page.waitForResponse((response) => assistantRequest(response.request())), lost.page.keyboard.press('Enter')]);
    expect(again.request().postDataJSON()).toMatchObject({ threadId: null, messages: [{ role: 'user', content: 'quickstart' }] });
    expect(again.status()).toBe(200);
    expect((await finishedAnswer(lost.page)).error).toBeNull();
    await lost.context.close();

    // A limit: one use per month for this key.
    const limitedKey = (await core.createKey('acme', 'assistant')).token;
    const limited = await listen({ assistant: { limits: { perKeyPerMonth: 1, perOrganizationPerHour: 10_000, perIpPerDay: 10_000 } } });
    const { page, context, problems } = await open(`${limited.base}/assistant/acme#key=${limitedKey}`);
    await ask(page, 'quickstart');
    expect((await finishedAnswer(page)).error).toBeNull();
    const asked = new Date();
    const refused = await ask(page, 'quickstart again');
    expect(refused.response.status()).toBe(429);
    const retryAfter = Number(refused.response.headers()['retry-after']);
    const shown = await finishedAnswer(page);
    expect(shown.error).toMatch(/^rate limit: this API key's limit of 1 uses per month is used up\.?The limit resets in \d+ (days|h|min|s)/);
    const resetsAt = Date.parse((await lastAnswer(page).locator('.error time').getAttribute('datetime'))!);
    const monthEnd = Date.UTC(asked.getUTCFullYear(), asked.getUTCMonth() + 1, 1);
    expect(Math.abs(resetsAt - monthEnd)).toBeLessThan(5_000);
    expect(Math.abs(resetsAt - (Date.now() + retryAfter * 1000))).toBeLessThan(5_000);
    expect(await question(page).inputValue()).toBe('quickstart again');
    expect(problems).toEqual([]);
    await context.close();

    // A model that fails after the stream started: the 3: part.
    const failing = await listen({ assistant: { model: { baseUrl: model.baseUrl, model: 'fail' } } });
    const failed = await open(`${failing.base}/assistant/acme#key=${key}`);
    await ask(failed.page, 'How do I authenticate?');
    expect((await finishedAnswer(failed.page)).error).toMatch(/model endpoint answered HTTP 500/);
    await failed.context.close();

    // The server gone after the page loaded: a network error, said so.
    const doomed = await listen();
    const gone = await open(`${doomed.base}/assistant/acme#key=${key}`);
    doomed.app.server.closeAllConnections();
    await doomed.app.close();
    await type(gone.page, 'How do I authenticate?');
    expect((await finishedAnswer(gone.page)).error).toBe(
      `Could not reach the assistant at ${doomed.base} (a network error). Check the connection and try again.`,
    );
    await gone.context.close();
  });

  it('streams text as it arrives, and Stop cancels the answer (and the model call)', async () => {
    const hanging = await listen({ assistant: { model: { baseUrl: model.baseUrl, model: 'hang' }, deadlineMs: 60_000 } });
    const before = model.closedHangs();
    const { page, context, problems } = await open(`${hanging.base}/assistant/acme#key=${key}`);
    await type(page, 'How do I authenticate?');
    // The first words are shown while the answer is still coming.
    await eventually(() => lastAnswer(page).locator('.answer').textContent()).toBe('Let me think');
    expect(await lastAnswer(page).getAttribute('aria-busy')).toBe('true');
    const stop = page.getByRole('button', { name: 'Stop' });
    expect(await stop.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await stop.focus();
    await page.keyboard.press('Enter');
    await eventually(() => lastAnswer(page).getAttribute('aria-busy')).toBe('false');
    expect(await lastAnswer(page).locator('.note').textContent()).toBe('Stopped.');
    expect(await stop.isVisible()).toBe(false);
    expect(await question(page).evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true);
    await eventually(() => model.closedHangs()).toBe(before + 1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the widget: one script tag on a docs site of another origin', () => {
  it('keyboard only: Tab to the launcher, Enter opens the panel, ask, the answer with sources on the site, Escape closes', async () => {
    const { page, context, problems } = await open(`${site.origin}/`);
    const launcher = page.getByRole('button', { name: 'Ask the docs' });
    await launcher.waitFor();
    // Styles scoped both ways: the site's `button { color: red !important }` does not reach it, and it is fixed in a corner.
    expect(await launcher.evaluate((element) => getComputedStyle(element).color)).not.toBe('rgb(255, 0, 0)');
    expect(await launcher.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(await page.locator('main button').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 0, 0)');

    // Tab through the site's link and button to the launcher.
    for (let presses = 0; presses < 5 && !(await launcher.evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)); presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    const dialog = page.getByRole('dialog', { name: 'Ask the docs' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await question(page).evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true);

    const [response] = await Promise.all([
      page.waitForResponse((candidate) => assistantRequest(candidate.request())),
      page.keyboard.type('How do I authenticate API requests?').then(() => page.keyboard.press('Enter')),
    ]);
    expect(response.url()).toBe(`${base}/v1/assistant/acme/message`);
    expect(response.headers()['access-control-allow-origin']).toBe(site.origin);
    expect(response.request().postDataJSON()).toMatchObject({ currentPath: '/' });
    const threadId = response.headers()['x-thread-id'];
    const answer = await finishedAnswer(page);
    expect(answer.error).toBeNull();
    expect(answer.sources[0]).toEqual({ title: 'Authentication', href: `${site.origin}/api/authentication` });
    expect(answer.citations[0]).toEqual({ text: '[1]', href: `${site.origin}/api/authentication` });

    // Escape closes the panel and gives focus back to the launcher.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    expect(await launcher.evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true);

    // On the site's next page the conversation is still there, and goes on in the same thread.
    await page.goto(`${site.origin}/quickstart`);
    await launcher.click();
    expect(await page.locator('.turn').count()).toBe(1);
    const follow = await ask(page, 'and list pets?');
    expect(follow.body.threadId).toBe(threadId);
    expect(follow.body).toMatchObject({ currentPath: '/quickstart' });
    await finishedAnswer(page);
    expect((await threadMessages(store, threadId)).map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a site whose origin CORS does not allow: the browser refuses the answer, and the widget says it could not reach the assistant', async () => {
    const { page, context } = await open(`${site.other}/`);
    await page.getByRole('button', { name: 'Ask the docs' }).click();
    await type(page, 'How do I authenticate?');
    expect((await finishedAnswer(page)).error).toMatch(/^Could not reach the assistant at http:\/\/127\.0\.0\.1:\d+ \(a network error\)/);
    await context.close();
  });
});
