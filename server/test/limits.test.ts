/**
 * The assistant's limits count exactly per their scope (limits.ts): uses per API key per
 * calendar month, requests per organization (a project, whichever of its keys) per hour,
 * requests per IP address per day. A generated sequence of requests from several keys of
 * several organizations and IP addresses, at instants across windows, is admitted exactly as a
 * model of the three counters says; and through the route, two keys of one organization share
 * its limit.
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { LimitError, useAssistant, type Limits } from '../src/assistant/limits.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { answerFrom, requestFrom, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_260_524);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 100);

/** Keys and the organization (project) each belongs to: two organizations, one with two keys. */
const KEYS = [
  { keyId: 'key-a1', projectId: 'acme' },
  { keyId: 'key-a2', projectId: 'acme' },
  { keyId: 'key-b1', projectId: 'beta' },
] as const;
const IPS = ['203.0.113.1', '203.0.113.2', '2001:db8::1'] as const;

/** Instants a request may come at: the same hour, the next hour, the next day, the next month (UTC). */
const BASE = Date.UTC(2026, 0, 31, 22, 10);
const OFFSETS_MS = [0, 20 * 60_000, 49 * 60_000, 2 * 3_600_000, 26 * 3_600_000, 30 * 86_400_000];

/** The windows a request counts in, written independently of limits.ts: the UTC hour, day and month it falls in. */
function windowsOf(at: number): { hour: string; day: string; month: string } {
  const iso = new Date(at).toISOString();
  return { hour: iso.slice(0, 13), day: iso.slice(0, 10), month: iso.slice(0, 7) };
}

type Scope = 'key' | 'organization' | 'ip';

/** The model: three counters; a request passes when none is used up, and then counts in all three; else it counts nowhere. */
function model(limits: Limits, requests: ReadonlyArray<{ key: number; ip: number; at: number }>): Array<Scope | 'admitted'> {
  const counts = new Map<string, number>();
  return requests.map(({ key, ip, at }) => {
    const windows = windowsOf(at);
    const counters: Array<[Scope, string, number]> = [
      ['key', `key ${KEYS[key].keyId} ${windows.month}`, limits.perKeyPerMonth],
      ['organization', `org ${KEYS[key].projectId} ${windows.hour}`, limits.perOrganizationPerHour],
      ['ip', `ip ${IPS[ip]} ${windows.day}`, limits.perIpPerDay],
    ];
    const over = counters.find(([, name, limit]) => (counts.get(name) ?? 0) >= limit);
    if (over) return over[0];
    for (const [, name] of counters) counts.set(name, (counts.get(name) ?? 0) + 1);
    return 'admitted';
  });
}

const limitsArb = fc.record({
  perKeyPerMonth: fc.integer({ min: 1, max: 6 }),
  perOrganizationPerHour: fc.integer({ min: 1, max: 6 }),
  perIpPerDay: fc.integer({ min: 1, max: 6 }),
});
const requestsArb = fc.array(
  fc.record({ key: fc.nat(KEYS.length - 1), ip: fc.nat(IPS.length - 1), at: fc.constantFrom(...OFFSETS_MS).map((offset) => BASE + offset) }),
  { minLength: 1, maxLength: 24 },
);

let dir: string;
let store: Store;

beforeAll(async () => {
  dir = tempDir('limits-scope');
  store = await openStore({ data: path.join(dir, 'data') });
}, hangGuard(120_000));

afterAll(async () => {
  await store?.close();
});

