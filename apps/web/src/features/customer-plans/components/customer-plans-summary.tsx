import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { customerPlansQueryOptions } from '../api/get-customer-plans.ts';

/** The "Client plans" tab of organization settings: how many plans, and the way to the plans page. */
export function CustomerPlansSummary({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: plans } = useSuspenseQuery(customerPlansQueryOptions(organizationId));
  const active = plans.filter((plan) => plan.isActive).length;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="settings-client-plans">
      <div className="card-body">
        <h2 id="settings-client-plans" className="card-title">
          {t('customerPlans.title')}
        </h2>
        <p className="text-base-content/80">{t('customerPlans.summary.description')}</p>
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
      </div>
    </section>
  );
}
