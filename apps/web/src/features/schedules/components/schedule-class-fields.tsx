import { SCHEDULE_CAPACITY, SCHEDULE_TYPES } from '@reformer/domain/schedules';
import type { StaffMember } from '@reformer/domain/staff';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import type { ScheduleFormValues } from './schedule-form-values.ts';

export type ScheduleFormChoices = {
  /** The establishments where the user may manage schedules. */
  establishments: { id: string; name: string }[];
  staff: StaffMember[];
};

/** Name, description, type, where, who teaches and how many customers fit. */
export function ScheduleClassFields({ establishments, staff }: ScheduleFormChoices) {
  const { t } = useTranslation();
  const { register, formState, control, getValues, setValue } = useFormContext<ScheduleFormValues>();
  const { errors } = formState;
  const [type, establishmentId] = useWatch({ control, name: ['type', 'establishmentId'] });
  // Only staff assigned to the establishment may teach there (the server answers STAFF_NOT_IN_ESTABLISHMENT).
  const instructors = useMemo(
    () =>
      staff.filter((member) =>
        member.establishments.some((assignment) => assignment.establishmentId === establishmentId),
      ),
    [staff, establishmentId],
  );

  useEffect(() => {
    const current = getValues('staffUserId');
    if (current && !instructors.some((member) => member.staffUserId === current)) {
      setValue('staffUserId', '');
    }
  }, [instructors, getValues, setValue]);

  const instructorHint = !establishmentId
    ? t('schedules.form.hints.instructorNeedsEstablishment')
    : instructors.length === 0
      ? t('schedules.form.hints.noInstructors')
      : undefined;

  return (
    <div className="grid gap-3 md:grid-cols-2">
      <div className="md:col-span-2">
        <TextField
          label={t('schedules.form.fields.name')}
          placeholder={t('schedules.form.placeholders.name')}
          autoComplete="off"
          error={errors.name}
          {...register('name')}
        />
      </div>
      <div className="md:col-span-2">
        <TextareaField
          label={`${t('schedules.form.fields.description')} (${t('common.optional')})`}
          placeholder={t('schedules.form.placeholders.description')}
          rows={2}
          error={errors.description}
          {...register('description')}
        />
      </div>
      <SelectField
        label={t('schedules.form.fields.establishment')}
        options={[
          { value: '', label: t('schedules.form.placeholders.establishment') },
          ...establishments.map((establishment) => ({ value: establishment.id, label: establishment.name })),
        ]}
        error={errors.establishmentId}
        {...register('establishmentId')}
      />
      <div className="flex flex-col gap-1">
        <SelectField
          label={t('schedules.form.fields.instructor')}
          options={[
            { value: '', label: t('schedules.form.placeholders.instructor') },
            ...instructors.map((member) => ({
              value: member.staffUserId,
              label: member.name ?? member.email,
            })),
          ]}
          disabled={instructors.length === 0}
          error={errors.staffUserId}
          {...register('staffUserId')}
        />
        {instructorHint && <p className="text-xs text-base-content/70">{instructorHint}</p>}
        <HowToTeachHint />
      </div>
      <SelectField
        label={t('schedules.form.fields.type')}
        options={SCHEDULE_TYPES.map((value) => ({ value, label: t(`schedules.types.${value}`) }))}
        error={errors.type}
        {...register('type')}
      />
      {type === 'GROUP' ? (
        <TextField
          type="number"
          inputMode="numeric"
          min={SCHEDULE_CAPACITY.min}
          max={SCHEDULE_CAPACITY.max}
          label={t('schedules.form.fields.capacity')}
          error={errors.capacity}
          {...register('capacity')}
        />
      ) : (
        <p className="self-end pb-2 text-sm text-base-content/70">
          {t('schedules.form.hints.capacityIndividual')}
        </p>
      )}
    </div>
  );
}

/**
 * Who may be chosen: issue #27 item 5 found owners who never knew they could teach. The owner is offered like
 * anyone else once linked to the establishment (the server checks that link: STAFF_NOT_IN_ESTABLISHMENT).
 */
function HowToTeachHint() {
  const { t } = useTranslation();
  const { orgId } = useParams({ from: '/app/org/$orgId' });
  return (
    <p className="text-xs text-base-content/70">
      {t('schedules.form.hints.howToTeach')}{' '}
      <Link to="/app/org/$orgId/staff" params={{ orgId }} className="link">
        {t('schedules.form.hints.linkStaff')}
      </Link>
    </p>
  );
}
