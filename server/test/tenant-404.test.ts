/**
 * A key asking about another tenant's domain learns nothing (issue 66): its 404 is the 404 of a
 * domain no project has, byte for byte, after the same work. Over HTTP to a listening server, for
 * each route that names a domain (the pages, the search, the assistant's message) and for a
 * thread of another tenant's continued: the same answer (status, headers but the date, body), and
 * the same store queries returning the same number of rows (one lookup, scoped by the key's
 * project, that finds nothing in either case), never a row of the other tenant read and then
 * compared. No time is asserted. (A browser's request carries an Origin, and its CORS answer
 * is the project's origins, as the preflight before it must give them to anyone, key or none:
 * that is public by design, and these requests carry none.)
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Store } from '../src/store/store.js';
import { exampleRepo } from './helpers.js';
import { listeningServer } from './listening-server.js';

const server = listeningServer('tenant-404');

/** The store's queries while `run` runs, of the tables a lookup reads (the job runner's polls left out), each with how many rows it returned. */
async function queriesDuring<T>(store: Store, run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const original = store.query.bind(store);
  store.query = (async (sql: string, params?: readonly unknown[]) => {
    const rows = await original(sql, params);
    if (/\b(projects|deployments|assistant_threads|api_keys)\b/.test(sql) && !/\bjobs\b/.test(sql))
      queries.push(`${sql.replace(/\s+/g, ' ')} → ${rows.length} rows`);
    return rows;
  }) as Store['query'];
  try {
    return { result: await run(), queries };
  } finally {
    store.query = original;
  }
}

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

async function ask(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const body = await response.text();
  // The date and the request's own id change from one answer to the next, and say nothing of the tenant.
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'x-request-id') headers.push([name, value]);
  });
  return { status: response.status, headers, body };
}

describe("a 404 for another tenant's domain", () => {
  it('is the 404 of an unknown domain, byte for byte, after the same queries (pages, search, message)', async () => {
    const repo = exampleRepo(path.join(server.dir, 'site'));
    await server.core.addProject({ id: 'mine', repo, branch: 'main', docsDir: 'docs', domain: 'mine' });
    const key = (await server.core.createKey('mine', 'assistant')).token;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const message = JSON.stringify({ fp: 'anonymous', messages: [{ role: 'user', content: 'How do I start?' }] });
    const requests: Array<[string, (domain: string) => [string, RequestInit]]> = [
      ['pages', (domain) => [`${server.base}/v1/assistant/${domain}/pages`, { headers }]],
      ['search', (domain) => [`${server.base}/v1/assistant/${domain}/search?query=start`, { headers }]],
      ['message', (domain) => [`${server.base}/v1/assistant/${domain}/message`, { method: 'POST', headers, body: message }]],
    ];
    const answers = async (domain: string) => {
      const all: Record<string, { answer: Answer; queries: string[] }> = {};
      for (const [name, request] of requests) {
        const [url, init] = request(domain);
        const { result, queries } = await queriesDuring(server.store, () => ask(url, init));
        all[name] = { answer: result, queries };
      }
      return all;
    };

    // First the domain belongs to no project; then to another tenant's.
    const unknown = await answers('theirs');
    await server.core.addProject({ id: 'theirs', repo, branch: 'main', docsDir: 'docs', domain: 'theirs' });
    const foreign = await answers('theirs');
    for (const [name] of requests) {
      expect(unknown[name].answer.status, name).toBe(404);
      expect(foreign[name].answer, name).toEqual(unknown[name].answer);
      expect(foreign[name].queries, name).toEqual(unknown[name].queries);
      // The lookup by domain found nothing in either case: no row of the other tenant was read.
      const lookups = foreign[name].queries.filter((query) => /FROM projects WHERE domain/.test(query));
      expect(lookups, name).toEqual([expect.stringMatching(/→ 0 rows$/)]);
    }
  });
});
