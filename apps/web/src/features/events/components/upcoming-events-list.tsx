import type { EventChannel, EventConfig, EventSent, ServerChannel } from '@reformer/domain/events';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import type { EventOccasion } from '../api/send-event.ts';
import { EventRowActions } from './event-row-actions.tsx';

/** What every row of an upcoming list has: the customer, how to reach them, and what was sent. */
type ListedEvent = {
  customerId: string;
  customerName: string;
  sent: EventSent | null;
  waiting: EventChannel[];
  hasEmail: boolean;
  whatsAppNumber: string | null;
};

/** A column after the customer's name (the row header); a numeric one is aligned to the end. */
export type EventColumn<T> = {
  header: string;
  cell: (event: T) => ReactNode;
  className?: string;
  isNumeric?: boolean;
};

type UpcomingEventsListProps<T extends ListedEvent> = {
  organizationId: string;
  canManage: boolean;
  events: UseQueryResult<{ items: T[]; days: number; today: string; unavailableChannels: ServerChannel[] }>;
  config: UseQueryResult<EventConfig>;
  /** The list's catalog section: its empty state and its headers. */
  section: 'events.birthdays' | 'events.paymentReminders';
  rowKey: (event: T) => string;
  occasionOf: (event: T) => EventOccasion;
  /** The row's message from the saved configuration's template. */
  messageOf: (event: T, config: EventConfig, today: string) => string;
  columns: EventColumn<T>[];
  card: (event: T, actions: ReactNode) => ReactNode;
};

/**
 * An upcoming list of the events screen (spec §2): loading, error and empty states, then a table on wide
 * screens and cards on narrow ones, each row with its send / mark-as-sent actions.
 */
export function UpcomingEventsList<T extends ListedEvent>(props: UpcomingEventsListProps<T>) {
  const { organizationId, canManage, events, config, section, rowKey, columns } = props;
  const { t } = useTranslation();
  if (events.isPending) return <Spinner />;
  if (events.isError) return <QueryError error={events.error} onRetry={events.refetch} />;
  const { items, days, today, unavailableChannels } = events.data;
  if (items.length === 0) return <p className="text-base-content/70">{t(`${section}.empty`, { days })}</p>;
  const saved = config.data?.savedAt ? config.data : null;
  const actionsOf = (event: T) => (
    <EventRowActions
      organizationId={organizationId}
      occasion={props.occasionOf(event)}
      customerName={event.customerName}
      sent={event.sent}
      waiting={event.waiting}
      unavailable={unavailableChannels}
      message={saved && props.messageOf(event, saved, today)}
      contact={event}
      canManage={canManage}
    />
  );
  const table = (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col">{t(`${section}.columns.customer`)}</th>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.isNumeric ? 'text-end' : undefined}>
              {column.header}
            </th>
          ))}
          <th scope="col">{t(`${section}.columns.actions`)}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((event) => (
          <tr key={rowKey(event)}>
            <th scope="row" className="font-medium break-words">
              {event.customerName}
            </th>
            {columns.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(event)}
              </td>
            ))}
            <td>{actionsOf(event)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      {canManage &&
        unavailableChannels.map((channel) => (
          <p key={channel} role="note" className="text-sm text-base-content/70">
            {t(`events.actions.channelUnavailable.${channel}`)}
          </p>
        ))}
      <TableOrCards
        tableFrom="lg"
        isFramed
        table={table}
        cards={items.map((event) => (
          <Fragment key={rowKey(event)}>{props.card(event, actionsOf(event))}</Fragment>
        ))}
      />
    </>
  );
}
