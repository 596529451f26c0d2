import { type CustomerStatus, isOffTheBooks } from '@reformer/domain/customers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listCustomers } from './customer-list.repository.ts';

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
  // Names that tie (the page then goes by id) and names whose order is the bytes' ("ana maria" before "anabela"),
  // not a language's, which would set the space aside.
  await t.db.execute(sql`
    insert into customers (organization_id, id, first_name, last_name, email)
    select ${organizationId}, gen_random_uuid(), first_name, 'Prado', 'prado-' || n || '@example.com'
    from unnest(array['Zélia', 'Zelia', 'zelia', 'Ana Maria', 'Anabela', 'Ana', 'Ana  Bela']) with ordinality
      as names(first_name, n)`);
  // Some off the books and some inactive, none of them a Silva: a search leaves out the first unless asked.
  await t.db.execute(sql`update customers set status = 'DELETED'
    where organization_id = ${organizationId} and last_name like 'Alves%'`);
  await t.db.execute(sql`update customers set status = 'INACTIVE'
    where organization_id = ${organizationId} and last_name like 'Souza%'`);
  // As autovacuum leaves a table after so many inserts: statistics taken, and the trigram index's pending
  // list of new entries merged (while it is long the planner prices the index as the scan it then is).
  await t.db.execute(sql`vacuum analyze customers`);
});
afterAll(() => t.close());

/**
 * The customer list's search for `word` as the app sends it, in an organization's transaction, and what it read
 * of the customers: PostgreSQL's counters of the backend's scans not yet reported, read before and after (they
 * may hold an earlier transaction's on the same connection).
 */
async function searchReads(word: string) {
  return organizationTransaction(t.database.tenantDb, organizationId, async (tx) => {
    const scans = async () => {
      const { rows } = (await tx.execute(sql`
        select seq_scan::int as sequential, idx_tup_fetch::int as fetched,
          pg_stat_get_xact_numscans('customers_search_idx'::regclass)::int as trigram
        from pg_stat_xact_user_tables where relname = 'customers'`)) as unknown as {
        rows: { sequential: number; fetched: number; trigram: number }[];
      };
      return rows[0] ?? { sequential: Number.NaN, fetched: Number.NaN, trigram: Number.NaN };
    };
    const before = await scans();
    const found = await listCustomers(tx as unknown as Database, organizationId, {
      words: [word],
      page: 1,
      limit: 10,
    });
    const after = await scans();
    return {
      total: found.total,
      sequential: after.sequential - before.sequential,
      trigramScans: after.trigram - before.trigram,
      rowsRead: after.fetched - before.fetched,
    };
  });
}

/** The organization's customers as the search reads them, to compute what each search must answer. */
async function everyCustomer() {
  const { rows } = (await t.db.execute(sql`
    select id, status, search_text as "searchText", sort_name as "sortName" from customers
    where organization_id = ${organizationId}`)) as unknown as {
    rows: { id: string; status: string; searchText: string; sortName: string }[];
  };
  return rows;
}

describe('the customer search in a studio of 2,000 customers', () => {
  it('answers every search its matches in name order and their number, whichever way it is planned', async () => {
    const customers = await everyCustomer();
    // Words the trigram index narrows (read once under one plan) and words it cannot (planned per call);
    // rare, common and matching everyone ("com", in every email); names that tie; a _ that must match itself
    // only; pages inside, at the end and past it.
    const searches: { words: string[]; status?: 'ACTIVE' | 'INACTIVE' | 'DELETED' }[] = [
      { words: ['silva'] },
      { words: ['maria'] },
      { words: ['com'] },
      { words: ['silva', '10'] },
      { words: ['santos', 'customer-1'] },
      { words: ['souza'] },
      { words: ['souza'], status: 'INACTIVE' },
      { words: ['maria'], status: 'ACTIVE' },
      { words: ['alves'], status: 'DELETED' },
      { words: ['prado'] },
      { words: ['zelia', 'prado'] },
      { words: ['mer_1'] },
      { words: ['ma'] },
      { words: ['ma'], status: 'INACTIVE' },
      { words: ['zzz'] },
      { words: ['1'] },
    ];
    for (const { words, status } of searches) {
      const matches = customers
        .filter((customer) =>
          status ? customer.status === status : !isOffTheBooks(customer.status as CustomerStatus),
        )
        .filter((customer) => words.every((word) => customer.searchText.includes(word)))
        .sort(
          (a, b) =>
            Buffer.compare(Buffer.from(a.sortName), Buffer.from(b.sortName)) || (a.id < b.id ? -1 : 1),
        );
      for (const page of [1, 2, 12, 300]) {
        const found = await organizationTransaction(t.database.tenantDb, organizationId, (tx) =>
          listCustomers(tx as unknown as Database, organizationId, { words, status, page, limit: 10 }),
        );
        const label = `${words.join(' ')}${status ? ` (${status})` : ''}, page ${page}`;
        expect(found.total, label).toBe(matches.length);
        expect(
          found.rows.map((row) => row.id),
          label,
        ).toEqual(matches.slice((page - 1) * 10, page * 10).map((customer) => customer.id));
      }
    }
  });

  it('reads the matches of a word through the trigram index, once, and no other customer but the page', async () => {
    const reads = await searchReads('silva');
    expect(reads).toMatchObject({ total: CUSTOMERS / 20, sequential: 0, trigramScans: 1 });
    // The matches, then the page's ten by key: not the name order walked to where the Silvas sort.
    expect(reads.rowsRead).toBeLessThanOrEqual(CUSTOMERS / 20 + 10);
  });

  it('plans a search once when the trigram index narrows each word, and per call when it cannot', async () => {
    const plans = (words: string[]) =>
      organizationTransaction(t.database.tenantDb, organizationId, async (tx) => {
        await listCustomers(tx as unknown as Database, organizationId, { words, page: 1, limit: 10 });
        const { rows } = (await tx.execute(sql`
          select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name like 'customers_%' order by name`)) as unknown as {
          rows: { name: string; generic: number; custom: number }[];
        };
        return rows;
      });
    // Read on the connection that just ran the search, which prepared its statement there if not before.
    const narrowed = (await plans(['silva'])).find((row) => row.name === 'customers_narrowed_page_1w');
    expect(narrowed).toMatchObject({ custom: 0 });
    expect(narrowed?.generic).toBeGreaterThan(0);
    const perCall = (await plans(['ma'])).find((row) => row.name === 'customers_page_1w');
    expect(perCall).toMatchObject({ generic: 0 });
    expect(perCall?.custom).toBeGreaterThan(0);
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
