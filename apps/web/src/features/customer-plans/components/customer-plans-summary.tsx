import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { customerPlansQueryOptions } from '../api/get-customer-plans.ts';

/** The "Client plans" tab of organization settings: how many plans, and the way to the plans page. */
export function CustomerPlansSummary({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: plans } = useSuspenseQuery(customerPlansQueryOptions(organizationId));
  const active = plans.filter((plan) => plan.isActive).length;
  return (
    <SettingsCard
      id="client-plans"
      title={t('customerPlans.title')}
      description={t('customerPlans.summary.description')}
    >
      <p>{t('customerPlans.summary.counts', { active, inactive: plans.length - active })}</p>
      <div className="card-actions justify-end">
        <Link
          to="/app/org/$orgId/customer-plans"
          params={{ orgId: organizationId }}
          className="btn btn-primary"
        >
          {t('customerPlans.summary.open')}
        </Link>
      </div>
    </SettingsCard>
  );
}
