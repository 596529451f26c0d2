import {
  foreignKey,
  index,
  integer,
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
 * A customer's signed-in visit to the portal (decision 039): made when the portal link's token is exchanged,
 * one row per exchange (so the row is also the record of it). The cookie carries a random id; only its
 * SHA-256 is kept, so a copy of the database opens no session. Ended by the customer signing out, by staff,
 * or by the link it came from being revoked; idle and absolute limits are the domain's (portal.ts).
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** The link whose token was exchanged. */
    linkId: uuid('link_id').notNull(),
    sessionHash: text('session_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address').notNull(),
    /** A short summary (browser and system), never the whole header: enough for staff to recognise it. */
    userAgent: text('user_agent').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** SIGNED_OUT, ENDED_BY_STAFF, LINK_REVOKED. */
    endedReason: text('ended_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    index('portal_sessions_customer_idx').on(table.organizationId, table.customerId, table.createdAt),
    // The cookie arrives without an organization: the one lookup not led by it, as for the link's token.
    uniqueIndex('portal_sessions_hash_idx').on(table.sessionHash),
  ],
);

/**
 * Fixed-window counters of the portal's public doors (the exchange, asking for a new link), by bucket: an
 * address or a contact. In PostgreSQL, not in memory, so every instance counts the same hits. Not a
 * tenant's row (a bucket precedes knowing any organization), hence no organization_id.
 */
export const portalRateLimits = pgTable(
  'portal_rate_limits',
  {
    bucket: text('bucket').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('portal_rate_limits_window_idx').on(table.windowStartedAt)],
);

/**
 * The first answer to each `Idempotency-Key` of a portal session's writes (lib/idempotency.ts, decision 039):
 * a customer's double tap, retry after a lost answer or second tab gets the first answer back. Kept a day; its
 * answers (the customer's own data) go with the session, and with the customer's purge.
 */
export const portalIdempotencyKeys = pgTable(
  'portal_idempotency_keys',
  {
    organizationId: uuid('organization_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    key: text('key').notNull(),
    /** Method, path and a hash of the body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.sessionId, table.key] }),
    foreignKey({
      columns: [table.organizationId, table.sessionId],
      foreignColumns: [portalSessions.organizationId, portalSessions.id],
    }).onDelete('cascade'),
    index('portal_idempotency_keys_customer_idx').on(table.organizationId, table.customerId),
    index('portal_idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
