import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type Database, type DatabaseHandle, openDatabase } from './client.ts';
import { organizationTransaction } from './row-level-security.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const setting = async (db: Database, name: string) => {
  const [row] = await db
    .select({ value: sql<string>`current_setting(${name})` })
    .from(sql`(select 1) as one`);
  return row?.value;
};

describe('database connections', () => {
  it('plan every prepared statement for its values on each PostgreSQL connection', async () => {
    // Held open at once, so the pool must open several connections; each must have the setting.
    const settings = await Promise.all(
      Array.from({ length: 5 }, () =>
        database.db
          .select({ mode: sql<string>`current_setting('plan_cache_mode')`, slept: sql`pg_sleep(0.05)` })
          .from(sql`(select 1) as one`),
      ),
    );
    expect(settings.map(([row]) => row?.mode)).toEqual(Array(5).fill('force_custom_plan'));
  });

  it('keeps the settings a DATABASE_URL brings in its own options', async () => {
    const url = new URL(inject('serverDatabaseUrl'));
    url.searchParams.set('options', '-c statement_timeout=12345');
    const own = openDatabase(url.toString());
    try {
      expect(await setting(own.db, 'statement_timeout')).toBe('12345ms');
      expect(await setting(own.db, 'plan_cache_mode')).toBe('force_custom_plan');
    } finally {
      await own.close();
    }
  });

  it('price a page read out of order at 1.1 for organization requests, unless DATABASE_URL says otherwise', async () => {
    const tenantSetting = (db: Database) =>
      organizationTransaction(db, randomUUID(), (tx) =>
        setting(tx as unknown as Database, 'random_page_cost'),
      );
    expect(await tenantSetting(database.tenantDb)).toBe('1.1');
    // The main pool's migrations and jobs keep the server's own.
    expect(await setting(database.db, 'random_page_cost')).not.toBe('1.1');
    const url = new URL(inject('serverDatabaseUrl'));
    url.searchParams.set('options', '-c random_page_cost=3');
    const own = openDatabase(url.toString());
    try {
      expect(await tenantSetting(own.tenantDb)).toBe('3');
    } finally {
      await own.close();
    }
  });

  // Issue #27 item 18: the process died with an unhandled "Connection terminated unexpectedly" when
  // PostgreSQL dropped a connection a request held between two queries.
  it('survives losing a connection a transaction holds, and serves the next query from a new one', async () => {
    const one = (db: Database, expression: ReturnType<typeof sql>) =>
      db.select({ value: expression }).from(sql`(select 1) as one`);
    const isConnected = async (pid: number) =>
      (await one(database.db, sql`exists (select 1 from pg_stat_activity where pid = ${pid})`))[0]?.value;
    const failure = await database.db
      .transaction(async (tx) => {
        const pid = Number((await one(tx, sql`pg_backend_pid()`))[0]?.value);
        await one(database.db, sql`pg_terminate_backend(${pid})`);
        while (await isConnected(pid)) {}
        await one(tx, sql`1`);
      })
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await one(database.db, sql`'answered'`)).toEqual([{ value: 'answered' }]);
  });
});
