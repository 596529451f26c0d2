import type { EventMessage } from '@reformer/domain/events';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatDate, useFormatLocalDate } from '@/lib/format.ts';
import { WhatsAppStatusBadge } from './whatsapp-status-badge.tsx';

/** Sends a WhatsApp message of the outbox: opens its link and takes it off the outbox. */
export type OutboxWhatsApp = { open: (message: EventMessage) => void; isPending: boolean };

type EventMessagesListProps = {
  messages: EventMessage[];
  /** The history shows the kind of each message; an area's outbox shows its customer instead. */
  show: 'kind' | 'customer';
  /** Given in the outbox of a member who may send its kind. */
  whatsApp?: OutboxWhatsApp | undefined;
};

/** Messages as a table from md up and as cards below: when, what, channel, status, by whom, the text. */
export function EventMessagesList(props: EventMessagesListProps) {
  return (
    <TableOrCards
      tableFrom="md"
      isFramed
      table={<MessagesTable {...props} />}
      cards={props.messages.map((message) => <MessageCard key={message.id} {...props} message={message} />)}
    />
  );
}

function useMessageText() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatLocalDate = useFormatLocalDate();
  return {
    at: (message: EventMessage) => formatDate(message.at),
    channel: (message: EventMessage) =>
      message.channel ? t(`events.channels.${message.channel}`) : t('events.history.outsideApp'),
    status: (message: EventMessage) => t(`events.statuses.${message.status}`),
    by: (message: EventMessage) => message.byName ?? t('events.history.automatic'),
    /** The event and its occasion: "Birthday · Mar 15, 2027". */
    event: (message: EventMessage) =>
      `${t(`events.kinds.${message.kind}`)} · ${formatLocalDate(message.occasionDate)}`,
  };
}

const isWaitingWhatsApp = (message: EventMessage) =>
  message.channel === 'WHATSAPP' && message.status === 'OUTBOX' && message.link !== null;

/** The outbox's WhatsApp entry: opened from here, it is recorded as sent and leaves the outbox. */
function SendWhatsApp({
  message,
  whatsApp,
}: {
  message: EventMessage;
  whatsApp?: OutboxWhatsApp | undefined;
}) {
  const { t } = useTranslation();
  if (!whatsApp || !isWaitingWhatsApp(message)) return null;
  return (
    <div className="mt-1">
      <button
        type="button"
        className="btn btn-xs btn-success"
        aria-label={t('events.outbox.openWhatsAppLabel', { name: message.customerName })}
        disabled={whatsApp.isPending}
        onClick={() => whatsApp.open(message)}
      >
        {t('events.outbox.openWhatsApp')}
      </button>
    </div>
  );
}

/** The text, and a link to open a WhatsApp message where it cannot be sent from the list. */
function MessageBody({ message, hasLink }: { message: EventMessage; hasLink: boolean }) {
  const { t } = useTranslation();
  if (!message.body && !message.link) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer link">{t('events.history.showMessage')}</summary>
      {message.recipient && (
        <p className="text-base-content/70">{t('events.outbox.to', { recipient: message.recipient })}</p>
      )}
      {message.subject && <p className="font-medium">{message.subject}</p>}
      {message.body && <p className="whitespace-pre-wrap break-words">{message.body}</p>}
      {message.link && hasLink && (
        <a
          href={message.link}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-xs btn-success mt-1"
        >
          {t('events.outbox.openWhatsApp')}
        </a>
      )}
    </details>
  );
}

/** A message sent through the Cloud API shows WhatsApp's status (decision 052); the others, ours. */
function MessageStatus({ message }: { message: EventMessage }) {
  const text = useMessageText();
  if (message.whatsApp) return <WhatsAppStatusBadge whatsApp={message.whatsApp} />;
  return <span className="badge badge-sm badge-outline">{text.status(message)}</span>;
}

function MessagesTable({ messages, show: column, whatsApp }: EventMessagesListProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col">{t('events.history.columns.at')}</th>
          <th scope="col">
            {column === 'kind' ? t('events.history.columns.kind') : t('events.birthdays.columns.customer')}
          </th>
          <th scope="col">{t('events.history.columns.channel')}</th>
          <th scope="col">{t('events.history.columns.status')}</th>
          <th scope="col">{t('events.history.columns.by')}</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <td className="whitespace-nowrap">{text.at(message)}</td>
            <th scope="row" className="font-medium">
              {column === 'kind' ? text.event(message) : message.customerName}
              <SendWhatsApp message={message} whatsApp={whatsApp} />
              <MessageBody message={message} hasLink={!whatsApp} />
            </th>
            <td>{text.channel(message)}</td>
            <td>
              <MessageStatus message={message} />
            </td>
            <td>{text.by(message)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MessageCard({
  message,
  show: column,
  whatsApp,
}: Omit<EventMessagesListProps, 'messages'> & { message: EventMessage }) {
  const text = useMessageText();
  const title: ReactNode = column === 'kind' ? text.event(message) : message.customerName;
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold break-words">{title}</h3>
          <MessageStatus message={message} />
        </div>
        <p className="text-sm text-base-content/70">
          {text.at(message)} · {text.channel(message)} · {text.by(message)}
        </p>
        <SendWhatsApp message={message} whatsApp={whatsApp} />
        <MessageBody message={message} hasLink={!whatsApp} />
      </div>
    </li>
  );
}
