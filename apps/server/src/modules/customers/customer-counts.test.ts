import { CUSTOMER_STATUSES, EDITABLE_CUSTOMER_STATUSES } from '@reformer/domain/customers';
import { and, count, eq, inArray, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCounts, customers, organizations } from '../../db/schema/index.ts';
import { isFullScale, proofSeed } from '../../proof/proof-scale.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { within } from '../../test/within.ts';

/**
 * The customer list's total comes from counts a trigger keeps (migration 0044, decision 018 session 22). After
 * any history of writes — customers created in any status, edited, deleted, purged, and statements that write
 * many customers of mixed statuses at once, as an import does — every total the list answers equals the count
 * from scratch. One organization lives through every history.
 */

let t: TestApp;
let owner: TestUser;
let organizationId: string;
const created: { id: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

const path = (suffix = '') => `/organizations/${organizationId}/customers${suffix}`;
const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(1, items.length)];

async function send(method: string, suffix: string, body?: unknown) {
  const response = await t.request(method, path(suffix), { token: owner.token, body });
  expect(response.status, response.text).toBeLessThan(300);
  return response;
}

async function fromScratch(): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ status: customers.status, customers: count() })
    .from(customers)
    .where(eq(customers.organizationId, organizationId))
    .groupBy(customers.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.customers]));
}

/**
 * What the list answers as its total — with no filter, read alone past the last page, and with each status the
 * filter offers — and the sums of the kept rows, whose deleted and purged counts no filter shows.
 */
async function expectTotalsFromScratch() {
  const scratch = await fromScratch();
  const total = async (query: string) => (await send('GET', `?${query}`)).body.total as number;
  const onTheBooks = EDITABLE_CUSTOMER_STATUSES.reduce((sum, status) => sum + (scratch[status] ?? 0), 0);
  expect(await total('page=1&limit=1')).toBe(onTheBooks);
  expect(await total('page=999&limit=1')).toBe(onTheBooks);
  for (const status of EDITABLE_CUSTOMER_STATUSES) {
    expect(await total(`status=${status}&page=1&limit=1`), status).toBe(scratch[status] ?? 0);
    expect(await total(`status=${status}&page=999&limit=1`), status).toBe(scratch[status] ?? 0);
  }
  const kept = await keptCounts(organizationId);
  for (const status of CUSTOMER_STATUSES)
    expect(kept[status.toLowerCase() as keyof typeof kept] ?? 0, status).toBe(scratch[status] ?? 0);
}

/** The organization's kept counts: the sums of its rows (migration 0044). */
async function keptCounts(organization: string) {
  const [kept] = await t.db
    .select({
      rows: count(),
      active: sum(customerCounts.active).mapWith(Number),
      inactive: sum(customerCounts.inactive).mapWith(Number),
      pending: sum(customerCounts.pending).mapWith(Number),
      deleted: sum(customerCounts.deleted).mapWith(Number),
      purged: sum(customerCounts.purged).mapWith(Number),
    })
    .from(customerCounts)
    .where(eq(customerCounts.organizationId, organization));
  return kept ?? { rows: 0 };
}

