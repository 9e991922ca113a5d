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
