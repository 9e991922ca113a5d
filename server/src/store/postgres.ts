import type { Pool, PoolClient } from 'pg';
import { userInfo } from 'node:os';
import { redactUrl } from '../messages/redact.js';
import { storableParams } from './storable.js';
import { StoreError, type Store } from './store.js';

/** How long to wait between attempts to listen again after the database went away. */
const RELISTEN_MS = 1_000;

/** A PostgreSQL server (15+) through `pg`: many processes and machines share it. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Store> {
  const pg = (await import('pg')).default;
  await checkConnection(pg, url);
  // A connection attempt to a server that does not answer gives up (the caller retries), never hangs.
  const pool: Pool = new pg.Pool({ connectionString: url, max: options.max ?? 5, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StoreError(`cannot connect to ${redactUrl(url)}: ${(error as Error).message}`);
  }
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  const run =
    (target: Pick<Pool, 'query'>) =>
    async <Row>(sql: string, params?: readonly unknown[]) =>
      (await target.query(sql, storableParams(params))).rows as Row[];
  return {
    driver: 'postgres',
    query: run(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A checked-out client has no pool listener for 'error': a restart of PostgreSQL during the
      // transaction (between two of its statements, or in one) emitted it with none, and the
      // process died of "Connection terminated unexpectedly". Its statements fail on their own;
      // the broken connection is destroyed, never handed back to the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost ??= error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work({ query: run(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    /**
     * LISTEN on a connection of its own; when the database goes away (a restart, an outage) it
     * listens again once it is back, so workers keep waking on NOTIFY after an outage.
     */
    async listen(channel, onMessage) {
      let client: { connection: PoolClient; release: (destroy?: boolean) => void } | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const attach = async (): Promise<void> => {
        const next = await pool.connect();
        // Released once: a dying connection can emit 'error' more than once, or after stop() let it go,
        // and pg-pool throws (out of the event handler, so the process dies) on a second release.
        let released = false;
        const release = (destroy?: boolean) => {
          if (released) return;
          released = true;
          next.release(destroy);
        };
        const own = { connection: next, release };
        next.on('notification', (message) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        });
        next.on('error', () => {
          // A connection already let go (stopped, or an earlier error) has nothing more to say.
          if (released) return;
          if (client === own) client = undefined;
          release(true);
          retryLater();
        });
        try {
          await next.query(`LISTEN ${quoteIdentifier(channel)}`);
        } catch (error) {
          release(true);
          throw error;
        }
        client = own;
      };
      /** One retry pending at most: a connection's 'error' and its failed LISTEN both ask for one. */
      const retryLater = () => {
        clearTimeout(retry);
        if (!stopped && !closed) retry = setTimeout(again, RELISTEN_MS);
      };
      const again = () => {
        attach().then(
          () => onMessage('reconnected'), // anything queued meanwhile was not announced
          retryLater,
        );
      };
      await attach();
      const stop = async () => {
        stopped = true;
        clearTimeout(retry);
        listeners.delete(stop);
        const current = client;
        client = undefined;
        if (current) {
          await current.connection.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
          current.release();
        }
      };
      listeners.add(stop);
      return stop;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      closed = true;
      for (const stop of [...listeners]) await stop();
      await pool.end();
    },
  };
}

/**
 * One connection before the pool's, to say what an operator can act on. A URL without a password
 * to a server that asks one: pg waited out the server's authentication timeout (60 s) and then
 * said `SASL: … client password must be a string`; here the request for a password ends the
 * attempt at once. A refused password or an unreachable server get a hint of what to check.
 */
async function checkConnection(pg: typeof import('pg').default, url: string): Promise<void> {
  const given = new URL(url);
  const user = decodeURIComponent(given.username) || process.env.PGUSER || userInfo().username;
  const hasPassword = given.password !== '' || process.env.PGPASSWORD !== undefined;
  let asked = false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  if (!hasPassword) {
    // pg asks this when the server wants a password (set after construction: the URL's empty one would win).
    (client as unknown as { password: () => Promise<string> }).password = () => {
      asked = true;
      (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
      return new Promise<string>(() => {});
    };
  }
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    const where = redactUrl(url);
    if (asked)
      throw new StoreError(
        `cannot connect to ${where}: the server asks a password for user "${user}" and none was given (put it in the URL, postgres://${user}:<password>@${given.host}${given.pathname}, or set PGPASSWORD)`,
      );
    const code = (error as { code?: string }).code;
    const message = (error as Error).message;
    if (code === '28P01') throw new StoreError(`cannot connect to ${where}: ${message} (the password in the URL or PGPASSWORD is not the role's)`);
    if (code === '28000') throw new StoreError(`cannot connect to ${where}: ${message} (check the user in the URL, and the server's pg_hba.conf)`);
    if (code === 'ECONNREFUSED') throw new StoreError(`cannot connect to ${where}: connection refused (is PostgreSQL running and listening on ${given.host}?)`);
    throw new StoreError(`cannot connect to ${where}: ${message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
