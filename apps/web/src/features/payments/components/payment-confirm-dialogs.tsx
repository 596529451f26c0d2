import type { Payment } from '@reformer/domain/payments';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeletePayment } from '../api/delete-payment.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { usePaymentText } from './payment-display.ts';

type ConfirmProps = {
  organizationId: string;
  payment: Payment;
  isOpen: boolean;
  onClose: () => void;
};

/** "Refund payment": it becomes REFUNDED and the cycle it paid is open again. */
export function RefundPaymentDialog({ organizationId, payment, isOpen, onClose }: ConfirmProps) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const refund = useRefundPayment(organizationId, { onSuccess: onClose });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('payments.refund.title')}
      confirmLabel={t('payments.refund.submit')}
      tone="warning"
      isPending={refund.isPending}
      onConfirm={() => refund.mutate(payment.id)}
    >
      <p>
        {t('payments.refund.body', {
          amount: text.amount(payment),
          name: text.customer(payment),
          date: text.date(payment),
        })}
      </p>
    </ConfirmDialog>
  );
}

/** "Delete payment"; `onDeleted` leaves a page that showed it. */
export function DeletePaymentDialog({
  organizationId,
  payment,
  isOpen,
  onClose,
  onDeleted,
}: ConfirmProps & { onDeleted?: () => unknown }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const deletePayment = useDeletePayment(organizationId, {
    onSuccess: async () => {
      onClose();
      await onDeleted?.();
    },
  });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('payments.delete.title')}
      confirmLabel={t('payments.delete.submit')}
      isPending={deletePayment.isPending}
      onConfirm={() => deletePayment.mutate(payment.id)}
    >
      <p>
        {t('payments.delete.body', {
          amount: text.amount(payment),
          name: text.customer(payment),
          date: text.date(payment),
        })}
      </p>
    </ConfirmDialog>
  );
}
