import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * How the search counts its matches in a studio of bench:load's size (2,000 customers, a surname on one in
 * twenty): through the trigram index, not by reading every customer — five times as fast there (decision 018,
 * session 23). The choice is the planner's, on the connections' settings (db/client.ts); the customers are
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

/** The indexes the plan of `statement` reads, as the tenant role on a pooled connection. */
async function indexesRead(statement: ReturnType<typeof sql>): Promise<string[]> {
  const plan = await organizationTransaction(t.database.tenantDb, organizationId, async (tx) => {
    const result = await tx.execute(sql`explain (format json) ${statement}`);
    return (result as unknown as { rows: unknown[] }).rows;
  });
  return JSON.stringify(plan).match(/"Index Name":"[^"]+"/g) ?? [];
}

describe('the customer search in a studio of 2,000 customers', () => {
  it('counts the matches of a word through the trigram index', async () => {
    const matches = sql`select count(*) from customers_in_organization
      where organization_id = ${organizationId} and status not in ('DELETED', 'PURGED')
        and search_text like '%silva%'`;
    expect(await indexesRead(matches)).toEqual(['"Index Name":"customers_search_idx"']);
  });

  it('answers the same total and page as the rows themselves give', async () => {
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
