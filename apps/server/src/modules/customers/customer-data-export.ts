import type { CustomerAttendance, CustomerDataExport } from '@reformer/domain/customer-data-export';
import { AppError } from '@reformer/domain/errors';
import { MESSAGE_KINDS } from '@reformer/domain/events';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { readCustomerContract } from '../contracts/contracts.service.ts';
import { listEnrollments } from '../enrollments/enrollments.service.ts';
import { listMessages } from '../events/events.repository.ts';
import { toMessage } from '../events/events.service.ts';
import { listConsents as listHealthDataConsents } from '../health-questionnaire/health-questionnaire.repository.ts';
import { listCustomerCredits } from '../make-up-credits/make-up-credits.service.ts';
import { listCustomerRecords } from '../medical-records/medical-records.service.ts';
import { getOrganization } from '../organizations/organizations.service.ts';
import { listPayments } from '../payments/payments.service.ts';
import { listCustomerCharges } from '../pix-charges/pix-charges.service.ts';
import { listProfileChanges } from '../portal-profile/portal-profile.service.ts';
import { customerPurchases } from '../purchases/purchases.service.ts';
import { listCustomerAttendance } from '../sessions/sessions.repository.ts';
import { findConsent as findWhatsAppConsent } from '../whatsapp/whatsapp.repository.ts';
import * as repository from './customers.repository.ts';
import { toCustomer } from './customers.service.ts';

/** The modules' list reads, asked for every row at once: an answer to the data subject is never a page. */
const WHOLE_LIST = { page: 1, limit: Number.MAX_SAFE_INTEGER } as const;

/**
 * A customer's whole record for a data-subject request (LGPD Art. 18; decision 021), read in the request's
 * one transaction through each module's own reads. The route has checked that the member may see every
 * part. A purged customer has nothing left that names them: 409, and nothing is audited.
 *
 * The audit log says who exported whose record, when and from where — never what it held; reading the
 * medical records adds their own LISTED entry to the chart's trail (decision 015).
 */
export async function exportCustomerData(
  db: Database,
  access: OrgAccess,
  customerId: string,
  actor: Actor,
): Promise<CustomerDataExport> {
  const { organizationId } = access;
  const row = isUuid(customerId)
    ? await repository.findCustomerForShare(db, organizationId, customerId)
    : null;
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  if (row.status === 'PURGED') throw new AppError('CUSTOMER_PURGED');

  const organization = await getOrganization(db, access, actor.userId);
  const enrollments = await listEnrollments(db, access, { ...WHOLE_LIST, customerId });
  const attendance = await listCustomerAttendance(db, organizationId, customerId);
  const payments = await listPayments(db, access, { ...WHOLE_LIST, customerId });
  const purchases = await customerPurchases(db, organizationId, customerId, actor.now);
  const pixCharges = await listCustomerCharges(db, organizationId, customerId);
  const credits = await listCustomerCredits(db, access, customerId, actor.now);
  const records = await listCustomerRecords(db, access, customerId, WHOLE_LIST, actor);
  const messages = await listMessages(db, organizationId, {
    kinds: [...MESSAGE_KINDS],
    customerId,
    limit: WHOLE_LIST.limit,
  });
  const contract = await readCustomerContract(db, { organizationId, customerId });
  const profileChanges = await listProfileChanges(db, access, customerId);
  const whatsapp = await findWhatsAppConsent(db, organizationId, customerId);
  const healthDataConsents = await listHealthDataConsents(db, { organizationId, customerId });
  await recordAudit(db, {
    organizationId,
    actorId: actor.userId,
    action: 'customer.data_exported',
    entityType: 'customer',
    entityId: customerId,
    ipAddress: actor.ipAddress,
    at: actor.now,
  });
  return {
    exportedAt: actor.now.toISOString(),
    organization: { id: organization.id, name: organization.name, timeZone: organization.timeZone },
    customer: toCustomer(row),
    enrollments: enrollments.items,
    attendance: attendance.map(toAttendance),
    payments: payments.items,
    purchases,
    pixCharges,
    makeUpCredits: credits.items,
    medicalRecords: records.items,
    messages: messages.map(toMessage),
    contract,
    profileChanges: profileChanges.items,
    whatsappConsent: {
      isOptedIn: whatsapp?.isOptedIn ?? null,
      source: whatsapp?.source ?? null,
      changedAt: whatsapp?.changedAt?.toISOString() ?? null,
      waId: whatsapp?.waId ?? null,
    },
    healthDataConsents: healthDataConsents.map((consent) => ({
      ...consent,
      consentedAt: consent.consentedAt.toISOString(),
    })),
  };
}

function toAttendance(row: Awaited<ReturnType<typeof listCustomerAttendance>>[number]): CustomerAttendance {
  return { ...row, checkedInAt: row.checkedInAt?.toISOString() ?? null };
}
