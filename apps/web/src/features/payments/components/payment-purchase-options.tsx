import type { Purchase } from '@reformer/domain/purchases';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';

type PaymentPurchaseOptionsProps = {
  purchases: Purchase[];
  value: string | null;
  onChange: (purchase: Purchase) => void;
};

/** Step 2's packs, single and trial classes sold to the customer: each is paid once, so a paid one is shown, not offered. */
export function PaymentPurchaseOptions({ purchases, value, onChange }: PaymentPurchaseOptionsProps) {
  const { t } = useTranslation();
  if (purchases.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('payments.enrollmentStep.purchasesTitle')}</h3>
      <ul className="flex flex-col rounded-box border border-base-300">
        {purchases.map((purchase) => (
          <PurchaseOption
            key={purchase.id}
            purchase={purchase}
            isChosen={purchase.id === value}
            onChoose={() => onChange(purchase)}
          />
        ))}
      </ul>
    </div>
  );
}

function PurchaseOption({
  purchase,
  isChosen,
  onChoose,
}: {
  purchase: Purchase;
  isChosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatLocalDate();
  const hintId = useId();
  const isPaid = purchase.paymentState === 'PAID';
  return (
    <li className="border-b border-base-300 last:border-b-0">
      <label
        className={`flex items-start gap-3 px-3 py-2 ${isPaid ? 'opacity-70' : 'cursor-pointer hover:bg-base-200'}`}
      >
        <input
          type="radio"
          name="payment-enrollment"
          className="radio radio-sm mt-0.5"
          checked={isChosen}
          disabled={isPaid}
          aria-describedby={hintId}
          onChange={onChoose}
        />
        <span className="min-w-0">
          <span className="block font-medium break-words">
            {t('payments.enrollmentStep.purchaseOption', {
              plan: purchase.planName,
              classes: t('purchases.classes', { count: purchase.classesTotal }),
            })}
          </span>
          <span id={hintId} className="block text-xs text-base-content/70">
            {t('payments.enrollmentStep.purchasePrice', {
              price: formatMoney(purchase.priceCents, purchase.currency),
              date: formatDate(purchase.expiresOn),
            })}
            {' · '}
            {t(`purchases.paymentStates.${purchase.paymentState}`)}
          </span>
        </span>
      </label>
    </li>
  );
}

/** What is left to pay of a purchase, for the amount field. */
export function purchaseAmountToPay(purchase: Purchase): number {
  return Math.max(0, purchase.priceCents - purchase.paidCents);
}
