import type { Payment } from '@reformer/domain/payments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { usePaymentText } from './payment-display.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

type PaymentsListProps = {
  payments: Payment[];
  /** The actions of a row (edit, refund, delete, PIX code), as the member may use them. */
  actionsOf: (payment: Payment) => ReactNode;
};

/** A table on wide screens; a card per payment on narrow ones, so a phone never scrolls sideways. */
export function PaymentsList({ payments, actionsOf }: PaymentsListProps) {
  return (
    <TableOrCards
      tableFrom="md"
      isFramed
      table={<PaymentsTable payments={payments} actionsOf={actionsOf} />}
      cards={payments.map((payment) => (
        <PaymentCard key={payment.id} payment={payment} actions={actionsOf(payment)} />
      ))}
    />
  );
}

function PaymentsTable({ payments, actionsOf }: PaymentsListProps) {
  const { t } = useTranslation();
  const text = usePaymentText();
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col">{t('payments.columns.date')}</th>
          <th scope="col">
            {t('payments.columns.customer')}
            <span className="block font-normal">{t('payments.columns.plan')}</span>
          </th>
          <th scope="col">{t('payments.columns.cycle')}</th>
          <th scope="col" className="text-end">
            {t('payments.columns.amount')}
          </th>
          <th scope="col">{t('payments.columns.method')}</th>
          <th scope="col">{t('payments.columns.status')}</th>
          <th scope="col">
            <span className="sr-only">{t('payments.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id}>
            <td className="whitespace-nowrap">{text.date(payment)}</td>
            <th scope="row" className="font-medium">
              {text.customer(payment)}
              <span className="block font-normal text-base-content/70">{payment.planName}</span>
            </th>
            <td>{text.cycle(payment)}</td>
            <td className="text-end whitespace-nowrap tabular-nums">
              {text.amount(payment)}
              <PaymentParts payment={payment} />
            </td>
            <td>{t(`payments.methods.${payment.method}`)}</td>
            <td>
              <PaymentStatusBadge status={payment.status} />
            </td>
            <td>{actionsOf(payment)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PaymentCard({ payment, actions }: { payment: Payment; actions: ReactNode }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title text-base break-words">{text.customer(payment)}</h2>
          <PaymentStatusBadge status={payment.status} />
        </div>
        <p className="text-lg font-semibold tabular-nums">
          {text.amount(payment)}{' '}
          <span className="text-sm font-normal text-base-content/70">
            · {t(`payments.methods.${payment.method}`)}
          </span>
        </p>
        <PaymentParts payment={payment} />
        <p className="text-sm">
          {text.date(payment)} · {payment.planName}
        </p>
        <p className="text-sm text-base-content/70">
          {t('payments.display.cycle', { period: text.cycle(payment) })}
        </p>
        {actions}
      </div>
    </li>
  );
}

/** What of the amount was given back, or went to the customer's credit instead of the cycle. */
function PaymentParts({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const parts = [
    payment.refundedCents > 0 && payment.status !== 'REFUNDED'
      ? t('payments.display.refunded', {
          amount: text.amount({ ...payment, amountCents: payment.refundedCents }),
        })
      : null,
    payment.creditedCents > 0
      ? t('payments.display.credited', {
          amount: text.amount({ ...payment, amountCents: payment.creditedCents }),
        })
      : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="block text-xs font-normal text-base-content/70">{parts.join(' · ')}</span>;
}
