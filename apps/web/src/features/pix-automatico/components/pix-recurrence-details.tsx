import type { PixRecurrence } from '@reformer/domain/pix-automatico';
import { useTranslation } from 'react-i18next';
import { PixCodeField } from '@/components/ui/pix-code-field.tsx';
import { PixQrCode } from '@/components/ui/pix-qr-code.tsx';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import { RecurrenceCyclesList } from './recurrence-cycles-list.tsx';

const BADGE: Record<PixRecurrence['state'], string> = {
  CREATED: 'badge-info',
  APPROVED: 'badge-success',
  REJECTED: 'badge-error',
  CANCELLED_BY_RECEIVER: 'badge-ghost',
  CANCELLED_BY_PAYER: 'badge-warning',
  EXPIRED: 'badge-ghost',
};

/** A recurrence's terms and state; while it waits, the composite QR and its copy-paste code to send the customer. */
export function PixRecurrenceDetails({ recurrence }: { recurrence: PixRecurrence }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatLocalDate();
  const amount = formatMoney(recurrence.amountCents, recurrence.currency);
  const firstAmount = formatMoney(recurrence.firstAmountCents, recurrence.currency);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-base-content/70">{t('pixAutomatico.state')}</span>
        <span role="status" className={`badge ${BADGE[recurrence.state]}`}>
          {t(`pixAutomatico.states.${recurrence.state}`)}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Term label={t('pixAutomatico.fields.amount')}>
          {t(`pixAutomatico.amountKinds.${recurrence.amountKind}`, { amount })}
        </Term>
        <Term label={t('pixAutomatico.fields.periodicity')}>
          {t(`pixAutomatico.periodicities.${recurrence.periodicity}`)}
        </Term>
        <Term label={t('pixAutomatico.fields.firstCycle')}>
          {t('pixAutomatico.firstCycle', {
            amount: firstAmount,
            date: formatDate(recurrence.firstCycleStart),
          })}
        </Term>
        <Term label={t('pixAutomatico.fields.period')}>
          {recurrence.endDate
            ? t('pixAutomatico.periodUntil', {
                from: formatDate(recurrence.startDate),
                to: formatDate(recurrence.endDate),
              })
            : t('pixAutomatico.periodOpen', { from: formatDate(recurrence.startDate) })}
        </Term>
        <Term label={t('pixAutomatico.fields.retryPolicy')}>
          {t(`pixAutomatico.retryPolicies.${recurrence.retryPolicy}`)}
        </Term>
      </dl>
      {recurrence.state === 'APPROVED' && <p>{t('pixAutomatico.approvedHint')}</p>}
      {(recurrence.state === 'APPROVED' || recurrence.charges.length > 0) && (
        <RecurrenceCyclesList charges={recurrence.charges} />
      )}
      {recurrence.state === 'CREATED' && (
        <div className="flex flex-col gap-2">
          <p>{t('pixAutomatico.waitingHint')}</p>
          {recurrence.isRequestedAtPayerBank && (
            <p className="text-sm">{t('pixAutomatico.requestedAtPayerBank')}</p>
          )}
          {recurrence.pixCopiaECola ? (
            <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-start">
              <PixQrCode
                text={recurrence.pixCopiaECola}
                label={t('pixAutomatico.qrLabel', { amount: firstAmount })}
              />
              <PixCodeField code={recurrence.pixCopiaECola} />
            </div>
          ) : (
            <p className="text-sm text-warning">{t('pixAutomatico.codeUnavailable')}</p>
          )}
        </div>
      )}
    </div>
  );
}

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-base-content/60">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
