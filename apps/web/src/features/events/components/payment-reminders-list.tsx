import type { PaymentReminderEvent } from '@reformer/domain/events';
import {
  paymentReminderValues,
  reminderTemplateFor,
  renderTemplate,
} from '@reformer/domain/events-templates';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import { eventConfigQueryOptions } from '../api/get-event-config.ts';
import { paymentRemindersQueryOptions } from '../api/get-payment-reminders.ts';
import { type EventColumn, UpcomingEventsList } from './upcoming-events-list.tsx';

type ListProps = { organizationId: string; canManage: boolean };

/** Spec §2: customer, plan, due date, amount, days until due, and send reminder / mark as sent. */
export function PaymentRemindersList({ organizationId, canManage }: ListProps) {
  const { t } = useTranslation();
  const text = useReminderText();
  const columns: EventColumn<PaymentReminderEvent>[] = [
    {
      header: t('events.paymentReminders.columns.plan'),
      cell: (event) => event.planName,
      className: 'break-words',
    },
    {
      header: t('events.paymentReminders.columns.dueDate'),
      cell: text.dueDate,
      className: 'whitespace-nowrap',
    },
    {
      header: t('events.paymentReminders.columns.amount'),
      cell: text.amount,
      className: 'text-end whitespace-nowrap tabular-nums',
      isNumeric: true,
    },
    {
      header: t('events.paymentReminders.columns.daysUntilDue'),
      cell: (event) => (
        <span className={event.isOverdue ? 'font-semibold' : undefined}>{text.daysUntilDue(event)}</span>
      ),
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <UpcomingEventsList
      organizationId={organizationId}
      canManage={canManage}
      events={useQuery(paymentRemindersQueryOptions(organizationId))}
      config={useQuery(eventConfigQueryOptions(organizationId, 'PAYMENT_REMINDER'))}
      section="events.paymentReminders"
      rowKey={(event) => `${event.enrollmentId}:${event.dueDate}`}
      occasionOf={(event) => ({
        kind: 'PAYMENT_REMINDER',
        id: event.enrollmentId,
        customerId: event.customerId,
        occasionDate: event.dueDate,
      })}
      messageOf={(event, config, today) =>
        renderTemplate(reminderTemplateFor(config, event.payableUntil, today), paymentReminderValues(event))
      }
      columns={columns}
      card={(event, actions) => <ReminderCard event={event} actions={actions} />}
    />
  );
}

function useReminderText() {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  return {
    dueDate: (event: PaymentReminderEvent) => formatDate(event.dueDate),
    amount: (event: PaymentReminderEvent) => formatMoney(event.amountCents, event.currency),
    daysUntilDue: (event: PaymentReminderEvent) => {
      if (event.daysUntilDue === 0) return t('events.paymentReminders.dueToday');
      if (event.daysUntilDue > 0) return t('events.paymentReminders.dueIn', { count: event.daysUntilDue });
      // Past a weekend or holiday due date, the bank still takes it until the next business day.
      if (!event.isOverdue)
        return t('events.paymentReminders.payableUntil', { date: formatDate(event.payableUntil) });
      return t('events.paymentReminders.overdueBy', { count: -event.daysUntilDue });
    },
  };
}

function ReminderCard({ event, actions }: { event: PaymentReminderEvent; actions: ReactNode }) {
  const text = useReminderText();
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h3 className="card-title text-base break-words">{event.customerName}</h3>
        <p className="text-lg font-semibold tabular-nums">{text.amount(event)}</p>
        <p className="text-sm">
          {event.planName} · {text.dueDate(event)}
        </p>
        <p className={`text-sm ${event.isOverdue ? 'font-semibold' : 'text-base-content/70'}`}>
          {text.daysUntilDue(event)}
        </p>
        {actions}
      </div>
    </li>
  );
}
