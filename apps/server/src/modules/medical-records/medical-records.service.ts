import { isOffTheBooks } from '@reformer/domain/customers';
import { AppError } from '@reformer/domain/errors';
import {
  type CustomerMedicalRecordListQuery,
  isLegacyRecordType,
  type MedicalRecord,
  type MedicalRecordAuditAction,
  type MedicalRecordAuditEntry,
  type MedicalRecordAuditQuery,
  type MedicalRecordBody,
  type MedicalRecordListQuery,
  type MedicalRecordSummary,
  type MedicalRecordValues,
} from '@reformer/domain/medical-records';
import type { AnamnesisDocument } from '@reformer/domain/medical-records-anamnesis';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './medical-records.repository.ts';

/**
 * ARCHITECTURE §5: every read and write of a record is in the audit log, never its content. The entity is
 * the customer's chart (entity id = the customer), so their trail is one indexed read and outlives a purge;
 * the details name the records touched.
 */
async function audit(
  db: Database | Transaction,
  access: Pick<OrgAccess, 'organizationId'>,
  actor: Actor,
  entry: { action: MedicalRecordAuditAction; customerId: string; recordIds: string[] },
) {
  await recordAudit(db, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action: `medical_record.${entry.action.toLowerCase()}`,
    entityType: repository.AUDIT_ENTITY_TYPE,
    entityId: entry.customerId,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details: { recordIds: entry.recordIds },
  });
}

/**
 * The customer's health questionnaire from the portal (decision 044), inside the portal's transaction: a
 * draft anamnesis no member wrote (`created_by` null), audited as SUBMITTED with no actor. Answers the id.
 */
export async function submitDraftRecord(
  tx: Transaction,
  customer: { organizationId: string; customerId: string },
  draft: { recordDate: string; title: string; document: AnamnesisDocument; ipAddress: string; now: Date },
) {
  const id = uuidv7();
  await repository.insertRecord(tx, {
    organizationId: customer.organizationId,
    customerId: customer.customerId,
    id,
    type: 'ANAMNESIS',
    recordDate: draft.recordDate,
    title: draft.title,
    description: null,
    document: draft.document,
    createdBy: null,
    createdAt: draft.now,
    updatedAt: draft.now,
    origin: 'PORTAL',
    isDraft: true,
  });
  await recordAudit(tx, {
    organizationId: customer.organizationId,
    actorId: null,
    action: 'medical_record.submitted',
    entityType: repository.AUDIT_ENTITY_TYPE,
    entityId: customer.customerId,
    ipAddress: draft.ipAddress,
    at: draft.now,
    details: { recordIds: [id] },
  });
  return id;
}

/** A list read: one audit row per customer whose records it returned. */
async function auditListed(
  db: Database,
  access: OrgAccess,
  actor: Actor,
  rows: { id: string; customerId: string }[],
) {
  const byCustomer = new Map<string, string[]>();
  for (const row of rows) byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row.id]);
  await Promise.all(
    [...byCustomer].map(([customerId, recordIds]) =>
      audit(db, access, actor, { action: 'LISTED', customerId, recordIds }),
    ),
  );
}

