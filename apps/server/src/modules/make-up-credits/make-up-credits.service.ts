import { AppError } from '@reformer/domain/errors';
import type { MakeUpCredit, MakeUpCreditList } from '@reformer/domain/make-up-credit-schemas';
import {
  DEFAULT_MAKE_UP_CREDIT_SETTINGS,
  type MakeUpCreditSettings,
  type MakeUpCreditSettingsValues,
} from '@reformer/domain/make-up-credits';
import { todayIn } from '@reformer/domain/time-zones';
import type { Database, Transaction } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { isUuid } from '../../lib/uuid.ts';
import * as repository from './make-up-credits.repository.ts';

/** The organization's rules; the domain's defaults until someone saves them. */
export async function readSettings(db: Database | Transaction, organizationId: string) {
  return (await repository.findSettings(db, organizationId)) ?? DEFAULT_MAKE_UP_CREDIT_SETTINGS;
}

export async function getSettings(db: Database, access: OrgAccess): Promise<MakeUpCreditSettings> {
  return readSettings(db, access.organizationId);
}

/** The portal's two settings (decision 039) keep their stored value when a request leaves them out. */
export async function saveSettings(
  db: Database,
  access: OrgAccess,
  values: MakeUpCreditSettingsValues,
  now: Date,
) {
  const current = await readSettings(db, access.organizationId);
  const portal = {
    portalBookingHours: values.portalBookingHours ?? current.portalBookingHours,
    portalMakeUpScope: values.portalMakeUpScope ?? current.portalMakeUpScope,
  };
  await repository.saveSettings(db, access.organizationId, { ...values, ...portal }, now);
  return readSettings(db, access.organizationId);
}

async function assertEstablishment(db: Database, organizationId: string, establishmentId: string) {
  if (
    !isUuid(establishmentId) ||
    !(await repository.establishmentExists(db, organizationId, establishmentId))
  )
    throw new AppError('ESTABLISHMENT_NOT_FOUND');
}

export async function listNoCreditDates(db: Database, access: OrgAccess, establishmentId: string) {
  await assertEstablishment(db, access.organizationId, establishmentId);
  return { items: await repository.listNoCreditDates(db, access.organizationId, establishmentId) };
}

export async function saveNoCreditDate(
  db: Database,
  access: OrgAccess,
  target: { establishmentId: string; date: string },
  name: string,
) {
  await assertEstablishment(db, access.organizationId, target.establishmentId);
  const saved = await repository.saveNoCreditDate(
    db,
    { organizationId: access.organizationId, ...target },
    name,
  );
  if (!saved) throw new Error('The no-credit date was not saved');
  return saved;
}

export async function deleteNoCreditDate(
  db: Database,
  access: OrgAccess,
  target: { establishmentId: string; date: string },
) {
  await assertEstablishment(db, access.organizationId, target.establishmentId);
  const deleted = await repository.deleteNoCreditDate(db, {
    organizationId: access.organizationId,
    ...target,
  });
  if (!deleted) throw new AppError('NO_CREDIT_DATE_NOT_FOUND');
}

/** Every credit of the customer with its state today in the organization's zone, and the counts. */
export async function listCustomerCredits(
  db: Database,
  access: OrgAccess,
  customerId: string,
  now: Date,
): Promise<MakeUpCreditList> {
  const { organizationId } = access;
  if (!isUuid(customerId) || !(await repository.customerExists(db, organizationId, customerId)))
    throw new AppError('CUSTOMER_NOT_FOUND');
  const today = todayIn(await organizationTimeZone(db, organizationId), now);
  const rows = await repository.listCustomerCredits(db, { organizationId, customerId }, today);
  const items = rows.map(
    (row): MakeUpCredit => ({
      id: row.id,
      state: row.state,
      earnedAt: row.earnedAt.toISOString(),
      expiresOn: row.expiresOn,
      canceledSession: row.canceledSession,
      usedAt: row.usedAt?.toISOString() ?? null,
      usedSession: row.usedSession?.id ? row.usedSession : null,
    }),
  );
  const count = (state: MakeUpCredit['state']) => items.filter((item) => item.state === state).length;
  return {
    items,
    summary: {
      earned: items.length,
      available: count('AVAILABLE'),
      used: count('USED'),
      expired: count('EXPIRED'),
    },
  };
}
