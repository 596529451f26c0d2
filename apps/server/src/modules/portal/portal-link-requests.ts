import { createHash } from 'node:crypto';
import { PORTAL_RATE_LIMITS } from '@reformer/domain/portal';
import { organizationTransaction } from '../../db/row-level-security.ts';
import * as links from '../class-links/class-links.repository.ts';
import { issueLink } from '../class-links/class-links.service.ts';
import type { PortalDeps } from './portal-access.ts';
import { hitRateLimit } from './portal-rate-limit.ts';
import { deleteStaleBuckets } from './portal-sessions.repository.ts';

/**
 * "Send me a new link" on the portal's sign-in page (decision 039). The link goes by e-mail to the address
 * on file — the one typed only finds the customer, and a customer at two studios gets one link from each.
 * The answer is the same whether anyone was found, and the door is limited per address and per contact (the
 * contact's bucket is a hash, so the table keeps no e-mail).
 */
export async function requestNewLink(deps: PortalDeps, email: string): Promise<void> {
  const contact = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  await hitRateLimit(
    deps.db,
    `link-request:ip:${deps.ipAddress}`,
    PORTAL_RATE_LIMITS.linkRequestPerAddress,
    deps.now,
  );
  await hitRateLimit(
    deps.db,
    `link-request:contact:${contact}`,
    PORTAL_RATE_LIMITS.linkRequestPerContact,
    deps.now,
  );
  const found = await links.findCustomersByEmail(deps.db, email.trim());
  for (const customer of found)
    await organizationTransaction(deps.tenantDb, customer.organizationId, async (tx) => {
      const key = { organizationId: customer.organizationId, customerId: customer.id };
      const locked = await links.lockCustomer(tx, key);
      if (!locked) return;
      const actor = { userId: null, ipAddress: deps.ipAddress, now: deps.now, publicUrl: deps.publicUrl };
      await issueLink(tx, { ...key, firstName: locked.firstName }, actor, ['EMAIL']);
    });
  await deleteStaleBuckets(deps.db, deps.now);
}
