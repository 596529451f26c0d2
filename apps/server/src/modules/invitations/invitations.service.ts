import { AppError } from '@reformer/domain/errors';
import {
  effectiveInvitationStatus,
  type Invitation,
  type InvitationPreview,
  type InviteStaffInput,
  isSameEmail,
} from '@reformer/domain/invitations';
import {
  allowedEstablishments,
  can,
  canAssignEstablishmentRole,
  canAssignOrgRole,
} from '@reformer/domain/permissions';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { isUuid } from '../../auth/access.ts';
import type { Deps, OrgAccess } from '../../lib/http.ts';
import { assertEstablishmentsExist } from '../establishments/establishments.service.ts';
import { sendInvitationEmail } from './invitation-email.ts';
import { deriveInvitationToken, hashInvitationToken, newTokenNonce } from './invitation-token.ts';
import * as repository from './invitations.repository.ts';

type Invite = z.output<typeof InviteStaffInput>;
const DAY_MS = 24 * 60 * 60 * 1000;

export function inviteUrl(deps: Deps, invitation: repository.InvitationRow): string {
  const token = deriveInvitationToken(deps.secret, invitation.id, invitation.tokenNonce);
  return `${deps.publicUrl}/staff-invite/${token}`;
}

function toInvitation(
  deps: Deps,
  access: OrgAccess,
  row: repository.InvitationRow,
  inviterName: string | null,
): Invitation {
  const status = effectiveInvitationStatus(row, deps.now());
  // The link is a grant of the invitation's roles: only those who could grant them may see it.
  const mayShare =
    status === 'pending' && can(access.profile, 'INVITE_STAFF', { scope: 'ORG' }) && mayGrant(access, row);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    establishments: row.establishments,
    status,
    invitedBy: { id: row.invitedBy, name: inviterName },
    acceptedBy: row.acceptedBy,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    inviteUrl: mayShare ? inviteUrl(deps, row) : null,
  };
}

/** Nobody invites into a role above their own, nor into an establishment they do not manage. */
function mayGrant(access: OrgAccess, invitation: Pick<Invite, 'role' | 'establishments'>): boolean {
  if (invitation.role && !canAssignOrgRole(access.membership.orgRole, invitation.role)) return false;
  return invitation.establishments.every(({ establishmentId, role }) =>
    canAssignEstablishmentRole(access.membership, establishmentId, role),
  );
}

function assertMayGrant(access: OrgAccess, invitation: Pick<Invite, 'role' | 'establishments'>) {
  if (!mayGrant(access, invitation)) throw new AppError('ROLE_NOT_ALLOWED');
}

export async function inviteStaff(deps: Deps, access: OrgAccess, actorId: string, input: Invite) {
  assertMayGrant(access, input);
  await assertEstablishmentsExist(deps.db, access.organizationId, input.establishments);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    if (await repository.isMemberByEmail(tx, access.organizationId, input.email)) {
      throw new AppError('STAFF_ALREADY_MEMBER');
    }
    await repository.expireStalePending(tx, access.organizationId, input.email, now);
    const id = uuidv7();
    const tokenNonce = newTokenNonce();
    return repository
      .insertInvitation(tx, {
        organizationId: access.organizationId,
        id,
        email: input.email,
        role: input.role,
        establishments: input.establishments,
        tokenNonce,
        tokenHash: hashInvitationToken(deriveInvitationToken(deps.secret, id, tokenNonce)),
        invitedBy: actorId,
        expiresAt: new Date(now.getTime() + deps.env.INVITATION_TTL_DAYS * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .catch(rethrowPendingConflict);
  });
  if (!row) throw new Error('Invitation insert returned no row');
  const emailSent = await sendInvitationEmail(
    deps,
    access.organizationId,
    actorId,
    row,
    inviteUrl(deps, row),
  );
  return { ...toInvitation(deps, access, row, null), emailSent };
}

function rethrowPendingConflict(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code === '23505') throw new AppError('INVITATION_ALREADY_PENDING');
  throw error;
}

export async function listInvitations(
  deps: Deps,
  access: OrgAccess,
  query: Parameters<typeof repository.listInvitations>[2],
) {
  const rows = await repository.listInvitations(deps.db, access.organizationId, query, deps.now());
  // Someone who sees staff of some establishments only sees the invitations into those establishments.
  const visible = allowedEstablishments(access.profile, 'VIEW_STAFF');
  return rows
    .filter(
      ({ invitation }) =>
        visible === 'ALL' ||
        (invitation.role === null &&
          invitation.establishments.every((a) => visible.includes(a.establishmentId))),
    )
    .map(({ invitation, inviterName }) => toInvitation(deps, access, invitation, inviterName));
}

