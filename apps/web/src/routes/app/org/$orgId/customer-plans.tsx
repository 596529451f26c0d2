import { can } from '@reformer/domain/permissions';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { customerPlansQueryOptions } from '@/features/customer-plans/api/get-customer-plans.ts';
import { CustomerPlansPage } from '@/features/customer-plans/components/customer-plans-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/customer-plans')({
  staticData: { titleKey: 'customerPlans.title' },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'VIEW_CUSTOMER_PLANS', { scope: 'ORG' })) {
      throw new AccessDeniedError('Access denied to customer plans page');
    }
    await queryClient.ensureQueryData(customerPlansQueryOptions(orgId));
  },
  component: CustomerPlansRoute,
  errorComponent: CustomerPlansError,
});

function CustomerPlansRoute() {
  const { orgId } = Route.useParams();
  return <CustomerPlansPage organizationId={orgId} />;
}

/** Spec §8: the guard's own words, 'Access denied to customer plans page', in the user's language. */
function CustomerPlansError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('customerPlans.accessDenied')} home="app" />;
}
