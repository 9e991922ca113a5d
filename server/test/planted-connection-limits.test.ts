/**
 * Issue 58, the row of server/src/http/connection-limits.ts: the slots kept for `/healthz` probes
 * not kept to one per client address. One address that has started requests (bytes sent, so not a
 * silent connection whose slot a newcomer may take) then holds every kept slot, and the operator's
 * probe from another address gets no answer. Through the HTTP app as `docsnav serve` runs it,
 * listening on 127.0.0.1 (the other loopback addresses are the clients).
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { requestFrom, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let store: Store | undefined;
afterAll(async () => {
  await store?.close();
});

/** Opens a connection from `localAddress`, sends `bytes` (a request's start), and resolves once it is connected or closed. */
function connection(port: number, localAddress: string, bytes = ''): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => {});
  return new Promise((resolve) => {
    socket.once('connect', () => {
      if (bytes) socket.write(bytes);
      resolve(socket);
    });
    socket.once('close', () => resolve(socket));
  });
}

describe('issue 58: connection-limits.ts, the slots kept for probes', () => {
  it(
    "one address's started requests hold one kept slot, not all: /healthz from another address still answers",
    async () => {
      store ??= await openStore({ data: path.join(tempDir('planted-limits'), 'data') });
      // A cap of 40 keeps 2 for probes; no per-address cap, so one address may take the 38 others.
      const app = await buildApp(new Core(store), { maxConnections: 40, maxConnectionsPerAddress: 0 });
      // The server's side of each connection, to wait until it has read what a client sent.
      const accepted: Socket[] = [];
      app.server.on('connection', (socket: Socket) => accepted.push(socket));
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const sockets: Socket[] = [];
      const held = () => new Promise<number>((resolve) => app.server.getConnections((_error, count) => resolve(count)));
      try {
        for (let i = 0; i < 38; i++) sockets.push(await connection(port, '127.0.0.2'));
        await waitFor(async () => ((await held()) === 38 ? true : undefined), 10_000, 'the 38 general slots taken');
        // Two requests started (not ended) from one address, each asking for a kept slot.
        for (let i = 0; i < 2; i++) sockets.push(await connection(port, '127.0.0.3', 'GET /healthz HTTP/1.1\r\nHost: x\r\n'));
        // Both seen by the server, and each it kept has read its request's start (it is no longer silent).
        const started = () => accepted.filter((socket) => socket.remoteAddress === '127.0.0.3');
        await waitFor(
          () => (started().length === 2 && started().every((socket) => socket.destroyed || socket.bytesRead > 0) ? true : undefined),
          10_000,
          'the two requests from one address read',
        );
        expect(await requestFrom(port, '127.0.0.4', '/healthz')).toBe(200);
      } finally {
        for (const socket of sockets) socket.destroy();
        await app.close();
      }
    },
    hangGuard(60_000),
  );
});
