import type { AttendanceSearchParams, AttendanceView, Session } from '@reformer/domain/sessions';
import { todayIn } from '@reformer/domain/time-zones';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWeekStartsOn } from '@/lib/week-start.ts';
import { shiftPeriod, visibleRange } from '../calendar-range.ts';
import { useSessionMover } from '../use-session-mover.ts';
import { AttendanceFilters, type SessionFilterChoices } from './attendance-filters.tsx';
import { AttendanceToolbar } from './attendance-toolbar.tsx';
import { AttendanceViews } from './attendance-views.tsx';
import { MoveSessionDialog } from './move-session-dialog.tsx';

type AttendancePageProps = SessionFilterChoices & {
  organizationId: string;
  timeZone: string;
  search: AttendanceSearchParams;
  onSearchChange: (next: Partial<AttendanceSearchParams>) => void;
};

/**
 * The attendance index of spec §2: this week by default, as a time grid, a month grid, a table or cards,
 * filtered; the view, the day and the filters live in the URL. "Today" is the organization's today.
 */
export function AttendancePage({
  organizationId,
  timeZone,
  search,
  onSearchChange,
  ...choices
}: AttendancePageProps) {
  const { t } = useTranslation();
  const weekStartsOn = useWeekStartsOn();
  const mover = useSessionMover(organizationId, timeZone);
  const [moving, setMoving] = useState<Session | null>(null);
  const today = todayIn(timeZone);
  const date = search.date ?? today;
  const range = visibleRange(search.view, date, weekStartsOn);
  const moveOf = (session: Session) => (mover.canMove(session) ? () => setMoving(session) : undefined);
  const openDay = (day: string) => onSearchChange({ view: 'week', date: day });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <header>
        <h1 className="text-3xl font-bold">{t('attendance.title')}</h1>
        <p className="text-base-content/70">{t('attendance.subtitle')}</p>
      </header>
      <AttendanceToolbar
        view={search.view}
        range={range}
        date={date}
        onView={(view: AttendanceView) => onSearchChange({ view })}
        onShift={(direction) => onSearchChange({ date: shiftPeriod(search.view, date, direction) })}
        onToday={() => onSearchChange({ date: undefined })}
      />
      <AttendanceFilters search={search} onChange={onSearchChange} {...choices} />
      <AttendanceViews
        organizationId={organizationId}
        search={search}
        range={range}
        date={date}
        today={today}
        mover={mover}
        moveOf={moveOf}
        onOpenDay={openDay}
      />
      <MoveSessionDialog
        organizationId={organizationId}
        session={moving}
        mover={mover}
        onClose={() => setMoving(null)}
      />
    </div>
  );
}
