import type { CurrencyOverdue } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';

/** Billing cycles past their due date without enough COMPLETED payments, per currency. */
export function OverdueCard({
  organizationId,
  overdue,
}: {
  organizationId: string;
  overdue: CurrencyOverdue[];
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <FigureCard
      id="dashboard-overdue"
      title={t('dashboard.overdue.title')}
      description={t('dashboard.overdue.description')}
      action={
        <Link to="/app/org/$orgId/events" params={{ orgId: organizationId }} className="btn btn-sm btn-ghost">
          {t('dashboard.overdue.link')}
        </Link>
      }
    >
      {overdue.length === 0 ? (
        <p className="text-success">{t('dashboard.overdue.none')}</p>
      ) : (
        <dl className="flex flex-col gap-2">
          {overdue.map((row) => (
            <div key={row.currency}>
              <dt className="text-sm text-base-content/70">
                {/* Each count its own plural form: "1 cliente", never "1 cliente(s)" (#27 item 14). */}
                {t('dashboard.overdue.summary', {
                  cycles: t('dashboard.overdue.cycles', { count: row.cycles }),
                  customers: t('dashboard.overdue.customers', { count: row.customers }),
                })}
              </dt>
              <dd
                className="text-2xl font-bold text-error tabular-nums"
                data-testid={`overdue-${row.currency}`}
              >
                {formatMoney(row.amountCents, row.currency)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </FigureCard>
  );
}