async function findPendingOrThrow(deps: Deps, access: OrgAccess, id: string) {
  const row = isUuid(id) ? await repository.findInvitation(deps.db, access.organizationId, id) : null;
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return row;
}

export async function revokeInvitation(deps: Deps, access: OrgAccess, id: string) {
  const row = await findPendingOrThrow(deps, access, id);
  if (effectiveInvitationStatus(row, deps.now()) !== 'pending') throw new AppError('INVITATION_NOT_PENDING');
  assertMayGrant(access, row);
  // Conditional on the status, so an acceptance that commits first is not turned into a revocation.
  const revoked = await repository.updateOpenInvitation(deps.db, access.organizationId, id, ['pending'], {
    status: 'revoked',
    updatedAt: deps.now(),
  });
  if (!revoked) throw new AppError('INVITATION_NOT_PENDING');
}

/** A new link and a new expiry; the old link stops working. Accepted or revoked invitations stay closed. */
export async function resendInvitation(deps: Deps, access: OrgAccess, actorId: string, id: string) {
  const row = await findPendingOrThrow(deps, access, id);
  if (row.status === 'accepted' || row.status === 'revoked') throw new AppError('INVITATION_NOT_PENDING');
  assertMayGrant(access, row);
  const now = deps.now();
  const tokenNonce = newTokenNonce();
  const updated = await repository
    .updateOpenInvitation(deps.db, access.organizationId, id, ['pending', 'expired'], {
      status: 'pending',
      tokenNonce,
      tokenHash: hashInvitationToken(deriveInvitationToken(deps.secret, id, tokenNonce)),
      expiresAt: new Date(now.getTime() + deps.env.INVITATION_TTL_DAYS * DAY_MS),
      updatedAt: now,
    })
    .catch(rethrowPendingConflict);
  if (!updated) throw new AppError('INVITATION_NOT_PENDING');
  const emailSent = await sendInvitationEmail(
    deps,
    access.organizationId,
    actorId,
    updated,
    inviteUrl(deps, updated),
  );
  return { ...toInvitation(deps, access, updated, null), emailSent };
}

async function findOpenByToken(deps: Deps, token: string, tx?: repository.Tx) {
  const row = await repository.findByTokenHash(tx ?? deps.db, hashInvitationToken(token), {
    lock: Boolean(tx),
  });
  if (!row || effectiveInvitationStatus(row, deps.now()) !== 'pending')
    throw new AppError('INVITATION_INVALID');
  return row;
}

export async function previewInvitation(deps: Deps, token: string): Promise<InvitationPreview> {
  const row = await findOpenByToken(deps, token);
  const names = await repository.findEstablishmentNames(
    deps.db,
    row.organizationId,
    row.establishments.map((a) => a.establishmentId),
  );
  return {
    organizationName: (await repository.findOrganizationName(deps.db, row.organizationId)) ?? '',
    email: row.email,
    role: row.role,
    establishments: row.establishments
      .filter((a) => names.has(a.establishmentId))
      .map((a) => ({ ...a, name: names.get(a.establishmentId) ?? '' })),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Single use: the row is locked, checked, and closed in one transaction. */
export async function acceptInvitation(deps: Deps, token: string, userId: string) {
  return deps.db.transaction(async (tx) => {
    const row = await findOpenByToken(deps, token, tx);
    const email = await repository.findUserEmail(tx, userId);
    if (!email || !isSameEmail(email, row.email)) throw new AppError('INVITATION_EMAIL_MISMATCH');
    if (await repository.isMemberByEmail(tx, row.organizationId, email))
      throw new AppError('STAFF_ALREADY_MEMBER');
    const now = deps.now();
    await repository.insertMembership(tx, {
      organizationId: row.organizationId,
      userId,
      role: row.role,
      joinedAt: now,
    });
    // An establishment deleted since the invitation was sent is skipped, not an error for the invitee.
    const names = await repository.findEstablishmentNames(
      tx,
      row.organizationId,
      row.establishments.map((a) => a.establishmentId),
    );
    await repository.insertAssignments(
      tx,
      row.establishments
        .filter((a) => names.has(a.establishmentId))
        .map((a) => ({ organizationId: row.organizationId, userId, ...a })),
    );
    await repository.updateInvitation(tx, row.organizationId, row.id, {
      status: 'accepted',
      acceptedBy: userId,
      acceptedAt: now,
      updatedAt: now,
    });
    return {
      organizationId: row.organizationId,
      organizationName: (await repository.findOrganizationName(tx, row.organizationId)) ?? '',
      role: row.role,
    };
  });
}
