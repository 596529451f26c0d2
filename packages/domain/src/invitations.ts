import { z } from 'zod';
import { OrgRole } from './permissions.ts';
import { EstablishmentAssignments } from './staff.ts';
import { V } from './validation.ts';

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const InvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const DEFAULT_INVITATION_TTL_DAYS = 7;

/**
 * Invite by email with an organization role, establishment roles, or both (an instructor of one studio
 * needs no organization role). At least one must be given.
 */
export const InviteStaffInput = z
  .object({
    email: z.email(V.email).trim().toLowerCase(),
    role: OrgRole.nullish().transform((role) => role ?? null),
    establishments: EstablishmentAssignments.default([]),
  })
  .refine((input) => input.role !== null || input.establishments.length > 0, {
    message: V.roleRequired,
    path: ['role'],
  });
export type InviteStaffInput = z.input<typeof InviteStaffInput>;

export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: OrgRole.nullable(),
  establishments: z.array(z.object({ establishmentId: z.string(), role: z.string() })),
  status: InvitationStatus,
  invitedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Only for pending invitations, and only to members who may invite: the link to share by hand. */
  inviteUrl: z.string().nullable(),
  emailSent: z.boolean().optional(),
});
export type Invitation = z.infer<typeof Invitation>;

export const ListInvitationsQuery = z.object({
  status: InvitationStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** What the invitation page shows before acceptance. */
export const InvitationPreview = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: OrgRole.nullable(),
  establishments: z.array(z.object({ establishmentId: z.string(), name: z.string(), role: z.string() })),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptedInvitation = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: OrgRole.nullable(),
});

/** An invitation past its expiry is expired whatever its stored status says. */
export function effectiveInvitationStatus(
  invitation: { status: InvitationStatus; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (invitation.status === 'pending' && invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return invitation.status;
}

/** Email comparison for invitations is case-insensitive and ignores surrounding spaces. */
export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
