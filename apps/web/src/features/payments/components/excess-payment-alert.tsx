import type { Currency } from '@reformer/domain/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error.ts';
import { useFormatMoney } from '@/lib/format.ts';
import { usePaymentText } from './payment-display.ts';

/** The server's refusal of money a cycle does not owe (decision 028), with what it said about the cycle. */
export type ExcessRefusal = {
  code: 'PAYMENT_CYCLE_PAID' | 'PAYMENT_EXCEEDS_AMOUNT_DUE';
  cycle: { start: string; end: string; amountCents: number; paidCents: number; owedCents: number };
  amountCents: number;
  currency: Currency;
};

type CycleDetails = {
  cycleStart: string;
  cycleEnd: string;
  cycleAmountCents: number;
  paidCents: number;
  owedCents: number;
};

function isCycleDetails(details: unknown): details is CycleDetails {
  return typeof details === 'object' && details !== null && 'cycleStart' in details && 'owedCents' in details;
}

/** Keeps the last such refusal of a submit, so the page can offer to record the excess as credit. */
export function useExcessRefusal() {
  const [refusal, setRefusal] = useState<ExcessRefusal | null>(null);
  const capture = (error: unknown, payment: { amountCents: number; currency: Currency }) => {
    const isExcess =
      error instanceof ApiError &&
      (error.code === 'PAYMENT_CYCLE_PAID' || error.code === 'PAYMENT_EXCEEDS_AMOUNT_DUE') &&
      isCycleDetails(error.details);
    if (!isExcess) return setRefusal(null);
    const details = error.details as CycleDetails;
    setRefusal({
      code: error.code as ExcessRefusal['code'],
      cycle: {
        start: details.cycleStart,
        end: details.cycleEnd,
        amountCents: details.cycleAmountCents,
        paidCents: details.paidCents,
        owedCents: details.owedCents,
      },
      ...payment,
    });
  };
  return { refusal, capture, clear: () => setRefusal(null) };
}

type ExcessPaymentAlertProps = {
  refusal: ExcessRefusal;
  isPending: boolean;
  onRecordAsCredit: () => void;
};

/** What the cycle owed and was paid, and the way on: record what it does not owe as the customer's credit. */
export function ExcessPaymentAlert({ refusal, isPending, onRecordAsCredit }: ExcessPaymentAlertProps) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const formatMoney = useFormatMoney();
  const money = (cents: number) => formatMoney(cents, refusal.currency);
  const extra = money(refusal.amountCents - refusal.cycle.owedCents);
  return (
    <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
      <p className="font-semibold">
        {t(
          refusal.code === 'PAYMENT_CYCLE_PAID'
            ? 'payments.excess.paidTitle'
            : 'payments.excess.exceedsTitle',
        )}
      </p>
      <p>
        {t('payments.excess.body', {
          period: text.period(refusal.cycle),
          paid: money(refusal.cycle.paidCents),
          amount: money(refusal.cycle.amountCents),
        })}
      </p>
      <p>{t('payments.excess.explain', { extra })}</p>
      <button type="button" className="btn btn-sm" disabled={isPending} onClick={onRecordAsCredit}>
        {t('payments.excess.recordAsCredit', { extra })}
      </button>
    </div>
  );
}
