import type { PixRecurringCharge } from '@reformer/domain/pix-automatico-charges';
import { type RecurringChargeLine, recurringChargeLine } from '@reformer/domain/pix-automatico-views';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';

const BADGE: Record<RecurringChargeLine['kind'], string> = {
  SCHEDULED: 'badge-info',
  RETRY_SCHEDULED: 'badge-warning',
  PAID: 'badge-success',
  FELL_BACK: 'badge-warning',
  FAILED: 'badge-error',
  CANCELLED: 'badge-ghost',
  REFUSED: 'badge-ghost',
};

/**
 * Each cycle's debit of a recurrence (latest first, as the API answers): due date, amount, what happened and,
 * where it matters, the retry's date, the rejection code or why the cycle went to a PIX charge instead. A list
 * of cards rather than a table, so it reads at 390 px.
 */
export function RecurrenceCyclesList({ charges }: { charges: PixRecurringCharge[] }) {
  const { t } = useTranslation();
  if (charges.length === 0)
    return <p className="text-sm text-base-content/70">{t('pixAutomatico.cycles.none')}</p>;
  return (
    <section aria-labelledby="pix-automatico-cycles" className="flex flex-col gap-2">
      <h3 id="pix-automatico-cycles" className="font-semibold">
        {t('pixAutomatico.cycles.title')}
      </h3>
      <ul className="flex flex-col gap-2">
        {charges.map((charge) => (
          <CycleItem key={charge.cycleStart} charge={charge} />
        ))}
      </ul>
    </section>
  );
}

function CycleItem({ charge }: { charge: PixRecurringCharge }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatLocalDate();
  const line = recurringChargeLine(charge);
  return (
    <li
      className="flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm"
      data-testid="pix-automatico-cycle"
      data-cycle={charge.cycleStart}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {t('pixAutomatico.cycles.due', { date: formatDate(charge.dueDate) })}
        </span>
        <span>{formatMoney(charge.amountCents, 'BRL')}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge ${BADGE[line.kind]}`}>{t(`pixAutomatico.cycles.states.${line.kind}`)}</span>
        <LineDetail line={line} />
      </div>
    </li>
  );
}

function LineDetail({ line }: { line: RecurringChargeLine }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatInstant = useFormatDate();
  const code = 'rejectionCode' in line && line.rejectionCode ? line.rejectionCode : null;
  const rejected = code ? t('pixAutomatico.cycles.rejection', { code }) : null;
  const attempts = 'attempts' in line ? t('pixAutomatico.cycles.attempts', { count: line.attempts }) : null;
  switch (line.kind) {
    case 'SCHEDULED':
      return <span>{t('pixAutomatico.cycles.debitOn', { date: formatDate(line.date) })}</span>;
    case 'RETRY_SCHEDULED':
      return (
        <span>
          {[rejected, t('pixAutomatico.cycles.retryOn', { date: formatDate(line.date) }), attempts].join(
            ' · ',
          )}
        </span>
      );
    case 'PAID':
      return (
        <span>
          {[attempts, code ? t('pixAutomatico.cycles.paidAfterRejection', { code }) : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
      );
    case 'FAILED':
      return <span>{[rejected, attempts].filter(Boolean).join(' · ')}</span>;
    case 'FELL_BACK':
      return (
        <span>
          {[
            t(`pixAutomatico.cycles.fallbackReasons.${line.reason}`, { date: formatInstant(line.at) }),
            rejected,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      );
    default:
      return <span>{t(`pixAutomatico.cycles.details.${line.kind}`)}</span>;
  }
}
