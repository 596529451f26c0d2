import type { Purchase } from '@reformer/domain/purchases';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { useDeletePurchase } from '../api/delete-purchase.ts';

/** Undoes a sale made by mistake; once a class is spent or a payment recorded the server refuses, said in place. */
export function UndoPurchaseButton({
  organizationId,
  purchase,
}: {
  organizationId: string;
  purchase: Purchase;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const undo = useDeletePurchase(organizationId, { onSuccess: () => setIsOpen(false) });
  const refusal = undo.error instanceof ApiError ? describeError(undo.error) : null;
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setIsOpen(true)}>
        {t('purchases.undo.open')}
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('purchases.undo.title')}
        confirmLabel={t('purchases.undo.confirm')}
        onConfirm={() => undo.mutate(purchase.id)}
        isPending={undo.isPending}
        refusal={refusal}
      >
        <p>{t('purchases.undo.body', { plan: purchase.planName, name: purchase.customerName })}</p>
      </ConfirmDialog>
    </>
  );
}
