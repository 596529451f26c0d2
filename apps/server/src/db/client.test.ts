import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { type Database, type DatabaseHandle, openDatabase } from './client.ts';

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
});
