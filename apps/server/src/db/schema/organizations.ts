import { ESTABLISHMENT_ROLES, ORG_ROLES } from '@reformer/domain/permissions';

import { foreignKey, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const orgRoleEnum = pgEnum('org_role', ORG_ROLES);
export const establishmentRoleEnum = pgEnum('establishment_role', ESTABLISHMENT_ROLES);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  /** Where PIX payments go (settings); null: the payment screens offer no PIX code. */
  pixKey: text('pix_key'),
  pixMerchantName: text('pix_merchant_name'),
  pixMerchantCity: text('pix_merchant_city'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's place in an organization: at most one org role (null when they only hold establishment roles). */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: orgRoleEnum('role'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('memberships_user_id_idx').on(table.userId),
  ],
);

export const establishments = pgTable(
  'establishments',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);

/**
 * An establishment role held by a member. Removing the member removes these; deleting an establishment
 * that still has assignments is refused (no cascade), so nobody loses access silently.
 */
export const establishmentAssignments = pgTable(
  'establishment_assignments',
  {
    organizationId: uuid('organization_id').notNull(),
    establishmentId: uuid('establishment_id').notNull(),
    userId: text('user_id').notNull(),
    role: establishmentRoleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.establishmentId, table.userId] }),
    foreignKey({
      columns: [table.organizationId, table.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.establishmentId],
      foreignColumns: [establishments.organizationId, establishments.id],
    }).onDelete('restrict'),
    index('establishment_assignments_user_idx').on(table.organizationId, table.userId),
  ],
);
