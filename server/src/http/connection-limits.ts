/**
 * Connections per client address. The global `--max-connections` alone let one client lock
 * every other out: 1,100 connections that never send a byte, renewed as they time out, held
 * every slot. Each address gets at most `cap` open connections; one more is closed at once
 * (before a byte is read, so it costs nothing). Behind a reverse proxy every connection comes
 * from the proxy's address, so the cap is for a server that clients reach directly.
 */
import type { Server } from 'node:http';

/** Closes a connection from an address that already has `cap` open; returns the live counts (for tests). */
export function capConnectionsPerAddress(server: Server, cap: number): Map<string, number> {
  const open = new Map<string, number>();
  if (cap <= 0) return open;
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return open;
}
