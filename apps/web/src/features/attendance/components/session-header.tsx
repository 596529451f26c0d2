import type { SessionDetails } from '@reformer/domain/sessions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatTime, useFormatTimeRange } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { AvailabilityBadge, RosterCount } from './availability-badge.tsx';

/** What a session is: when, where, who teaches it, and how full it is. */
export function SessionHeader({ session, actions }: { session: SessionDetails; actions: ReactNode }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('full');
  const formatShortDate = useFormatLocalDate();
  const formatTime = useFormatTime();
  const formatTimeRange = useFormatTimeRange();
  const nameOrUnknown = useNameOrUnknown();

  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-3xl font-bold break-words">
          {t('attendance.session.title', { name: session.scheduleName, date: formatShortDate(session.date) })}
        </h1>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('attendance.session.fields.date')}>
          <span className="first-letter:uppercase">{formatDate(session.date)}</span>
        </Field>
        <Field label={t('attendance.session.fields.time')}>
          {formatTimeRange(session.startTime, session.endTime)}
        </Field>
        <Field label={t('attendance.session.fields.establishment')}>{session.establishmentName}</Field>
        <Field label={t('attendance.session.fields.instructor')}>{nameOrUnknown(session.staffName)}</Field>
        <Field label={t('attendance.session.fields.type')}>{t(`schedules.types.${session.type}`)}</Field>
        <Field label={t('attendance.session.fields.capacity')}>
          <RosterCount count={session.rosterCount} capacity={session.capacity} />
          {session.heldSeats > 0 && (
            <span className="block text-sm text-base-content/70">
              {t('waitlist.held', { count: session.heldSeats })}
            </span>
          )}
        </Field>
        <Field label={t('attendance.session.fields.availability')}>
          <AvailabilityBadge availability={session.availability} />
        </Field>
      </dl>
      {session.movedFrom && (
        <p className="text-sm text-base-content/70">
          {t('attendance.movedFrom', {
            date: formatShortDate(session.movedFrom.date),
            time: formatTime(session.movedFrom.startTime),
          })}
        </p>
      )}
      {!session.isActive && (
        <p role="note" className="alert alert-warning">
          {t('attendance.session.inactive')}
        </p>
      )}
    </header>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-base-content/70">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
