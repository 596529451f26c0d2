import { setFlagsFromString } from 'node:v8';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database, DatabaseHandle } from './client.ts';
import { compiledRowMapper, preparedStatement, shapeName } from './prepared.ts';
import { ORGANIZATION_SETTING } from './row-level-security.ts';
import { organizations, users } from './schema/index.ts';

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

  it('map rows as Drizzle does, a left-joined table with a null first column turned null, with what it works out once', async () => {
    // An alias: Drizzle wraps its columns in proxies, which the mapping reads once.
    const studio = alias(organizations, 'studio');
    const probeMapping = (db: Database) =>
      preparedStatement(db, 'prepared_test_mapping', (name) =>
        db
          .select({
            id: studio.id,
            createdAt: studio.createdAt,
            named: { name: studio.name, length: sql<number>`length(${studio.name})`.mapWith(Number) },
            owner: users,
            aliased: sql<string>`'x'`.as('aliased'),
          })
          .from(studio)
          .leftJoin(users, eq(users.id, sql`'nobody'`))
          .limit(3)
          .prepare(name),
      );
    const statement = probeMapping(database.db);
    const query = statement as unknown as {
      fields: { path: string[]; field: unknown }[];
      joinsNotNullableMap: Record<string, boolean>;
      customResultMapper?: unknown;
    };
    // The Drizzle fields the mapping reads, where it reads them.
    expect(query.fields.length).toBeGreaterThan(5);
    expect(query.joinsNotNullableMap).toEqual({ studio: true, users: false });
    expect(typeof query.customResultMapper).toBe('function');
    const rows = [
      ['o1', '2027-01-02 03:04:05+00', 'Studio', '6', ...Array(query.fields.length - 5).fill(null), 'x'],
      ['o2', '2027-01-02 03:04:05.5+00', 'Praia', '5', ...Array(query.fields.length - 5).fill('u'), 'x'],
    ];
    // Drizzle's own mapping, which it does not declare in its types.
    const { mapResultRow } = (await import('drizzle-orm/utils')) as unknown as {
      mapResultRow: (fields: unknown, row: unknown[], joins: unknown) => unknown;
    };
    const compiled = compiledRowMapper(query.fields, query.joinsNotNullableMap)(rows);
    expect(compiled).toEqual(rows.map((row) => mapResultRow(query.fields, row, query.joinsNotNullableMap)));
    expect(compiled[0]).toMatchObject({ owner: null, named: { length: 6 }, aliased: 'x' });
    expect((compiled[0] as { createdAt: Date }).createdAt).toBeInstanceOf(Date);
    // And it is what the statement runs with, on the copy bound to a transaction's connection too.
    const runs = vi.fn(query.customResultMapper as (rows: unknown[][]) => unknown);
    query.customResultMapper = runs;
    await statement.execute();
    await database.db.transaction(async (tx) => {
      await probeMapping(tx as unknown as Database).execute();
    });
    expect(runs).toHaveBeenCalledTimes(2);
  });

  it('map a row of many fields to an object V8 keeps fast, not a dictionary', () => {
    // An object given its properties one by one under computed keys becomes a dictionary in V8 at the 20th (Node
    // 20): the week's rows took twelve times as long to map that way (decision 018, session 24).
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (
      object: object,
    ) => boolean;
    // Listed as Drizzle's prepared query lists a selection, not read off an object with these keys: one made by
    // Object.fromEntries (or JSON.parse) leaves V8 a fast shape for them that key-by-key stores then follow, and
    // the old mapping passed.
    const fields = [
      ...Array.from({ length: 24 }, (_, i) => ({ path: [`wide${i}`], field: sql`${i}`.mapWith(Number) })),
      { path: ['wideNested', 'inner'], field: sql<string>`'x'` },
    ];
    const row = [...Array.from({ length: 24 }, (_, i) => String(i)), 'x'];
    const [mapped] = compiledRowMapper(fields, undefined)([row]) as Record<string, unknown>[];
    expect(mapped).toMatchObject({ wide0: 0, wide23: 23, wideNested: { inner: 'x' } });
    expect(Object.keys(mapped as object)).toHaveLength(25);
    expect(hasFastProperties(mapped as object)).toBe(true);
  });
});
