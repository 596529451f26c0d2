import { canAny } from '@reformer/domain/permissions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { establishmentsQueryOptions } from '@/features/establishments/api/get-establishments.ts';
import { invitationsQueryOptions, PENDING_INVITATIONS } from '@/features/invitations/api/get-invitations.ts';
import { InviteStaffDialog } from '@/features/invitations/components/invite-staff-dialog.tsx';
import { PendingInvitations } from '@/features/invitations/components/pending-invitations.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { staffQueryOptions } from '@/features/staff/api/get-staff.ts';
import { EstablishmentStaff } from '@/features/staff/components/establishment-staff.tsx';
import { StaffMembers } from '@/features/staff/components/staff-members.tsx';
import { accessProfileQueryOptions, usePermissions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** Open to members who may view staff for the organization or for at least one establishment. */
export const Route = createFileRoute('/app/org/$orgId/staff')({
  staticData: { titleKey: 'staff.title' },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'VIEW_STAFF')) throw new AccessDeniedError('VIEW_STAFF');
    await Promise.all([
      queryClient.ensureQueryData(staffQueryOptions(orgId)),
      queryClient.ensureQueryData(invitationsQueryOptions(orgId, PENDING_INVITATIONS)),
      queryClient.ensureQueryData(establishmentsQueryOptions(orgId)),
    ]);
  },
  component: StaffRoute,
});

/**
 * The staff page (spec §2) composes three features: members (staff), pending invitations (invitations)
 * and establishments with their staff.
 */
function StaffRoute() {
  const { orgId: organizationId } = Route.useParams();
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(organizationId));
  const { data: staff } = useSuspenseQuery(staffQueryOptions(organizationId));
  const { data: establishments } = useSuspenseQuery(establishmentsQueryOptions(organizationId));
  const actorRole = organization.role;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t('staff.title')}</h1>
          <p className="text-base-content/70">{t('staff.subtitle')}</p>
        </div>
        {permissions.can('INVITE_STAFF') && (
          <InviteStaffDialog
            organizationId={organizationId}
            organizationName={organization.name}
            actorRole={actorRole}
            establishments={establishments}
          />
        )}
      </header>
      <StaffMembers
        organizationId={organizationId}
        organizationName={organization.name}
        staff={staff}
        actorRole={actorRole}
        establishments={establishments}
      />
      <PendingInvitations
        organizationId={organizationId}
        organizationName={organization.name}
        establishments={establishments}
      />
      <EstablishmentStaff
        organizationId={organizationId}
        establishments={establishments}
        staff={staff}
        canOpenEstablishments={permissions.canAny('VIEW_ESTABLISHMENTS')}
      />
    </div>
  );
}
