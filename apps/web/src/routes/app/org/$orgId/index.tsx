import { canViewChurnRisk } from '@reformer/domain/churn-risk';
import { PURCHASE_ACTIONS } from '@reformer/domain/purchases';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { churnRiskQueryOptions } from '@/features/dashboard/api/get-churn-risk.ts';
import { dashboardQueryOptions } from '@/features/dashboard/api/get-dashboard.ts';
import { BackupWarningCard } from '@/features/dashboard/components/backup-warning-card.tsx';
import { DashboardFigures } from '@/features/dashboard/components/dashboard-figures.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { OrganizationDashboard } from '@/features/organizations/components/organization-dashboard.tsx';
import { PixAutomaticoEndingsNotice } from '@/features/pix-automatico/components/pix-automatico-endings-notice.tsx';
import { ExpiringPurchasesCard } from '@/features/purchases/components/expiring-purchases-card.tsx';
import { EndingSchedulesCard } from '@/features/schedules/components/ending-schedules-card.tsx';
import { TrialBookingsCard } from '@/features/studio-pages/components/trial-bookings-card.tsx';
import { accessProfileQueryOptions, usePermissions } from '@/lib/access-profile.ts';

export const Route = createFileRoute('/app/org/$orgId/')({
  staticData: { titleKey: 'dashboard.title' },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const prefetchChurnRisk = async () => {
      const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
      if (canViewChurnRisk(profile)) await queryClient.ensureQueryData(churnRiskQueryOptions(orgId));
    };
    await Promise.all([queryClient.ensureQueryData(dashboardQueryOptions(orgId)), prefetchChurnRisk()]);
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { orgId } = Route.useParams();
  const permissions = usePermissions(orgId);
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  return (
    <OrganizationDashboard organizationId={orgId}>
      <BackupWarningCard organizationId={orgId} />
      {/* Pix Automático the payer ended (decision 048): money's news, as the dashboard's payments part. */}
      {permissions.can('VIEW_PAYMENTS') && (
        <PixAutomaticoEndingsNotice organizationId={orgId} timeZone={organization.timeZone} />
      )}
      <DashboardFigures organizationId={orgId} />
      {permissions.canAny(PURCHASE_ACTIONS.view) && <ExpiringPurchasesCard organizationId={orgId} />}
      {permissions.canAny('VIEW_ENROLLMENTS') && <EndingSchedulesCard organizationId={orgId} />}
      {permissions.can('VIEW_CUSTOMERS', { scope: 'ORG' }) && <TrialBookingsCard organizationId={orgId} />}
    </OrganizationDashboard>
  );
}
