import { EVENT_CHANNELS, type EventChannel, type EventSent } from '@reformer/domain/events';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@/lib/format.ts';
import { useMarkEventSent } from '../api/mark-event-sent.ts';
import { type EventOccasion, useSendEvent } from '../api/send-event.ts';
import { openWhatsAppAfter } from '../whats-app-window.ts';

type EventRowActionsProps = {
  organizationId: string;
  occasion: EventOccasion;
  customerName: string;
  sent: EventSent | null;
  /** The rendered message; null until the kind's configuration (its template) is saved. */
  message: string | null;
  contact: { hasEmail: boolean; whatsAppNumber: string | null };
  canManage: boolean;
};

/**
 * Send by WhatsApp (the server records the send and answers with the wa.me link to the customer's
 * international number, which then opens), by e-mail or SMS, or mark as sent. Once the occasion is sent:
 * who, how and when.
 */
export function EventRowActions(props: EventRowActionsProps) {
  const { sent, canManage } = props;
  if (sent) return <SentSummary sent={sent} />;
  if (!canManage) return null;
  return <SendButtons {...props} />;
}

function SentSummary({ sent }: { sent: EventSent }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const channels = sent.channels.map((channel) => t(`events.channels.${channel}`)).join(', ');
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="badge badge-success badge-sm">{t('events.sent.badge')}</span>
      <span className="text-base-content/70">
        {t('events.sent.summary', { source: t(`events.sources.${sent.source}`), date: formatDate(sent.at) })}
        {channels && ` · ${channels}`}
        {sent.byName && ` · ${sent.byName}`}
      </span>
    </div>
  );
}

function SendButtons({ organizationId, occasion, customerName, message, contact }: EventRowActionsProps) {
  const { t } = useTranslation();
  const send = useSendEvent(organizationId);
  const markSent = useMarkEventSent(organizationId);
  const isPending = send.isPending || markSent.isPending;
  const canSend = message !== null && !isPending;
  const sendOn = (channel: EventChannel) => {
    if (channel === 'WHATSAPP') openWhatsAppAfter(() => send.mutateAsync({ ...occasion, channel }));
    else send.mutate({ ...occasion, channel });
  };
  const labelOf = (channel: EventChannel) =>
    t('events.actions.sendByLabel', { channel: t(`events.channels.${channel}`), name: customerName });
  const hasContact = (channel: EventChannel) =>
    channel === 'EMAIL' ? contact.hasEmail : contact.whatsAppNumber !== null;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1">
        {EVENT_CHANNELS.map((channel) => (
          <button
            key={channel}
            type="button"
            className={`btn btn-xs ${channel === 'WHATSAPP' ? 'btn-success' : ''}`}
            aria-label={labelOf(channel)}
            title={hasContact(channel) ? undefined : t('events.actions.noContact')}
            disabled={!canSend || !hasContact(channel)}
            onClick={() => sendOn(channel)}
          >
            {t(`events.channels.${channel}`)}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          aria-label={t('events.actions.markSentLabel', { name: customerName })}
          disabled={isPending}
          onClick={() => markSent.mutate(occasion)}
        >
          {t('events.actions.markSent')}
        </button>
      </div>
      {message === null && (
        <p className="text-xs text-base-content/70">{t('events.actions.configureFirst')}</p>
      )}
    </div>
  );
}
