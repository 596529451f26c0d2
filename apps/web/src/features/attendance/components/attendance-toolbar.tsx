import { ATTENDANCE_VIEWS, type AttendanceView } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import type { VisibleRange } from '../calendar-range.ts';

type AttendanceToolbarProps = {
  view: AttendanceView;
  range: VisibleRange;
  /** The day the month view is about (its grid starts and ends in the neighbouring months). */
  date: string;
  onView: (view: AttendanceView) => void;
  onShift: (direction: -1 | 1) => void;
  onToday: () => void;
};

/** The view switch (week, month, table, cards) and the period: previous, today, next. */
export function AttendanceToolbar({ view, range, date, onView, onShift, onToday }: AttendanceToolbarProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMonth = useFormatLocalDate('monthYear');
  const isMonth = view === 'month';
  const title = isMonth
    ? formatMonth(date)
    : t('attendance.navigation.range', { start: formatDate(range.from), end: formatDate(range.to) });

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <fieldset className="join">
        <legend className="sr-only">{t('attendance.views.label')}</legend>
        {ATTENDANCE_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            className={`btn btn-sm join-item ${option === view ? 'btn-active btn-primary' : ''}`}
            aria-pressed={option === view}
            onClick={() => onView(option)}
          >
            {t(`attendance.views.${option}`)}
          </button>
        ))}
      </fieldset>
      <nav aria-label={t('attendance.navigation.label')} className="flex flex-wrap items-center gap-2">
        <div className="join">
          <button type="button" className="btn btn-sm join-item" onClick={() => onShift(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="sr-only">
              {isMonth ? t('attendance.navigation.previousMonth') : t('attendance.navigation.previousWeek')}
            </span>
          </button>
          <button type="button" className="btn btn-sm join-item" onClick={onToday}>
            {t('attendance.navigation.today')}
          </button>
          <button type="button" className="btn btn-sm join-item" onClick={() => onShift(1)}>
            <span aria-hidden="true">›</span>
            <span className="sr-only">
              {isMonth ? t('attendance.navigation.nextMonth') : t('attendance.navigation.nextWeek')}
            </span>
          </button>
        </div>
        <h2 className="text-lg font-semibold first-letter:uppercase" aria-live="polite">
          {title}
        </h2>
      </nav>
    </div>
  );
}
