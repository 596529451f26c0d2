import { type EventKind, UPCOMING_EVENT_DAYS } from '@reformer/domain/events';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { BirthdayEventsList } from './birthday-events-list.tsx';
import { ClassNoticesArea } from './class-notices-area.tsx';
import { EventConfigPanel } from './event-config-form.tsx';
import { EventOutbox } from './event-outbox.tsx';
import { PaymentRemindersList } from './payment-reminders-list.tsx';
import { WhatsAppSentList } from './whatsapp-sent-list.tsx';

/** What the member may do in each area; null hides the area (no VIEW_CUSTOMERS, or no VIEW_PAYMENTS). */
export type EventAreaAccess = { canManage: boolean } | null;

type EventsPageProps = {
  organizationId: string;
  birthdays: EventAreaAccess;
  paymentReminders: EventAreaAccess;
};

/**
 * Spec §2's events screen: two areas, each an upcoming list, its configuration and its outbox; and the class
 * reminders and notices (decision 050), with the customers.
 */
export function EventsPage({ organizationId, birthdays, paymentReminders }: EventsPageProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold">{t('events.title')}</h1>
        <p className="text-base-content/80">{t('events.subtitle')}</p>
      </header>
      {birthdays && (
        <EventArea organizationId={organizationId} kind="BIRTHDAY" canManage={birthdays.canManage} />
      )}
      {paymentReminders && (
        <EventArea
          organizationId={organizationId}
          kind="PAYMENT_REMINDER"
          canManage={paymentReminders.canManage}
        />
      )}
      {birthdays && <ClassNoticesArea organizationId={organizationId} />}
      {birthdays && <WhatsAppSentList organizationId={organizationId} />}
    </div>
  );
}

const AREAS = {
  BIRTHDAY: { area: 'birthdays', List: BirthdayEventsList },
  PAYMENT_REMINDER: { area: 'paymentReminders', List: PaymentRemindersList },
} as const;

function EventArea({
  organizationId,
  kind,
  canManage,
}: {
  organizationId: string;
  kind: EventKind;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { area, List } = AREAS[kind];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold">
        {t(`events.${area}.title`)}
      </h2>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex flex-col gap-2">
            <h3 className="text-lg font-semibold">{t(`events.${area}.upcoming`)}</h3>
            <p className="text-sm text-base-content/70">
              {t(`events.${area}.upcomingHint`, { days: UPCOMING_EVENT_DAYS })}
            </p>
            <List organizationId={organizationId} canManage={canManage} />
          </div>
          <EventOutbox organizationId={organizationId} kind={kind} canManage={canManage} />
        </div>
        <Suspense fallback={<Spinner />}>
          <EventConfigPanel organizationId={organizationId} kind={kind} canManage={canManage} />
        </Suspense>
      </div>
    </section>
  );
}
