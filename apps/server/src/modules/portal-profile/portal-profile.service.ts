import { AppError } from '@reformer/domain/errors';
import {
  type PortalProfile,
  type PortalProfileValues,
  type ProfileChangeList,
  profileChanges,
} from '@reformer/domain/portal-profile';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { rethrowUniqueViolation } from '../customers/customers.service.ts';
import { type PortalDeps, underPortalSession } from '../portal/portal-access.ts';
import type { PostalCodeProvider } from '../postal-codes/postal-code-provider.ts';
import * as repository from './portal-profile.repository.ts';

/**
 * The customer's own profile in the portal (decision 046): read and changed as the cookie's customer under the
 * organization's wall; each changed field is kept (old → new) for staff's history, and the audit log says a
 * change came through which portal session, naming the fields only.
 */

export function viewProfile(deps: PortalDeps, cookie: string | undefined): Promise<PortalProfile> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const profile = await repository.findProfile(tx, customer);
    if (!profile) throw new AppError('PORTAL_SESSION_REQUIRED');
    return profile;
  });
}

/**
 * Saves what changed, in one transaction: the customer's row, a history row per field, one audit entry. An
 * e-mail another customer of the studio has is CUSTOMER_EMAIL_TAKEN, as on staff's form. The country is the
 * one on file (its phone and CEP rules checked the input); another is refused.
 */
export function updateProfile(
  deps: PortalDeps,
  cookie: string | undefined,
  values: PortalProfileValues,
): Promise<PortalProfile> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const current = await repository.lockProfile(tx, customer);
    if (!current) throw new AppError('PORTAL_SESSION_REQUIRED');
    if (values.country !== current.country)
      throw new AppError('VALIDATION_FAILED', 'The country is the one on file', [
        { path: 'country', key: 'validation.format', message: 'The country is the one on file' },
      ]);
    const changes = profileChanges(current, values);
    if (changes.length === 0) return current;
    const { country: _country, ...fields } = values;
    const saved = await repository
      .updateProfile(tx, customer, { ...fields, updatedAt: deps.now })
      .catch(rethrowUniqueViolation);
    if (!saved) throw new AppError('PORTAL_SESSION_REQUIRED');
    await repository.insertChanges(
      tx,
      changes.map((change) => ({
        organizationId: customer.organizationId,
        id: uuidv7(),
        customerId: customer.customerId,
        field: change.field,
        oldValue: change.from,
        newValue: change.to,
        changedAt: deps.now,
        portalSessionId: customer.sessionId,
      })),
    );
    await recordAudit(tx, {
      organizationId: customer.organizationId,
      actorId: null,
      action: 'CUSTOMER_PROFILE_CHANGED_IN_PORTAL',
      entityType: 'customer',
      entityId: customer.customerId,
      ipAddress: deps.ipAddress,
      at: deps.now,
      details: { portalSessionId: customer.sessionId, fields: changes.map((change) => change.field) },
    });
    return saved;
  });
}

/** Staff's history of the customer's own changes, newest first; another organization's customer is 404. */
export async function listProfileChanges(
  db: Database,
  access: OrgAccess,
  customerId: string,
): Promise<ProfileChangeList> {
  const key = { organizationId: access.organizationId, customerId };
  const customer = isUuid(customerId) ? await repository.findCustomerOfOrganization(db, key) : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  const rows = await repository.listChanges(db, key);
  return {
    items: rows.map((row) => ({
      ...row,
      field: row.field as ProfileChangeList['items'][number]['field'],
      changedAt: row.changedAt.toISOString(),
    })),
  };
}

/**
 * A CEP's address for the profile form, as staff's form gets it, but for a signed-in customer only (the
 * lookup is not an open proxy): the session is checked, and its transaction closed, before the provider call.
 */
export async function lookupPostalCode(
  deps: PortalDeps,
  cookie: string | undefined,
  lookup: { provider: PostalCodeProvider; cep: string },
) {
  await underPortalSession(deps, cookie, async () => undefined);
  const address = await lookup.provider.lookup(lookup.cep.replace('-', ''));
  if (!address) throw new AppError('POSTAL_CODE_NOT_FOUND');
  return address;
}
