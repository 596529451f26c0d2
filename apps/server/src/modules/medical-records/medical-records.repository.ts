import type { MedicalRecordType } from '@reformer/domain/medical-records';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { auditLog, customers, medicalRecords, users } from '../../db/schema/index.ts';

type Reader = Database | Transaction;
export type MedicalRecordInsert = typeof medicalRecords.$inferInsert;
type Key = { organizationId: string; customerId: string; id: string };

/** The audit trail's entity for a customer's records (lib/audit.ts rows); the customer id is its id. */
export const AUDIT_ENTITY_TYPE = 'medical_record';

const summaryColumns = {
  id: medicalRecords.id,
  customerId: medicalRecords.customerId,
  customerName: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName})), '')`,
  type: medicalRecords.type,
  recordDate: medicalRecords.recordDate,
  title: medicalRecords.title,
  description: medicalRecords.description,
  createdById: medicalRecords.createdBy,
  createdByName: users.name,
  createdAt: medicalRecords.createdAt,
  updatedAt: medicalRecords.updatedAt,
  origin: medicalRecords.origin,
  isDraft: medicalRecords.isDraft,
};
const recordColumns = { ...summaryColumns, document: medicalRecords.document };
export type MedicalRecordSummaryRow = Awaited<ReturnType<typeof listRecords>>['rows'][number];
export type MedicalRecordRow = Awaited<ReturnType<typeof listRecordsWithDocuments>>['rows'][number];

const ofCustomer = and(
  eq(customers.organizationId, medicalRecords.organizationId),
  eq(customers.id, medicalRecords.customerId),
);
const byCreator = eq(users.id, medicalRecords.createdBy);

const summaries = (db: Reader) =>
  db.select(summaryColumns).from(medicalRecords).innerJoin(customers, ofCustomer).leftJoin(users, byCreator);
const records = (db: Reader) =>
  db.select(recordColumns).from(medicalRecords).innerJoin(customers, ofCustomer).leftJoin(users, byCreator);

export type RecordFilter = {
  customerId?: string | undefined;
  type?: MedicalRecordType | undefined;
  from?: string | undefined;
  to?: string | undefined;
};
type Page = { page: number; limit: number };

function listWhere(organizationId: string, filter: RecordFilter): SQL | undefined {
  return and(
    eq(medicalRecords.organizationId, organizationId),
    filter.customerId ? eq(medicalRecords.customerId, filter.customerId) : undefined,
    filter.type ? eq(medicalRecords.type, filter.type) : undefined,
    filter.from ? gte(medicalRecords.recordDate, filter.from) : undefined,
    filter.to ? lte(medicalRecords.recordDate, filter.to) : undefined,
  );
}

/** Newest record date first (ids are UUID v7: newest created first within a day). */
function paged<T extends PgSelect>(query: T, where: SQL | undefined, page: Page) {
  return query
    .where(where)
    .orderBy(desc(medicalRecords.recordDate), desc(medicalRecords.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}

async function countRecords(db: Database, where: SQL | undefined) {
  const [counted] = await db.select({ value: count() }).from(medicalRecords).where(where);
  return counted?.value ?? 0;
}

/** The organization-wide page: no documents. The page and the total side by side. */
export async function listRecords(db: Database, organizationId: string, filter: RecordFilter, page: Page) {
  const where = listWhere(organizationId, filter);
  const [rows, total] = await Promise.all([
    paged(summaries(db).$dynamic(), where, page),
    countRecords(db, where),
  ]);
  return { rows, total };
}

/** A customer's chart: each record with its document. */
export async function listRecordsWithDocuments(
  db: Database,
  organizationId: string,
  filter: RecordFilter,
  page: Page,
) {
  const where = listWhere(organizationId, filter);
  const [rows, total] = await Promise.all([
    paged(records(db).$dynamic(), where, page),
    countRecords(db, where),
  ]);
  return { rows, total };
}

const byKey = (key: Key) =>
  and(
    eq(medicalRecords.organizationId, key.organizationId),
    eq(medicalRecords.customerId, key.customerId),
    eq(medicalRecords.id, key.id),
  );

export async function findRecord(db: Reader, key: Key): Promise<MedicalRecordRow | null> {
  const [row] = await records(db).where(byKey(key));
  return row ?? null;
}

export async function lockRecord(tx: Transaction, key: Key) {
  const [row] = await tx
    .select({ id: medicalRecords.id, type: medicalRecords.type, isDraft: medicalRecords.isDraft })
    .from(medicalRecords)
    .where(byKey(key))
    .for('update');
  return row ?? null;
}

/**
 * The customer's status, holding their row until the transaction ends: a purge (which updates the row, then
 * deletes the records) waits for a record being written, or the write sees the customer PURGED.
 */
export async function lockCustomer(tx: Transaction, organizationId: string, customerId: string) {
  const [row] = await tx
    .select({ status: customers.status })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .for('share');
  return row?.status ?? null;
}

export async function customerExists(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row !== undefined;
}

export async function insertRecord(tx: Transaction, row: MedicalRecordInsert) {
  await tx.insert(medicalRecords).values(row);
}

export async function updateRecord(tx: Transaction, key: Key, values: Partial<MedicalRecordInsert>) {
  await tx.update(medicalRecords).set(values).where(byKey(key));
}

export async function deleteRecord(tx: Transaction, key: Key) {
  await tx.delete(medicalRecords).where(byKey(key));
}

/** Every record of the customer, for a purge; the ids deleted. */
export async function deleteCustomerRecords(tx: Transaction, organizationId: string, customerId: string) {
  const deleted = await tx
    .delete(medicalRecords)
    .where(and(eq(medicalRecords.organizationId, organizationId), eq(medicalRecords.customerId, customerId)))
    .returning({ id: medicalRecords.id });
  return deleted.map((row) => row.id);
}

/** The customer's records' audit trail, newest first, with the actor's name as it is now. */
export async function listAuditTrail(db: Database, organizationId: string, customerId: string, page: Page) {
  const where = and(
    eq(auditLog.organizationId, organizationId),
    eq(auditLog.entityType, AUDIT_ENTITY_TYPE),
    eq(auditLog.entityId, customerId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        actorId: auditLog.actorId,
        actorName: users.name,
        ipAddress: auditLog.ipAddress,
        recordIds: sql<string[]>`coalesce(${auditLog.details} -> 'recordIds', '[]'::jsonb)`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.value ?? 0 };
}
