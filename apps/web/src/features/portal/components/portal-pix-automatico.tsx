import type { PortalPixRecurrence } from '@reformer/domain/pix-automatico-views';
import { useTranslation } from 'react-i18next';
import { PixCodeField } from '@/components/ui/pix-code-field.tsx';
import { PixQrCode } from '@/components/ui/pix-qr-code.tsx';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';

/**
 * The customer's Pix Automático (decision 048) in "Pay": while the studio's request waits, the QR that
 * authorizes it once and pays the first cycle; once authorized, that every cycle is charged by itself. The
 * payments answer is asked again while one waits, so the state follows the bank.
 */
export function PortalPixAutomatico({ recurrences }: { recurrences: PortalPixRecurrence[] }) {
  const { t } = useTranslation();
  if (recurrences.length === 0) return null;
  return (
    <ul aria-label={t('portalPayments.pixAutomatico.title')} className="flex flex-col gap-2">
      {recurrences.map((recurrence) => (
        <RecurrenceItem key={recurrence.enrollmentId} recurrence={recurrence} />
      ))}
    </ul>
  );
}

function RecurrenceItem({ recurrence }: { recurrence: PortalPixRecurrence }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatLocalDate();
  const firstAmount = formatMoney(recurrence.firstAmountCents, 'BRL');
  const plan = recurrence.planName;
  return (
    <li className="flex flex-col gap-2 rounded-box border border-primary/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {t('portalPayments.pixAutomatico.title')} · {plan}
        </p>
        <span className={`badge ${recurrence.state === 'APPROVED' ? 'badge-success' : 'badge-info'}`}>
          {t(`portalPayments.pixAutomatico.states.${recurrence.state}`)}
        </span>
      </div>
      {recurrence.state === 'APPROVED' && (
        <p>{t('portalPayments.pixAutomatico.approved', { plan, date: formatDate(recurrence.startDate) })}</p>
      )}
      {recurrence.state === 'CREATED' && recurrence.pixCopiaECola && (
        <>
          <p>{t('portalPayments.pixAutomatico.waiting', { plan, amount: firstAmount })}</p>
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-start">
            <PixQrCode
              text={recurrence.pixCopiaECola}
              label={t('portalPayments.pixAutomatico.qrLabel', { amount: firstAmount })}
            />
            <PixCodeField code={recurrence.pixCopiaECola} />
          </div>
        </>
      )}
    </li>
  );
}
