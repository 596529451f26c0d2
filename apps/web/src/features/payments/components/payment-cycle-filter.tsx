import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@/lib/format.ts';

/**
 * The payments of the cycles due in a period (`cycleFrom`/`cycleTo`), as the dashboard's "due this month"
 * and forecast open the list: shown as a chip that removes the narrowing, since no field sets it here.
 */
export function PaymentCycleFilter({
  cycleFrom,
  cycleTo,
  onRemove,
}: {
  cycleFrom: string | undefined;
  cycleTo: string | undefined;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (!cycleFrom && !cycleTo) return null;
  const show = (date: string | undefined) => (date ? formatDate(date) : '…');
  return (
    <p>
      <button
        type="button"
        className="badge badge-outline gap-1 py-3"
        aria-label={t('payments.filters.removeCycles')}
        onClick={onRemove}
        data-testid="payments-cycle-filter"
      >
        {t('payments.filters.cycles', { from: show(cycleFrom), to: show(cycleTo) })}
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
