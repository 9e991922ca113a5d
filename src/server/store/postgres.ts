import type { Pool, PoolClient } from 'pg';
import { StoreError, type Store } from './store.js';

/** A PostgreSQL server (15+) through `pg`: many processes and machines share it. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Store> {
  const pg = (await import('pg')).default;
  const pool: Pool = new pg.Pool({ connectionString: url, max: options.max ?? 5 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StoreError(`cannot connect to ${redact(url)}: ${(error as Error).message}`);
  }
  const listeners: PoolClient[] = [];
  const run =
    (target: Pick<Pool, 'query'>) =>
    async <Row>(sql: string, params?: readonly unknown[]) =>
      (await target.query(sql, params as unknown[] | undefined)).rows as Row[];
  return {
    driver: 'postgres',
    query: run(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: run(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      const client = await pool.connect();
      listeners.push(client);
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      client.on('error', () => {});
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
        client.release();
        listeners.splice(listeners.indexOf(client), 1);
      };
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      for (const client of listeners.splice(0)) client.release(true);
      await pool.end();
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database URL';
  }
}
