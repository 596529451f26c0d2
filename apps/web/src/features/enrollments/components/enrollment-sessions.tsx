import type { EnrollmentSession } from '@reformer/domain/enrollments';
import { ATTENDANCE_STATUSES } from '@reformer/domain/sessions';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatInstantTime, useFormatLocalDate, useFormatTimeRange } from '@/lib/format.ts';

type EnrollmentSessionsProps = {
  organizationId: string;
  sessions: EnrollmentSession[];
  timeZone: string;
  /** Whether the member may open this establishment's session pages (the server answers 404 otherwise). */
  canOpenSessions: boolean;
};

/** The sessions the enrollment puts its customer on, with their status and check-in there. */
export function EnrollmentSessions({
  organizationId,
  sessions,
  timeZone,
  canOpenSessions,
}: EnrollmentSessionsProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  const formatTimeRange = useFormatTimeRange();
  const formatInstant = useFormatInstantTime(timeZone);
  const statusText = (status: string) => {
    const known = ATTENDANCE_STATUSES.find((candidate) => candidate === status);
    return known ? t(`attendance.statuses.${known}`) : status;
  };

  if (sessions.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 p-6 text-center">
        {t('enrollments.sessions.empty')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
      {sessions.map((session) => {
        const date = formatDate(session.date);
        return (
          <li key={session.sessionId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div className="min-w-0">
              {canOpenSessions ? (
                <Link
                  to="/app/org/$orgId/attendance/session/$sessionId"
                  params={{ orgId: organizationId, sessionId: session.sessionId }}
                  className="link font-medium"
                  aria-label={t('enrollments.sessions.openLabel', { date })}
                >
                  {date}
                </Link>
              ) : (
                <span className="font-medium">{date}</span>
              )}
              <span className="block text-sm text-base-content/70">
                {formatTimeRange(session.startTime, session.endTime)}
                {!session.isActive && ` · ${t('enrollments.sessions.inactive')}`}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="badge badge-outline badge-sm">{statusText(session.status)}</span>
              <span className={session.checkedInAt ? 'badge badge-success badge-sm' : 'text-base-content/70'}>
                {session.checkedInAt
                  ? t('attendance.checkIn.checkedInAt', { time: formatInstant(session.checkedInAt) })
                  : t('attendance.checkIn.notCheckedIn')}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
