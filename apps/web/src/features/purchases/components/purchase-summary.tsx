import type { Purchase } from '@reformer/domain/purchases';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';

const STATE_BADGE = { ACTIVE: 'badge-success', USED_UP: 'badge-ghost', EXPIRED: 'badge-warning' } as const;
const PAYMENT_BADGE = { PAID: 'badge-success', PARTIAL: 'badge-warning', UNPAID: 'badge-error' } as const;

/** A purchase's balance, expiry and whether it is paid, as the customer's page and the list show them. */
export function PurchaseSummary({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="font-medium break-words">
        {purchase.planName}{' '}
        <span className="text-sm font-normal text-base-content/70">
          · {t(`purchases.kinds.${purchase.kind}`)}
        </span>
      </span>
      <span className="text-sm" data-testid="purchase-balance">
        {t('purchases.balance', { left: purchase.classesLeft, total: purchase.classesTotal })} ·{' '}
        {t('purchases.expiresOn', { date: formatDate(purchase.expiresOn) })}
      </span>
      <span className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`badge badge-sm ${STATE_BADGE[purchase.state]}`}>
          {t(`purchases.states.${purchase.state}`)}
        </span>
        <span className={`badge badge-sm ${PAYMENT_BADGE[purchase.paymentState]}`}>
          {t(`purchases.paymentStates.${purchase.paymentState}`)}
        </span>
        <span className="text-base-content/70">{formatMoney(purchase.priceCents, purchase.currency)}</span>
      </span>
    </div>
  );
}
