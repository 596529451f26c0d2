import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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
import { scheduleSessions } from './sessions.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The studio's public page and branding (decision 045): one row per organization once saved. The logo's
 * bytes live here, not in DATA_DIR, so every instance serves them; `logo_hash` (SHA-256, hex) names the
 * logo's URL, so a new logo is a new address and an old one can be cached for a year.
 */
export const studioPages = pgTable(
  'studio_pages',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null: no public page (branding only). Unique across organizations: it is the page's address. */
    slug: text('slug'),
    displayName: text('display_name').notNull(),
    accentColor: text('accent_color').notNull(),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    logoHash: text('logo_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('studio_pages_slug_idx').on(table.slug),
    // The logo's URL names only its hash: the visitor needs no organization id to fetch it.
    index('studio_pages_logo_hash_idx').on(table.logoHash),
    check('studio_pages_logo_check', sql`(${table.logo} is null) = (${table.logoHash} is null)`),
  ],
);

/**
 * A trial class booked from the public page: who, which class, when. One per customer (the unique index
 * decides two racing requests); the place itself is the session's attendance row (TRIAL), as staff's add
 * makes it. `idempotency_key` replays a retried request instead of booking again.
 */
export const trialBookings = pgTable(
  'trial_bookings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    idempotencyKey: text('idempotency_key'),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    /** Set when the customer was made by this booking (a new lead), for the card's "new" mark. */
    isNewCustomer: boolean('is_new_customer').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.sessionId],
      foreignColumns: [scheduleSessions.organizationId, scheduleSessions.id],
    }).onDelete('cascade'),
    uniqueIndex('trial_bookings_customer_idx').on(table.organizationId, table.customerId),
    uniqueIndex('trial_bookings_idempotency_idx').on(table.organizationId, table.idempotencyKey),
    index('trial_bookings_booked_idx').on(table.organizationId, table.bookedAt),
  ],
);
