import { PURCHASE_ACTIONS, type Purchase } from '@reformer/domain/purchases';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { customerPurchasesQueryOptions } from '@/lib/purchases.ts';
import { PurchaseSummary } from './purchase-summary.tsx';
import { SellPurchaseDialog } from './sell-purchase-dialog.tsx';
import { UndoPurchaseButton } from './undo-purchase-button.tsx';

type CustomerPurchasesPanelProps = { organizationId: string; customerId: string };

/** The customer's packs, single and trial classes: balance, expiry, payment; sell one, pay or undo it. */
export function CustomerPurchasesPanel({ organizationId, customerId }: CustomerPurchasesPanelProps) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const [isSelling, setIsSelling] = useState(false);
  const purchases = useQuery(customerPurchasesQueryOptions(organizationId, customerId));
  const canSell = permissions.canAny(PURCHASE_ACTIONS.sell);
  const canPay = permissions.can('MANAGE_PAYMENTS');
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-purchases-title">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="customer-purchases-title" className="card-title text-lg">
            {t('purchases.customerTab.title')}
          </h2>
          {canSell && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setIsSelling(true)}>
              {t('purchases.sell.open')}
            </button>
          )}
        </div>
        {purchases.isPending && <Spinner />}
        {purchases.isError && <QueryError error={purchases.error} onRetry={purchases.refetch} />}
        {purchases.data?.items.length === 0 && <p>{t('purchases.customerTab.empty')}</p>}
        {purchases.data && purchases.data.items.length > 0 && (
          <ul className="divide-y divide-base-300">
            {purchases.data.items.map((purchase) => (
              <li key={purchase.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <PurchaseSummary purchase={purchase} />
                <div className="flex flex-wrap gap-2">
                  {canPay && purchase.paymentState !== 'PAID' && (
                    <PayPurchaseLink organizationId={organizationId} purchase={purchase} />
                  )}
                  {canSell && purchase.classesSpent === 0 && purchase.paidCents === 0 && (
                    <UndoPurchaseButton organizationId={organizationId} purchase={purchase} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <SellPurchaseDialog
        organizationId={organizationId}
        customerId={customerId}
        isOpen={isSelling}
        onClose={() => setIsSelling(false)}
      />
    </section>
  );
}

/** Straight to the payment flow's details step, with this purchase chosen. */
function PayPurchaseLink({ organizationId, purchase }: { organizationId: string; purchase: Purchase }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/app/org/$orgId/payments/new"
      params={{ orgId: organizationId }}
      search={{ customerId: purchase.customerId, purchaseId: purchase.id, step: 'details' }}
      className="btn btn-sm"
    >
      {t('purchases.pay')}
    </Link>
  );
}
