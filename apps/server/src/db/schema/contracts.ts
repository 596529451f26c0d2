import { CONSENT_KINDS } from '@reformer/domain/contracts';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { customers } from './customers.ts';
import { enrollments } from './enrollments.ts';
import { organizations } from './organizations.ts';

export const consentKindEnum = pgEnum('consent_kind', CONSENT_KINDS);

/**
 * The studio's terms, one row per published version (decision 043): a version is never edited or deleted,
 * since signatures point at the exact text they agreed to; publishing again adds the next number.
 */
export const contractVersions = pgTable(
  'contract_versions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    text: text('text').notNull(),
    /** Hex SHA-256 of the UTF-8 text: what the signature's evidence repeats. */
    textSha256: text('text_sha256').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('contract_versions_number_idx').on(table.organizationId, table.number),
  ],
);

/**
 * A customer's signature of one version, with its evidence: the hash of the text as signed, when, from which
 * address and browser, and who typed their name and CPF (the customer, or a minor's guardian). A withdrawal
 * within CDC art. 49's seven days is written on the row; the row itself stays, as evidence of both.
 */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    versionId: uuid('version_id').notNull(),
    textSha256: text('text_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** The day of signing in the studio's time zone: the withdrawal's seven days count from it. */
    signedOn: date('signed_on').notNull(),
    signerName: text('signer_name').notNull(),
    signerCpf: text('signer_cpf').notNull(),
    isGuardian: boolean('is_guardian').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The enrollment the customer had just taken when signing: what a withdrawal ends and refunds. */
    enrollmentId: uuid('enrollment_id'),
    /**
     * The portal's `Idempotency-Key` of the signing request: a customer is no user, so the staff's key table
     * (keyed by user) cannot hold it; the same key again answers the signature made, writing nothing.
     */
    idempotencyKey: text('idempotency_key'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents'),
    pspRefundsRequested: integer('psp_refunds_requested'),
    canceledEnrollment: boolean('canceled_enrollment'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.versionId],
      foreignColumns: [contractVersions.organizationId, contractVersions.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.enrollmentId],
      foreignColumns: [enrollments.organizationId, enrollments.id],
    }).onDelete('set null'),
    index('contract_signatures_customer_idx').on(table.organizationId, table.customerId, table.signedAt),
    index('contract_signatures_version_idx').on(table.organizationId, table.versionId),
    uniqueIndex('contract_signatures_idempotency_idx').on(
      table.organizationId,
      table.customerId,
      table.idempotencyKey,
    ),
  ],
);

/** A customer's current answer to each LGPD consent (no row: never asked). */
export const customerConsents = pgTable(
  'customer_consents',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    kind: consentKindEnum('kind').notNull(),
    isGiven: boolean('is_given').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.customerId, table.kind] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
  ],
);

/** Every answer given, in order: LGPD art. 8 §2 puts the proof of consent on the studio. */
export const customerConsentChanges = pgTable(
  'customer_consent_changes',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    kind: consentKindEnum('kind').notNull(),
    isGiven: boolean('is_given').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    index('customer_consent_changes_customer_idx').on(table.organizationId, table.customerId, table.at),
  ],
);
