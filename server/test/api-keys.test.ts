/**
 * API keys at the unit level (auth.ts): the bearer header's grammar, the token and its hash, and
 * the 401s, against a real store (PGlite). The hook that applies them to every route is in
 * auth.test.ts.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, hashToken, newToken } from '../src/http/auth.js';
import { Core } from '../src/core.js';
import { HttpError } from '../src/http/errors.js';
import { insertKey } from '../src/store/keys.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

/** What `run` throws, as `{ status, message }`; fails when it returns. */
async function thrown(run: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
  }
  throw new Error('expected a throw');
}

describe('tokens', () => {
  it('a new token names its kind and carries 32 random bytes (base64url); no two are alike', () => {
    for (const kind of ['admin', 'assistant'] as const) {
      const [one, two] = [newToken(kind), newToken(kind)];
      expect(one).toMatch(new RegExp(`^dn_${kind}_[A-Za-z0-9_-]{43}$`));
      expect(Buffer.from(one.slice(`dn_${kind}_`.length), 'base64url')).toHaveLength(32);
      expect(one).not.toBe(two);
    }
  });

  it('the stored hash is the hex SHA-256 of the token as UTF-8', () => {
    for (const token of ['dn_admin_x', 'é€😀']) {
      expect(hashToken(token)).toBe(createHash('sha256').update(Buffer.from(token, 'utf8')).digest('hex'));
    }
    expect(hashToken('a')).not.toBe(hashToken('b'));
  });
});

describe('authenticate: the key a request carries', () => {
  let store: Store;
  let core: Core;
  let admin: { id: string; token: string };
  const short = 'dn_admin_abc-DEF_123';
  const longest = 'x'.repeat(512);
  const tooLong = 'y'.repeat(513);

  beforeAll(async () => {
    store = await openStore({ data: path.join(tempDir('api-keys'), 'data') });
    core = new Core(store);
    await core.addProject({ id: 'acme', repo: '/tmp', branch: 'main' });
    admin = await core.createKey('acme', 'admin');
    for (const [id, token] of [
      ['short', short],
      ['longest', longest],
      ['too-long', tooLong],
    ])
      await insertKey(store, { id, projectId: 'acme', kind: 'admin', tokenHash: hashToken(token) });
  }, hangGuard(120_000));

  afterAll(async () => {
    await store?.close();
  });

  it('a known token: its key (id, project, kind)', async () => {
    expect(await authenticate(store, `Bearer ${admin.token}`)).toEqual({ id: admin.id, projectId: 'acme', kind: 'admin' });
  });

  const accepted: Array<[name: string, header: string, id: string]> = [
    ['the usual form', `Bearer ${short}`, 'short'],
    ['the scheme in any case', `bEARER ${short}`, 'short'],
    ['a tab and several spaces after the scheme', `Bearer \t  ${short}`, 'short'],
    ['spaces and tabs after the token', `Bearer ${short} \t `, 'short'],
    ['a token of 512 characters', `Bearer ${longest}`, 'longest'],
  ];
  it.each(accepted)('read: %s', async (_name, header, id) => {
    expect((await authenticate(store, header)).id).toBe(id);
  });

  const missing: Array<[name: string, header: string | undefined]> = [
    ['no header', undefined],
    ['an empty header', ''],
    ['the scheme alone', 'Bearer'],
    ['the scheme and a space', 'Bearer '],
    ['no space after the scheme', `Bearer${short}`],
    ['another scheme', `Basic ${short}`],
    ['text before the scheme', `x Bearer ${short}`],
    ['two words after the scheme', `Bearer ${short} more`],
    ['a token of 513 characters', `Bearer ${tooLong}`],
    ['a newline after the token', `Bearer ${short}\n`],
  ];
  it.each(missing)('no key read: %s (401 saying how to send one)', async (_name, header) => {
    expect(await thrown(() => authenticate(store, header))).toEqual({ status: 401, message: 'missing API key: send "Authorization: Bearer <key>"' });
  });

  it('a token nobody issued, or one of a revoked key: 401 unknown', async () => {
    expect(await thrown(() => authenticate(store, `Bearer ${admin.token}x`))).toEqual({ status: 401, message: 'unknown API key' });
    const gone = await core.createKey('acme', 'assistant');
    await core.revokeKey(gone.id);
    expect(await thrown(() => authenticate(store, `Bearer ${gone.token}`))).toEqual({ status: 401, message: 'unknown API key' });
  });
});
