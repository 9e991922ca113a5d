/**
 * Assistant benchmark (called by bench/run.mjs, or alone: node bench/assistant.mjs): retrieval
 * quality on a held set of questions, each with the page it should cite, over the bundled
 * example site and a generated 2,000-page site (hit@1, hit@5, MRR of the cited pages), and the
 * latency of POST /v1/assistant/{domain}/message without a model on the 2,000-page deployment
 * (time to first byte and total, through a real listening server).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from '../../bench/generate.mjs';
import { copyExample, readBody, repoOf as makeRepo } from './repos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverPackage = path.dirname(here);
const dist = (file) => path.join(serverPackage, 'dist', file);
const { openStore } = await import(dist('store/open.js'));
const { Core } = await import(dist('core.js'));
const { buildApp } = await import(dist('http/app.js'));
const { JobRunner } = await import(dist('jobs/queue.js'));
const { jobKinds } = await import(dist('jobs/kinds.js'));
const { workerSettings } = await import(dist('jobs/settings.js'));
const { findDeployment } = await import(dist('store/deployments.js'));
const { closeThreads } = await import(dist('analysis/library-threads.js'));

const work = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-assistant-'));
const repoOf = (name, fill) => makeRepo(work, name, fill);

// A 2,000-page site whose pages each explain one feature of one product area, in words people use.
const AREAS = [
  'billing',
  'invoices',
  'webhooks',
  'payouts',
  'refunds',
  'customers',
  'subscriptions',
  'coupons',
  'taxes',
  'disputes',
  'reports',
  'exports',
  'teams',
  'roles',
  'audit logs',
  'sessions',
  'tokens',
  'domains',
  'certificates',
  'backups',
];
const ACTIONS = [
  ['create', 'Create'],
  ['delete', 'Delete'],
  ['rename', 'Rename'],
  ['archive', 'Archive'],
  ['restore', 'Restore'],
  ['schedule', 'Schedule'],
  ['import', 'Import'],
  ['filter', 'Filter'],
  ['retry', 'Retry'],
  ['encrypt', 'Encrypt'],
];
const topic = (index) => {
  const area = AREAS[index % AREAS.length];
  const [verb, Verb] = ACTIONS[Math.floor(index / AREAS.length) % ACTIONS.length];
  const variant = Math.floor(index / (AREAS.length * ACTIONS.length));
  return {
    area,
    verb,
    title: `${Verb} ${area}${variant ? ` (${['sandbox', 'EU region', 'legacy API', 'mobile', 'CLI', 'dashboard', 'batch', 'test mode', 'partner'][variant - 1] ?? `edition ${variant}`})` : ''}`,
    variant,
  };
};
let bigPages = [];
const bigRepo = repoOf('site-2000', (docs) => {
  const text = generateSite(2000, { platform: true });
  writeFileSync(path.join(docs, 'docs.json'), text);
  bigPages = [...text.matchAll(/"([a-z]{2}\/v\d+\/t\d+\/g\d+\/page-\d+)"/g)].map((m) => m[1]);
  bigPages.forEach((page, index) => {
    const { area, verb, title } = topic(index);
    mkdirSync(path.dirname(path.join(docs, page)), { recursive: true });
    writeFileSync(
      path.join(docs, `${page}.mdx`),
      `---\ntitle: ${title}\ndescription: How to ${verb} ${area}.\n---\n\nThis page explains how to ${verb} ${area} in your account.\n\n## Steps\n\nOpen the ${area} settings and choose ${verb}. The change applies within a minute.\n\n## Limits\n\nYou can ${verb} up to 100 ${area} per request.\n\n<Note>Read the overview first.</Note>\n`,
    );
  });
});
const exampleRepo = repoOf('example', (docs) => copyExample(docs));

const store = await openStore({ data: path.join(work, 'data') });
const core = new Core(store);
await core.addProject({ id: 'example', repo: exampleRepo, branch: 'main', docsDir: 'docs', domain: 'example' });
await core.addProject({ id: 'big', repo: bigRepo, branch: 'main', docsDir: 'docs', domain: 'big' });
const keys = {};
for (const id of ['example', 'big']) keys[id] = { admin: (await core.createKey(id, 'admin')).token, assistant: (await core.createKey(id, 'assistant')).token };
const runner = new JobRunner(store, jobKinds, workerSettings(path.join(work, 'data'), { pollMs: 200, git: { localRoots: [work] } }));
await runner.start();
for (const id of ['example', 'big']) {
  const { statusId } = await core.queueUpdate(id);
  for (let i = 0; i < 1200; i++) {
    const d = await findDeployment(store, statusId);
    if (d.status === 'success') break;
    if (d.status === 'failure') throw new Error(d.summary);
    await new Promise((r) => setTimeout(r, 250));
  }
}
await runner.stop();
await closeThreads();

const app = await buildApp(core, { assistant: { limits: { perKeyPerMonth: 1e9, perOrganizationPerHour: 1e9, perIpPerDay: 1e9 } } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

async function ask(domain, question) {
  const started = performance.now();
  const response = await fetch(`${base}/v1/assistant/${domain}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys[domain].assistant}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'anonymous', messages: [{ id: '1', role: 'user', content: question }], retrievalPageSize: 5 }),
  });
  const { text, firstByte } = await readBody(response, started);
  const total = performance.now() - started;
  const urls = text
    .split('\n')
    .filter((line) => line.startsWith('h:'))
    .map((line) => JSON.parse(line.slice(2)).url.split('#')[0]);
  return { urls, firstByte, total };
}

const held = [
  ['example', 'How do I authenticate my API requests?', '/api/authentication'],
  ['example', 'Where do I start? quickstart guide', '/quickstart'],
  ['example', 'How do deployments work?', '/concepts/deployments'],
  ['example', 'How are tabs used in the navigation?', '/concepts/navigation/tabs'],
  ['example', 'What are groups?', '/concepts/navigation/groups'],
  ['example', 'What is a project?', '/concepts/projects'],
  ['example', 'How can I list all pets?', '/api-reference/pets/list-pets'],
  ['example', 'Create a new pet', '/api-reference/pets/create-a-pet'],
  ['example', 'get a single pet by its id', '/api-reference/pets/get-a-pet'],
  ['example', 'Is there a webhook when a pet is adopted?', '/api-reference/pet-adopted'],
  ['example', 'How do I list the users of the admin API?', '/admin-reference/users/list-users'],
  ['example', 'create a user with the admin API', '/admin-reference/users/create-a-user-v2'],
  ['example', 'health check endpoint', '/admin-reference/get-health'],
  ['example', 'Introduction to the API', '/api/introduction'],
  ['example', 'Admin API overview', '/admin/overview'],
];
// Generated: one question per sampled page (any variant), in other words than its title; the
// last five use a synonym the page never says, which full-text search cannot match.
const VARIANTS = ['', 'sandbox', 'EU region', 'legacy API', 'mobile', 'CLI', 'dashboard', 'batch', 'test mode', 'partner'];
const phrasing = ['How do I {verb} {area}{in}?', 'Can I {verb} my {area}{in}?', 'steps to {verb} {area}{in}', 'what is the limit when I {verb} {area}{in}'];
const SYNONYMS = {
  delete: 'remove',
  create: 'add',
  rename: 'change the name of',
  archive: 'hide away',
  restore: 'bring back',
  schedule: 'plan',
  import: 'upload',
  filter: 'narrow down',
  retry: 'try again',
  encrypt: 'protect',
};
for (let i = 0; i < 20; i++) {
  const index = (i * 397 + 13) % 2000;
  const { area, verb, variant } = topic(index);
  const where = variant ? ` in the ${VARIANTS[variant]}` : '';
  const word = i >= 15 ? SYNONYMS[verb] : verb;
  held.push(['big', phrasing[i % phrasing.length].replace('{verb}', word).replace('{area}', area).replace('{in}', where), `/${bigPages[index]}`]);
}

let hit1 = 0;
let hit5 = 0;
let mrr = 0;
const misses = [];
const perSite = {};
for (const [domain, question, expected] of held) {
  const { urls } = await ask(domain, question);
  const rank = urls.indexOf(expected) + 1;
  const site = (perSite[domain] ??= { n: 0, hit1: 0, hit5: 0 });
  site.n++;
  if (rank === 1) (hit1++, site.hit1++);
  if (rank >= 1 && rank <= 5) (hit5++, site.hit5++);
  if (rank >= 1) mrr += 1 / rank;
  if (rank !== 1) misses.push(`${domain}: "${question}" → ${urls[0] ?? 'nothing'} (wanted ${expected}, rank ${rank || '> 5'})`);
}
console.log(`\nAssistant retrieval (${held.length} held questions, retrievalPageSize 5, no model):`);
console.log(`| set | questions | hit@1 | hit@5 |\n|---|---|---|---|`);
for (const [domain, site] of Object.entries(perSite))
  console.log(`| ${domain === 'big' ? 'generated 2,000 pages' : 'fixtures/example'} | ${site.n} | ${site.hit1} | ${site.hit5} |`);
console.log(`| all | ${held.length} | ${hit1} (${((100 * hit1) / held.length).toFixed(0)}%) | ${hit5} (${((100 * hit5) / held.length).toFixed(0)}%) |`);
console.log(`MRR ${(mrr / held.length).toFixed(3)}`);
for (const miss of misses) console.log(`  miss: ${miss}`);

const firstBytes = [];
const totals = [];
for (let i = 0; i < 30; i++) {
  const { firstByte, total } = await ask(
    'big',
    phrasing[i % 4]
      .replace('{verb}', ACTIONS[i % 10][0])
      .replace('{area}', AREAS[(i * 7) % 20])
      .replace('{in}', ''),
  );
  firstBytes.push(firstByte);
  totals.push(total);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
console.log(
  `Assistant latency, 2,000-page deployment, no model (30 requests, one at a time): first byte median ${median(firstBytes).toFixed(1)} ms (p95 ${p95(firstBytes).toFixed(1)}), total median ${median(totals).toFixed(1)} ms (p95 ${p95(totals).toFixed(1)})`,
);
await app.close();
await store.close();
