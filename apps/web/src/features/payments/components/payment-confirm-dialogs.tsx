import { centsToInput, parseMoneyInput } from '@reformer/domain/money';
import type { Payment } from '@reformer/domain/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useFormatMoney, useLocaleTag } from '@/lib/format.ts';
import { useDeletePayment } from '../api/delete-payment.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { usePaymentText } from './payment-display.ts';

type ConfirmProps = {
  organizationId: string;
  payment: Payment;
  isOpen: boolean;
  onClose: () => void;
};

/**
 * "Refund payment", whole or in part (decision 028): the amount starts at what was not given back yet; the
 * server says when part of it was credit since spent. Given back whole, the payment becomes REFUNDED.
 */
export function RefundPaymentDialog({ organizationId, payment, isOpen, onClose }: ConfirmProps) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const localeTag = useLocaleTag();
  const formatMoney = useFormatMoney();
  const restCents = payment.amountCents - payment.refundedCents;
  const [amount, setAmount] = useState(() => centsToInput(restCents, localeTag));
  const amountCents = parseMoneyInput(amount);
  const isAmountValid = amountCents !== null && amountCents > 0 && amountCents <= restCents;
  const refund = useRefundPayment(organizationId, { onSuccess: onClose });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('payments.refund.title')}
      confirmLabel={t('payments.refund.submit')}
      tone="warning"
      isPending={refund.isPending || !isAmountValid}
      onConfirm={() => refund.mutate({ payment, amountCents })}
    >
      <p>
        {t('payments.refund.body', {
          amount: text.amount(payment),
          name: text.customer(payment),
          date: text.date(payment),
        })}
      </p>
      {payment.endToEndId && <p className="mt-2 text-sm">{t('payments.refund.throughPsp')}</p>}
      <div className="mt-3">
        <TextField
          label={t('payments.refund.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          hint={t('payments.refund.amountHint', { amount: formatMoney(restCents, payment.currency) })}
          error={isAmountValid ? undefined : { type: 'validate', message: 'validation.amount' }}
        />
      </div>
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
