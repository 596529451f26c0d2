import type { Payment } from '@reformer/domain/payments';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { useLocaleTag } from '@/lib/format.ts';
import { paymentQueryOptions } from '../api/get-payment.ts';
import { useUpdatePayment } from '../api/update-payment.ts';
import type { PixMerchant } from '../pix-code.ts';
import { ExcessPaymentAlert, useExcessRefusal } from './excess-payment-alert.tsx';
import { DeletePaymentDialog, RefundPaymentDialog } from './payment-confirm-dialogs.tsx';
import { PaymentDetailsFields } from './payment-details-fields.tsx';
import { usePaymentText } from './payment-display.ts';
import { showPaymentServerErrors } from './payment-form-errors.ts';
import {
  type PaymentDetailsFormValues,
  type PaymentDetailsValues,
  paymentDetailsResolver,
  paymentToDetails,
  toPaymentValues,
} from './payment-form-values.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { PixCodeDialog } from './pix-code-dialog.tsx';

type EditPaymentPageProps = { organizationId: string; paymentId: string; merchant: PixMerchant };

/**
 * The payment's details, changed in place; refund and delete. Who paid, for which enrollment and cycle
 * stays as recorded: a payment for something else is deleted and recorded again (the audit trail keeps both).
 */
export function EditPaymentPage({ organizationId, paymentId, merchant }: EditPaymentPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: payment } = useSuspenseQuery(paymentQueryOptions(organizationId, paymentId));
  const [dialog, setDialog] = useState<'refund' | 'delete' | 'pix' | null>(null);
  const toList = () => navigate({ to: '/app/org/$orgId/payments', params: { orgId: organizationId } });
  const close = () => setDialog(null);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to="/app/org/$orgId/payments" params={{ orgId: organizationId }} className="link text-sm">
          {t('payments.backToList')}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold">{t('payments.edit.title')}</h1>
            <PaymentStatusBadge status={payment.status} />
          </div>
          <div className="flex flex-wrap gap-2">
            {payment.method === 'PIX' && (
              <button type="button" className="btn btn-sm" onClick={() => setDialog('pix')}>
                {t('payments.actions.pix')}
              </button>
            )}
            {payment.status === 'COMPLETED' && (
              <button type="button" className="btn btn-sm" onClick={() => setDialog('refund')}>
                {t('payments.actions.refund')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm btn-ghost text-error"
              onClick={() => setDialog('delete')}
            >
              {t('payments.actions.delete')}
            </button>
          </div>
        </div>
      </header>
      {/* A refund changes the status under the form: it starts again from the payment as it now is. */}
      <EditPaymentForm
        key={payment.updatedAt}
        organizationId={organizationId}
        payment={payment}
        onDone={toList}
      />
      {dialog === 'pix' && (
        <PixCodeDialog
          organizationId={organizationId}
          merchant={merchant}
          payment={payment}
          isOpen
          onClose={close}
        />
      )}
      {dialog === 'refund' && (
        <RefundPaymentDialog organizationId={organizationId} payment={payment} isOpen onClose={close} />
      )}
      {dialog === 'delete' && (
        <DeletePaymentDialog
          organizationId={organizationId}
          payment={payment}
          isOpen
          onClose={close}
          onDeleted={toList}
        />
      )}
    </div>
  );
}

function EditPaymentForm({
  organizationId,
  payment,
  onDone,
}: {
  organizationId: string;
  payment: Payment;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const localeTag = useLocaleTag();
  const text = usePaymentText();
  const updatePayment = useUpdatePayment(organizationId, payment.id, { onSuccess: onDone });
  const form = useForm<PaymentDetailsFormValues, unknown, PaymentDetailsValues>({
    resolver: paymentDetailsResolver,
    defaultValues: paymentToDetails(payment, localeTag),
  });
  const excess = useExcessRefusal();
  // A payment that already sent money to credit keeps doing so: an edit of its notes is no new excess.
  const submitWith = (recordExcessAsCredit: boolean) =>
    form.handleSubmit(async (details) => {
      // The same cycle as before: left out, the server would take the first unpaid one.
      const target = {
        customerId: payment.customerId,
        enrollmentId: payment.enrollmentId,
        purchaseId: payment.purchaseId,
        cycleStart: payment.cycleStart,
      };
      const values = { ...toPaymentValues(details, target), recordExcessAsCredit };
      await updatePayment.mutateAsync(values).catch((error: unknown) => {
        excess.capture(error, values);
        showPaymentServerErrors(error, form.setError);
      });
    });
  const submit = submitWith(payment.creditedCents > 0);
  return (
    <form className="card border border-base-300 bg-base-100" noValidate onSubmit={submit}>
      <div className="card-body gap-4">
        <PaymentSummary
          customerName={text.customer(payment)}
          plan={payment.planName}
          cycle={{ start: payment.cycleStart, end: payment.cycleEnd }}
        />
        <PaymentDetailsFields form={form} />
        {excess.refusal && (
          <ExcessPaymentAlert
            refusal={excess.refusal}
            isPending={updatePayment.isPending}
            onRecordAsCredit={submitWith(true)}
          />
        )}
        <DialogActions onCancel={onDone}>
          <button type="submit" className="btn btn-primary" disabled={updatePayment.isPending}>
            {updatePayment.isPending ? t('common.saving') : t('common.save')}
          </button>
        </DialogActions>
      </div>
    </form>
  );
}
