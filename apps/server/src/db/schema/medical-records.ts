import { MEDICAL_RECORD_TYPES } from '@reformer/domain/medical-records';
import {
  boolean,
  date,
  foreignKey,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';

export const medicalRecordTypeEnum = pgEnum('medical_record_type', MEDICAL_RECORD_TYPES);
export const medicalRecordOriginEnum = pgEnum('medical_record_origin', ['STAFF', 'PORTAL']);

/**
 * One entry of a customer's clinical chart: its type's form as a JSON document (validated by the domain's
 * schema for that type; legacy types hold whatever an older version stored). Customers are never deleted,
 * only marked DELETED (records stay, spec §9's 7-year retention) or PURGED, which deletes these rows itself
 * (customers.service `purgeCustomer`); so no cascade from the customer.
 */
export const medicalRecords = pgTable(
  'medical_records',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    type: medicalRecordTypeEnum('type').notNull(),
    recordDate: date('record_date').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    document: jsonb('document').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** PORTAL: the customer's health questionnaire (decision 044); its `created_by` is null. */
    origin: medicalRecordOriginEnum('origin').notNull().default('STAFF'),
    /** A portal questionnaire until a member who may edit records accepts it. */
    isDraft: boolean('is_draft').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    // A customer's chart, newest first, and the organization-wide page by date.
    index('medical_records_customer_idx').on(table.organizationId, table.customerId, table.recordDate),
    index('medical_records_org_date_idx').on(table.organizationId, table.recordDate, table.id),
  ],
);
