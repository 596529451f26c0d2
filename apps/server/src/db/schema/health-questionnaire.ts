import { QUESTIONNAIRE_KINDS } from '@reformer/domain/health-questionnaire';
import {
  foreignKey,
  index,
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
import { organizations } from './organizations.ts';

export const questionnaireKindEnum = pgEnum('health_questionnaire_kind', QUESTIONNAIRE_KINDS);

/** Settings → Health questionnaire (decision 044): none (OFF) until the studio chooses. */
export const healthQuestionnaireSettings = pgTable('health_questionnaire_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  kind: questionnaireKindEnum('kind').notNull(),
  /** Anamnesis field paths ("presentingComplaint.mainReason"), for the ANAMNESIS kind. */
  questions: text('questions').array().notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A customer's specific consent to the processing of their health data (LGPD art. 11, I), given in the
 * portal before any answer: the evidence is the shown text's SHA-256, its language, when, the address and
 * the user agent. Kept when the customer is purged, like the audit trail: it holds no health data.
 */
export const healthDataConsents = pgTable(
  'health_data_consents',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    portalSessionId: uuid('portal_session_id').notNull(),
    textSha256: text('text_sha256').notNull(),
    language: text('language').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    index('health_data_consents_customer_idx').on(table.organizationId, table.customerId, table.consentedAt),
  ],
);

/**
 * That the customer sent their questionnaire (once): what staff see on the customer's page and what the
 * portal says back. The answers are in the draft medical record it names, never here; the record may since
 * be deleted or purged, so no key to it.
 */
export const healthQuestionnaireSubmissions = pgTable(
  'health_questionnaire_submissions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    medicalRecordId: uuid('medical_record_id').notNull(),
    consentId: uuid('consent_id').notNull(),
    /** The portal's Idempotency-Key of the send: the same send again answers as the first did. */
    idempotencyKey: text('idempotency_key'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    uniqueIndex('health_questionnaire_submissions_customer_idx').on(table.organizationId, table.customerId),
  ],
);
