import { z } from 'zod';
import { EstablishmentRole, OrgRole } from './permissions.ts';
import { V } from './validation.ts';

export const EstablishmentAssignment = z.object({
  // Lower case, as PostgreSQL prints uuids: the same establishment must compare equal everywhere.
  establishmentId: z.uuid(V.required).transform((id) => id.toLowerCase()),
  role: EstablishmentRole,
});
export type EstablishmentAssignment = z.infer<typeof EstablishmentAssignment>;

/** One role per establishment: the same establishment twice is a mistake, not two roles. */
export const EstablishmentAssignments = z
  .array(EstablishmentAssignment)
  .max(200)
  .refine(
    (list) => new Set(list.map((item) => item.establishmentId)).size === list.length,
    V.duplicateEstablishment,
  );

export const STAFF_STATUSES = ['active', 'pending'] as const;

export const StaffMember = z.object({
  staffUserId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: OrgRole.nullable(),
  status: z.enum(STAFF_STATUSES),
  joinedAt: z.string(),
  establishments: z.array(EstablishmentAssignment),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const ChangeRoleInput = z.object({ role: OrgRole });
export type ChangeRoleInput = z.infer<typeof ChangeRoleInput>;

export const SetAssignmentsInput = z.object({ establishments: EstablishmentAssignments });
export type SetAssignmentsInput = z.infer<typeof SetAssignmentsInput>;
