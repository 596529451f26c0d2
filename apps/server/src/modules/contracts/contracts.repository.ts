import type { ConsentKind } from '@reformer/domain/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import {
  contractSignatures,
  contractVersions,
  customerConsentChanges,
  customerConsents,
  customers,
  enrollments,
  organizations,
  payments,
  users,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;
export type CustomerKey = { organizationId: string; customerId: string };

export async function listVersions(db: Reader, organizationId: string) {
  return db
    .select({
      id: contractVersions.id,
      number: contractVersions.number,
      text: contractVersions.text,
      textSha256: contractVersions.textSha256,
      publishedAt: contractVersions.publishedAt,
      publishedByName: users.name,
      signatureCount: sql<number>`(select count(*) from ${contractSignatures}
        where ${contractSignatures.organizationId} = ${contractVersions.organizationId}
        and ${contractSignatures.versionId} = ${contractVersions.id})`.mapWith(Number),
    })
    .from(contractVersions)
    .leftJoin(users, eq(users.id, contractVersions.publishedBy))
    .where(eq(contractVersions.organizationId, organizationId))
    .orderBy(desc(contractVersions.number));
}

export async function findLatestVersion(db: Reader, organizationId: string) {
  const [row] = await db
    .select()
    .from(contractVersions)
    .where(eq(contractVersions.organizationId, organizationId))
    .orderBy(desc(contractVersions.number))
    .limit(1);
  return row ?? null;
}

/** Publishing takes turns per organization, so two at once get numbers N and N+1, not a clash. */
export async function lockVersionNumbering(tx: Transaction, organizationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contract-versions:${organizationId}`}))`);
}

export async function insertVersion(tx: Transaction, row: typeof contractVersions.$inferInsert) {
  await tx.insert(contractVersions).values(row);
}

/** The customer on the books with what signing checks (birth date, CPF), locked so signatures take turns. */
export async function lockSigner(tx: Transaction, key: CustomerKey) {
  const [row] = await tx
    .select({
      dateOfBirth: customers.dateOfBirth,
      idType: customers.idType,
      idNumber: customers.idNumber,
      timeZone: organizations.timeZone,
    })
    .from(customers)
    .innerJoin(organizations, eq(organizations.id, customers.organizationId))
    .where(
      and(
        eq(customers.organizationId, key.organizationId),
        eq(customers.id, key.customerId),
        onTheBooks(customers.status),
      ),
    )
    .for('update', { of: customers });
  return row ?? null;
}

export async function findCustomerOnTheBooks(db: Reader, key: CustomerKey) {
  const [row] = await db
    .select({ id: customers.id, dateOfBirth: customers.dateOfBirth, timeZone: organizations.timeZone })
    .from(customers)
    .innerJoin(organizations, eq(organizations.id, customers.organizationId))
    .where(
      and(
        eq(customers.organizationId, key.organizationId),
        eq(customers.id, key.customerId),
        onTheBooks(customers.status),
      ),
    );
  return row ?? null;
}

const {
  organizationId: _organizationId,
  customerId: _customerId,
  ...ownColumns
} = getTableColumns(contractSignatures);
const signatureColumns = {
  ...ownColumns,
  versionNumber: contractVersions.number,
  versionText: contractVersions.text,
};

/** The customer's signatures, newest first, each with the text and number of the version signed. */
export async function listSignatures(db: Reader, key: CustomerKey) {
  return db
    .select(signatureColumns)
    .from(contractSignatures)
    .innerJoin(
      contractVersions,
      and(
        eq(contractVersions.organizationId, contractSignatures.organizationId),
        eq(contractVersions.id, contractSignatures.versionId),
      ),
    )
    .where(
      and(
        eq(contractSignatures.organizationId, key.organizationId),
        eq(contractSignatures.customerId, key.customerId),
      ),
    )
    .orderBy(desc(contractSignatures.signedAt), desc(contractSignatures.id));
}
export type SignatureRow = Awaited<ReturnType<typeof listSignatures>>[number];

export async function insertSignature(tx: Transaction, row: typeof contractSignatures.$inferInsert) {
  await tx.insert(contractSignatures).values(row);
}

