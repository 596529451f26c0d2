import type { BirthdayEvent } from '@reformer/domain/events';
import { birthdayValues, renderTemplate } from '@reformer/domain/events-templates';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { birthdayEventsQueryOptions } from '../api/get-birthday-events.ts';
import { eventConfigQueryOptions } from '../api/get-event-config.ts';
import { type EventColumn, UpcomingEventsList } from './upcoming-events-list.tsx';

type ListProps = { organizationId: string; canManage: boolean };

/** Spec §2: name, birthday, days until, age, and send / mark as sent; the next 30 days, with an empty state. */
export function BirthdayEventsList({ organizationId, canManage }: ListProps) {
  const { t } = useTranslation();
  const text = useBirthdayText();
  const columns: EventColumn<BirthdayEvent>[] = [
    { header: t('events.birthdays.columns.birthday'), cell: text.date, className: 'whitespace-nowrap' },
    { header: t('events.birthdays.columns.daysUntil'), cell: text.daysUntil, className: 'whitespace-nowrap' },
    {
      header: t('events.birthdays.columns.age'),
      cell: (event) => event.age,
      className: 'text-end tabular-nums',
      isNumeric: true,
    },
  ];
  return (
    <UpcomingEventsList
      organizationId={organizationId}
      canManage={canManage}
      events={useQuery(birthdayEventsQueryOptions(organizationId))}
      config={useQuery(eventConfigQueryOptions(organizationId, 'BIRTHDAY'))}
      section="events.birthdays"
      rowKey={(event) => event.customerId}
      occasionOf={(event) => ({
        kind: 'BIRTHDAY',
        id: event.customerId,
        customerId: event.customerId,
        occasionDate: event.birthday,
      })}
      messageOf={(event, config) => renderTemplate(config.template, birthdayValues(event))}
      columns={columns}
      card={(event, actions) => <BirthdayCard event={event} actions={actions} />}
    />
  );
}

function useBirthdayText() {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  return {
    date: (event: BirthdayEvent) => formatDate(event.birthday),
    daysUntil: (event: BirthdayEvent) =>
      event.daysUntil === 0
        ? t('events.birthdays.today')
        : t('events.birthdays.inDays', { count: event.daysUntil }),
  };
}

function BirthdayCard({ event, actions }: { event: BirthdayEvent; actions: ReactNode }) {
  const { t } = useTranslation();
  const text = useBirthdayText();
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h3 className="card-title text-base break-words">{event.customerName}</h3>
        <p className="text-sm">
          {text.date(event)} · {text.daysUntil(event)} · {t('events.birthdays.turns', { age: event.age })}
        </p>
        {actions}
      </div>
    </li>
  );
}