const index = fc.nat({ max: 11 });
const editable = fc.constantFrom(...EDITABLE_CUSTOMER_STATUSES);
const step = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), status: editable }),
  fc.record({ kind: fc.constant('edit' as const), customer: index, status: editable }),
  fc.record({ kind: fc.constant('rename' as const), customer: index }),
  fc.record({ kind: fc.constant('delete' as const), customer: index }),
  fc.record({ kind: fc.constant('purge' as const), customer: index }),
  fc.record({
    kind: fc.constant('insert-many' as const),
    statuses: fc.array(fc.constantFrom(...CUSTOMER_STATUSES), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({
    kind: fc.constant('update-many' as const),
    customers: fc.array(index, { minLength: 1, maxLength: 6 }),
    status: fc.constantFrom(...CUSTOMER_STATUSES),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

let serial = 0;
async function run(s: Step) {
  serial += 1;
  if (s.kind === 'create') {
    const body = { firstName: 'Counted', lastName: `Customer ${serial}`, status: s.status };
    created.push({ id: (await createCustomer(t, owner, organizationId, body)).id, body });
    return;
  }
  if (s.kind === 'insert-many') {
    // One statement writing customers of several statuses, as an import's batch does.
    await t.db.insert(customers).values(
      s.statuses.map((status, i) => ({
        organizationId,
        id: crypto.randomUUID(),
        firstName: 'Batch',
        lastName: `${serial}-${i}`,
        status,
      })),
    );
    return;
  }
  if (s.kind === 'update-many') {
    const ids = s.customers.flatMap((i) => pick(created, i)?.id ?? []);
    if (ids.length > 0)
      await t.db
        .update(customers)
        .set({ status: s.status })
        .where(and(eq(customers.organizationId, organizationId), inArray(customers.id, ids)));
    return;
  }
  const customer = pick(created, s.customer);
  if (!customer) return;
  // A deleted or purged customer is refused an edit (404): part of a history, not a failure.
  const answer = async (method: string, suffix: string, body?: unknown) => {
    const response = await t.request(method, path(suffix), { token: owner.token, body });
    expect(response.status, response.text).toBeLessThan(500);
  };
  if (s.kind === 'edit') await answer('PUT', `/${customer.id}`, { ...customer.body, status: s.status });
  if (s.kind === 'rename')
    await answer('PUT', `/${customer.id}`, { ...customer.body, lastName: `Renamed ${serial}` });
  if (s.kind === 'delete') await answer('DELETE', `/${customer.id}`);
  if (s.kind === 'purge') await answer('POST', `/${customer.id}/purge`);
}

describe('the customer list total kept by the trigger', () => {
  it('equals the count from scratch after any history of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) await run(s);
        await expectTotalsFromScratch();
        // One writer at a time: each folds the rows it finds into one.
        expect((await keptCounts(organizationId)).rows).toBeLessThanOrEqual(1);
      }),
      { numRuns: isFullScale ? 100 : 15, seed: proofSeed, endOnFailure: true },
    );
  });

  it('keeps no count for a deleted organization, and none is left behind', async () => {
    const other = await createUser(t);
    const doomed = (await createOrganization(t, other)).id;
    await createCustomer(t, other, doomed, { firstName: 'Gone', lastName: 'With It' });
    expect(await keptCounts(doomed)).toMatchObject({ active: 1 });
    // The customers go by cascade after the organization: the trigger must neither fail nor count them.
    await t.db.delete(organizations).where(eq(organizations.id, doomed));
    expect((await keptCounts(doomed)).rows).toBe(0);
  });

  it('lets a customer be written while another transaction writing customers stays open, as an import does', async () => {
    // Every writing statement adds a row of its own: a long import holds no lock another writer waits for.
    const before = await fromScratch();
    await t.db.transaction(async (tx) => {
      await tx.insert(customers).values({
        organizationId,
        id: crypto.randomUUID(),
        firstName: 'Imported',
        lastName: 'Still Open',
      });
      const frontDesk = createCustomer(t, owner, organizationId, { firstName: 'Front', lastName: 'Desk' });
      await within(frontDesk, 15_000, 'the create did not answer beside the open transaction');
    });
    expect((await fromScratch()).ACTIVE).toBe((before.ACTIVE ?? 0) + 2);
    await expectTotalsFromScratch();
  });

  it('answers a total of 0 for an organization that never had a customer', async () => {
    const other = await createUser(t);
    const empty = (await createOrganization(t, other)).id;
    for (const query of ['page=1&limit=10', 'page=3&limit=10', 'status=ACTIVE&page=2&limit=10']) {
      const response = await t.request('GET', `/organizations/${empty}/customers?${query}`, {
        token: other.token,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ items: [], total: 0 });
    }
  });
});
