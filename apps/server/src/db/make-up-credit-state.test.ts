import { creditState } from '@reformer/domain/make-up-credits';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { creditStateOn } from './make-up-credit-state.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const TODAY = '2027-03-15';

/** Last day yesterday, today and tomorrow, each spent and not: EXPIRED only from the day after the last day. */
describe('the SQL twin of creditState', () => {
  const cases = ['2027-03-14', '2027-03-15', '2027-03-16'].flatMap((expiresOn) =>
    [null, '2027-03-10T13:00:00.000Z'].map((usedAt) => ({ expiresOn, usedAt })),
  );

  it.each(cases)('agrees with the domain on its boundaries: %o', async (credit) => {
    const state = creditStateOn(
      { usedAt: sql`${credit.usedAt}::timestamptz`, expiresOn: sql`${credit.expiresOn}::date` },
      TODAY,
    );
    const result = await database.db.execute(sql`select ${state} as state`);
    const [row] = (result as unknown as { rows: { state: string }[] }).rows;
    expect(row?.state).toBe(creditState({ id: 'c', earnedAt: '2027-03-01', ...credit }, TODAY));
  });
});
