import type { CurrencyRevenue, DashboardPayments, Period } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { useFormatMoney } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';
import { useFormatMonth } from './use-format-month.ts';

/** Money received (COMPLETED payments by payment date): the month so far against the whole last month. */
export function RevenueCard({
  organizationId,
  payments,
}: {
  organizationId: string;
  payments: DashboardPayments;
}) {
  const { t } = useTranslation();
  return (
    <FigureCard
      id="dashboard-revenue"
      title={t('dashboard.revenue.title')}
      description={t('dashboard.revenue.description')}
      action={
        <>
          <PaymentsLink organizationId={organizationId} period={payments.lastMonth}>
            {t('dashboard.revenue.lastMonthLink')}
          </PaymentsLink>
          <PaymentsLink organizationId={organizationId} period={payments.thisMonth}>
            {t('dashboard.revenue.thisMonthLink')}
          </PaymentsLink>
        </>
      }
    >
      {payments.revenue.length === 0 ? (
        <p className="text-base-content/70">{t('dashboard.revenue.empty')}</p>
      ) : (
        payments.revenue.map((revenue) => (
          <CurrencyRevenueFigure key={revenue.currency} revenue={revenue} payments={payments} />
        ))
      )}
    </FigureCard>
  );
}

function PaymentsLink({
  organizationId,
  period,
  children,
}: {
  organizationId: string;
  period: Period;
  children: string;
}) {
  return (
    <Link
      to="/app/org/$orgId/payments"
      params={{ orgId: organizationId }}
      search={{ from: period.from, to: period.to, status: 'COMPLETED' }}
      className="btn btn-sm btn-ghost"
    >
      {children}
    </Link>
  );
}

/** One currency: amounts are never added across currencies, so each has its own chart and scale. */
function CurrencyRevenueFigure({
  revenue,
  payments,
}: {
  revenue: CurrencyRevenue;
  payments: DashboardPayments;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatMonth = useFormatMonth();
  const thisMonth = formatMoney(revenue.thisMonthCents, revenue.currency);
  const lastMonth = formatMoney(revenue.lastMonthCents, revenue.currency);
  const data = [
    { key: 'last', label: formatMonth(payments.lastMonth.from), cents: revenue.lastMonthCents },
    { key: 'this', label: formatMonth(payments.thisMonth.from), cents: revenue.thisMonthCents },
  ];
  return (
    <div className="grid grid-cols-[1fr_8rem] items-center gap-3">
      <dl className="text-sm">
        <dt className="text-base-content/70">{t('dashboard.revenue.thisMonth')}</dt>
        <dd className="text-2xl font-bold tabular-nums" data-testid={`revenue-${revenue.currency}`}>
          {thisMonth}
        </dd>
        <dt className="text-base-content/70">{t('dashboard.revenue.lastMonth')}</dt>
        <dd className="tabular-nums">{lastMonth}</dd>
      </dl>
      <div
        role="img"
        aria-label={t('dashboard.revenue.chart', { currency: revenue.currency, thisMonth, lastMonth })}
        className="h-24"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: 4 }}>
            <XAxis dataKey="label" fontSize={10} interval={0} tickLine={false} />
            <YAxis hide domain={[0, 'dataMax']} />
            <Bar
              dataKey="cents"
              fill="var(--color-primary)"
              isAnimationActive={false}
              radius={[4, 4, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
