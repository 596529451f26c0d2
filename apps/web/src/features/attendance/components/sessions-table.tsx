import type { Session } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatTimeRange } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { AvailabilityBadge, RosterCount } from './availability-badge.tsx';
import { SessionLink } from './session-link.tsx';

type SessionsTableProps = {
  organizationId: string;
  sessions: Session[];
  moveOf: (session: Session) => (() => void) | undefined;
};

/** The table view; on a narrow screen the table scrolls inside its own box. */
export function SessionsTable({ organizationId, sessions, moveOf }: SessionsTableProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  const formatTimeRange = useFormatTimeRange();
  const nameOrUnknown = useNameOrUnknown();
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{t('attendance.columns.date')}</th>
            <th scope="col">{t('attendance.columns.time')}</th>
            <th scope="col">{t('attendance.columns.schedule')}</th>
            <th scope="col">{t('attendance.columns.establishment')}</th>
            <th scope="col">{t('attendance.columns.instructor')}</th>
            <th scope="col">{t('attendance.columns.roster')}</th>
            <th scope="col">{t('attendance.columns.availability')}</th>
            <th scope="col">
              <span className="sr-only">{t('attendance.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const onMove = moveOf(session);
            return (
              <tr key={session.id}>
                <td className="whitespace-nowrap">{formatDate(session.date)}</td>
                <td className="whitespace-nowrap">{formatTimeRange(session.startTime, session.endTime)}</td>
                <th scope="row" className="font-medium">
                  <SessionLink organizationId={organizationId} session={session}>
                    {session.scheduleName}
                  </SessionLink>
                  {session.movedFrom && (
                    <span className="badge badge-xs badge-outline ml-1">{t('attendance.moved')}</span>
                  )}
                </th>
                <td>{session.establishmentName}</td>
                <td>{nameOrUnknown(session.staffName)}</td>
                <td>
                  <RosterCount count={session.rosterCount} capacity={session.capacity} />
                </td>
                <td>
                  <AvailabilityBadge availability={session.availability} />
                </td>
                <td>
                  {onMove && (
                    <button
                      type="button"
                      className="btn btn-xs"
                      aria-label={t('attendance.move.openLabel', {
                        name: session.scheduleName,
                        date: formatDate(session.date),
                      })}
                      onClick={onMove}
                    >
                      {t('attendance.move.open')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
