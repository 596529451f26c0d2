import { dayOfWeekName } from '@reformer/domain/schedules';
import type { Session } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatTimeRange, useLocaleTag } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { daysOfWeekFrom, useWeekStartsOn } from '@/lib/week-start.ts';
import { isSameMonth } from '../calendar-range.ts';
import { AvailabilityBadge, RosterCount } from './availability-badge.tsx';
import { SessionLink } from './session-link.tsx';

/** A day cell shows this many sessions; "+N more" opens that day's week. */
const SESSIONS_PER_DAY = 2;

type MonthViewProps = {
  organizationId: string;
  /** The 42 days of the grid, starting on the week that holds the 1st. */
  days: string[];
  month: string;
  today: string;
  sessions: Session[];
  onOpenDay: (date: string) => void;
};

/** The month as a calendar grid, 6 weeks × 7 days; on a phone a day shows how many sessions it has. */
export function MonthView({ organizationId, days, month, today, sessions, onOpenDay }: MonthViewProps) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const weekStartsOn = useWeekStartsOn();
  const formatDay = useFormatLocalDate('full');

  return (
    <section
      aria-label={t('attendance.calendar.label')}
      className="rounded-box border border-base-300 bg-base-100"
    >
      <div className="grid grid-cols-7 border-b border-base-300 text-center text-xs font-medium">
        {daysOfWeekFrom(weekStartsOn).map((day) => (
          <p key={day} className="py-2">
            <abbr title={dayOfWeekName(day, locale, 'long')} className="no-underline">
              {dayOfWeekName(day, locale, 'short')}
            </abbr>
          </p>
        ))}
      </div>
      <ol className="grid grid-cols-7">
        {days.map((day) => {
          const daySessions = sessions.filter((session) => session.date === day);
          const hidden = daySessions.length - SESSIONS_PER_DAY;
          return (
            <li
              key={day}
              aria-label={formatDay(day)}
              aria-current={day === today ? 'date' : undefined}
              className={`flex min-h-20 min-w-0 flex-col gap-1 border-b border-l border-base-300 p-1 md:min-h-32 ${
                isSameMonth(day, month) ? '' : 'bg-base-200/60 text-base-content/60'
              }`}
            >
              <button
                type="button"
                className={`btn btn-ghost btn-xs self-start ${day === today ? 'btn-active text-primary' : ''}`}
                onClick={() => onOpenDay(day)}
              >
                {Number(day.slice(8, 10))}
              </button>
              {daySessions.length > 0 && (
                <span className="badge badge-sm md:hidden">{daySessions.length}</span>
              )}
              <ul className="hidden flex-col gap-1 md:flex">
                {daySessions.slice(0, SESSIONS_PER_DAY).map((session) => (
                  <MonthSessionChip key={session.id} organizationId={organizationId} session={session} />
                ))}
              </ul>
              {hidden > 0 && (
                <button
                  type="button"
                  className="link hidden text-left text-xs md:block"
                  onClick={() => onOpenDay(day)}
                >
                  {t('attendance.moreSessions', { count: hidden })}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function MonthSessionChip({ organizationId, session }: { organizationId: string; session: Session }) {
  const formatTimeRange = useFormatTimeRange();
  const nameOrUnknown = useNameOrUnknown();
  return (
    <li className="min-w-0 rounded-field border border-base-300 px-1 py-0.5 text-xs">
      <SessionLink organizationId={organizationId} session={session} className="block truncate font-semibold">
        {session.scheduleName}
      </SessionLink>
      <p className="truncate">{formatTimeRange(session.startTime, session.endTime)}</p>
      <p className="truncate text-base-content/70">{nameOrUnknown(session.staffName)}</p>
      <p className="flex flex-wrap items-center gap-1">
        <RosterCount count={session.rosterCount} capacity={session.capacity} />
        <AvailabilityBadge availability={session.availability} size="xs" />
      </p>
    </li>
  );
}
