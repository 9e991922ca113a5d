/**
 * The management half of Core (src/core.ts) in process, on a real store (PGlite): adding, updating
 * and removing projects with each setting checked (the one line a mistake gets, naming its flag),
 * keys made, listed and revoked, updates queued up to the project's limit. The commands that call
 * these are tested through the CLI (cli.test.ts), whose processes no mutant reaches: a whole run of
 * the server-core target found most of this code reached by no test in process.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, InputError } from '../src/core.js';
import { HttpError } from '../src/http/errors.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let store: Store;
let core: Core;

beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('core-projects'), 'data') });
  core = new Core(store, { maxQueuedPerProject: 2 });
}, hangGuard(60_000));

afterAll(async () => {
  await store?.close();
});

/** What `run` rejects with: its class and message; fails when it resolves. */
async function refusal(run: () => Promise<unknown>): Promise<[string, string]> {
  try {
    await run();
  } catch (error) {
    return [(error as Error).constructor.name, (error as Error).message];
  }
  throw new Error('expected a refusal');
}

const base = { repo: '/srv/docs.git', branch: 'main' };

describe('adding a project', () => {
  it('keeps the settings given, with the defaults for the rest', async () => {
    expect(await core.addProject({ id: 'plain', ...base })).toMatchObject({
      id: 'plain',
      repo: '/srv/docs.git',
      branch: 'main',
      docsDir: '.',
      domain: null,
      compareUrl: null,
      autoFix: false,
      corsOrigins: null,
    });
    expect(
      await core.addProject({
        id: 'Full_1.x-y',
        repo: 'https://git.example.com/acme/docs.git',
        branch: 'release/2.0',
        docsDir: './docs/',
        domain: 'acme-docs',
        compareUrl: 'https://git.example.com/acme/docs/compare/{base}...{branch}',
        autoFix: true,
        corsOrigins: ['https://docs.acme.com', 'https://docs.acme.com/'],
      }),
    ).toMatchObject({
      id: 'Full_1.x-y',
      repo: 'https://git.example.com/acme/docs.git',
      branch: 'release/2.0',
      docsDir: 'docs',
      domain: 'acme-docs',
      compareUrl: 'https://git.example.com/acme/docs/compare/{base}...{branch}',
      autoFix: true,
      corsOrigins: ['https://docs.acme.com'],
    });
  });

  it.each([
    [{ id: '' }, 'project id "" must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit'],
    [{ id: '-x' }, 'project id "-x" must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit'],
    [{ id: 'a/b' }, 'project id "a/b" must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit'],
    [{ id: 'x'.repeat(101) }, `project id "${'x'.repeat(101)}" must be 1–100 letters, digits, ".", "_" or "-", starting with a letter or digit`],
    [{ branch: '-main' }, '--branch "-main" is not a valid branch name'],
    [{ branch: 'a..b' }, '--branch "a..b" is not a valid branch name'],
    [{ domain: 'Acme' }, '--domain "Acme" must be lower-case letters, digits and "-" (like a subdomain)'],
    [{ domain: '-acme' }, '--domain "-acme" must be lower-case letters, digits and "-" (like a subdomain)'],
    [{ domain: 'a.b' }, '--domain "a.b" must be lower-case letters, digits and "-" (like a subdomain)'],
    [{ compareUrl: 'ftp://x/{branch}' }, '--compare-url "ftp://x/{branch}" must be an http(s) URL with {branch} (and optionally {base}) in it'],
    [{ compareUrl: 'https://x/compare' }, '--compare-url "https://x/compare" must be an http(s) URL with {branch} (and optionally {base}) in it'],
    [{ compareUrl: 'https://x/a b/{branch}' }, '--compare-url "https://x/a b/{branch}" must be an http(s) URL with {branch} (and optionally {base}) in it'],
    [{ docsDir: '../up' }, '--docs-dir "../up" must be a folder inside the repository'],
    [{ docsDir: '/abs' }, '--docs-dir "/abs" must be a folder inside the repository'],
    [{ docsDir: 'a/../..' }, '--docs-dir "a/../.." must be a folder inside the repository'],
    [{ corsOrigins: [] }, '--origins takes origins like https://docs.acme.com (comma-separated) or *'],
    [
      { corsOrigins: ['https://ok.example', 'not an origin'] },
      '--origins takes origins like https://docs.acme.com (comma-separated) or * (got "not an origin")',
    ],
  ])('refuses %j, naming the flag', async (input, message) => {
    expect(await refusal(() => core.addProject({ id: 'refused', ...base, ...input }))).toEqual(['InputError', message]);
    expect((await core.listProjects()).map((project) => project.id)).not.toContain('refused');
  });

  it("refuses a repository ssh would read an option from, or one with a control character, in one line (an InputError, not the guard's own error)", async () => {
    expect(await refusal(() => core.addProject({ id: 'opt', repo: 'ssh://-oProxyCommand=x/repo', branch: 'main' }))).toEqual([
      'InputError',
      'the repository URL\'s host starts with "-" (ssh or git would read it as an option): "ssh://-oProxyCommand=x/repo"',
    ]);
    expect(await refusal(() => core.updateProject('plain', { repo: 'a\u0001b' }))).toEqual([
      'InputError',
      'the repository "a\\u0001b" holds a control character',
    ]);
  });

  it('refuses an id or a domain another project has, naming the domain only when one was given', async () => {
    await core.addProject({ id: 'taken', ...base, domain: 'taken' });
    expect(await refusal(() => core.addProject({ id: 'taken', ...base }))).toEqual(['InputError', 'a project "taken" already exists']);
    expect(await refusal(() => core.addProject({ id: 'other', ...base, domain: 'taken' }))).toEqual([
      'InputError',
      'a project "other" or the domain "taken" already exists',
    ]);
  });
});

