import type { HealthQuestionnaireSettings } from '@reformer/domain/health-questionnaire';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  customers,
  healthDataConsents,
  healthQuestionnaireSettings,
  healthQuestionnaireSubmissions,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;
type CustomerKey = { organizationId: string; customerId: string };

export async function findSettings(db: Reader, organizationId: string) {
  const [row] = await db
    .select({ kind: healthQuestionnaireSettings.kind, questions: healthQuestionnaireSettings.questions })
    .from(healthQuestionnaireSettings)
    .where(eq(healthQuestionnaireSettings.organizationId, organizationId));
  return row ?? null;
}

export async function saveSettings(
  db: Reader,
  organizationId: string,
  values: HealthQuestionnaireSettings,
  by: { userId: string; now: Date },
) {
  const row = { ...values, updatedBy: by.userId, updatedAt: by.now };
  await db
    .insert(healthQuestionnaireSettings)
    .values({ organizationId, ...row })
    .onConflictDoUpdate({ target: healthQuestionnaireSettings.organizationId, set: row });
}

/** The customer's latest consent. */
export async function findLatestConsent(db: Reader, key: CustomerKey) {
  const [row] = await db
    .select({
      id: healthDataConsents.id,
      textSha256: healthDataConsents.textSha256,
      consentedAt: healthDataConsents.consentedAt,
    })
    .from(healthDataConsents)
    .where(
      and(
        eq(healthDataConsents.organizationId, key.organizationId),
        eq(healthDataConsents.customerId, key.customerId),
      ),
    )
    .orderBy(desc(healthDataConsents.consentedAt), desc(healthDataConsents.id))
    .limit(1);
  return row ?? null;
}

/** Every health-data consent of the customer with its evidence, newest first (the data-subject export). */
export async function listConsents(db: Reader, key: CustomerKey) {
  return db
    .select({
      consentedAt: healthDataConsents.consentedAt,
      language: healthDataConsents.language,
      textSha256: healthDataConsents.textSha256,
      ipAddress: healthDataConsents.ipAddress,
      userAgent: healthDataConsents.userAgent,
    })
    .from(healthDataConsents)
    .where(
      and(
        eq(healthDataConsents.organizationId, key.organizationId),
        eq(healthDataConsents.customerId, key.customerId),
      ),
    )
    .orderBy(desc(healthDataConsents.consentedAt), desc(healthDataConsents.id));
}

export async function insertConsent(tx: Transaction, row: typeof healthDataConsents.$inferInsert) {
  await tx.insert(healthDataConsents).values(row);
}

export async function findSubmission(db: Reader, key: CustomerKey) {
  const [row] = await db
    .select({
      submittedAt: healthQuestionnaireSubmissions.submittedAt,
      idempotencyKey: healthQuestionnaireSubmissions.idempotencyKey,
    })
    .from(healthQuestionnaireSubmissions)
    .where(
      and(
        eq(healthQuestionnaireSubmissions.organizationId, key.organizationId),
        eq(healthQuestionnaireSubmissions.customerId, key.customerId),
      ),
    );
  return row ?? null;
}

export async function insertSubmission(
  tx: Transaction,
  row: typeof healthQuestionnaireSubmissions.$inferInsert,
) {
  await tx.insert(healthQuestionnaireSubmissions).values(row);
}

/** Holds the customer's row: two sends of one questionnaire wait for each other (one is sent, once). */
export async function lockCustomer(tx: Transaction, key: CustomerKey) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, key.organizationId), eq(customers.id, key.customerId)))
    .for('update');
  return row !== undefined;
}

export async function customerExists(db: Reader, key: CustomerKey) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, key.organizationId), eq(customers.id, key.customerId)));
  return row !== undefined;
}
