import { canPayFor, creditToSpend } from '@reformer/domain/make-up-credits';
import { todayIn } from '@reformer/domain/time-zones';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { customerMakeUpCreditsQueryOptions } from '@/lib/make-up-credits.ts';
import type { PickedCustomer } from './customer-picker.tsx';

type Props = {
  organizationId: string;
  customers: PickedCustomer[];
  sessionDate: string;
  timeZone: string;
};

/**
 * Booking a make-up: each picked customer's credits valid for this session's date, and the one the booking
 * will use (the oldest, as the server decides again under the customer's lock).
 */
export function MakeUpCreditsPreview({ organizationId, customers, sessionDate, timeZone }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const today = todayIn(timeZone);
  const credits = useQueries({
    queries: customers.map((customer) => customerMakeUpCreditsQueryOptions(organizationId, customer.id)),
  });
  return (
    <div className="flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm" aria-live="polite">
      <p className="text-base-content/70">{t('makeUpCredits.booking.hint')}</p>
      <ul className="flex flex-col gap-1">
        {customers.map((customer, index) => {
          const list = credits[index]?.data;
          if (!list)
            return <li key={customer.id}>{t('makeUpCredits.booking.checking', { name: customer.name })}</li>;
          const valid = list.items.filter((credit) => canPayFor(credit, sessionDate, today));
          const next = creditToSpend(valid, sessionDate, today);
          return (
            <li key={customer.id} className={next ? '' : 'font-semibold'}>
              {next
                ? t('makeUpCredits.booking.available', {
                    name: customer.name,
                    count: valid.length,
                    date: formatDate(next.expiresOn),
                  })
                : t('makeUpCredits.booking.none', { name: customer.name })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
