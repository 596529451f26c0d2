import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { classNoticeSettingsQueryOptions } from '@/features/events/api/get-class-notice-settings.ts';
import { useFormatLocalDate, useFormatTime, useLocaleTag } from '@/lib/format.ts';
import { sessionQueryOptions } from '../api/get-session.ts';
import type { SessionMover } from '../use-session-mover.ts';

/**
 * "Move this session?" when customers are on it, naming them. With the class change notices on (Events,
 * decision 050) the confirmation says they are told and how, so staff do not tell them twice; with them off,
 * it asks staff to tell them. Shown for a drag on the week grid and for the move form alike.
 */
export function MoveSessionConfirm({
  organizationId,
  mover,
}: {
  organizationId: string;
  mover: SessionMover;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatTime = useFormatTime();
  const pending = mover.confirming;
  if (!pending) return null;
  const { session, slot, answer } = pending;
  return (
    <ConfirmDialog
      isOpen
      onClose={() => answer(false)}
      title={t('attendance.move.confirm.title')}
      confirmLabel={t('attendance.move.submit')}
      onConfirm={() => answer(true)}
      isPending={false}
      tone="warning"
    >
      <p>
        {t('attendance.move.confirm.body', {
          name: session.scheduleName,
          from: `${formatDate(session.date)} ${formatTime(session.startTime)}`,
          to: `${formatDate(slot.date)} ${formatTime(slot.startTime)}`,
          count: session.rosterCount,
        })}
      </p>
      <WhoTellsThem organizationId={organizationId} count={session.rosterCount} />
      <RosterNames organizationId={organizationId} sessionId={session.id} />
    </ConfirmDialog>
  );
}

/** The app tells the roster (by which channels), or staff must: the organization's notice settings decide. */
function WhoTellsThem({ organizationId, count }: { organizationId: string; count: number }) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const settings = useQuery(classNoticeSettingsQueryOptions(organizationId));
  if (!settings.data) return null;
  const { changeNoticeEnabled, changeChannels } = settings.data;
  if (!changeNoticeEnabled || changeChannels.length === 0)
    return <p className="mt-2 font-medium">{t('attendance.move.confirm.tellThem', { count })}</p>;
  const channels = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    changeChannels.map((channel) => t(`events.channels.${channel}`)),
  );
  return <p className="mt-2">{t('attendance.move.confirm.told', { count, channels })}</p>;
}

/** Who is on the session (a canceled customer is not). */
function RosterNames({ organizationId, sessionId }: { organizationId: string; sessionId: string }) {
  const { t } = useTranslation();
  const details = useQuery(sessionQueryOptions(organizationId, sessionId));
  if (details.isPending) return <Spinner />;
  if (details.isError) return <QueryError error={details.error} onRetry={details.refetch} />;
  const names = details.data.roster
    .filter((entry) => entry.status !== 'CANCELED')
    .map((entry) => `${entry.firstName} ${entry.lastName}`);
  return (
    <ul aria-label={t('attendance.move.confirm.who')} className="mt-2 list-disc ps-5">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
