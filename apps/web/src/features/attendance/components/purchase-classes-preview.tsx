import { purchaseToSpend } from '@reformer/domain/purchases';
import { todayIn } from '@reformer/domain/time-zones';
import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { customerPurchasesQueryOptions } from '@/lib/purchases.ts';
import type { PickedCustomer } from './customer-picker.tsx';

type Props = {
  organizationId: string;
  customers: PickedCustomer[];
  sessionDate: string;
  timeZone: string;
  /** A TRIAL place spends a trial class; any other a pack or single class (decision 029). */
  isTrial: boolean;
  /** Whether a picked customer has a purchase that can pay for this place, once known. */
  onUsableChange: (isUsable: boolean) => void;
};

/**
 * Adding customers who bought a pack, single or trial class: each one's balance, and the purchase the place
 * will spend (the one that expires first, as the server decides again under the purchase's lock).
 */
export function PurchaseClassesPreview({
  organizationId,
  customers,
  sessionDate,
  timeZone,
  isTrial,
  onUsableChange,
}: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const today = todayIn(timeZone);
  const lists = useQueries({
    queries: customers.map((customer) => customerPurchasesQueryOptions(organizationId, customer.id)),
  });
  const choices = customers.map((customer, index) => {
    const items = lists[index]?.data?.items;
    return { customer, choice: items ? purchaseToSpend(items, { sessionDate, today, isTrial }) : null };
  });
  const isUsable = choices.some(({ choice }) => choice !== null && 'purchase' in choice);
  useEffect(() => onUsableChange(isUsable), [isUsable, onUsableChange]);
  return (
    <ul className="flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm" aria-live="polite">
      {choices.map(({ customer, choice }) => (
        <li key={customer.id} className={choice && 'reason' in choice ? 'font-semibold' : ''}>
          {choice === null && t('purchases.preview.checking', { name: customer.name })}
          {choice &&
            'purchase' in choice &&
            t('purchases.preview.spends', {
              name: customer.name,
              plan: choice.purchase.planName,
              left: choice.purchase.classesTotal - choice.purchase.classesSpent,
              total: choice.purchase.classesTotal,
              date: formatDate(choice.purchase.expiresOn),
            })}
          {choice && 'reason' in choice && t(`purchases.preview.${choice.reason}`, { name: customer.name })}
        </li>
      ))}
    </ul>
  );
}
