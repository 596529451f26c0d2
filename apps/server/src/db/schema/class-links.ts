import { sql } from 'drizzle-orm';
import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';

/**
 * A customer's link to their upcoming classes (decision 025): the token is stored as its SHA-256 only, so a
 * copy of the database opens no link. At most one live link per customer (`revoked_at` null); making a new
 * one revokes the old in the same transaction. Since decision 039 it is the portal link: exchanged for a
 * portal session until it expires or is revoked.
 */
export const customerClassLinks = pgTable(
  'customer_class_links',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Opens until then (decision 039); links made before it were given 30 days from the migration. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    uniqueIndex('customer_class_links_live_customer_idx')
      .on(table.organizationId, table.customerId)
      .where(sql`${table.revokedAt} is null`),
    // The public link arrives without an organization: the one lookup not led by it, as for invitations
    // and waitlist offers.
    uniqueIndex('customer_class_links_token_idx').on(table.tokenHash),
  ],
);
