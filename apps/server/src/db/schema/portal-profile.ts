import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';

/**
 * A change the customer made to their own profile in the portal (decision 046): which field, the stored
 * value before and after, when, and the portal session it came through. Personal data, unlike the audit log:
 * a purge deletes the customer's rows here as it empties the customer.
 */
export const customerProfileChanges = pgTable(
  'customer_profile_changes',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    portalSessionId: uuid('portal_session_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    index('customer_profile_changes_customer_idx').on(
      table.organizationId,
      table.customerId,
      table.changedAt,
    ),
  ],
);

/**
 * A customer's calendar feed (decision 046): its token is in the feed's URL and kept here as its SHA-256
 * only. At most one live feed per customer; the customer replaces or revokes it, staff revoke it.
 */
export const customerCalendarFeeds = pgTable(
  'customer_calendar_feeds',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** CUSTOMER (replaced or revoked in the portal) or STAFF. */
    revokedBy: text('revoked_by'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    uniqueIndex('customer_calendar_feeds_live_customer_idx')
      .on(table.organizationId, table.customerId)
      .where(sql`${table.revokedAt} is null`),
    // A calendar client's request carries the token alone: the one lookup not led by the organization.
    uniqueIndex('customer_calendar_feeds_token_idx').on(table.tokenHash),
  ],
);
