import type { Session } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatTime, useFormatTimeRange } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { AvailabilityBadge, RosterCount } from './availability-badge.tsx';
import { SessionLink } from './session-link.tsx';

type SessionCardProps = {
  organizationId: string;
  session: Session;
  /** Shown in the cards view; the day list already has the date as its heading. */
  showDate?: boolean;
  /** Present when the user may move this session. */
  onMove?: (() => void) | undefined;
};

/** A session as a card: the cards view and the week as a day list on a phone. */
export function SessionCard({ organizationId, session, showDate = false, onMove }: SessionCardProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  const formatTime = useFormatTime();
  const formatTimeRange = useFormatTimeRange();
  const nameOrUnknown = useNameOrUnknown();
  const date = formatDate(session.date);

  return (
    <li
      className={`card border bg-base-100 ${session.isActive ? 'border-base-300' : 'border-dashed border-base-content/30'}`}
    >
      <div className="card-body gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <SessionLink
            organizationId={organizationId}
            session={session}
            className="font-semibold break-words"
            aria-label={t('attendance.calendar.openSession', {
              name: session.scheduleName,
              date,
              time: formatTime(session.startTime),
            })}
          >
            {session.scheduleName}
          </SessionLink>
          <AvailabilityBadge availability={session.availability} />
        </div>
        <p className="text-sm">
          {showDate && <span className="font-medium">{date} · </span>}
          {formatTimeRange(session.startTime, session.endTime)}
        </p>
        <p className="text-sm text-base-content/80">
          {session.establishmentName} · {nameOrUnknown(session.staffName)}
        </p>
        {session.movedFrom && (
          <p className="text-xs text-base-content/70">
            {t('attendance.movedFrom', {
              date: formatDate(session.movedFrom.date),
              time: formatTime(session.movedFrom.startTime),
            })}
          </p>
        )}
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm">
            <RosterCount count={session.rosterCount} capacity={session.capacity} />
          </span>
          {onMove && (
            <button
              type="button"
              className="btn btn-xs"
              aria-label={t('attendance.move.openLabel', { name: session.scheduleName, date })}
              onClick={onMove}
            >
              {t('attendance.move.open')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
