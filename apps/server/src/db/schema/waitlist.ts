import { LANGUAGES } from '@reformer/domain/preferences';
import { WAITLIST_ENTRY_STATES } from '@reformer/domain/waitlist';
import { sql } from 'drizzle-orm';
import {
  check,
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
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';
import { scheduleSessions } from './sessions.ts';

export const waitlistEntryStateEnum = pgEnum('waitlist_entry_state', WAITLIST_ENTRY_STATES);
export const messageLanguageEnum = pgEnum('message_language', LANGUAGES);

/** An organization's waitlist rules (decision 024); no row means the domain's defaults. */
export const waitlistSettings = pgTable('waitlist_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  holdMinutes: integer('hold_minutes').notNull(),
  messageLanguage: messageLanguageEnum('message_language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One customer in one session's line. `position` orders the active entries (lower first; gaps allowed).
 * An OFFERED entry holds a seat until `offer_expires_at`; its link's token is stored as its SHA-256 only,
 * and `offer_count` numbers the offers of the entry (the message's occasion). A session a schedule edit
 * deletes (one with no attendance) takes its line with it.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    sessionId: uuid('session_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    state: waitlistEntryStateEnum('state').notNull().default('WAITING'),
    position: integer('position').notNull(),
    offerTokenHash: text('offer_token_hash'),
    offerCount: integer('offer_count').notNull().default(0),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.sessionId],
      foreignColumns: [scheduleSessions.organizationId, scheduleSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    // One active entry per customer and session: two seats never go to the same person.
    uniqueIndex('waitlist_entries_active_customer_idx')
      .on(table.organizationId, table.sessionId, table.customerId)
      .where(sql`${table.state} in ('WAITING', 'OFFERED')`),
    index('waitlist_entries_session_idx').on(table.organizationId, table.sessionId, table.position),
    // The job's scan: offers due to expire.
    index('waitlist_entries_offer_expiry_idx')
      .on(table.organizationId, table.offerExpiresAt)
      .where(sql`${table.state} = 'OFFERED'`),
    // The public link arrives without an organization: the one lookup not led by it, as for invitations.
    uniqueIndex('waitlist_entries_offer_token_idx').on(table.offerTokenHash),
    check(
      'waitlist_entries_offer_check',
      sql`${table.state} <> 'OFFERED' or (${table.offerTokenHash} is not null and ${table.offerExpiresAt} is not null)`,
    ),
  ],
);
