import { offerDateTime, type WaitlistEntry } from '@reformer/domain/waitlist';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { usePreferences } from '@/lib/preferences.tsx';
import { waitlistQueryOptions } from '../api/get-waitlist.ts';
import { markOfferMessageSent } from '../api/mark-offer-message-sent.ts';
import { useRemoveFromWaitlist } from '../api/remove-from-waitlist.ts';
import { useReorderWaitlist } from '../api/reorder-waitlist.ts';
import { AddToWaitlistDialog } from './add-to-waitlist-dialog.tsx';

type Props = {
  organizationId: string;
  sessionId: string;
  timeZone: string;
  /** Customers on the roster: not offered in the add dialog. */
  rosterIds: readonly string[];
  canManage: boolean;
};

/**
 * The session's waitlist (decision 024): offers (with the time left and the WhatsApp link for the member to
 * send), the line in order with move up/down, and who left it. Changes need MANAGE_ATTENDANCE.
 */
export function WaitlistPanel({ organizationId, sessionId, timeZone, rosterIds, canManage }: Props) {
  const { t } = useTranslation();
  const waitlist = useQuery(waitlistQueryOptions(organizationId, sessionId));
  const reorder = useReorderWaitlist(organizationId, sessionId);
  const remove = useRemoveFromWaitlist(organizationId, sessionId);
  const list = waitlist.data;
  const waitingIds = list?.items.filter((item) => item.state === 'WAITING').map((item) => item.id) ?? [];
  const move = (entryId: string, by: -1 | 1) => {
    const from = waitingIds.indexOf(entryId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= waitingIds.length) return;
    const order = [...waitingIds];
    [order[from], order[to]] = [order[to] ?? '', order[from] ?? ''];
    reorder.mutateAsync(order).catch(() => undefined);
  };
  const activeIds = new Set(
    list?.items.filter((item) => item.position !== null).map((item) => item.customerId) ?? [],
  );
  const excluded = new Set([...rosterIds, ...activeIds]);

  return (
    <section aria-labelledby="session-waitlist" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="session-waitlist" className="text-xl font-semibold">
          {t('waitlist.title')}
        </h2>
        {canManage && list && (
          <AddToWaitlistDialog
            organizationId={organizationId}
            sessionId={sessionId}
            excludedIds={excluded}
            disabled={!list.isOpen}
          />
        )}
      </div>
      <p className="text-sm text-base-content/70">{t('waitlist.description')}</p>
      {waitlist.isError && !list && (
        <p role="alert" className="alert alert-error">
          {describeError(waitlist.error, 'errors.network')}
        </p>
      )}
      {waitlist.isPending && <Spinner />}
      {list && list.heldSeats > 0 && (
        <p className="text-sm" aria-live="polite">
          {t('waitlist.held', { count: list.heldSeats })}
        </p>
      )}
      {list && !list.isOpen && canManage && (
        <p className="text-sm text-base-content/70">
          {list.freeSeats > 0 ? t('waitlist.closedFree') : t('waitlist.closedStarted')}
        </p>
      )}
      {list && list.items.length === 0 && <p className="text-base-content/70">{t('waitlist.empty')}</p>}
      {list && list.items.length > 0 && (
        <ol className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
          {list.items.map((item) => (
            <WaitlistRow
              key={item.id}
              item={item}
              organizationId={organizationId}
              timeZone={timeZone}
              canManage={canManage}
              isPending={reorder.isPending || remove.isPending}
              isFirst={waitingIds[0] === item.id}
              isLast={waitingIds[waitingIds.length - 1] === item.id}
              onMove={(by) => move(item.id, by)}
              onRemove={() =>
                remove.mutateAsync({ entryId: item.id, name: item.customerName }).catch(() => undefined)
              }
            />
          ))}
        </ol>
      )}
    </section>
  );
}

type RowProps = {
  item: WaitlistEntry;
  organizationId: string;
  timeZone: string;
  canManage: boolean;
  isPending: boolean;
  isFirst: boolean;
  isLast: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** "1 h 05 min" or "12 min" until the offer ends, as of this render (the list refreshes every minute). */
function timeLeft(expiresAt: string): string {
  const minutes = Math.max(0, Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

const BADGES: Record<WaitlistEntry['state'], string> = {
  WAITING: 'badge-ghost',
  OFFERED: 'badge-warning',
  ACCEPTED: 'badge-success',
  DECLINED: 'badge-ghost',
  EXPIRED: 'badge-ghost',
  REMOVED: 'badge-ghost',
};

function WaitlistRow({
  item,
  organizationId,
  timeZone,
  canManage,
  isPending,
  isFirst,
  isLast,
  onMove,
  onRemove,
}: RowProps) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const name = item.customerName;
  const isWaiting = item.state === 'WAITING';
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="waitlist-entry">
      {item.position !== null && (
        <span className="w-8 font-mono text-sm text-base-content/70">
          {t('waitlist.position', { position: item.position })}
        </span>
      )}
      <span className="min-w-0 flex-1 font-medium">{name}</span>
      <span className={`badge ${BADGES[item.state]}`}>{t(`waitlist.states.${item.state}`)}</span>
      {item.state === 'OFFERED' && item.offerExpiresAt && (
        <span className="w-full text-sm text-base-content/70 sm:w-auto">
          {t('waitlist.offeredUntil', {
            time: offerDateTime(new Date(item.offerExpiresAt), timeZone, language),
          })}{' '}
          · {t('waitlist.timeLeft', { time: timeLeft(item.offerExpiresAt) })}
        </span>
      )}
      {item.whatsApp && canManage && (
        <a
          className="btn btn-sm btn-success"
          href={item.whatsApp.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('waitlist.whatsAppLabel', { name })}
          onClick={() => void markOfferMessageSent(organizationId, item.whatsApp?.messageId ?? '')}
        >
          {t('waitlist.whatsApp')}
        </a>
      )}
      {canManage && isWaiting && (
        <span className="flex gap-1">
          <button
            type="button"
            className="btn btn-square btn-sm"
            aria-label={t('waitlist.moveUp', { name })}
            disabled={isPending || isFirst}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-square btn-sm"
            aria-label={t('waitlist.moveDown', { name })}
            disabled={isPending || isLast}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
        </span>
      )}
      {canManage && item.position !== null && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={t('waitlist.remove', { name })}
          disabled={isPending}
          onClick={onRemove}
        >
          ×
        </button>
      )}
    </li>
  );
}
