import type { Payment } from '@reformer/domain/payments';
import { hasReceipt } from '@reformer/domain/portal-payments';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePaymentText } from './payment-display.ts';

export type PaymentDialog = { kind: 'refund' | 'delete' | 'pix'; payment: Payment };

type PaymentRowActionsProps = {
  organizationId: string;
  payment: Payment;
  canManage: boolean;
  onOpen: (dialog: PaymentDialog) => void;
};

/**
 * The PIX code of a PIX payment, and the receipt of one that received money, for everyone who sees the row;
 * edit, refund (a completed payment only) and delete for MANAGE_PAYMENTS. Each button names its payment for
 * screen readers.
 */
export function PaymentRowActions({ organizationId, payment, canManage, onOpen }: PaymentRowActionsProps) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const label = { name: text.customer(payment), date: text.date(payment) };
  return (
    <div className="flex flex-wrap gap-1">
      {payment.method === 'PIX' && (
        <button
          type="button"
          className="btn btn-xs"
          aria-label={t('payments.actions.pixLabel', label)}
          onClick={() => onOpen({ kind: 'pix', payment })}
        >
          {t('payments.actions.pix')}
        </button>
      )}
      {hasReceipt(payment) && (
        <Link
          to="/app/org/$orgId/payments/$paymentId/receipt"
          params={{ orgId: organizationId, paymentId: payment.id }}
          className="btn btn-xs"
          aria-label={t('payments.actions.receiptLabel', label)}
        >
          {t('payments.actions.receipt')}
        </Link>
      )}
      {canManage && (
        <Link
          to="/app/org/$orgId/payments/$paymentId/edit"
          params={{ orgId: organizationId, paymentId: payment.id }}
          className="btn btn-xs"
          aria-label={t('payments.actions.editLabel', label)}
        >
          {t('payments.actions.edit')}
        </Link>
      )}
      {canManage && payment.status === 'COMPLETED' && (
        <button
          type="button"
          className="btn btn-xs"
          aria-label={t('payments.actions.refundLabel', label)}
          onClick={() => onOpen({ kind: 'refund', payment })}
        >
          {t('payments.actions.refund')}
        </button>
      )}
      {canManage && (
        <button
          type="button"
          className="btn btn-xs btn-ghost text-error"
          aria-label={t('payments.actions.deleteLabel', label)}
          onClick={() => onOpen({ kind: 'delete', payment })}
        >
          {t('payments.actions.delete')}
        </button>
      )}
    </div>
  );
}
