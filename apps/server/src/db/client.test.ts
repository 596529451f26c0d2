import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('database connections', () => {
  it('plan every prepared statement for its values on each PostgreSQL connection', async ({ skip }) => {
    // PGlite has one connection and sends no named statements.
    if (database.kind !== 'postgres') skip();
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
});
