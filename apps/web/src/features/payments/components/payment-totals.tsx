import type { PaymentsSearchParams, PaymentTotals as Totals } from '@reformer/domain/payments';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';

type PaymentTotalsProps = { totals: Totals[]; query: Pick<PaymentsSearchParams, 'from' | 'to'> };

/**
 * What the filtered payments add up to, one block per currency — reais and dollars are never summed
 * together: received (completed) and still pending.
 */
export function PaymentTotals({ totals, query }: PaymentTotalsProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const period = usePeriodText(query);
  return (
    <section aria-labelledby="payment-totals" className="flex flex-col gap-2">
      <h2 id="payment-totals" className="text-sm font-medium text-base-content/70">
        {t('payments.totals.title', { period })}
      </h2>
      {totals.length === 0 ? (
        <p className="text-sm text-base-content/70">{t('payments.totals.none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {totals.map((total) => (
            <li
              key={total.currency}
              aria-label={t('payments.totals.currency', { currency: total.currency })}
              className="rounded-box border border-base-300 bg-base-100 p-4"
            >
              <p className="text-xs font-semibold tracking-wide text-base-content/70">
                {total.currency} · {t('payments.totals.count', { count: total.count })}
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-2">
                <div>
                  <dt className="text-sm text-base-content/70">{t('payments.totals.received')}</dt>
                  <dd className="text-xl font-bold tabular-nums">
                    {formatMoney(total.completedCents, total.currency)}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-base-content/70">{t('payments.totals.pending')}</dt>
                  <dd className="text-xl font-bold tabular-nums">
                    {formatMoney(total.pendingCents, total.currency)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Dec 1, 2026 to Dec 31, 2026", "from Dec 1, 2026", "until …" or "all dates". */
function usePeriodText({ from, to }: Pick<PaymentsSearchParams, 'from' | 'to'>): string {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  if (from && to) return t('payments.display.period', { start: formatDate(from), end: formatDate(to) });
  if (from) return t('payments.totals.since', { date: formatDate(from) });
  if (to) return t('payments.totals.until', { date: formatDate(to) });
  return t('payments.totals.allDates');
}
