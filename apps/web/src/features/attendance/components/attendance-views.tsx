import type { AttendanceSearchParams, Session } from '@reformer/domain/sessions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { sessionsQueryOptions } from '../api/get-sessions.ts';
import type { VisibleRange } from '../calendar-range.ts';
import type { SessionMover } from '../use-session-mover.ts';
import { DayList } from './day-list.tsx';
import { MonthView } from './month-view.tsx';
import { SessionCards } from './session-cards.tsx';
import { SessionsTable } from './sessions-table.tsx';
import { WeekView } from './week-view.tsx';

type AttendanceViewsProps = {
  organizationId: string;
  search: AttendanceSearchParams;
  range: VisibleRange;
  date: string;
  today: string;
  mover: SessionMover;
  moveOf: (session: Session) => (() => void) | undefined;
  onOpenDay: (date: string) => void;
};

/** The sessions of the visible range (fetched from/to), in the chosen view. */
export function AttendanceViews({
  organizationId,
  search,
  range,
  date,
  today,
  mover,
  moveOf,
  onOpenDay,
}: AttendanceViewsProps) {
  const { t } = useTranslation();
  const { view, date: _date, ...filters } = search;
  const sessions = useQuery({
    ...sessionsQueryOptions(organizationId, { from: range.from, to: range.to, ...filters }),
    placeholderData: keepPreviousData,
  });

  if (sessions.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>{describeError(sessions.error)}</span>
        <button type="button" className="btn btn-sm" onClick={() => sessions.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const items = sessions.data.items;
  const isFiltered = Object.values(filters).some((value) => value !== undefined);
  const isCalendar = view === 'week' || view === 'month';
  return (
    <div
      className={`flex flex-col gap-3 transition-opacity ${sessions.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={sessions.isPlaceholderData}
    >
      {items.length === 0 && (
        <p
          role="status"
          className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/70"
        >
          {isFiltered ? t('attendance.noMatches') : t('attendance.empty')}
        </p>
      )}
      {view === 'week' && (
        <>
          <p className="hidden text-sm text-base-content/70 md:block">{t('attendance.calendar.dragHint')}</p>
          <div className="hidden md:block">
            <WeekView
              organizationId={organizationId}
              days={range.days}
              today={today}
              sessions={items}
              mover={mover}
              onMoveDialog={(session) => moveOf(session)?.()}
            />
          </div>
          <div className="md:hidden">
            <DayList
              organizationId={organizationId}
              days={range.days}
              today={today}
              sessions={items}
              moveOf={moveOf}
            />
          </div>
        </>
      )}
      {view === 'month' && (
        <MonthView
          organizationId={organizationId}
          days={range.days}
          month={date}
          today={today}
          sessions={items}
          onOpenDay={onOpenDay}
        />
      )}
      {!isCalendar && items.length > 0 && view === 'table' && (
        <SessionsTable organizationId={organizationId} sessions={items} moveOf={moveOf} />
      )}
      {!isCalendar && items.length > 0 && view === 'cards' && (
        <SessionCards organizationId={organizationId} sessions={items} moveOf={moveOf} />
      )}
    </div>
  );
}
