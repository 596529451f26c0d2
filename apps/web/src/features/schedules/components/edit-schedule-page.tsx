import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { scheduleQueryOptions } from '../api/get-schedule.ts';
import { useUpdateSchedule } from '../api/update-schedule.ts';
import type { ScheduleFormChoices } from './schedule-class-fields.tsx';
import { ScheduleEndingBanner } from './schedule-ending-banner.tsx';
import { ScheduleForm } from './schedule-form.tsx';
import { scheduleToForm } from './schedule-form-values.ts';

type EditSchedulePageProps = ScheduleFormChoices & { organizationId: string; scheduleId: string };

export function EditSchedulePage({
  organizationId,
  scheduleId,
  establishments,
  staff,
}: EditSchedulePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: schedule } = useSuspenseQuery(scheduleQueryOptions(organizationId, scheduleId));
  const toList = () => navigate({ to: '/app/org/$orgId/schedules', params: { orgId: organizationId } });
  const updateSchedule = useUpdateSchedule(organizationId, scheduleId, { onSuccess: toList });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <Link to="/app/org/$orgId/schedules" params={{ orgId: organizationId }} className="link text-sm">
          {t('schedules.backToList')}
        </Link>
        <h1 className="text-3xl font-bold">{t('schedules.edit.title')}</h1>
        <p className="text-base-content/70">{schedule.name}</p>
      </header>
      <ScheduleEndingBanner organizationId={organizationId} schedule={schedule} />
      <ScheduleForm
        establishments={establishments}
        staff={staff}
        defaultValues={scheduleToForm(schedule)}
        submitLabel={t('common.save')}
        isPending={updateSchedule.isPending}
        isEditing
        onSubmit={(values) => updateSchedule.mutateAsync(values)}
        onCancel={toList}
      />
    </div>
  );
}
