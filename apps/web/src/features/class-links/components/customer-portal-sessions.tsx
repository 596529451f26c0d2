import type { PortalSessionList } from '@reformer/domain/portal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatInstant } from '@/lib/format.ts';
import { portalSessionsQueryOptions, useEndPortalSession } from '../api/portal-sessions.ts';

type Props = { organizationId: string; customerId: string; timeZone: string; canManage: boolean };
type PortalSession = PortalSessionList['items'][number];

/** Reasons the server records when a session ends (decision 039); an unknown one shows as plainly ended. */
const ENDED_REASONS = ['SIGNED_OUT', 'LINK_REVOKED', 'ENDED_BY_STAFF'] as const;

/**
 * The customer's portal sessions on their page (decision 039): when each was opened and last used, from what
 * device, and whether it is live or how it ended — so staff can end the one on a lost or shared device.
 */
export function CustomerPortalSessions({ organizationId, customerId, timeZone, canManage }: Props) {
  const { t } = useTranslation();
  const sessions = useQuery(portalSessionsQueryOptions(organizationId, customerId));
  const end = useEndPortalSession(organizationId, customerId);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="customer-portal-sessions">
      <h3 id="customer-portal-sessions" className="font-semibold">
        {t('classLink.sessions.title')}
      </h3>
      {sessions.isPending && <Spinner />}
      {sessions.isError && <QueryError error={sessions.error} onRetry={sessions.refetch} />}
      {sessions.data?.items.length === 0 && <p className="text-sm">{t('classLink.sessions.none')}</p>}
      {sessions.data && sessions.data.items.length > 0 && (
        <ul className="flex flex-col gap-2">
          {sessions.data.items.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              timeZone={timeZone}
              canEnd={canManage && session.isLive}
              isBusy={end.isPending}
              onEnd={() => end.mutate(session.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type RowProps = {
  session: PortalSession;
  timeZone: string;
  canEnd: boolean;
  isBusy: boolean;
  onEnd: () => void;
};

function SessionRow({ session, timeZone, canEnd, isBusy, onEnd }: RowProps) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const opened = formatInstant(session.createdAt);
  return (
    <li
      className="flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="portal-session"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium break-words">
          {session.userAgent || t('classLink.sessions.unknownDevice')}
        </p>
        <p>{t('classLink.sessions.opened', { date: opened })}</p>
        <p>{t('classLink.sessions.lastSeen', { date: formatInstant(session.lastSeenAt) })}</p>
        <p>
          <SessionState session={session} formatInstant={formatInstant} />
        </p>
      </div>
      {canEnd && (
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm self-start sm:self-center"
          disabled={isBusy}
          aria-label={t('classLink.sessions.endLabel', { date: opened })}
          onClick={onEnd}
        >
          {t('classLink.sessions.end')}
        </button>
      )}
    </li>
  );
}

function SessionState({
  session,
  formatInstant,
}: {
  session: PortalSession;
  formatInstant: (instant: string) => string;
}) {
  const { t } = useTranslation();
  if (session.isLive) return <span className="badge badge-success">{t('classLink.sessions.live')}</span>;
  if (!session.endedAt) return <span className="badge badge-ghost">{t('classLink.sessions.expired')}</span>;
  const reason = ENDED_REASONS.find((known) => known === session.endedReason);
  const date = formatInstant(session.endedAt);
  return (
    <span className="badge badge-ghost h-auto">
      {reason
        ? t(`classLink.sessions.endedBecause.${reason}`, { date })
        : t('classLink.sessions.endedOn', { date })}
    </span>
  );
}
