/**
 * The page tree and search over HTTP (`GET /v1/assistant/{domain}/pages`, `…/search`), through
 * a real `docsnav serve` on PGlite: a project deployed from a local repository, another
 * project's key (the tenant guard), keys of the wrong kind, the assistant's limits, a project with
 * no deployment yet, one whose only deployment failed, and one whose later deployment failed
 * (the last successful one stays what is read).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, exampleRepo, runCli, startServe, stopProc, tempDir, waitFor, type Proc } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

function cli(cwd: string, args: string[]): string {
  const result = runCli(args, cwd);
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A page whose one long paragraph names "frobnicator" far from its start: the snippet is cut around it. */
const LONG_PAGE = `---\ntitle: Quickstart\n---\n\n## Install\n\n${'Run the installer and follow the prompts on the screen. '.repeat(8)}Then register a frobnicator endpoint for deployment events, and ${'keep the secret somewhere safe. '.repeat(6)}\n`;

const KEY_LIMIT = 20;

/**
 * A page written as real pages are: paragraphs between blank lines, CRLF line ends, tabs, letters
 * of two and four UTF-16 units before the words looked for. Its snippet is cut from the text with
 * white space made single: where the words are in that text, not in the page as written.
 */
const SPACED_PAGE = [
  '---',
  'title: Spacing',
  '---',
  '',
  '## Spaced',
  '',
  ...Array.from({ length: 6 }, (_, i) => `Étape ${i}:\tcafé, naïve façade — 🙂 über 𝔘𝔫𝔦𝔠𝔬𝔡𝔢.\t\tMore text\there.\n`),
  'Then register a quuxifier endpoint for deployment events,',
  '\tand keep the secret 🙂 somewhere safe.',
  '',
  ...Array.from({ length: 6 }, (_, i) => `Ende ${i}:\tgrüße aus Köln 🙂 und 𝔐𝔲𝔫𝔦𝔠𝔥.\n`),
].join('\r\n');

/** A site in two languages: the same page in each (one copy group), a page listed in both, and the spaced page. */
const LANGUAGES_DOCS = JSON.stringify({
  theme: 'mint',
  name: 'Lang',
  colors: { primary: '#0D9373' },
  navigation: {
    languages: [
      { language: 'en', groups: [{ group: 'Start', pages: ['en/setup', 'shared', 'en/spacing'] }] },
      { language: 'fr', groups: [{ group: 'Départ', pages: ['fr/setup', 'shared'] }] },
    ],
  },
});

interface Refused {
  error: string;
  limit: string;
}
interface Pages {
  deployment: { id: string; endedAt: string; commit: { sha: string; ref: string; message: string } };
  tree: { pages: Array<{ path: string }> };
}
interface Found {
  deployment: string;
  results: Array<{ title: string; path: string; anchor: string | null; url: string; snippet: string; score: number }>;
}
/** Any answer: what the assertions read of the three. */
type Answered = Partial<Pages> & Partial<Omit<Found, 'deployment'>> & { status?: string };

