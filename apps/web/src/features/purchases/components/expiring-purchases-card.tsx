import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { useFormatLocalDate } from '@/lib/format.ts';
import { expiringPurchasesQueryOptions } from '../api/get-expiring-purchases.ts';

/** How far ahead the dashboard looks: two weeks leaves time to call the customer and sell the next pack. */
const DAYS_AHEAD = 14;
const SHOWN = 5;

/**
 * The dashboard's "packs about to expire" (issue #26 §5): packs and single classes with classes left whose last
 * day comes within two weeks, soonest first, each with what is left; it links to the plans sold.
 */
export function ExpiringPurchasesCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const expiring = useQuery(expiringPurchasesQueryOptions(organizationId, DAYS_AHEAD));
  const items = expiring.data?.items ?? [];
  return (
    <section aria-labelledby="expiring-purchases" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h2 id="expiring-purchases" className="card-title text-base">
          {t('purchases.expiring.title', { count: items.length, days: DAYS_AHEAD })}
        </h2>
        {expiring.isError && <QueryError error={expiring.error} onRetry={expiring.refetch} />}
        {expiring.isSuccess && items.length === 0 && (
          <p className="text-sm text-base-content/70">{t('purchases.expiring.none', { days: DAYS_AHEAD })}</p>
        )}
        {items.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm">
            {items.slice(0, SHOWN).map((purchase) => (
              <li key={purchase.id} className="flex flex-wrap justify-between gap-x-3">
                <Link
                  to="/app/org/$orgId/customers/$customerId/details"
                  params={{ orgId: organizationId, customerId: purchase.customerId }}
                  search={{ tab: 'enrollments' }}
                  className="link min-w-0 break-words"
                >
                  {purchase.customerName}
                </Link>
                <span className="text-base-content/70">
                  {t('purchases.expiring.item', {
                    plan: purchase.planName,
                    count: purchase.classesLeft,
                    date: formatDate(purchase.expiresOn),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/app/org/$orgId/purchases"
          params={{ orgId: organizationId }}
          search={{ state: 'ACTIVE' }}
          className="link text-sm"
        >
          {t('purchases.expiring.seeAll')}
        </Link>
      </div>
    </section>
  );
}
