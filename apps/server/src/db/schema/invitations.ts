import { INVITATION_STATUSES } from '@reformer/domain/invitations';
import type { EstablishmentAssignment } from '@reformer/domain/staff';
import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organizations, orgRoleEnum } from './organizations.ts';

export const invitationStatusEnum = pgEnum('invitation_status', INVITATION_STATUSES);

/**
 * The token is never stored: `token_nonce` lets the server (which holds the secret) derive it again to
 * show the link, and `token_hash` finds the invitation when someone opens it.
 */
export const invitations = pgTable(
  'invitations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    role: orgRoleEnum('role'),
    establishments: jsonb('establishments').$type<EstablishmentAssignment[]>().notNull().default([]),
    status: invitationStatusEnum('status').notNull().default('pending'),
    tokenNonce: text('token_nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('invitations_token_hash_idx').on(table.tokenHash),
    // One pending invitation per address and organization; the 409 rests on this, not on a prior read.
    uniqueIndex('invitations_pending_email_idx')
      .on(table.organizationId, sql`lower(${table.email})`)
      .where(sql`${table.status} = 'pending'`),
    index('invitations_org_created_idx').on(table.organizationId, table.createdAt),
  ],
);
