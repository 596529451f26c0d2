import type { Schedule } from '@reformer/domain/schedules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatTimeRange } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { useScheduleDays, useSchedulePeriod } from './schedule-display.ts';
import { ScheduleStatusBadge } from './schedule-status-badge.tsx';

type SchedulesListProps = {
  schedules: Schedule[];
  /** The actions the user may take on a schedule, or null. */
  actionsOf: (schedule: Schedule) => ReactNode;
};

/** Everything a row says about a schedule, formatted in the user's language. */
function useScheduleText() {
  const { t } = useTranslation();
  const days = useScheduleDays();
  const period = useSchedulePeriod();
  const timeRange = useFormatTimeRange();
  const nameOrUnknown = useNameOrUnknown();
  return (schedule: Schedule) => ({
    instructor: nameOrUnknown(schedule.staffName),
    days: days(schedule),
    period: period(schedule),
    time: timeRange(schedule.startTime, schedule.endTime),
    type: t(`schedules.types.${schedule.type}`),
    recurrence: t(`schedules.recurrences.${schedule.recurrenceType}`),
    capacity: t('schedules.display.seats.count', { count: schedule.capacity }),
  });
}

/** A table on wide screens; a card per schedule on narrow ones, so a phone never scrolls sideways. */
export function SchedulesList({ schedules, actionsOf }: SchedulesListProps) {
  return (
    <TableOrCards
      tableFrom="xl"
      isFramed
      table={<SchedulesTable schedules={schedules} actionsOf={actionsOf} />}
      cards={schedules.map((schedule) => (
        <ScheduleCard key={schedule.id} schedule={schedule} actions={actionsOf(schedule)} />
      ))}
    />
  );
}

function SchedulesTable({ schedules, actionsOf }: SchedulesListProps) {
  const { t } = useTranslation();
  const textOf = useScheduleText();
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col">{t('schedules.columns.name')}</th>
          <th scope="col">{t('schedules.columns.establishment')}</th>
          <th scope="col">{t('schedules.columns.instructor')}</th>
          <th scope="col">{t('schedules.columns.days')}</th>
          <th scope="col">{t('schedules.columns.time')}</th>
          <th scope="col">{t('schedules.columns.capacity')}</th>
          <th scope="col">{t('schedules.columns.type')}</th>
          <th scope="col">{t('schedules.columns.status')}</th>
          <th scope="col">
            <span className="sr-only">{t('schedules.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {schedules.map((schedule) => {
          const text = textOf(schedule);
          return (
            <tr key={schedule.id}>
              <th scope="row" className="font-medium">
                {schedule.name}
                <span className="block text-xs font-normal text-base-content/70">{text.period}</span>
              </th>
              <td>{schedule.establishmentName}</td>
              <td>{text.instructor}</td>
              <td>{text.days}</td>
              <td className="whitespace-nowrap">{text.time}</td>
              <td className="whitespace-nowrap">{text.capacity}</td>
              <td>
                {text.type}
                <span className="block text-xs text-base-content/70">{text.recurrence}</span>
              </td>
              <td>
                <ScheduleStatusBadge isActive={schedule.isActive} />
              </td>
              <td>{actionsOf(schedule)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ScheduleCard({ schedule, actions }: { schedule: Schedule; actions: ReactNode }) {
  const text = useScheduleText()(schedule);
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title text-base break-words">{schedule.name}</h2>
          <ScheduleStatusBadge isActive={schedule.isActive} />
        </div>
        <p className="text-sm">
          <span className="font-medium">{text.days}</span> · {text.time}
        </p>
        <p className="text-sm text-base-content/80">
          {schedule.establishmentName} · {text.instructor}
        </p>
        <p className="text-sm text-base-content/70">
          {text.type} · {text.recurrence} · {text.capacity}
        </p>
        <p className="text-xs text-base-content/70">{text.period}</p>
        {actions}
      </div>
    </li>
  );
}
