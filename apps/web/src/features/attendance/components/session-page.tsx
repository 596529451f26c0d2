import type { Session } from '@reformer/domain/sessions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import { sessionQueryOptions } from '../api/get-session.ts';
import { useSessionMover } from '../use-session-mover.ts';
import { AddCustomersDialog } from './add-customers-dialog.tsx';
import { MoveSessionDialog } from './move-session-dialog.tsx';
import { RosterList } from './roster-list.tsx';
import { SessionHeader } from './session-header.tsx';

type SessionPageProps = {
  organizationId: string;
  sessionId: string;
  timeZone: string;
  /** Shown below the roster: the session's waitlist. */
  children?: ReactNode;
};

/**
 * One session (spec §2 attendance/session/{sessionId}): its roster, each customer's status and check-in,
 * and adding customers. What each member may do follows their permissions at the session's establishment.
 */
export function SessionPage({ organizationId, sessionId, timeZone, children }: SessionPageProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  const { data: session } = useSuspenseQuery(sessionQueryOptions(organizationId, sessionId));
  const permissions = usePermissions(organizationId);
  const mover = useSessionMover(organizationId, timeZone);
  const [moving, setMoving] = useState<Session | null>(null);
  const at = { scope: 'ESTABLISHMENT', establishmentId: session.establishmentId } as const;
  const canManage = permissions.can('MANAGE_ATTENDANCE', at);
  const canCheckIn = canManage || permissions.can('CHECKIN_CUSTOMERS', at);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Link
        to="/app/org/$orgId/attendance"
        params={{ orgId: organizationId }}
        search={{ view: 'week', date: session.date }}
        className="link text-sm"
      >
        {t('attendance.session.back')}
      </Link>
      <SessionHeader
        session={session}
        actions={
          <>
            {mover.canMove(session) && (
              <button
                type="button"
                className="btn"
                aria-label={t('attendance.move.openLabel', {
                  name: session.scheduleName,
                  date: formatDate(session.date),
                })}
                onClick={() => setMoving(session)}
              >
                {t('attendance.move.open')}
              </button>
            )}
            {canManage && (
              <AddCustomersDialog organizationId={organizationId} session={session} timeZone={timeZone} />
            )}
          </>
        }
      />
      <section aria-labelledby="session-roster" className="flex flex-col gap-3">
        <h2 id="session-roster" className="text-xl font-semibold">
          {t('attendance.session.roster.title')}
        </h2>
        <RosterList
          organizationId={organizationId}
          sessionId={session.id}
          timeZone={timeZone}
          roster={session.roster}
          canManage={canManage}
          canCheckIn={canCheckIn}
        />
      </section>
      {children}
      <MoveSessionDialog
        organizationId={organizationId}
        session={moving}
        mover={mover}
        onClose={() => setMoving(null)}
      />
    </div>
  );
}
