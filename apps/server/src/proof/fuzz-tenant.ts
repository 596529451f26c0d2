import type { TestApp } from '../test/test-app.ts';
import { seedTenant, type Tenant } from './seed.ts';
import { seedObjects } from './seed-objects.ts';

/**
 * Before each batch: new objects to aim at (the last batch may have deleted or purged them). If the
 * organization itself was lost — the fuzz can make another owner and then leave — a new tenant is seeded.
 */
export async function freshTenant(t: TestApp, tenant: Tenant, withSchedules: boolean): Promise<Tenant> {
  try {
    const { ids, owner } = tenant;
    const organization = await t.request('GET', `/organizations/${ids.organization}`, { token: owner.token });
    if (organization.status !== 200 || organization.body.role !== 'ORG_OWNER') throw new Error('owner gone');
    const { sessionIds: _, ...objects } = await seedObjects(t, {
      owner,
      orgId: ids.organization,
      mark: 'fuzz',
      establishmentId: ids.establishment,
      staffUserId: ids.staffMember,
      withSchedules,
    });
    return { ...tenant, ids: { ...ids, ...objects } };
  } catch {
    return seedTenant(t, 'F', { withMembers: false, withSchedules });
  }
}