describe('limits count exactly per their scope', () => {
  it('any sequence of requests from several keys, organizations and IPs, across windows: admitted and refused as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(limitsArb, requestsArb, async (limits, requests) => {
        await store.query('DELETE FROM usage_counters');
        const outcomes: Array<Scope | 'admitted'> = [];
        for (const { key, ip, at } of requests) {
          try {
            await useAssistant(store, limits, { ...KEYS[key], ip: IPS[ip] }, new Date(at));
            outcomes.push('admitted');
          } catch (error) {
            if (!(error instanceof LimitError)) throw error;
            outcomes.push(error.scope);
          }
        }
        expect(outcomes).toEqual(model(limits, requests));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('through the route: two keys of one organization share its hourly limit; a key of another organization has its own', async () => {
    await store.query('DELETE FROM usage_counters');
    const core = new Core(store);
    await core.addProject({ id: 'acme', repo: '/tmp', branch: 'main', domain: 'acme' });
    await core.addProject({ id: 'beta', repo: '/tmp', branch: 'main', domain: 'beta' });
    const acme = [(await core.createKey('acme', 'assistant')).token, (await core.createKey('acme', 'assistant')).token];
    const beta = (await core.createKey('beta', 'assistant')).token;
    const app = await buildApp(core, { assistant: { limits: { perKeyPerMonth: 100, perOrganizationPerHour: 3, perIpPerDay: 100 } } });
    try {
      const post = (domain: string, token: string) =>
        app.inject({
          method: 'POST',
          url: `/v1/assistant/${domain}/message`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: JSON.stringify({ fp: 'anonymous', messages: [{ id: '1', role: 'user', content: 'hello' }] }),
        });
      const statuses: number[] = [];
      // Alternating keys: per key that would be 3 each (6 in all); the organization allows 3.
      for (let i = 0; i < 6; i++) statuses.push((await post('acme', acme[i % 2])).statusCode);
      // Past the limits the project has no deployment: 409, which counted as a use.
      expect(statuses).toEqual([409, 409, 409, 429, 429, 429]);
      const refused = await post('acme', acme[0]);
      expect(refused.json()).toMatchObject({ limit: 'organization' });
      expect((await post('beta', beta)).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });
});

describe('connections per client address (issue 38 item 5)', () => {
  /** Opens `count` connections from `localAddress` that never send a byte; resolves when each is connected or refused. */
  async function silentConnections(port: number, localAddress: string, count: number): Promise<Socket[]> {
    const sockets: Socket[] = [];
    await Promise.all(
      Array.from({ length: count }, () => {
        const socket = connect({ port, host: '127.0.0.1', localAddress });
        sockets.push(socket);
        socket.on('error', () => {});
        return new Promise((resolve) => {
          socket.once('connect', resolve);
          socket.once('close', resolve);
        });
      }),
    );
    return sockets;
  }

  it(
    "one address's silent connections cannot fill the server: it keeps the default 100, /healthz answers another address",
    async () => {
      const app = await buildApp(new Core(store), { maxConnections: 150 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      try {
        // 160 connections from 127.0.0.2 (loopback: nothing leaves the machine) that send nothing.
        const attacker = await silentConnections(port, '127.0.0.2', 160);
        // The server closes the ones over the cap at once; wait until it has seen them all.
        const counted = await waitFor(
          () =>
            new Promise<number | undefined>((resolve) =>
              app.server.getConnections((_error, count) =>
                resolve(attacker.filter((socket) => !socket.destroyed && !socket.closed).length === count ? count : undefined),
              ),
            ),
          10_000,
          'the server to count the connections it kept',
        );
        expect(counted).toBe(100);
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);
        for (const socket of attacker) socket.destroy();
      } finally {
        await app.close();
      }
    },
    hangGuard(30_000),
  );

  it(
    'silent connections from several addresses fill the cap: /healthz from another address still answers, in a slot kept for probes (issue 52 item 5)',
    async () => {
      // A cap of 40 keeps 2 for probes; 5 addresses x 10 (the per-address cap) try to take 50.
      const app = await buildApp(new Core(store), { maxConnections: 40, maxConnectionsPerAddress: 10 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const attackers: Socket[] = [];
      try {
        for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'])
          attackers.push(...(await silentConnections(port, address, 10)));
        const held = await waitFor(
          () =>
            new Promise<number | undefined>((resolve) =>
              app.server.getConnections((_error, count) =>
                resolve(attackers.filter((socket) => !socket.destroyed && !socket.closed).length === count ? count : undefined),
              ),
            ),
          10_000,
          'the server to count the connections it kept',
        );
        // Every slot is taken: 38 by the addresses' first connections, the 2 kept for probes by silent ones.
        expect(held).toBe(40);
        // Before: the 1,001st connection was dropped, /healthz from anywhere got nothing.
        for (let probe = 0; probe < 3; probe++) expect(await requestFrom(port, '127.0.0.1', '/healthz')).toBe(200);
        expect(await requestFrom(port, '127.0.0.7', '/healthz')).toBe(200);
        // A probe that asks with HEAD (as some load balancers do) is a probe too, with a query or without.
        for (let probe = 0; probe < 3; probe++) expect(await requestFrom(port, '127.0.0.1', '/healthz', 'HEAD')).toBe(200);
        expect(await requestFrom(port, '127.0.0.8', '/healthz?full=1', 'HEAD')).toBe(200);
        // A slot kept for probes answers nothing else, whatever the method.
        expect(await requestFrom(port, '127.0.0.1', '/openapi.json')).toBe(503);
        expect(await requestFrom(port, '127.0.0.1', '/openapi.json', 'HEAD')).toBe(503);
        // Nor /healthz asked with another method; the refusal says why, when to come back, and closes the connection.
        for (const method of ['POST', 'DELETE'] as const) expect(await requestFrom(port, '127.0.0.1', '/healthz', method)).toBe(503);
        const refused = await answerFrom(port, '127.0.0.1', '/openapi.json');
        expect(
          typeof refused === 'object' && { retry: refused.headers['retry-after'], connection: refused.headers.connection, body: JSON.parse(refused.body) },
        ).toEqual({
          retry: '1',
          connection: 'close',
          body: {
            error: 'the server is at its connection limit (--max-connections): only /healthz is answered on the connections kept for probes; try again shortly',
          },
        });
        for (const socket of attackers) socket.destroy();
        await waitFor(
          () => new Promise<true | undefined>((resolve) => app.server.getConnections((_error, count) => resolve(count === 0 || undefined))),
          10_000,
          'the attackers to be gone',
        );
        expect(await requestFrom(port, '127.0.0.1', '/openapi.json')).toBe(200);
      } finally {
        for (const socket of attackers) socket.destroy();
        await app.close();
      }
    },
    hangGuard(30_000),
  );

  it(
    'a reserved slot goes to one connection per address, and one that is answering is not taken away',
    async () => {
      // A cap of 3 keeps 1 for probes.
      const app = await buildApp(new Core(store), { maxConnections: 3, maxConnectionsPerAddress: 0 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const sockets: Socket[] = [];
      try {
        sockets.push(...(await silentConnections(port, '127.0.0.2', 2)));
        // The kept slot: a request that has started (headers sent, not ended) holds it.
        const answering = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
        sockets.push(answering);
        await new Promise((resolve) => answering.once('connect', resolve));
        answering.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
        const reply = new Promise<string>((resolve) => {
          let text = '';
          answering.on('data', (chunk) => (text += String(chunk)));
          answering.on('close', () => resolve(text));
        });
        await waitFor(
          () => new Promise<true | undefined>((resolve) => app.server.getConnections((_error, count) => resolve(count === 3 || undefined))),
          5_000,
          'three connections',
        );
        // Another address finds the kept slot in use: it is closed, the one in the slot is not.
        expect(await requestFrom(port, '127.0.0.4', '/healthz')).toMatch(/socket hang up|ECONNRESET/);
        answering.write('\r\n');
        expect(await reply).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*connection: close/i);
      } finally {
        for (const socket of sockets) socket.destroy();
        await app.close();
      }
    },
    hangGuard(30_000),
  );

  /** The app listening on 127.0.0.1 with `total` connections at most (`perAddress` from one address; 0: no cap), and a list for the test's sockets. */
  async function cappedApp(total: number, perAddress = 0) {
    const app = await buildApp(new Core(store), { maxConnections: total, maxConnectionsPerAddress: perAddress });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port, sockets: [] as Socket[] };
  }

  it(
    "a reserved slot whose request's first line is not a probe's goes to a probe from another address",
    async () => {
      // A cap of 3 keeps 1 for probes.
      const { app, port, sockets } = await cappedApp(3);
      try {
        sockets.push(...(await silentConnections(port, '127.0.0.2', 2)));
        // In the kept slot: a request for another route, its first line and a header sent, not ended.
        const other = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
        sockets.push(other);
        other.on('error', () => {});
        const closed = new Promise((resolve) => other.once('close', resolve));
        await new Promise((resolve) => other.once('connect', resolve));
        other.write('GET /openapi.json HTTP/1.1\r\nHost: x\r\n');
        await waitFor(
          () => new Promise<true | undefined>((resolve) => app.server.getConnections((_error, count) => resolve(count === 3 || undefined))),
          5_000,
          'three connections',
        );
        // Time for the server to read its first line (not needed to pass: unread, the slot is given
        // away all the more; needed for the test to be about a first line that is read).
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await requestFrom(port, '127.0.0.4', '/healthz')).toBe(200);
        await closed;
      } finally {
        for (const socket of sockets) socket.destroy();
        await app.close();
      }
    },
    hangGuard(30_000),
  );

  it(
    'a probe whose first line comes in pieces keeps its reserved slot: a probe from another address is refused, then it is answered',
    async () => {
      // A cap of 3 keeps 1 for probes.
      const { app, port, sockets } = await cappedApp(3);
      // The server's side of each connection, to wait until it has read each piece.
      const accepted: Socket[] = [];
      app.server.on('connection', (socket: Socket) => accepted.push(socket));
      try {
        sockets.push(...(await silentConnections(port, '127.0.0.2', 2)));
        const probe = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
        sockets.push(probe);
        const reply = new Promise<string>((resolve) => {
          let text = '';
          probe.on('data', (chunk) => (text += String(chunk)));
          probe.on('close', () => resolve(text));
        });
        await new Promise((resolve) => probe.once('connect', resolve));
        const read = (bytes: number) =>
          waitFor(() => accepted.find((socket) => socket.remoteAddress === '127.0.0.3' && socket.bytesRead >= bytes), 5_000, `${bytes} bytes read`);
        // Its first line in two pieces, each read by the server before the next is sent; the headers not ended.
        const [first, second] = ['GET /heal', 'thz HTTP/1.1\r\nHost: x\r\n'];
        probe.write(first);
        await read(first.length);
        probe.write(second);
        await read(first.length + second.length);
        expect(await requestFrom(port, '127.0.0.4', '/healthz')).toMatch(/socket hang up|ECONNRESET/);
        probe.write('\r\n');
        expect(await reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      } finally {
        for (const socket of sockets) socket.destroy();
        await app.close();
      }
    },
    hangGuard(30_000),
  );

  it(
    'clients sending one byte from 60 addresses, again and again, do not starve the probes (issue 61 item 5)',
    async () => {
      // A cap of 40 keeps 2 for probes; 60 addresses (127.0.0.2-61) each keep one connection open
      // that sends one byte and nothing more, and open another as soon as it is closed: 38 fill the
      // other slots, the rest contend for the 2 kept for probes. Before: a byte sent kept a reserved
      // slot until its 2 s deadline, and 6 of 56 probes were answered.
      const { app, port } = await cappedApp(40, 10);
      const MAX_PER_ADDRESS = 200;
      let running = true;
      let opened = 0;
      const open = new Set<Socket>();
      const attacker = async (localAddress: string) => {
        for (let connection = 0; running && connection < MAX_PER_ADDRESS; connection++) {
          const socket = connect({ port, host: '127.0.0.1', localAddress });
          open.add(socket);
          opened++;
          socket.on('error', () => {});
          socket.once('connect', () => socket.write('G'));
          await new Promise((resolve) => socket.once('close', resolve));
          open.delete(socket);
        }
      };
      const attackers = Array.from({ length: 60 }, (_, index) => attacker(`127.0.0.${index + 2}`));
      try {
        // Once the attackers hold the server's slots (all 40 taken)…
        await waitFor(
          () => new Promise<true | undefined>((resolve) => app.server.getConnections((_error, count) => resolve(count >= 40 || undefined))),
          10_000,
          'the attackers to take every slot',
        );
        // …56 probes, one after another, each on a connection of its own.
        const answers: Array<number | string> = [];
        for (let probe = 0; probe < 56; probe++) answers.push(await requestFrom(port, '127.0.0.1', '/healthz'));
        expect(answers.filter((answer) => answer !== 200)).toEqual([]);
        expect(opened).toBeGreaterThan(60);
      } finally {
        running = false;
        for (const socket of open) socket.destroy();
        await Promise.all(attackers);
        await app.close();
      }
    },
    hangGuard(60_000),
  );

  it(
    "0 lifts the cap (a server behind a proxy, where every connection is the proxy's)",
    async () => {
      const app = await buildApp(new Core(store), { maxConnections: 150, maxConnectionsPerAddress: 0 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      try {
        const sockets = await silentConnections(port, '127.0.0.2', 120);
        const counted = await waitFor(
          () => new Promise<number | undefined>((resolve) => app.server.getConnections((_error, count) => resolve(count === 120 ? count : undefined))),
          10_000,
          'the server to keep all 120',
        );
        expect(counted).toBe(120);
        for (const socket of sockets) socket.destroy();
      } finally {
        await app.close();
      }
    },
    hangGuard(30_000),
  );
});
