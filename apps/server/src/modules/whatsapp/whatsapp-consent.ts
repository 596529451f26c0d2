import { AppError } from '@reformer/domain/errors';
import type { WhatsAppConsent, WhatsAppConsentSource } from '@reformer/domain/whatsapp-consent';
import type { Database, Transaction } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import * as repository from './whatsapp.repository.ts';

type Reader = Database | Transaction;

async function requireCustomer(db: Reader, organizationId: string, customerId: string) {
  const customer = isUuid(customerId)
    ? await repository.findCustomerWithMarketing(db, organizationId, customerId)
    : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return customer;
}

export async function getConsent(
  db: Reader,
  organizationId: string,
  customerId: string,
): Promise<WhatsAppConsent> {
  const customer = await requireCustomer(db, organizationId, customerId);
  const row = await repository.findConsent(db, organizationId, customerId);
  return {
    isOptedIn: row?.isOptedIn ?? null,
    source: row?.source ?? null,
    changedAt: row?.changedAt?.toISOString() ?? null,
    hasWaId: Boolean(row?.waId),
    marketingConsent: customer.marketing,
  };
}

/**
 * Records an answer: staff's of what the customer told them (STAFF), or the customer's own in the portal
 * (PORTAL); the `wa_id` a delivery taught us stays. The import writes its rows with the customers it creates.
 */
export async function setConsent(
  db: Reader,
  organizationId: string,
  customerId: string,
  answer: { isOptedIn: boolean; source: WhatsAppConsentSource; now: Date },
): Promise<WhatsAppConsent> {
  await requireCustomer(db, organizationId, customerId);
  await repository.saveConsent(db, organizationId, customerId, {
    isOptedIn: answer.isOptedIn,
    source: answer.source,
    changedAt: answer.now,
  });
  return getConsent(db, organizationId, customerId);
}
