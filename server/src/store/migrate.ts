import { readdirSync, readFileSync } from 'node:fs';
import type { Store } from './store.js';

const MIGRATIONS = new URL('./migrations/', import.meta.url);

/** The versioned `.sql` files, in order (`001_init.sql`, `002_….sql`, …). */
function migrationFiles(): Array<{ version: number; name: string; sql: string }> {
  return readdirSync(MIGRATIONS)
    .filter((name) => /^\d+_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: Number.parseInt(name, 10), name, sql: readFileSync(new URL(name, MIGRATIONS), 'utf8') }));
}

/**
 * Applies the migrations the database has not seen, each in its own transaction. Several
 * processes may start at once against one PostgreSQL: an advisory lock lets one migrate.
 * `until` stops after that version (a test writes rows as an older docsnav did, then upgrades).
 */
export async function migrate(store: Store, until = Infinity): Promise<string[]> {
  const applied: string[] = [];
  // Under the lock too: two `CREATE TABLE IF NOT EXISTS` at once on a new database collide
  // (a unique violation in pg_type), as serve and two workers starting together showed.
  await store.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7306115)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  for (const migration of migrationFiles().filter((file) => file.version <= until)) {
    await store.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7306115)');
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.name);
    });
  }
  return applied;
}

/** Statements of a migration file: split at `;` ending a line (migrations keep to that). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
