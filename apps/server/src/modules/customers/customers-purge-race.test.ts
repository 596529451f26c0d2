import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

describe('delete and purge of one customer at the same moment', () => {
  it('always ends PURGED, with nothing personal left (45 trials)', async () => {
    const endings: string[] = [];
    for (let trial = 0; trial < 45; trial += 1) {
      const customer = await createCustomer(t, owner, organizationId, {
        firstName: 'Race',
        lastName: `Trial ${trial}`,
        email: `race-${trial}@example.com`,
      });
      const path = `/organizations/${organizationId}/customers/${customer.id}`;
      const requests = [
        t.request('DELETE', path, { token: owner.token }),
        t.request('POST', `${path}/purge`, { token: owner.token, body: {} }),
      ];
      const [deleted, purged] = await Promise.all(trial % 2 ? requests : requests.reverse());
      expect([204, 409]).toContain(deleted?.status);
      expect([204, 409]).toContain(purged?.status);
      const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
      endings.push(`${row?.status} ${row?.email ?? ''}${row?.lastName ?? ''}`.trim());
    }
    expect(new Set(endings)).toEqual(new Set(['PURGED']));
  });
});
