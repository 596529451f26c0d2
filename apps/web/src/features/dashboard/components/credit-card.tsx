import type { CurrencyCredit } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';

/** What the studio holds for customers as credit (decision 028), per currency, and how many hold it. */
export function CreditCard({ organizationId, credit }: { organizationId: string; credit: CurrencyCredit[] }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <FigureCard
      id="dashboard-credit"
      title={t('dashboard.credit.title')}
      description={t('dashboard.credit.description')}
      action={
        <Link
          to="/app/org/$orgId/customer-credits"
          params={{ orgId: organizationId }}
          className="btn btn-sm btn-ghost"
        >
          {t('dashboard.credit.link')}
        </Link>
      }
    >
      {credit.length === 0 ? (
        <p className="text-base-content/70">{t('dashboard.credit.none')}</p>
      ) : (
        <dl className="flex flex-col gap-2">
          {credit.map((row) => (
            <div key={row.currency}>
              <dt className="text-sm text-base-content/70">
                {t('dashboard.credit.customers', { count: row.customers })}
              </dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid={`credit-${row.currency}`}>
                {formatMoney(row.balanceCents, row.currency)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </FigureCard>
  );
}