describe('page tree and search over HTTP (docsnav serve, PGlite)', () => {
  let dir: string;
  let proc: Proc | undefined;
  let base: string;
  let repo: string;
  const keys: Record<string, string> = {};
  let firstSha: string;

  const get = async <T = Answered>(url: string, token?: string) => {
    const response = await fetch(`${base}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, headers: response.headers, body: (await response.json()) as T & Partial<Refused> };
  };

  /** Queues a deployment of `project` and waits for it to end; its status. */
  const deploy = async (project: string) => {
    const queued = await fetch(`${base}/v1/project/update/${project}`, { method: 'POST', headers: { authorization: `Bearer ${keys[`${project}-admin`]}` } });
    const { statusId } = (await queued.json()) as { statusId: string };
    return waitFor(
      async () => {
        const status = await get(`/v1/project/update-status/${statusId}`, keys[`${project}-admin`]);
        return status.body.status === 'success' || status.body.status === 'failure' ? status.body : undefined;
      },
      120_000,
      `deployment of ${project}`,
    );
  };

  beforeAll(async () => {
    dir = tempDir('page-routes');
    repo = exampleRepo(path.join(dir, 'acme'));
    commitFile(repo, 'docs/quickstart.mdx', LONG_PAGE);
    const beta = exampleRepo(path.join(dir, 'beta'));
    const broken = exampleRepo(path.join(dir, 'broken'));
    commitFile(broken, 'docs/docs.json', '{ "name": "Broken", "navigation": ');
    const lang = exampleRepo(path.join(dir, 'lang'));
    commitFile(lang, 'docs/en/setup.mdx', '---\ntitle: Setup\n---\n\nInstall the zorblax agent on every host, then start it.\n');
    commitFile(lang, 'docs/fr/setup.mdx', '---\ntitle: Installation\n---\n\nInstallez l’agent zorblax sur chaque hôte, puis démarrez-le.\n');
    commitFile(lang, 'docs/shared.mdx', '---\ntitle: Shared\n---\n\nThe plinthor glossary, one page for every language.\n');
    commitFile(lang, 'docs/en/spacing.mdx', SPACED_PAGE);
    commitFile(lang, 'docs/docs.json', LANGUAGES_DOCS);
    const projects: Array<[string, string]> = [
      ['acme', repo],
      ['beta', beta],
      ['fresh', beta],
      ['broken', broken],
      ['lang', lang],
    ];
    for (const [id, folder] of projects) {
      cli(dir, ['project', 'add', id, '--repo', folder, '--branch', 'main', '--docs-dir', 'docs', '--domain', id]);
      keys[`${id}-admin`] = cli(dir, ['key', 'create', '--project', id, '--kind', 'admin']);
      keys[`${id}-assistant`] = cli(dir, ['key', 'create', '--project', id, '--kind', 'assistant']);
    }
    // A key of its own for the limit (every key has KEY_LIMIT uses a month; the others use fewer here).
    keys['acme-limited'] = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'assistant']);
    ({ proc, base } = await startServe(dir, ['--limit-key-month', String(KEY_LIMIT)]));
    for (const id of ['acme', 'beta', 'broken', 'lang']) expect(await deploy(id)).toMatchObject({ status: id === 'broken' ? 'failure' : 'success' });
    firstSha = readFileSync(path.join(repo, '.git', 'refs', 'heads', 'main'), 'utf8').trim();
  }, hangGuard(300_000));

  afterAll(async () => {
    if (proc) await stopProc(proc);
  });

  it('the page tree is what docsnav resolve --format json makes of the deployed commit, with the deployment it came from', async () => {
    const { status, body } = await get<Pages>('/v1/assistant/acme/pages', keys['acme-assistant']);
    expect(status).toBe(200);
    expect(body.deployment).toMatchObject({ commit: { sha: firstSha, ref: 'main', message: 'Change docs/quickstart.mdx' } });
    expect(body.deployment.endedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const resolved = runCli(['resolve', path.join(repo, 'docs', 'docs.json'), '--format', 'json'], dir);
    expect(resolved.status, resolved.stderr).toBe(0);
    expect(body.tree).toEqual(JSON.parse(resolved.stdout));
    const deployment = await get(`/v1/project/update-status/${body.deployment.id}`, keys['acme-admin']);
    expect(deployment.body).toMatchObject({ status: 'success', commit: { sha: firstSha } });
  });

  it('search answers the ranked sections: title, path, anchor, url, snippet around the query', async () => {
    const { status, body } = await get<Found>(`/v1/assistant/acme/search?query=${encodeURIComponent('register a frobnicator')}`, keys['acme-assistant']);
    expect(status).toBe(200);
    expect(body.deployment).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.results.length).toBeGreaterThan(0);
    const [first] = body.results;
    expect(first).toMatchObject({ title: 'Quickstart: Install', path: 'quickstart', anchor: 'install', url: '/quickstart#install' });
    expect(first.snippet.length).toBeLessThanOrEqual(200);
    expect(first.snippet).toMatch(/^….*register a frobnicator endpoint.*…$/);
    expect(typeof first.score).toBe('number');
    const one = await get('/v1/assistant/acme/search?query=page&limit=1', keys['acme-assistant']);
    expect(one.body.results).toHaveLength(1);
    // Nothing of the site matches: no results, not an error.
    expect((await get('/v1/assistant/acme/search?query=zzyzx', keys['acme-assistant'])).body.results).toEqual([]);
  });

  it('a snippet is cut around the words in text as written: blank lines, CRLF, tabs, multi-byte letters', async () => {
    const { status, body } = await get<Found>(`/v1/assistant/lang/search?query=${encodeURIComponent('quuxifier endpoint')}`, keys['lang-assistant']);
    expect(status).toBe(200);
    const [first] = body.results;
    expect(first).toMatchObject({ path: 'en/spacing', anchor: 'spaced' });
    expect(first.snippet.length).toBeLessThanOrEqual(200);
    expect(first.snippet).toMatch(/^….*Then register a quuxifier endpoint for deployment events, and keep the secret 🙂 somewhere safe\..*…$/u);
    // White space made single; no half of a letter of two UTF-16 units at either cut.
    expect(first.snippet).not.toMatch(/[\r\n\t]| {2}/);
    expect(first.snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    // What it shows is the page's text, cut, not shifted: each word whole, in the page's order.
    const written = SPACED_PAGE.split('## Spaced')[1].replace(/\s+/g, ' ').trim();
    expect(written).toContain(first.snippet.replace(/^…|…$/g, ''));
  });

  it('?language= with a page in two languages: the copy of that language; a page listed under both found under the first', async () => {
    const token = keys['lang-assistant'];
    const paths = async (query: string, language?: string) =>
      (await get<Found>(`/v1/assistant/lang/search?query=${query}${language ? `&language=${language}` : ''}`, token)).body.results.map((result) => result.path);
    expect(await paths('zorblax', 'fr')).toEqual(['fr/setup']);
    expect(await paths('zorblax', 'en')).toEqual(['en/setup']);
    expect(await paths('plinthor', 'en')).toEqual(['shared']);
    expect(await paths('quuxifier', 'fr')).toEqual([]);
    expect(await paths('quuxifier', 'en')).toEqual(['en/spacing']);
  });

  // A page listed under two languages is found under either (it was indexed with its first listing's language only: server/test/listed-twice.test.ts).
  it('?language= finds a page listed under both languages under the second one too', async () => {
    const found = await get<Found>('/v1/assistant/lang/search?query=plinthor&language=fr', keys['lang-assistant']);
    expect(found.body.results.map((result) => result.path)).toEqual(['shared']);
  });

  it('bad queries are 400s naming the parameter', async () => {
    const token = keys['acme-assistant'];
    expect(await get('/v1/assistant/acme/search', token)).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^query: /) } });
    expect(await get('/v1/assistant/acme/search?query=', token)).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^query: /) } });
    expect(await get('/v1/assistant/acme/search?query=x&limit=21', token)).toMatchObject({
      status: 400,
      body: { error: 'limit: must be an integer from 1 to 20' },
    });
    expect(await get(`/v1/assistant/acme/search?query=${'a'.repeat(1001)}`, token)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^query: /) },
    });
  });

  it("keys: none is 401, an admin key 403, another project's assistant key 404 as for a project that is not there", async () => {
    for (const route of ['/v1/assistant/acme/pages', '/v1/assistant/acme/search?query=page']) {
      expect(await get(route)).toMatchObject({ status: 401, body: { error: expect.stringMatching(/missing API key/) } });
      expect(await get(route, 'dn_assistant_nope')).toMatchObject({ status: 401 });
      expect(await get(route, keys['acme-admin'])).toMatchObject({ status: 403, body: { error: expect.stringMatching(/needs an assistant key/) } });
      // The tenant guard: beta's key reads beta, never acme (beta has the same pages: only the guard tells them apart).
      const other = await get(route, keys['beta-assistant']);
      expect(other).toMatchObject({ status: 404, body: { error: 'no project with the domain "acme"' } });
      expect(other.body).not.toHaveProperty('tree');
      expect(other.body).not.toHaveProperty('results');
      expect(await get(route.replace('acme', 'nowhere'), keys['beta-assistant'])).toMatchObject({
        status: 404,
        body: { error: 'no project with the domain "nowhere"' },
      });
      expect((await get(route.replace('acme', 'beta'), keys['beta-assistant'])).status).toBe(200);
    }
  });

  it('a project with no deployment yet, and one whose only deployment failed: 409 saying so', async () => {
    for (const id of ['fresh', 'broken']) {
      for (const route of [`/v1/assistant/${id}/pages`, `/v1/assistant/${id}/search?query=page`]) {
        expect(await get(route, keys[`${id}-assistant`])).toMatchObject({
          status: 409,
          body: { error: `project "${id}" has no successful deployment yet: POST /v1/project/update/${id} first` },
        });
      }
    }
    const failed = await get('/v1/assistant/broken/pages', keys['broken-admin']);
    expect(failed.status).toBe(403);
  });

  it(
    'a failed deployment leaves the last successful one as what is read',
    async () => {
      const before = (await get<Pages>('/v1/assistant/acme/pages', keys['acme-assistant'])).body;
      commitFile(repo, 'docs/docs.json', '{ "name": "Broken now" ');
      const status = await deploy('acme');
      expect(status.status).toBe('failure');
      const after = await get<Pages>('/v1/assistant/acme/pages', keys['acme-assistant']);
      expect(after.status).toBe(200);
      expect(after.body.deployment).toEqual(before.deployment);
      expect(after.body.tree).toEqual(before.tree);
      const search = await get('/v1/assistant/acme/search?query=frobnicator', keys['acme-assistant']);
      expect(search.body).toMatchObject({ deployment: before.deployment.id, results: [expect.objectContaining({ path: 'quickstart' })] });
    },
    hangGuard(180_000),
  );

  it("the assistant's limits count these reads, with the messages: past the key's uses a month, 429 saying which and when", async () => {
    const token = keys['acme-limited'];
    const answers = [];
    for (let i = 0; i < KEY_LIMIT - 2; i++)
      answers.push((await get(i % 2 ? '/v1/assistant/acme/pages' : '/v1/assistant/acme/search?query=page', token)).status);
    const message = await fetch(`${base}/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [{ id: '1', role: 'user', content: 'How do I start?' }] }),
    });
    await message.text();
    answers.push(message.status);
    answers.push((await get('/v1/assistant/acme/pages', token)).status);
    expect(answers).toEqual(Array(KEY_LIMIT).fill(200));
    for (const route of ['/v1/assistant/acme/pages', '/v1/assistant/acme/search?query=page']) {
      const refused = await get(route, token);
      expect(refused).toMatchObject({
        status: 429,
        body: { error: expect.stringMatching(new RegExp(`this API key's limit of ${KEY_LIMIT} uses per month is used up`)), limit: 'key' },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another key of the project is not held back by this one's limit.
    expect((await get<Pages>('/v1/assistant/acme/pages', keys['acme-assistant'])).status).toBe(200);
  });

  it('the routes are in /openapi.json', async () => {
    const doc = (await get<{ paths: Record<string, unknown> }>('/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/assistant/{domain}/pages', '/v1/assistant/{domain}/search']));
  });
});