function toSummary(row: repository.MedicalRecordSummaryRow): MedicalRecordSummary {
  return {
    ...row,
    establishmentId: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored document was validated by its type's schema when written (a legacy one is as stored). */
function toRecord(row: repository.MedicalRecordRow): MedicalRecord {
  return { ...toSummary(row), document: row.document } as MedicalRecord;
}

function keyOf(access: OrgAccess, customerId: string, id: string) {
  if (!isUuid(customerId) || !isUuid(id)) throw new AppError('MEDICAL_RECORD_NOT_FOUND');
  return { organizationId: access.organizationId, customerId, id };
}

export async function listCustomerRecords(
  db: Database,
  access: OrgAccess,
  customerId: string,
  query: CustomerMedicalRecordListQuery,
  actor: Actor,
) {
  const { organizationId } = access;
  if (!isUuid(customerId) || !(await repository.customerExists(db, organizationId, customerId))) {
    throw new AppError('CUSTOMER_NOT_FOUND');
  }
  const { rows, total } = await repository.listRecordsWithDocuments(
    db,
    organizationId,
    { ...query, customerId },
    query,
  );
  await auditListed(db, access, actor, rows);
  return { items: rows.map(toRecord), total, page: query.page, limit: query.limit };
}

/** The organization-wide page: records of every customer, deleted ones included; no documents. */
export async function listRecords(
  db: Database,
  access: OrgAccess,
  query: MedicalRecordListQuery,
  actor: Actor,
) {
  const { rows, total } = await repository.listRecords(db, access.organizationId, query, query);
  await auditListed(db, access, actor, rows);
  return { items: rows.map(toSummary), total, page: query.page, limit: query.limit };
}

export async function getRecord(
  db: Database,
  access: OrgAccess,
  customerId: string,
  id: string,
  actor: Actor,
) {
  const row = await repository.findRecord(db, keyOf(access, customerId, id));
  if (!row) throw new AppError('MEDICAL_RECORD_NOT_FOUND');
  await audit(db, access, actor, { action: 'VIEWED', customerId, recordIds: [id] });
  return toRecord(row);
}

function creatable(body: MedicalRecordBody): MedicalRecordValues {
  if (isLegacyRecordType(body.type)) throw new AppError('MEDICAL_RECORD_TYPE_NOT_SUPPORTED');
  return body as MedicalRecordValues;
}

/**
 * New records and changes go to customers still on the books. The customer's row is held first (then the
 * record), the order a purge takes them in, so the two wait for each other instead of deadlocking.
 */
async function lockWritableCustomer(tx: Transaction, access: OrgAccess, customerId: string) {
  const status = isUuid(customerId)
    ? await repository.lockCustomer(tx, access.organizationId, customerId)
    : null;
  if (status === null) throw new AppError('CUSTOMER_NOT_FOUND');
  if (isOffTheBooks(status)) throw new AppError('CUSTOMER_PURGED');
}

export async function createRecord(
  db: Database,
  access: OrgAccess,
  customerId: string,
  body: MedicalRecordBody,
  actor: Actor,
) {
  const values = creatable(body);
  const key = { organizationId: access.organizationId, customerId, id: uuidv7() };
  return db.transaction(async (tx) => {
    await lockWritableCustomer(tx, access, customerId);
    await repository.insertRecord(tx, {
      ...key,
      ...values,
      createdBy: actor.userId,
      createdAt: actor.now,
      updatedAt: actor.now,
    });
    await audit(tx, access, actor, { action: 'CREATED', customerId, recordIds: [key.id] });
    return toRecord((await repository.findRecord(tx, key)) as repository.MedicalRecordRow);
  });
}

export async function updateRecord(
  db: Database,
  access: OrgAccess,
  customerId: string,
  id: string,
  body: MedicalRecordBody,
  actor: Actor,
) {
  const values = creatable(body);
  const key = keyOf(access, customerId, id);
  return db.transaction(async (tx) => {
    const status = await repository.lockCustomer(tx, access.organizationId, customerId);
    const current = status === null ? null : await repository.lockRecord(tx, key);
    if (!current) throw new AppError('MEDICAL_RECORD_NOT_FOUND');
    if (isLegacyRecordType(current.type)) throw new AppError('MEDICAL_RECORD_TYPE_NOT_SUPPORTED');
    if (current.type !== values.type) throw new AppError('MEDICAL_RECORD_TYPE_CHANGED');
    if (status !== null && isOffTheBooks(status)) throw new AppError('CUSTOMER_PURGED');
    const { type: _type, ...changes } = values;
    await repository.updateRecord(tx, key, { ...changes, updatedAt: actor.now });
    await audit(tx, access, actor, { action: 'UPDATED', customerId, recordIds: [id] });
    return toRecord((await repository.findRecord(tx, key)) as repository.MedicalRecordRow);
  });
}

/**
 * A member who may edit records accepts a draft from the portal into the chart, once they have reviewed
 * (and, through the edit, completed) it. A record that is no draft is 409.
 */
export async function acceptDraft(
  db: Database,
  access: OrgAccess,
  customerId: string,
  id: string,
  actor: Actor,
) {
  const key = keyOf(access, customerId, id);
  return db.transaction(async (tx) => {
    const status = await repository.lockCustomer(tx, access.organizationId, customerId);
    const current = status === null ? null : await repository.lockRecord(tx, key);
    if (!current) throw new AppError('MEDICAL_RECORD_NOT_FOUND');
    if (!current.isDraft) throw new AppError('MEDICAL_RECORD_NOT_DRAFT');
    if (status !== null && isOffTheBooks(status)) throw new AppError('CUSTOMER_PURGED');
    await repository.updateRecord(tx, key, { isDraft: false, updatedAt: actor.now });
    await audit(tx, access, actor, { action: 'ACCEPTED', customerId, recordIds: [id] });
    return toRecord((await repository.findRecord(tx, key)) as repository.MedicalRecordRow);
  });
}

export async function deleteRecord(
  db: Database,
  access: OrgAccess,
  customerId: string,
  id: string,
  actor: Actor,
) {
  const key = keyOf(access, customerId, id);
  await db.transaction(async (tx) => {
    if (!(await repository.lockRecord(tx, key))) throw new AppError('MEDICAL_RECORD_NOT_FOUND');
    await repository.deleteRecord(tx, key);
    await audit(tx, access, actor, { action: 'DELETED', customerId, recordIds: [id] });
  });
}

/**
 * Part of a customer's purge (customers.service), in its transaction after the customer's row is updated:
 * the records go, the audit trail stays and says which went.
 */
export async function eraseCustomerRecords(
  tx: Transaction,
  access: Pick<OrgAccess, 'organizationId'>,
  customerId: string,
  actor: Actor,
) {
  const recordIds = await repository.deleteCustomerRecords(tx, access.organizationId, customerId);
  if (recordIds.length > 0) await audit(tx, access, actor, { action: 'PURGED', customerId, recordIds });
}

const AUDIT_ACTION = /^medical_record\.([a-z]+)$/;

export async function getAuditTrail(
  db: Database,
  access: OrgAccess,
  customerId: string,
  query: MedicalRecordAuditQuery,
) {
  const { organizationId } = access;
  if (!isUuid(customerId) || !(await repository.customerExists(db, organizationId, customerId))) {
    throw new AppError('CUSTOMER_NOT_FOUND');
  }
  const { rows, total } = await repository.listAuditTrail(db, organizationId, customerId, query);
  const items: MedicalRecordAuditEntry[] = rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    action: (row.action.match(AUDIT_ACTION)?.[1] ?? '').toUpperCase() as MedicalRecordAuditAction,
  }));
  return { items, total, page: query.page, limit: query.limit };
}
