import {
  type Customer,
  type CustomerValues,
  isOffTheBooks,
  type ListCustomersQuery,
  searchWords,
} from '@reformer/domain/customers';
import { AppError } from '@reformer/domain/errors';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { PurgeLedgerEntry } from '../../backups/purge-ledger.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { eraseCustomerEvents } from '../events/events.repository.ts';
import { eraseCustomerCredits } from '../make-up-credits/make-up-credits.repository.ts';
import { eraseCustomerRecords } from '../medical-records/medical-records.service.ts';
import { erasePortalAnswers } from '../portal/portal-idempotency.ts';
import { eraseProfileChanges } from '../portal-profile/portal-profile.repository.ts';
import { eraseCustomerWhatsApp } from '../whatsapp/whatsapp.repository.ts';
import * as customerList from './customer-list.repository.ts';
import * as repository from './customers.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repository.findCustomer>>>;

export function toCustomer(row: Row): Customer {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Runs before the caller's access is confirmed (see the route): reads only. */
export async function listCustomers(db: Database, organizationId: string, query: ListCustomersQuery) {
  const { rows, total } = await customerList.listCustomers(db, organizationId, {
    words: searchWords(query.search),
    status: query.status,
    page: query.page,
    limit: query.limit,
  });
  return { items: rows.map(toCustomer), total, page: query.page, limit: query.limit };
}

export async function getCustomer(db: Database, access: OrgAccess, id: string) {
  return toCustomer(await findOrThrow(db, access, id));
}

async function findOrThrow(db: Database, access: OrgAccess, id: string) {
  const row = isUuid(id) ? await repository.findCustomer(db, access.organizationId, id) : null;
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  return row;
}

/** The partial unique indexes decide; their names tell which field is taken. */
export function rethrowUniqueViolation(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause.code === '23505') {
    throw new AppError(cause.constraint?.includes('email') ? 'CUSTOMER_EMAIL_TAKEN' : 'CUSTOMER_CPF_TAKEN');
  }
  throw error;
}

export async function createCustomer(db: Database, access: OrgAccess, values: CustomerValues) {
  const row = await repository
    .insertCustomer(db, access.organizationId, uuidv7(), values)
    .catch(rethrowUniqueViolation);
  if (!row) throw new Error('Customer insert returned no row');
  return toCustomer(row);
}

export async function updateCustomer(
  db: Database,
  access: OrgAccess,
  id: string,
  values: CustomerValues,
  now: Date,
) {
  const current = await findOrThrow(db, access, id);
  if (isOffTheBooks(current.status)) throw new AppError('CUSTOMER_PURGED');
  const row = await repository
    .updateCustomerUnless(db, access.organizationId, id, { ...values, updatedAt: now })
    .catch(rethrowUniqueViolation);
  if (!row) throw new AppError('CUSTOMER_PURGED');
  return toCustomer(row);
}

/**
 * Deleting keeps the record (payments, attendance and records still point at it); it leaves the lists and
 * the sessions ahead it was added to.
 */
export async function deleteCustomer(db: Database, access: OrgAccess, id: string, actor: Actor) {
  const current = await findOrThrow(db, access, id);
  if (current.status === 'PURGED') throw new AppError('CUSTOMER_PURGED');
  await db.transaction(async (tx) => {
    // PURGED is final: a purge that commits while this runs must not be turned back into DELETED.
    const deleted = await repository.updateCustomerUnless(
      tx,
      access.organizationId,
      id,
      { status: 'DELETED', updatedAt: actor.now },
      ['PURGED'],
    );
    if (!deleted) throw new AppError('CUSTOMER_PURGED');
    await repository.removeFromUpcomingSessions(tx, access.organizationId, id, actor.now);
    await recordAudit(tx, auditEntry(access, id, 'customer.deleted', actor));
  });
}

/**
 * A data-subject erasure request (LGPD): every personal field is emptied and the status becomes PURGED;
 * the row and its id stay so history (payments, attendance) keeps its shape, and the audit log says who
 * purged it and when. Their medical records are deleted (only the records' audit trail stays), and so are the
 * messages sent to them (events, WhatsApp's with its opt-in), their make-up credits, but those that paid for a
 * make-up place that stays, the history of their own profile changes (its old phones and addresses) and the
 * portal's kept answers.
 */
/**
 * Erases the customer for a data-subject request (LGPD). `recordInLedger` writes the purge ledger beside the
 * backups (decision 036) inside the transaction, last, so a restore to an earlier moment erases them again.
 */
export async function purgeCustomer(
  db: Database,
  access: OrgAccess,
  id: string,
  actor: Actor,
  recordInLedger: (entry: PurgeLedgerEntry) => Promise<void>,
) {
  await findOrThrow(db, access, id);
  await db.transaction(async (tx) => {
    await erasePersonalData(tx, access.organizationId, id, actor);
    await recordInLedger({
      organizationId: access.organizationId,
      customerId: id,
      actorId: actor.userId,
      purgedAt: actor.now.toISOString(),
    });
  });
}

/**
 * After a restore: erases again a customer the ledger says was purged, as of the purge's time and by its
 * actor; answers whether anything was left to erase (a customer the restored database never had, or already
 * purged, is left alone).
 */
export async function replayPurge(db: Database, entry: PurgeLedgerEntry): Promise<boolean> {
  if (!isUuid(entry.customerId)) return false;
  const row = await repository.findCustomer(db, entry.organizationId, entry.customerId);
  if (!row || row.status === 'PURGED') return false;
  const actor = { userId: entry.actorId ?? '', ipAddress: 'restore', now: new Date(entry.purgedAt) };
  await db.transaction((tx) => erasePersonalData(tx, entry.organizationId, entry.customerId, actor));
  return true;
}

async function erasePersonalData(tx: Transaction, organizationId: string, id: string, actor: Actor) {
  const access = { organizationId };
  await repository.updateCustomer(tx, organizationId, id, {
    ...ERASED_PERSONAL_DATA,
    status: 'PURGED',
    updatedAt: actor.now,
  });
  await repository.removeFromUpcomingSessions(tx, organizationId, id, actor.now);
  await eraseCustomerCredits(tx, organizationId, id);
  await eraseCustomerRecords(tx, access, id, actor);
  await eraseCustomerEvents(tx, organizationId, id);
  await eraseProfileChanges(tx, { organizationId, customerId: id });
  await erasePortalAnswers(tx, { organizationId, customerId: id });
  await eraseCustomerWhatsApp(tx, { organizationId, customerId: id });
  await recordAudit(tx, auditEntry(access, id, 'customer.purged', actor));
}

const ERASED_PERSONAL_DATA = {
  firstName: '',
  lastName: '',
  dateOfBirth: null,
  gender: null,
  idType: null,
  idNumber: null,
  email: null,
  phone: null,
  isWhatsapp: false,
  address: null,
  number: null,
  apartment: null,
  neighborhood: null,
  city: null,
  state: null,
  zipCode: null,
  profession: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
  notes: null,
} as const;

function auditEntry(
  access: Pick<OrgAccess, 'organizationId'>,
  entityId: string,
  action: string,
  actor: Actor,
) {
  return {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action,
    entityType: 'customer',
    entityId,
    ipAddress: actor.ipAddress,
    at: actor.now,
  };
}
