import type { PortalCharge, PortalDue, PortalPaymentItem } from '@reformer/domain/portal-payments';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PixCodeField } from '@/components/ui/pix-code-field.tsx';
import { PixQrCode } from '@/components/ui/pix-qr-code.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import {
  portalChargeQueryOptions,
  portalPaymentsQueryOptions,
  useOpenCharge,
  useRefreshPayments,
} from '../api/portal-payments-api.ts';
import { PortalPixAutomatico } from './portal-pix-automatico.tsx';

/**
 * "Pay" (decision 042): each cycle due or overdue, or pack unpaid, with its PIX code — the PSP's charge,
 * opened on "Pay with PIX" and watched until the bank confirms it, or the studio's static code — and the
 * customer's payments, newest first, each with its receipt.
 */
export function PortalPayments() {
  const { t } = useTranslation();
  const payments = useQuery(portalPaymentsQueryOptions());
  return (
    <section aria-labelledby="portal-payments" id="pay" className="flex flex-col gap-3">
      <h2 id="portal-payments" className="text-lg font-semibold">
        {t('portalPayments.title')}
      </h2>
      {payments.isPending && <Spinner label={t('portal.loading')} />}
      {payments.error && (
        <p role="alert" className="alert alert-error">
          {describeError(payments.error, 'errors.network')}
        </p>
      )}
      {payments.data && (
        <>
          <PortalPixAutomatico recurrences={payments.data.pixAutomatico} />
          {payments.data.dues.length === 0 ? (
            <p>{t('portalPayments.nothingDue')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {payments.data.dues.map((due) => (
                <DueItem key={`${due.enrollmentId}:${due.cycleStart}:${due.purchaseId}`} due={due} />
              ))}
            </ul>
          )}
          <PaymentHistory payments={payments.data.payments} />
        </>
      )}
    </section>
  );
}

function DueItem({ due }: { due: PortalDue }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const [isOpen, setIsOpen] = useState(false);
  const openCharge = useOpenCharge();
  const amount = formatMoney(due.amountCents, due.currency);
  const date = formatDate(due.dueDate);
  const pay = () => {
    setIsOpen(true);
    if (due.payBy !== 'PSP') return;
    openCharge.mutate(
      due.purchaseId
        ? { purchaseId: due.purchaseId }
        : { enrollmentId: due.enrollmentId ?? '', cycleStart: due.cycleStart ?? '' },
    );
  };
  return (
    <li
      aria-label={t('portalPayments.dueLabel', { plan: due.planName, date })}
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{due.planName}</p>
          {due.cycleStart && due.cycleEnd && (
            <p className="text-sm text-base-content/70">
              {t('portalPayments.period', { from: formatDate(due.cycleStart), to: formatDate(due.cycleEnd) })}
            </p>
          )}
          <p className="text-sm">{t('portalPayments.due', { date })}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <span className="text-lg font-semibold tabular-nums">{amount}</span>
          <span className={`badge ${due.state === 'OVERDUE' ? 'badge-error' : 'badge-warning'}`}>
            {t(`portalPayments.states.${due.state}`)}
          </span>
        </div>
      </div>
      {due.payBy === 'NONE' && <p className="text-sm">{t('portalPayments.noPix')}</p>}
      {due.payBy !== 'NONE' && !isOpen && (
        <button type="button" className="btn btn-primary" onClick={pay}>
          {t('portalPayments.pay')}
        </button>
      )}
      {isOpen && due.payBy === 'STATIC' && due.staticCode && (
        <PixCode code={due.staticCode} amount={amount} hint={t('portalPayments.staticHint')} />
      )}
      {isOpen && due.payBy === 'PSP' && openCharge.isPending && (
        <Spinner label={t('portalPayments.opening')} />
      )}
      {isOpen && due.payBy === 'PSP' && openCharge.error && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>{describeError(openCharge.error, 'errors.network')}</span>
          <button type="button" className="btn btn-sm" disabled={openCharge.isPending} onClick={pay}>
            {t('portalPayments.retry')}
          </button>
        </div>
      )}
      {isOpen && openCharge.data && <ChargeCode charge={openCharge.data} amount={amount} />}
    </li>
  );
}

/** The PSP's code, and its state asked again every few seconds until the bank confirms the Pix. */
function ChargeCode({ charge, amount }: { charge: PortalCharge; amount: string }) {
  const { t } = useTranslation();
  const current = useQuery(portalChargeQueryOptions(charge));
  const refreshPayments = useRefreshPayments();
  const status = current.data?.status ?? charge.status;
  useEffect(() => {
    if (status === 'PAID') void refreshPayments();
  }, [status, refreshPayments]);
  if (status === 'PAID') {
    return (
      <p role="status" className="alert alert-success">
        {t('portalPayments.paid')}
      </p>
    );
  }
  if (status !== 'ACTIVE' || !charge.brCode) {
    return (
      <p role="alert" className="alert alert-warning">
        {t('portalPayments.unavailable')}
      </p>
    );
  }
  return <PixCode code={charge.brCode} amount={amount} hint={t('portalPayments.awaiting')} />;
}

function PixCode({ code, amount, hint }: { code: string; amount: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3">
      <PixQrCode text={code} label={t('payments.pix.qrLabel', { amount })} />
      <PixCodeField code={code} />
      <p role="status" className="text-sm text-base-content/70">
        {hint}
      </p>
    </div>
  );
}

function PaymentHistory({ payments }: { payments: PortalPaymentItem[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  return (
    <>
      <h3 className="font-semibold">{t('portalPayments.history')}</h3>
      {payments.length === 0 ? (
        <p>{t('portalPayments.noPayments')}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {payments.map((payment) => {
            const date = formatDate(payment.paidOn);
            return (
              <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium">{payment.planName}</p>
                  <p className="text-sm text-base-content/70">
                    {t('portalPayments.paymentLine', {
                      date,
                      method: t(`payments.methods.${payment.method}`),
                      status: t(`payments.statuses.${payment.status}`),
                    })}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span className="tabular-nums">{formatMoney(payment.amountCents, payment.currency)}</span>
                  {payment.hasReceipt && (
                    <a
                      href={`/portal/receipts/${encodeURIComponent(payment.id)}`}
                      className="btn btn-sm"
                      aria-label={t('portalPayments.receiptLabel', { plan: payment.planName, date })}
                    >
                      {t('portalPayments.receipt')}
                    </a>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
