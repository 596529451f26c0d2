import { AppError } from '@reformer/domain/errors';
import type {
  MyOrganizations,
  OrganizationInput,
  OrganizationListEntry,
} from '@reformer/domain/organizations';
import { sessionInterval } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { toTimeOfDay } from '../../lib/local-time.ts';
import * as repository from './organizations.repository.ts';

type OrganizationValues = z.output<typeof OrganizationInput>;
type Summary = Awaited<ReturnType<typeof repository.listOrganizationsOfUser>>[number];

function toEntry(row: Summary): OrganizationListEntry & { timeZone: string } {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Owned = the user is an owner; invited = every organization they joined through an invitation. */
export async function listMyOrganizations(db: Database, userId: string): Promise<MyOrganizations> {
  const rows = (await repository.listOrganizationsOfUser(db, userId)).map(toEntry);
  return {
    owned: rows.filter((row) => row.role === 'ORG_OWNER'),
    invited: rows.filter((row) => row.role !== 'ORG_OWNER'),
  };
}

export async function createOrganization(db: Database, userId: string, input: OrganizationValues) {
  const created = await repository.insertOrganizationWithOwner(db, { id: uuidv7(), ...input }, userId);
  if (!created) throw new Error('Organization insert returned no row');
  return toOrganization(created);
}

export async function getOrganization(db: Database, access: OrgAccess, userId: string) {
  const row = await repository.findOrganizationOfUser(db, access.organizationId, userId);
  if (!row) throw new AppError('ORGANIZATION_NOT_FOUND');
  return toEntry(row);
}

/** An absent time zone stays as it is; a new one moves the instants of the sessions still ahead. */
export async function updateOrganization(
  db: Database,
  access: OrgAccess,
  input: OrganizationValues,
  now: Date,
) {
  const updated = await db.transaction(async (tx) => {
    const previousTimeZone = await repository.lockTimeZoneForUpdate(tx, access.organizationId);
    if (previousTimeZone === null) return null;
    const timeZone = input.timeZone ?? previousTimeZone;
    const values = { name: input.name, description: input.description, timeZone };
    const row = await repository.updateOrganization(tx, access.organizationId, values, now);
    if (timeZone !== previousTimeZone)
      await recomputeSessionInstants(tx, access.organizationId, timeZone, now);
    return row;
  });
  if (!updated) throw new AppError('ORGANIZATION_NOT_FOUND');
  return toOrganization(updated);
}

/**
 * A class at 07:00 stays at 07:00 local in the new zone: sessions that have not started get their instants
 * again from their local date and times; those already started keep the instants they happened at.
 */
async function recomputeSessionInstants(
  tx: Transaction,
  organizationId: string,
  timeZone: string,
  now: Date,
) {
  const slots = await repository.listUpcomingSessionSlots(tx, organizationId, now);
  const sessions = slots.map((slot) => ({
    id: slot.id,
    ...sessionInterval(slot.date, toTimeOfDay(slot.startTime), toTimeOfDay(slot.endTime), timeZone),
  }));
  await repository.setSessionInstants(tx, organizationId, sessions, now);
}

/** The sole owner cannot leave until ownership is transferred (spec §4). */
export async function leaveOrganization(db: Database, access: OrgAccess, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repository.lockOrganization(tx, access.organizationId);
    // The role as it is now, under the lock: it may have changed since the request began.
    if ((await repository.findMemberRole(tx, access.organizationId, userId)) === 'ORG_OWNER') {
      const owners = await repository.countMembersWithRole(tx, access.organizationId, 'ORG_OWNER');
      if (owners <= 1) throw new AppError('ORGANIZATION_SOLE_OWNER');
    }
    await repository.deleteMembership(tx, access.organizationId, userId);
  });
}

function toOrganization(row: {
  id: string;
  name: string;
  description: string;
  timeZone: string;
  createdAt: Date;
}) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}
