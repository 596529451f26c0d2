import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/**
 * The migrations this Reformer knows, read as drizzle's migrator reads them (the journal's order, its `when`
 * as the ledger's `created_at`, the file's SHA-256 as its hash), with the journal's tag to name them.
 */
const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export type KnownMigration = { tag: string; when: number; hash: string; statements: string[] };

export function knownMigrations(): KnownMigration[] {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
    tag: journal.entries[index]?.tag ?? '',
    when: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }));
}

export function migrationTag(when: number): string | null {
  return knownMigrations().find((migration) => migration.when === when)?.tag ?? null;
}

/**
 * Applies `migrations` as drizzle's migrator does — each statement, then its row in drizzle's ledger, which
 * is created as drizzle creates it — but inside the caller's transaction, which drizzle's own `migrate` cannot
 * join (it opens and commits its own). A restore runs its migrations and its load in one transaction, so an
 * empty database stays empty when anything fails; afterwards drizzle's `migrate` finds nothing left to apply.
 */
export async function applyMigrations(client: pg.ClientBase, migrations: KnownMigration[]): Promise<void> {
  await client.query('create schema if not exists "drizzle"');
  await client.query(
    'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations) {
    for (const statement of migration.statements) await client.query(statement);
    await client.query(
      'insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)',
      [migration.hash, migration.when],
    );
  }
}
