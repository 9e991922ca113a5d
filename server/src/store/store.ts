/**
 * The one query interface of the server. Both drivers (PGlite in a folder, `pg` against a
 * PostgreSQL server) run the same SQL through it; everything above talks to a `Store`.
 */
export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Store extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs `work` in one transaction (BEGIN … COMMIT, ROLLBACK when it throws). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls `onMessage` for each NOTIFY on `channel`; resolves to a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** A usage mistake about where the data lives (exit 2 in the CLI, one line). */
export class StoreError extends Error {
  override name = 'StoreError';
}

/**
 * SQLSTATEs of a connection the database ended or refused: class 08 (connection exception),
 * 57P01-57P03 (the server shutting down, crashed, or starting up).
 */
const LOST_STATES = /^(08...|57P0[123])$/;
/** Errors of the socket or of `pg` when the connection went away mid-use. */
const LOST_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const LOST_MESSAGES =
  /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)$/;

/**
 * Whether `error` says the database connection was lost (a restart, an outage), not that a
 * statement was wrong: what failed is worth running again once the database is back.
 */
export function isConnectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && (LOST_STATES.test(code) || LOST_CODES.has(code))) || (typeof message === 'string' && LOST_MESSAGES.test(message));
}
