import { BILLING_CYCLES, PLAN_KINDS } from '@reformer/domain/customer-plans';
import { CUSTOMER_STATUSES, GENDERS, ID_TYPES } from '@reformer/domain/customers';
import { CURRENCIES } from '@reformer/domain/money';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * A date of birth's month and day as one number (March 15th is 315): what the birthday index holds, so the
 * dashboard's and the events job's "born on one of these days" is an index lookup, not a scan of every
 * customer. `to_char` cannot be indexed (it is not immutable); `extract` on a date is.
 */
export const birthdayKey = (dateOfBirth: AnyColumn): SQL<number> =>
  sql<number>`((extract(month from ${dateOfBirth}) * 100 + extract(day from ${dateOfBirth}))::int)`;

/** "MM-DD" (domain `birthdayMonthDays`) as `birthdayKey` writes it. */
export const birthdayKeyOf = (monthDay: string): number => Number(monthDay.replace('-', ''));

/** Customers born on one of these month-days ("MM-DD"), or of these keys (an int[] placeholder). */
export const bornOn = (dateOfBirth: AnyColumn, monthDays: string[] | SQL): SQL =>
  Array.isArray(monthDays)
    ? sql`${birthdayKey(dateOfBirth)} = any(${sql.param(monthDays.map(birthdayKeyOf))}::int[])`
    : sql`${birthdayKey(dateOfBirth)} = any(${monthDays})`;

export const genderEnum = pgEnum('gender', GENDERS);
export const customerStatusEnum = pgEnum('customer_status', CUSTOMER_STATUSES);
export const idTypeEnum = pgEnum('id_type', ID_TYPES);
export const currencyEnum = pgEnum('currency', CURRENCIES);
export const billingCycleEnum = pgEnum('billing_cycle', BILLING_CYCLES as [string, ...string[]]);
export const planKindEnum = pgEnum('plan_kind', PLAN_KINDS);

export const customers = pgTable(
  'customers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth'),
    gender: genderEnum('gender'),
    country: text('country').notNull().default('BR'),
    idType: idTypeEnum('id_type'),
    idNumber: text('id_number'),
    email: text('email'),
    phone: text('phone'),
    isWhatsapp: boolean('is_whatsapp').notNull().default(false),
    address: text('address'),
    number: text('number'),
    apartment: text('apartment'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    profession: text('profession'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    notes: text('notes'),
    status: customerStatusEnum('status').notNull().default('ACTIVE'),
    /** Everything a search may match, lower case and without accents; phone and id number also as bare digits. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`immutable_unaccent(lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '\\D', '', 'g') || ' ' || coalesce(id_number, '') || ' ' || regexp_replace(coalesce(id_number, ''), '\\D', '', 'g')))`,
    ),
    /** The list's order: by name without accents or case, byte-wise so every server sorts alike. */
    sortName: text('sort_name').generatedAlwaysAs(
      sql`immutable_unaccent(lower(first_name || ' ' || last_name))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('customers_org_name_idx').on(table.organizationId, sql`${table.sortName} collate "C"`, table.id),
    index('customers_search_idx').using('gin', table.organizationId, sql`${table.searchText} gin_trgm_ops`),
    index('customers_birthday_idx').on(table.organizationId, birthdayKey(table.dateOfBirth)),
    // Unique among customers still on the books: a deleted customer's CPF or email may be used again.
    uniqueIndex('customers_cpf_unique_idx')
      .on(table.organizationId, table.idNumber)
      .where(sql`id_type = 'CPF' and status not in ('DELETED', 'PURGED')`),
    uniqueIndex('customers_email_unique_idx')
      .on(table.organizationId, table.email)
      .where(sql`email is not null and status not in ('DELETED', 'PURGED')`),
  ],
);

export const customerPlans = pgTable(
  'customer_plans',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    billingCycle: billingCycleEnum('billing_cycle').notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
    weeklySessionsLimit: integer('weekly_sessions_limit'),
    /** Its enrollments renew by themselves at each period's end (issue #26; domain `willRenew`). */
    renewsAutomatically: boolean('renews_automatically').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    /** RECURRING plans are enrolled in weekly; the others are bought once (purchases, decision 029). */
    kind: planKindEnum('kind').notNull().default('RECURRING'),
    /** The classes one purchase holds (1 for SINGLE and TRIAL); null for RECURRING. */
    classCount: integer('class_count'),
    /** Days a purchase lasts from its first day, inclusive; null for RECURRING. */
    validityDays: integer('validity_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('customer_plans_org_name_idx').on(table.organizationId, table.name),
  ],
);

/** Who did what to which record, when and from where; never the record's content (LGPD). */
export const auditLog = pgTable(
  'audit_log',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    ipAddress: text('ip_address'),
    /** What changed, for records that are not personal data (a payment's amounts and status). */
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('audit_log_entity_idx').on(table.organizationId, table.entityType, table.entityId, table.at),
  ],
);

/**
 * The customers of the organization the transaction names (db/row-level-security.ts), for the search. Under
 * row-level security PostgreSQL may not use LIKE, which is not leakproof, as an index condition, so a search
 * on `customers` would scan every customer of the organization; this view belongs to the tables' owner, so
 * its own condition, the same wall as the policy, keeps the trigram index plan (issue #17, decision 019).
 */
export const customersInOrganization = pgView('customers_in_organization').as((qb) =>
  qb
    .select()
    .from(customers)
    .where(sql`${customers.organizationId} = nullif(current_setting('app.organization_id', true), '')::uuid`),
);

/**
 * How many customers an organization has in each status, as changes a statement trigger on `customers` adds
 * (migration 0044): the customer list's total was a count of every customer on the books on each call — most of
 * the list's PostgreSQL time (decision 018, session 22). An organization's counts are the sums of its rows.
 * Each writing statement inserts a row of its own, so writers never wait on each other or deadlock over the
 * counts; the writer that finds the organization's fold lock free folds the rows it sees into one. A search's
 * total is still counted (its matches cannot be kept).
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    active: integer('active').notNull().default(0),
    inactive: integer('inactive').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    purged: integer('purged').notNull().default(0),
  },
  (table) => [index('customer_counts_org_idx').on(table.organizationId)],
);