/** One signature of this customer, locked (another customer's id finds nothing). */
export async function lockSignature(tx: Transaction, key: CustomerKey, id: string) {
  const [row] = await tx
    .select()
    .from(contractSignatures)
    .where(
      and(
        eq(contractSignatures.organizationId, key.organizationId),
        eq(contractSignatures.customerId, key.customerId),
        eq(contractSignatures.id, id),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function setWithdrawal(
  tx: Transaction,
  key: CustomerKey & { id: string },
  values: Pick<
    typeof contractSignatures.$inferInsert,
    'withdrawnAt' | 'refundedCents' | 'pspRefundsRequested' | 'canceledEnrollment'
  >,
) {
  await tx
    .update(contractSignatures)
    .set(values)
    .where(
      and(
        eq(contractSignatures.organizationId, key.organizationId),
        eq(contractSignatures.customerId, key.customerId),
        eq(contractSignatures.id, key.id),
      ),
    );
}

/**
 * The enrollment the customer took most recently and still holds, unless an earlier signature is for it
 * already: what the contract signed now is for. Signing new terms of a plan bought before starts no new
 * seven days for that plan (decision 043).
 */
export async function findNewestLiveEnrollment(tx: Transaction, key: CustomerKey) {
  const [row] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.organizationId, key.organizationId),
        eq(enrollments.customerId, key.customerId),
        inArray(enrollments.status, ['ACTIVE', 'PAUSED']),
        sql`not exists (select 1 from ${contractSignatures}
          where ${contractSignatures.organizationId} = ${enrollments.organizationId}
          and ${contractSignatures.enrollmentId} = ${enrollments.id})`,
      ),
    )
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(1);
  return row ?? null;
}

export async function listConsents(db: Reader, key: CustomerKey) {
  return db
    .select({
      kind: customerConsents.kind,
      isGiven: customerConsents.isGiven,
      changedAt: customerConsents.changedAt,
    })
    .from(customerConsents)
    .where(
      and(
        eq(customerConsents.organizationId, key.organizationId),
        eq(customerConsents.customerId, key.customerId),
      ),
    );
}

export async function saveConsent(
  tx: Transaction,
  row: CustomerKey & { id: string; kind: ConsentKind; isGiven: boolean; at: Date; ipAddress: string },
) {
  const { id, at, ipAddress, ...consent } = row;
  await tx
    .insert(customerConsents)
    .values({ ...consent, changedAt: at })
    .onConflictDoUpdate({
      target: [customerConsents.organizationId, customerConsents.customerId, customerConsents.kind],
      set: { isGiven: consent.isGiven, changedAt: at },
    });
  await tx.insert(customerConsentChanges).values({ ...consent, id, at, ipAddress });
}

export async function listConsentChanges(db: Reader, key: CustomerKey) {
  return db
    .select({
      id: customerConsentChanges.id,
      kind: customerConsentChanges.kind,
      isGiven: customerConsentChanges.isGiven,
      at: customerConsentChanges.at,
      ipAddress: customerConsentChanges.ipAddress,
    })
    .from(customerConsentChanges)
    .where(
      and(
        eq(customerConsentChanges.organizationId, key.organizationId),
        eq(customerConsentChanges.customerId, key.customerId),
      ),
    )
    .orderBy(desc(customerConsentChanges.at), asc(customerConsentChanges.kind));
}

/** The enrollment's payments that still hold money: what a withdrawal gives back. */
export async function listRefundablePaymentIds(
  tx: Transaction,
  organizationId: string,
  enrollmentId: string,
) {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.enrollmentId, enrollmentId),
        eq(payments.status, 'COMPLETED'),
      ),
    )
    .orderBy(asc(payments.paidOn), asc(payments.id));
  return rows.map((row) => row.id);
}

export async function hasSignatureWithKey(tx: Transaction, key: CustomerKey, idempotencyKey: string) {
  const [row] = await tx
    .select({ id: contractSignatures.id })
    .from(contractSignatures)
    .where(
      and(
        eq(contractSignatures.organizationId, key.organizationId),
        eq(contractSignatures.customerId, key.customerId),
        eq(contractSignatures.idempotencyKey, idempotencyKey),
      ),
    );
  return row !== undefined;
}
