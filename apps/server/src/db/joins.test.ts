import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { type Database, type DatabaseHandle, openDatabase, type Transaction } from './client.ts';
import { isoInstant, timeOfDay } from './joins.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const given = [
  '2027-03-01 10:00:00+00',
  '2027-03-01 10:00:00.5+00',
  '2027-03-01 10:00:00.000999+00',
  '2027-03-01 23:59:59.999999+00',
  '2026-12-31 21:30:00-03',
];

/** `given` and 300 random instants (with their times of day), as the API writes them and as to_char wrote them. */
const readInstants = (db: Database | Transaction) => {
  const instants = sql`(
    select instant, instant::time as time_of_day from unnest(array[${sql.join(
      given.map((instant) => sql`${instant}::timestamptz`),
      sql`, `,
    )}]) as instant
    union all
    select instant, instant::time from (
      select timestamptz '1990-01-01' + random() * interval '80 years' as instant from generate_series(1, 300)
    ) as random_instants
  ) as instants`;
  return db
    .select({
      iso: isoInstant(sql`instant`),
      expectedIso: sql<string>`to_char(instant at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      time: timeOfDay(sql`time_of_day`),
      expectedTime: sql<string>`to_char(time_of_day, 'HH24:MI')`,
    })
    .from(instants);
};

function expectAsToChar(rows: Awaited<ReturnType<typeof readInstants>>) {
  expect(rows).toHaveLength(305);
  for (const row of rows) {
    expect(row.iso).toBe(row.expectedIso);
    expect(row.time).toBe(row.expectedTime);
  }
  // Whole seconds, fractions cut at the millisecond as to_char's MS is, and an instant given in Brazil's time.
  expect(rows.slice(0, 5).map((row) => row.iso)).toEqual([
    '2027-03-01T10:00:00.000Z',
    '2027-03-01T10:00:00.500Z',
    '2027-03-01T10:00:00.000Z',
    '2027-03-01T23:59:59.999Z',
    '2027-01-01T00:30:00.000Z',
  ]);
}

describe('instants and times of day as the API writes them', () => {
  it('equal what to_char wrote, whatever the connection’s time zone', async () => {
    const rows = await database.db.transaction(async (tx) => {
      // Brazil's zone: the text PostgreSQL writes of an instant would follow it; at time zone 'UTC' does not.
      await tx.execute(sql`set local time zone 'America/Sao_Paulo'`);
      return readInstants(tx);
    });
    expectAsToChar(rows);
  });

  it('equal what to_char wrote on a database whose dates are written another way', async () => {
    // A server or database set to another style: "01/03/2027 10:00:00" unless the connections ask for ISO.
    await database.execute(
      `alter database "${new URL(database.url).pathname.slice(1)}" set datestyle = 'SQL, DMY'`,
    );
    const own = openDatabase(database.url);
    try {
      expectAsToChar(await readInstants(own.db));
    } finally {
      await own.close();
    }
  });
});
