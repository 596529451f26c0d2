import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ConstructorOptions as JobStoreOptions } from 'pg-boss';
import * as schema from './schema/index.ts';

/** The Drizzle database the repositories take; the same whether PostgreSQL is embedded or a server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback; repositories that must run inside one take it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  /** Where it is, for a command run beside the server (tests spawn the CLI on it). */
  url: string;
  migrate(): Promise<void>;
  /** Runs a raw statement; for health checks and tests. */
  execute(sql: string): Promise<void>;
  /** How pg-boss reaches the same database, so jobs live beside the data they act on. */
  jobStore: JobStoreOptions;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Named prepared statements (db/prepared.ts) would otherwise switch to one generic plan after five runs: for
 * the customer search that plan serves a rare name and a common one alike, and a common one then takes 25×
 * longer. Set at connection start for every pooled connection, added to any `options` the URL carries
 * (pg lets the URL's replace the pool's own).
 */
const CONNECTION_SETTINGS = '-c plan_cache_mode=force_custom_plan';

function withConnectionSettings(databaseUrl: string): string {
  if (!URL.canParse(databaseUrl)) return databaseUrl;
  const url = new URL(databaseUrl);
  url.searchParams.set(
    'options',
    [url.searchParams.get('options'), CONNECTION_SETTINGS].filter(Boolean).join(' '),
  );
  return url.toString();
}

/** A pool on the PostgreSQL at `databaseUrl`: the embedded one (db/embedded-postgres) or DATABASE_URL. */
export function openDatabase(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: withConnectionSettings(databaseUrl),
    options: CONNECTION_SETTINGS,
    max: 10,
  });
  // An idle connection the server closes (restart, failover, a dropped database) emits 'error' on the pool;
  // unheard, it would crash the process. The pool discards that client and opens a new one when needed.
  pool.on('error', (error) => {
    console.error(`[database] idle connection lost: ${(error as { code?: string }).code ?? error.message}`);
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    url: databaseUrl,
    migrate: () => migratePg(db, { migrationsFolder }),
    execute: async (sql) => {
      await pool.query(sql);
    },
    jobStore: { connectionString: databaseUrl, max: 4 },
    close: () => pool.end(),
  };
}
