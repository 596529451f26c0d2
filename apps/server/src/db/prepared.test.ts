import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database, DatabaseHandle } from './client.ts';
import { preparedStatement, shapeName } from './prepared.ts';
import { ORGANIZATION_SETTING } from './row-level-security.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const probe = (db: Database, build: () => void = () => {}) =>
  preparedStatement(db, 'prepared_test_probe', (name) => {
    build();
    return db
      .select({
        organization: sql<string | null>`current_setting(${sql.raw(`'${ORGANIZATION_SETTING}'`)}, true)`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });

describe('prepared statements', () => {
  it('reuse the statement first built on the pool inside a request’s transaction, on its connection', async () => {
    const [outside] = await probe(database.db).execute();
    expect(outside?.organization ?? '').toBe('');
    const organizationId = '01a209b1-b7b7-7309-91b0-5f502b6ab38c';
    const inside = await database.tenantDb.transaction(async (tx) => {
      await tx.execute(sql`select set_config(${ORGANIZATION_SETTING}, ${organizationId}, true)`);
      let built = false;
      const statement = probe(tx as unknown as Database, () => {
        built = true;
      });
      const [row] = await statement.execute();
      return { built, organization: row?.organization };
    });
    // Not built again, and it ran in the transaction: it saw the organization the transaction named.
    expect(inside).toEqual({ built: false, organization: organizationId });
  });

  it('refuse a name PostgreSQL would cut, and name every shape of filters within its 63 bytes', () => {
    const long = `prepared_test_${'x'.repeat(50)}`;
    expect(() => preparedStatement(database.db, long, () => 'never built')).toThrow(/63 bytes/);
    const filters = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`filter${i}`, [sql`${i}`, 'int'] as const]),
    );
    const every = Object.keys(filters);
    // Two shapes whose readable names began alike for 63 bytes were one statement on the server (decision 018).
    expect(shapeName(filters, every)).toBe('ff');
    expect(shapeName(filters, every.slice(0, 7))).toBe('7f');
    expect(shapeName(filters, [])).toBe('0');
  });
});
