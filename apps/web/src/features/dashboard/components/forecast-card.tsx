import type { MonthDue } from '@reformer/domain/dashboard';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format.ts';
import { CyclePaymentsLink } from './cycle-payments-link.tsx';
import { FigureCard } from './figure-card.tsx';
import { useFormatMonth } from './use-format-month.ts';

/**
 * The cycles that will come due in each of the next months from running enrollments (renewals counted,
 * enrollments set to end left out), per currency. Each month opens the payments already made for them.
 */
export function ForecastCard({ organizationId, forecast }: { organizationId: string; forecast: MonthDue[] }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatMonth = useFormatMonth('long');
  return (
    <FigureCard
      id="dashboard-forecast"
      title={t('dashboard.forecast.title')}
      description={t('dashboard.forecast.description')}
    >
      <ul className="flex flex-col divide-y divide-base-300" aria-label={t('dashboard.forecast.listLabel')}>
        {forecast.map((month) => (
          <li key={month.period.from} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <CyclePaymentsLink
              organizationId={organizationId}
              period={month.period}
              className="link link-hover"
            >
              {formatMonth(month.period.from)}
            </CyclePaymentsLink>
            {month.items.length === 0 ? (
              <span className="text-sm text-base-content/70">{t('dashboard.forecast.none')}</span>
            ) : (
              <span className="flex flex-col items-end">
                {month.items.map((row) => (
                  <span
                    key={row.currency}
                    className="tabular-nums"
                    data-testid={`forecast-${month.period.from}-${row.currency}`}
                  >
                    {formatMoney(row.expectedCents, row.currency)}{' '}
                    <span className="text-sm text-base-content/70">
                      {t('dashboard.forecast.cycles', { count: row.cycles })}
                    </span>
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </FigureCard>
  );
}
