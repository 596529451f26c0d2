import type { CurrencyRecurring } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';

/** Monthly recurring revenue per currency: the active subscriptions' prices, each spread over its cycle. */
export function RecurringRevenueCard({
  organizationId,
  recurring,
}: {
  organizationId: string;
  recurring: CurrencyRecurring[];
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <FigureCard
      id="dashboard-recurring"
      title={t('dashboard.recurring.title')}
      description={t('dashboard.recurring.description')}
      action={
        <Link
          to="/app/org/$orgId/enrollments"
          params={{ orgId: organizationId }}
          search={{ status: 'ACTIVE' }}
          className="btn btn-sm btn-ghost"
        >
          {t('dashboard.recurring.link')}
        </Link>
      }
    >
      {recurring.length === 0 ? (
        <p className="text-base-content/70">{t('dashboard.recurring.empty')}</p>
      ) : (
        <dl className="flex flex-col gap-2">
          {recurring.map((row) => (
            <div key={row.currency}>
              <dt className="text-sm text-base-content/70">
                {t('dashboard.recurring.subscriptions', { count: row.subscriptions })}
              </dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid={`recurring-${row.currency}`}>
                {t('dashboard.recurring.perMonth', { amount: formatMoney(row.monthlyCents, row.currency) })}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </FigureCard>
  );
}
