import type { PaymentsSearchParams } from '@reformer/domain/payments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { paymentsQueryOptions } from '../api/get-payments.ts';
import type { PixMerchant } from '../pix-code.ts';
import { DeletePaymentDialog, RefundPaymentDialog } from './payment-confirm-dialogs.tsx';
import { PaymentFilters } from './payment-filters.tsx';
import { type PaymentDialog, PaymentRowActions } from './payment-row-actions.tsx';
import { type PaymentsQueryChange, PaymentsResults } from './payments-results.tsx';
import { PixCodeDialog } from './pix-code-dialog.tsx';

type PaymentsPageProps = {
  organizationId: string;
  query: PaymentsSearchParams;
  onQueryChange: PaymentsQueryChange;
  /** The plans to filter by, when the member may list them. */
  plans: readonly { id: string; name: string }[] | null;
  merchant: PixMerchant;
};

/**
 * The payments list of spec §2 with its totals; filters and paging live in the URL. The route checked
 * VIEW_PAYMENTS.
 */
export function PaymentsPage({ organizationId, query, onQueryChange, plans, merchant }: PaymentsPageProps) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const canManage = permissions.can('MANAGE_PAYMENTS');
  const payments = useQuery({
    ...paymentsQueryOptions(organizationId, query),
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<PaymentDialog | null>(null);
  const [pickedCustomer, setPickedCustomer] = useState<{ id: string; name: string } | null>(null);
  // The customer the list is narrowed to, by name: the one just picked, or from the rows (all theirs).
  const customerName =
    (query.customerId &&
      ((pickedCustomer?.id === query.customerId && pickedCustomer.name) ||
        (!payments.isPlaceholderData && payments.data?.items[0]?.customerName))) ||
    null;
  const close = () => setDialog(null);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{t('payments.title')}</h1>
          <p className="text-base-content/70">{t('payments.subtitle')}</p>
        </div>
        {canManage && (
          <Link
            to="/app/org/$orgId/payments/new"
            params={{ orgId: organizationId }}
            search={query.customerId ? { customerId: query.customerId } : {}}
            className="btn btn-primary"
          >
            {t('payments.new')}
          </Link>
        )}
      </header>
      <PaymentFilters
        organizationId={organizationId}
        query={query}
        plans={plans}
        customerName={customerName}
        timeZone={merchant.timeZone}
        onPickCustomer={setPickedCustomer}
        onChange={onQueryChange}
      />
      <PaymentsResults
        query={query}
        payments={payments}
        onQueryChange={onQueryChange}
        actionsOf={(payment) => (
          <PaymentRowActions
            organizationId={organizationId}
            payment={payment}
            canManage={canManage}
            onOpen={setDialog}
          />
        )}
      />
      {dialog?.kind === 'pix' && (
        <PixCodeDialog
          organizationId={organizationId}
          merchant={merchant}
          payment={dialog.payment}
          isOpen
          onClose={close}
        />
      )}
      {dialog?.kind === 'refund' && (
        <RefundPaymentDialog
          organizationId={organizationId}
          payment={dialog.payment}
          isOpen
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeletePaymentDialog
          organizationId={organizationId}
          payment={dialog.payment}
          isOpen
          onClose={close}
        />
      )}
    </div>
  );
}
