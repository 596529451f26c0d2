import type { ChurnRiskCustomer, ChurnRiskReason } from '@reformer/domain/churn-risk';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney, useLocaleTag } from '@/lib/format.ts';
import { churnRiskQueryOptions } from '../api/get-churn-risk.ts';
import { FigureCard } from './figure-card.tsx';

/** A reason in words, its numbers filled in: the score is never shown without why. */
function useDescribeReason(): (reason: ChurnRiskReason) => string {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatLocalDate('medium');
  const formatRate = useMemo(
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format,
    [locale],
  );
  const listFormat = useMemo(() => new Intl.ListFormat(locale, { type: 'conjunction' }), [locale]);
  return (reason) => {
    switch (reason.code) {
      case 'ATTENDANCE_FALLING':
        return t('churnRisk.reasons.attendanceFalling', {
          before: formatRate(reason.beforePerWeek),
          recent: formatRate(reason.recentPerWeek),
        });
      case 'PAYMENTS_OVERDUE':
        return t('churnRisk.reasons.paymentsOverdue', {
          count: reason.cycles,
          amount: reason.amounts.map((owed) => formatMoney(owed.amountCents, owed.currency)).join(' + '),
        });
      case 'ENROLLMENT_ENDING':
        return t('churnRisk.reasons.enrollmentEnding', { date: formatDate(reason.endDate) });
      case 'MAKE_UP_CREDITS_PILING_UP': {
        const parts = [
          reason.held > 0 && t('churnRisk.reasons.makeUpCreditsHeld', { count: reason.held }),
          reason.expired > 0 && t('churnRisk.reasons.makeUpCreditsExpired', { count: reason.expired }),
        ].filter((part) => part !== false);
        return t('churnRisk.reasons.makeUpCreditsPilingUp', { credits: listFormat.format(parts) });
      }
    }
  };
}

function CustomerAtRisk({
  organizationId,
  customer,
}: {
  organizationId: string;
  customer: ChurnRiskCustomer;
}) {
  const { t } = useTranslation();
  const describeReason = useDescribeReason();
  return (
    <li className="flex flex-col gap-1 py-2 md:flex-row md:items-start md:gap-4">
      <div className="flex items-center gap-2 md:w-64 md:shrink-0">
        <span
          className="badge badge-warning tabular-nums"
          role="img"
          aria-label={t('churnRisk.score', { score: customer.score })}
        >
          {customer.score}
        </span>
        <Link
          to="/app/org/$orgId/customers/$customerId/details"
          params={{ orgId: organizationId, customerId: customer.customerId }}
          className="link link-hover font-medium"
        >
          {customer.name}
        </Link>
      </div>
      <ul className="flex flex-col gap-0.5 text-sm">
        {customer.reasons.map((reason) => (
          <li key={reason.code} className="flex gap-2">
            <span className="w-8 shrink-0 text-right text-base-content/60 tabular-nums">
              {t('churnRisk.points', { points: reason.points })}
            </span>
            <span>{describeReason(reason)}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The customers at risk of leaving, highest score first (docs/decisions/022). */
export function ChurnRiskCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(churnRiskQueryOptions(organizationId));
  return (
    <FigureCard
      id="dashboard-churn-risk"
      title={t('churnRisk.title')}
      description={t('churnRisk.description')}
      className="md:col-span-2 lg:col-span-3"
    >
      {data.items.length === 0 ? (
        <p className="text-success">{t('churnRisk.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-base-300" aria-label={t('churnRisk.listLabel')}>
            {data.items.map((customer) => (
              <CustomerAtRisk key={customer.customerId} organizationId={organizationId} customer={customer} />
            ))}
          </ul>
          {data.total > data.items.length && (
            <p className="text-sm text-base-content/70">
              {t('churnRisk.shown', { shown: data.items.length, total: data.total })}
            </p>
          )}
        </>
      )}
    </FigureCard>
  );
}
