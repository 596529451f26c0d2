import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listCustomers } from './customers.repository.ts';

/**
 * How the search counts its matches in a studio of bench:load's size (2,000 customers, a surname on one in
 * twenty): through the trigram index, not by reading every customer — five times as fast there (decision 018,
 * session 23). The choice is the planner's, on the organization requests' connection settings (db/client.ts); the customers are
 * written straight into the table, as only their number and names matter here.
 */

const CUSTOMERS = 2_000;
const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira'];

let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  // Silva on one customer in twenty (as in bench:load), the other surnames on the rest.
  await t.db.execute(sql`
    insert into customers (organization_id, id, first_name, last_name, email)
    select ${organizationId}, gen_random_uuid(), 'Maria',
      case when n % 20 = 0 then 'Silva' else (${sql.param(SURNAMES.slice(1))}::text[])[1 + n % 7] end || ' ' || n,
      'customer-' || n || '@example.com'
    from generate_series(1, ${CUSTOMERS}) as n`);
  // As autovacuum leaves a table after so many inserts: statistics taken, and the trigram index's pending
  // list of new entries merged (while it is long the planner prices the index as the scan it then is).
  await t.db.execute(sql`vacuum analyze customers`);
});
afterAll(() => t.close());

/**
 * The customer list's search for `word` as the app sends it, in an organization's transaction, and what it read
 * of the customers: PostgreSQL's counters of the transaction's own scans.
 */
async function searchReads(word: string) {
  return organizationTransaction(t.database.tenantDb, organizationId, async (tx) => {
    const db = tx as unknown as Database;
    const found = await listCustomers(db, organizationId, { words: [word], page: 1, limit: 10 });
    const rows = async <Row>(query: ReturnType<typeof sql>) =>
      (await tx.execute(query)) as unknown as { rows: Row[] };
    const [table] = (
      await rows<{ sequential: number }>(
        sql`select seq_scan::int as sequential from pg_stat_xact_user_tables where relname = 'customers'`,
      )
    ).rows;
    const [trigram] = (
      await rows<{ scans: number }>(
        sql`select pg_stat_get_xact_numscans('customers_search_idx'::regclass)::int as scans`,
      )
    ).rows;
    return { total: found.total, sequential: table?.sequential, trigramScans: trigram?.scans };
  });
}

describe('the customer search in a studio of 2,000 customers', () => {
  it('counts the matches of a word through the trigram index, not by reading every customer', async () => {
    expect(await searchReads('silva')).toEqual({ total: CUSTOMERS / 20, sequential: 0, trigramScans: 1 });
  });

  it('answers the matches’ total and the first page in name order', async () => {
    const response = await t.request(
      'GET',
      `/organizations/${organizationId}/customers?search=silva&limit=5`,
      {
        token: owner.token,
      },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.total).toBe(CUSTOMERS / 20);
    expect(response.body.items.map((item: { lastName: string }) => item.lastName)).toEqual([
      'Silva 100',
      'Silva 1000',
      'Silva 1020',
      'Silva 1040',
      'Silva 1060',
    ]);
  });
});
