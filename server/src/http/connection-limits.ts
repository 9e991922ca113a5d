/**
 * Connections: how many in all (`--max-connections`), how many per client address
 * (`--max-connections-per-ip`), and a share of the cap kept for the operator's probes.
 *
 * The global cap alone let one client lock every other out (1,100 silent connections, renewed as
 * they time out, held every slot); the per-address cap alone did not protect the operator's own
 * probes: silent connections from 11 loopback addresses (127.0.0.2…, 100 each) filled the 1,000
 * and `/healthz` from another address got nothing. So a share of the cap (`reservedConnections`)
 * is kept: once the others are taken, a new connection gets a reserved slot, which serves one
 * `GET /healthz` and is closed (any other request there is a 503). A reserved slot is kept by
 * what its request is, not by what it sent: once the first line of its request is read and it is
 * `GET` or `HEAD /healthz`, the slot is its own; until then (silent, or a byte or a few sent and
 * nothing more, or another request's first line) the slot is given to the next connection that
 * asks for one, the oldest first. So clients that send one byte from as many addresses as there
 * are reserved slots, again and again, no longer hold the reserve (6 of 56 probes were answered),
 * and neither do silent ones, whatever addresses they come from; one address holds one reserved
 * slot at a time. A connection over a cap is closed at once, before a byte is read.
 * Behind a reverse proxy every connection comes from the proxy's address, so the per-address cap
 * is for a server that clients reach directly. (The management socket is a Unix socket of its
 * own, outside these caps: it answers whatever the HTTP side holds.)
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The share of `--max-connections` kept for probes. */
const RESERVED_SHARE = 0.05;
/** Longest a connection in a reserved slot may take to send its whole request (ms). */
const RESERVED_REQUEST_MS = 2_000;

/** The first line of a probe's request: `GET /healthz HTTP/1.1` (or HEAD, a query). */
const PROBE_LINE = /^(?:GET|HEAD) \/healthz(?:\?\S*)? HTTP\/1\.[01]\r?$/;
/** Longest first line read of a connection in a reserved slot (a probe's is ~25 bytes). */
const MAX_FIRST_LINE = 1024;

/**
 * Calls `onProbe` when the first line of what `socket` sends (up to its `\n`) is a probe's, then
 * stops reading it; stops too, calling nothing, once more than MAX_FIRST_LINE bytes came without
 * a line's end (what it holds is then at most that and one chunk). A `data` listener: Node's HTTP
 * parser, listening first, gets every byte as before.
 */
function whenProbe(socket: Socket, onProbe: () => void): void {
  let head = '';
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    const end = head.indexOf('\n');
    if (end === -1) {
      // Stryker disable next-line EqualityOperator,ConditionalExpression: the bound only says when a line already longer than any probe's (~25 bytes) is given up: at 1,024 bytes, 1,025 or never (Node's parser closes a request past its header size), no slot is kept or given differently. Stopping on a short line is tested through the `if` above (a probe's first line in pieces).
      if (head.length <= MAX_FIRST_LINE) return;
    }
    // Stryker disable next-line StringLiteral: left listening, each later chunk finds the same first line (onProbe again marks the same socket): only the reading goes on, until the connection's one request is answered and it is closed.
    socket.off('data', onData);
    // Past MAX_FIRST_LINE without a line's end (`end` -1), what came but its last byte: no probe's line.
    if (PROBE_LINE.test(head.slice(0, end))) onProbe();
  };
  socket.on('data', onData);
}

/** Slots of `total` kept for `/healthz`: 5% (at least 1), leaving at least one for everything else. */
function reservedConnections(total: number): number {
  return Math.max(0, Math.min(Math.max(1, Math.round(total * RESERVED_SHARE)), total - 1));
}

export interface ConnectionLimits {
  /** Open connections per address (for tests and metrics). */
  readonly open: Map<string, number>;
  /** Whether a connection holds a reserved slot (it may ask for `/healthz` only). */
  reserved(socket: Socket): boolean;
}

/**
 * Applies the caps to `server`: `total` connections at most, of which `reservedConnections(total)`
 * only for probes; `perAddress` from one address (0: no such cap).
 */
export function limitConnections(server: Server, total: number, perAddress: number): ConnectionLimits {
  const open = new Map<string, number>();
  const reserve = reservedConnections(total);
  /** Connections in reserved slots, oldest first, and which of them have sent a request. */
  const reservedSockets = new Set<Socket>();
  const asked = new WeakSet<Socket>();
  let general = 0;
  // Connections are counted here, not by Node's `maxConnections` (which drops a new connection
  // before anyone sees it, so none could take a silent one's reserved slot); that is only a backstop.
  server.maxConnections = total + 16;
  server.on('request', (request) => asked.add(request.socket));
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = open.get(address) ?? 0;
    if (perAddress > 0 && fromAddress >= perAddress) {
      socket.destroy();
      return;
    }
    if (general < total - reserve) {
      general++;
      socket.once('close', () => general--);
    } else if (!takeReserved(socket, address)) {
      socket.destroy();
      return;
    }
    open.set(address, fromAddress + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });

  /** Reserved connections whose request's first line was read and is a probe's: theirs to keep. */
  const probes = new WeakSet<Socket>();
  /**
   * A reserved slot for `socket`: a free one, else its address's own or the oldest one whose
   * request is not known to be a probe's; false when its address's slot holds a probe, or every
   * slot does (with no slot kept, there is none to give).
   */
  function takeReserved(socket: Socket, address: string): boolean {
    const same = [...reservedSockets].find((held) => held.remoteAddress === address);
    if (same || reservedSockets.size >= reserve) {
      const given = same ? (probes.has(same) ? undefined : same) : [...reservedSockets].find((held) => !probes.has(held));
      if (!given) return false;
      reservedSockets.delete(given);
      given.destroy();
    }
    reservedSockets.add(socket);
    whenProbe(socket, () => probes.add(socket));
    // A probe sends its request at once: one that has not within the deadline gives the slot back.
    const deadline = setTimeout(() => {
      if (!asked.has(socket)) socket.destroy();
    }, RESERVED_REQUEST_MS);
    deadline.unref();
    socket.once('close', () => {
      clearTimeout(deadline);
      reservedSockets.delete(socket);
    });
    return true;
  }

  return { open, reserved: (socket) => reservedSockets.has(socket) };
}
