import type { BillingCycleState, CreditBalance, EnrollmentBilling } from '@reformer/domain/payments';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import { useApplyCredit } from '../api/apply-credit.ts';
import { customerBillingQueryOptions } from '../api/get-customer-billing.ts';
import { usePaymentText } from './payment-display.ts';
import { CycleStateBadge } from './payment-status-badge.tsx';

type CustomerPaymentsPanelProps = { organizationId: string; customerId: string };

/**
 * The customer details page's Payments tab: each enrollment's billing cycles up to a month ahead — paid,
 * due, overdue or upcoming, with what was paid of each — and a new payment for them.
 */
export function CustomerPaymentsPanel({ organizationId, customerId }: CustomerPaymentsPanelProps) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const billing = useQuery(customerBillingQueryOptions(organizationId, customerId));
  const enrollments = billing.data?.enrollments ?? [];
  const credits = billing.data?.credits ?? [];
  const applyCredit = useApplyCredit(organizationId, customerId);
  const canManage = permissions.can('MANAGE_PAYMENTS');
  /** "Use credit" on a cycle not paid, in a currency the customer holds credit in. */
  const creditAction = (enrollment: EnrollmentBilling) =>
    canManage && credits.some((credit) => credit.currency === enrollment.currency)
      ? {
          isPending: applyCredit.isPending,
          onUse: (cycle: BillingCycleState) =>
            applyCredit.mutate({ enrollmentId: enrollment.enrollmentId, cycleStart: cycle.start }),
        }
      : null;

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-payments">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="customer-payments" className="card-title text-lg">
            {t('payments.customerTab.title')}
          </h2>
          {permissions.can('MANAGE_PAYMENTS') && enrollments.length > 0 && (
            <Link
              to="/app/org/$orgId/payments/new"
              params={{ orgId: organizationId }}
              search={{ customerId }}
              className="btn btn-primary btn-sm"
            >
              {t('payments.customerTab.new')}
            </Link>
          )}
        </div>
        {billing.isPending && <Spinner />}
        {billing.isError && <QueryError error={billing.error} onRetry={billing.refetch} />}
        {billing.isSuccess && enrollments.length === 0 && <p>{t('payments.customerTab.empty')}</p>}
        {credits.length > 0 && <CreditBalances credits={credits} />}
        {enrollments.map((enrollment) => (
          <EnrollmentCycles
            key={enrollment.enrollmentId}
            enrollment={enrollment}
            credit={creditAction(enrollment)}
          />
        ))}
        {enrollments.length > 0 && (
          <Link
            to="/app/org/$orgId/payments"
            params={{ orgId: organizationId }}
            search={{ customerId }}
            className="link text-sm"
          >
            {t('payments.customerTab.seeAll')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The customer's credit per currency (never added across currencies), and what it is for. */
function CreditBalances({ credits }: { credits: CreditBalance[] }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <div className="rounded-box border border-base-300 bg-base-200 px-3 py-2">
      {credits.map((credit) => (
        <p key={credit.currency} className="font-medium">
          {t('payments.customerTab.credit', { amount: formatMoney(credit.balanceCents, credit.currency) })}
        </p>
      ))}
      <p className="text-sm text-base-content/70">{t('payments.customerTab.creditHint')}</p>
    </div>
  );
}

type CreditAction = { isPending: boolean; onUse: (cycle: BillingCycleState) => void } | null;

/** One enrollment: its plan and class, then a line per billing cycle. */
function EnrollmentCycles({ enrollment, credit }: { enrollment: EnrollmentBilling; credit: CreditAction }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const money = (cents: number) => formatMoney(cents, enrollment.currency);
  const headingId = `billing-${enrollment.enrollmentId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div>
        <h3 id={headingId} className="font-semibold break-words">
          {t('payments.enrollmentStep.option', {
            plan: enrollment.planName,
            schedule: enrollment.scheduleName,
          })}
        </h3>
        <p className="text-sm text-base-content/70">
          {t('payments.enrollmentStep.price', { price: money(enrollment.priceCents) })} ·{' '}
          {text.enrollmentStatus(enrollment)}
        </p>
      </div>
      {enrollment.cycles.length === 0 ? (
        <p className="text-sm text-base-content/70">{t('payments.customerTab.noCycles')}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {enrollment.cycles.map((cycle) => (
            <li
              key={cycle.start}
              aria-label={t('payments.customerTab.cycleLabel', { period: text.period(cycle) })}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium">{text.period(cycle)}</p>
                <p className="text-xs text-base-content/70">
                  {t('payments.customerTab.due', { date: formatDate(cycle.dueDate) })}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-sm tabular-nums">
                  {t('payments.customerTab.paidOf', {
                    paid: money(cycle.paidCents),
                    price: money(cycle.priceCents),
                  })}
                </span>
                <CycleStateBadge state={cycle.state} />
                {credit && cycle.state !== 'PAID' && (
                  <button
                    type="button"
                    className="btn btn-xs"
                    disabled={credit.isPending}
                    aria-label={t('payments.customerTab.useCreditLabel', { period: text.period(cycle) })}
                    onClick={() => credit.onUse(cycle)}
                  >
                    {t('payments.customerTab.useCredit')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
