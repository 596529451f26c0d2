import {
  EVENT_CHANNELS,
  type EventChannel,
  type EventSent,
  type ServerChannel,
} from '@reformer/domain/events';
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
  /** Channels whose message waits in the outbox: the others stay free (decision 032). */
  waiting: EventChannel[];
  /** Channels this server cannot send by hand (e-mail without SMTP, SMS without a provider). */
  unavailable: ServerChannel[];
  /** The rendered message; null until the kind's configuration (its template) is saved. */
  message: string | null;
  contact: { hasEmail: boolean; whatsAppNumber: string | null };
  canManage: boolean;
};

/**
 * Send by WhatsApp (the server records the send and answers with the wa.me link to the customer's
 * international number, which then opens), by e-mail or SMS, or mark as sent. Once a message reached the
 * customer: who, how and when. One that only waits in the outbox keeps the other channels on offer.
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

function SendButtons(props: EventRowActionsProps) {
  const { organizationId, occasion, customerName, message, contact, waiting, unavailable } = props;
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
  /** Why a channel cannot be chosen, or undefined when it can. */
  const reasonOff = (channel: EventChannel): string | undefined => {
    const serverChannel = unavailable.find((off) => off === channel);
    if (serverChannel) return t(`events.actions.channelUnavailable.${serverChannel}`);
    if (waiting.includes(channel))
      return t('events.actions.waiting', { channels: t(`events.channels.${channel}`) });
    return hasContact(channel) ? undefined : t('events.actions.noContact');
  };
  const waitingText = waiting.map((channel) => t(`events.channels.${channel}`)).join(', ');

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1">
        {EVENT_CHANNELS.map((channel) => (
          <button
            key={channel}
            type="button"
            className={`btn btn-xs ${channel === 'WHATSAPP' ? 'btn-success' : ''}`}
            aria-label={labelOf(channel)}
            title={reasonOff(channel)}
            disabled={!canSend || reasonOff(channel) !== undefined}
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
      {waitingText && (
        <p className="text-xs text-base-content/70">
          {t('events.actions.waiting', { channels: waitingText })}
        </p>
      )}
      {message === null && (
        <p className="text-xs text-base-content/70">{t('events.actions.configureFirst')}</p>
      )}
    </div>
  );
}
