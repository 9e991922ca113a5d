/**
 * limitConnections (src/http/connection-limits.ts) on a plain Node HTTP server, real sockets on
 * 127.0.0.1: the count per address going down as connections close (and the address forgotten at
 * none), a cap too small to keep a slot for probes, and the deadline of a reserved slot, which
 * closes a connection that sent no request and keeps one whose request is being answered.
 * limits.test.ts holds the caps as the app meets them (many addresses, probes).
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitConnections, type ConnectionLimits } from '../src/http/connection-limits.js';
import { waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server whose `/slow` answers after `slowMs`, with the caps applied; its port. */
async function capped(total: number, perAddress: number, slowMs = 0): Promise<{ limits: ConnectionLimits; port: number }> {
  const server = createServer((request, response) => {
    setTimeout(() => response.end('answered'), request.url === '/slow' ? slowMs : 0);
  });
  servers.push(server);
  const limits = limitConnections(server, total, perAddress);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { limits, port: (server.address() as AddressInfo).port };
}

/** A connection from 127.0.0.1, once it is connected; `closed` resolves when the server (or anyone) closes it. */
async function open(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed };
}

const isOpen = (socket: Socket) => !socket.destroyed && !socket.closed;

describe('connections per address', () => {
  it(
    'are counted down as they close, the address forgotten at none; a new one fits again below the cap',
    async () => {
      const { limits, port } = await capped(10, 2);
      const first = await open(port);
      const second = await open(port);
      await waitFor(() => limits.open.get('127.0.0.1') === 2, 5_000, 'two connections counted');
      const third = await open(port);
      await third.closed;
      expect(limits.open.get('127.0.0.1')).toBe(2);
      first.socket.destroy();
      await waitFor(() => limits.open.get('127.0.0.1') === 1, 5_000, 'the closed one counted down');
      const again = await open(port);
      await waitFor(() => limits.open.get('127.0.0.1') === 2, 5_000, 'the new one counted');
      expect(isOpen(again.socket)).toBe(true);
      second.socket.destroy();
      again.socket.destroy();
      await waitFor(() => !limits.open.has('127.0.0.1') || undefined, 5_000, 'the address forgotten');
      expect([...limits.open.keys()]).toEqual([]);
    },
    hangGuard(20_000),
  );

  it(
    'a cap of one keeps no slot for probes: the one connection is an ordinary one, the next is closed at once',
    async () => {
      const { limits, port } = await capped(1, 0);
      const first = await open(port);
      await waitFor(() => limits.open.get('127.0.0.1') === 1, 5_000, 'the first connection counted');
      const second = await open(port);
      await second.closed;
      expect(isOpen(first.socket)).toBe(true);
      expect(limits.open.get('127.0.0.1')).toBe(1);
    },
    hangGuard(20_000),
  );
});

describe('a reserved slot (a cap of 2 keeps 1 for probes)', () => {
  it(
    'is given back after its deadline when its connection sent no request; kept while a request it sent is answered',
    async () => {
      const { limits, port } = await capped(2, 0, 3_000);
      const ordinary = await open(port);
      const silent = await open(port);
      await waitFor(() => limits.open.get('127.0.0.1') === 2, 5_000, 'both connections counted');
      // The deadline (2 s) closes the silent one; the ordinary one stays.
      await silent.closed;
      expect(isOpen(ordinary.socket)).toBe(true);
      // A reserved connection that asks at once is answered, even after the deadline.
      const asking = await open(port);
      const answer = new Promise<string>((resolve) => {
        let text = '';
        asking.socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        asking.socket.once('close', () => resolve(text));
      });
      asking.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(await answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*answered$/);
    },
    hangGuard(30_000),
  );
});
