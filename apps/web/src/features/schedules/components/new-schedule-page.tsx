import { todayIn } from '@reformer/domain/time-zones';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCreateSchedule } from '../api/create-schedule.ts';
import type { ScheduleFormChoices } from './schedule-class-fields.tsx';
import { ScheduleForm } from './schedule-form.tsx';
import { emptyScheduleForm } from './schedule-form-values.ts';

type NewSchedulePageProps = ScheduleFormChoices & { organizationId: string; timeZone: string };

export function NewSchedulePage({ organizationId, timeZone, establishments, staff }: NewSchedulePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toList = () => navigate({ to: '/app/org/$orgId/schedules', params: { orgId: organizationId } });
  const createSchedule = useCreateSchedule(organizationId, { onSuccess: toList });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <Link to="/app/org/$orgId/schedules" params={{ orgId: organizationId }} className="link text-sm">
          {t('schedules.backToList')}
        </Link>
        <h1 className="text-3xl font-bold">{t('schedules.create.title')}</h1>
      </header>
      <ScheduleForm
        establishments={establishments}
        staff={staff}
        defaultValues={emptyScheduleForm(todayIn(timeZone))}
        submitLabel={t('schedules.create.submit')}
        isPending={createSchedule.isPending}
        onSubmit={(values) => createSchedule.mutateAsync(values)}
        onCancel={toList}
      />
    </div>
  );
}