describe('updating and removing a project', () => {
  it('changes only what is given, checked as when adding', async () => {
    await core.addProject({ id: 'upd', ...base, domain: 'upd' });
    expect(await core.updateProject('upd', { branch: 'next', autoFix: true })).toMatchObject({
      branch: 'next',
      autoFix: true,
      domain: 'upd',
      repo: '/srv/docs.git',
    });
    expect(await core.updateProject('upd', { docsDir: 'site\\docs' })).toMatchObject({ docsDir: 'site/docs', branch: 'next' });
    expect(await core.updateProject('upd', { corsOrigins: ['*'] })).toMatchObject({ corsOrigins: ['*'] });
    expect(await refusal(() => core.updateProject('upd', { domain: 'UPD' }))).toEqual([
      'InputError',
      '--domain "UPD" must be lower-case letters, digits and "-" (like a subdomain)',
    ]);
  });

  it("refuses another project's domain, and a project nobody has", async () => {
    await core.addProject({ id: 'first', ...base, domain: 'first' });
    await core.addProject({ id: 'second', ...base });
    expect(await refusal(() => core.updateProject('second', { domain: 'first' }))).toEqual(['InputError', 'the domain "first" belongs to another project']);
    expect(await refusal(() => core.updateProject('nobody', { branch: 'x' }))).toEqual(['InputError', 'no project "nobody" (see docsnav project list)']);
  });

  it('removes a project with its keys; a second removal is refused', async () => {
    await core.addProject({ id: 'gone', ...base });
    const key = await core.createKey('gone', 'admin');
    await core.removeProject('gone');
    expect((await core.listProjects()).map((project) => project.id)).not.toContain('gone');
    expect((await core.listKeys()).map((listed) => listed.id)).not.toContain(key.id);
    expect(await refusal(() => core.removeProject('gone'))).toEqual(['InputError', 'no project "gone" (see docsnav project list)']);
  });
});

describe('keys', () => {
  it('are made for a project that exists, listed without their tokens, one project or all, and revoked once', async () => {
    await core.addProject({ id: 'keyed', ...base });
    const admin = await core.createKey('keyed', 'admin');
    const assistant = await core.createKey('keyed', 'assistant');
    expect(admin.token).toMatch(/^dn_admin_/);
    expect(assistant.token).toMatch(/^dn_assistant_/);
    const listed = await core.listKeys('keyed');
    expect(listed.map((key) => [key.id, key.kind]).sort()).toEqual(
      [
        [admin.id, 'admin'],
        [assistant.id, 'assistant'],
      ].sort(),
    );
    expect(JSON.stringify(listed)).not.toContain(admin.token);
    expect((await core.listKeys()).length).toBeGreaterThanOrEqual(2);
    await core.revokeKey(admin.id);
    expect((await core.listKeys('keyed')).map((key) => key.id)).toEqual([assistant.id]);
    expect(await refusal(() => core.revokeKey(admin.id))).toEqual(['InputError', `no key "${admin.id}" (see docsnav key list)`]);
    expect(await refusal(() => core.createKey('nobody', 'admin'))).toEqual(['InputError', 'no project "nobody" (see docsnav project list)']);
  });
});

describe('queued updates', () => {
  it("queue a deployment of the project's branch up to the project's limit, then 429; a project nobody has is a 404", async () => {
    await core.addProject({ id: 'queued', ...base, branch: 'docs' });
    const first = await core.queueUpdate('queued');
    expect(first.statusId).toMatch(/^[0-9a-f-]{36}$/);
    const { deployment, project } = await core.updateStatus({ id: first.statusId, projectId: 'queued' } as never);
    expect(project.id).toBe('queued');
    expect(deployment.id).toBe(first.statusId);
    await core.queueUpdate('queued');
    const refused = await refusal(() => core.queueUpdate('queued'));
    expect(refused).toEqual(['HttpError', 'project "queued" already has 2 updates waiting; try again when they have run']);
    try {
      await core.queueUpdate('nobody');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect([(error as HttpError).statusCode, (error as HttpError).message]).toEqual([404, 'no project "nobody"']);
    }
    expect(new InputError('x').name).toBe('InputError');
  });

  it('the database answering is healthy; a closed one is not', async () => {
    expect(await core.healthy()).toBe(true);
    const closed = await openStore({ data: path.join(tempDir('core-closed'), 'data') });
    await closed.close();
    expect(await new Core(closed).healthy()).toBe(false);
  });
});
