import type { InvitationStatus } from '@reformer/domain/invitations';
import { and, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { forgetMembershipInProcess } from '../../auth/membership-cache.ts';
import type { Database } from '../../db/client.ts';
import {
  establishmentAssignments,
  establishments,
  invitations,
  memberships,
  organizations,
  users,
} from '../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type InvitationRow = typeof invitations.$inferSelect;
type NewInvitation = typeof invitations.$inferInsert;

/** Stored 'pending' past expiry reads as 'expired'; filters follow the effective status. */
function statusFilter(status: InvitationStatus, now: Date): SQL | undefined {
  if (status === 'pending') return and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, now));
  if (status === 'expired') {
    return or(
      eq(invitations.status, 'expired'),
      and(eq(invitations.status, 'pending'), lte(invitations.expiresAt, now)),
    );
  }
  return eq(invitations.status, status);
}

export async function listInvitations(
  db: Database,
  organizationId: string,
  query: { status?: InvitationStatus; limit: number; offset: number },
  now: Date,
) {
  const where = and(
    eq(invitations.organizationId, organizationId),
    query.status ? statusFilter(query.status, now) : undefined,
  );
  return db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(where)
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(query.limit)
    .offset(query.offset);
}

export async function findInvitation(db: Database | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id)));
  return row ?? null;
}

export async function findByTokenHash(
  db: Database | Tx,
  tokenHash: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function isMemberByEmail(db: Database | Tx, organizationId: string, email: string) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    );
  return Boolean(row);
}

/** A pending invitation past its expiry no longer blocks a new one for the same address. */
export async function expireStalePending(tx: Tx, organizationId: string, email: string, now: Date) {
  await tx
    .update(invitations)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.status, 'pending'),
        lte(invitations.expiresAt, now),
        sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
      ),
    );
}

export async function insertInvitation(tx: Tx, values: NewInvitation) {
  const [row] = await tx.insert(invitations).values(values).returning();
  return row;
}

export async function updateInvitation(
  db: Database | Tx,
  organizationId: string,
  id: string,
  values: Partial<NewInvitation>,
) {
  const [row] = await db
    .update(invitations)
    .set(values)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id)))
    .returning();
  return row ?? null;
}

export async function findOrganizationName(db: Database | Tx, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? null;
}

export async function findEstablishmentNames(db: Database | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: establishments.id, name: establishments.name })
    .from(establishments)
    .where(and(eq(establishments.organizationId, organizationId), inArray(establishments.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function findUserEmail(db: Database | Tx, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function insertMembership(tx: Tx, values: typeof memberships.$inferInsert) {
  forgetMembershipInProcess(values.organizationId, values.userId);
  await tx.insert(memberships).values(values);
}

export async function insertAssignments(
  tx: Tx,
  rows: {
    organizationId: string;
    establishmentId: string;
    userId: string;
    role: InvitationRow['establishments'][number]['role'];
  }[],
) {
  for (const row of rows) forgetMembershipInProcess(row.organizationId, row.userId);
  if (rows.length > 0) await tx.insert(establishmentAssignments).values(rows);
}

/** Updates only while the invitation is still in one of `statuses`; null when it moved on meanwhile. */
export async function updateOpenInvitation(
  db: Database | Tx,
  organizationId: string,
  id: string,
  statuses: InvitationStatus[],
  values: Partial<NewInvitation>,
) {
  const [row] = await db
    .update(invitations)
    .set(values)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.id, id),
        inArray(invitations.status, statuses),
      ),
    )
    .returning();
  return row ?? null;
}
