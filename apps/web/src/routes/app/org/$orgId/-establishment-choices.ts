// Not a route (the "-" prefix): what the schedules and attendance routes load for their filters and forms.
// Those features may not import the establishments and staff features, so the routes compose them.
import { type AccessProfile, type Action, can, canAny } from '@reformer/domain/permissions';
import type { StaffMember } from '@reformer/domain/staff';
import { type QueryClient, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { establishmentsQueryOptions } from '@/features/establishments/api/get-establishments.ts';
import { staffQueryOptions } from '@/features/staff/api/get-staff.ts';
import { usePermissions } from '@/lib/access-profile.ts';

/** Establishments always; staff only for those who may list it (GET /staff needs VIEW_STAFF). */
export function ensureEstablishmentChoices(
  queryClient: QueryClient,
  organizationId: string,
  profile: AccessProfile,
) {
  return Promise.all([
    queryClient.ensureQueryData(establishmentsQueryOptions(organizationId)),
    canAny(profile, 'VIEW_STAFF') ? queryClient.ensureQueryData(staffQueryOptions(organizationId)) : null,
  ]);
}

type EstablishmentChoices = {
  /** The establishments where the user may take `action`. */
  establishments: { id: string; name: string }[];
  /** Every staff member, or an empty list for a user who may not list staff. */
  staff: StaffMember[];
  /** The staff members assigned to an establishment (who can teach), or null without VIEW_STAFF. */
  instructors: { staffUserId: string; name: string }[] | null;
};

const NO_STAFF: StaffMember[] = [];

export function useEstablishmentChoices(organizationId: string, action: Action): EstablishmentChoices {
  const { profile } = usePermissions(organizationId);
  const canListStaff = canAny(profile, 'VIEW_STAFF');
  const { data: allEstablishments } = useSuspenseQuery(establishmentsQueryOptions(organizationId));
  // Refetched on every visit and on focus, past its 2-minute freshness: someone who joined through an
  // invitation in another browser must be offered as instructor without a reload (issue #27 item 5).
  const { data: staff = NO_STAFF } = useQuery({
    ...staffQueryOptions(organizationId),
    enabled: canListStaff,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
  const establishments = allEstablishments.filter((establishment) =>
    can(profile, action, { scope: 'ESTABLISHMENT', establishmentId: establishment.id }),
  );
  const instructors = staff
    .filter((member) => member.establishments.length > 0)
    .map((member) => ({ staffUserId: member.staffUserId, name: member.name ?? member.email }));
  return { establishments, staff, instructors: canListStaff ? instructors : null };
}
