import { EnrollmentActionInput, type EnrollmentActionValues } from '@reformer/domain/enrollments';
import { Controller, type Resolver, type ResolverOptions, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { domainResolver } from '@/lib/forms.ts';
import { useEnrollmentAction } from '../api/apply-enrollment-action.ts';

type DateActionValues = { from: string; resumeOn: string };
type DatedAction = Extract<EnrollmentActionValues, { action: 'PAUSE' | 'CANCEL' }>;

const domain = domainResolver(EnrollmentActionInput);

/** The shared EnrollmentActionInput validates the dates ('The resume date must be after the pause date'). */
function resolverFor(action: DatedAction['action']): Resolver<DateActionValues, unknown, DatedAction> {
  return (values, context, options) => {
    const input = action === 'PAUSE' ? { action, ...values } : { action, from: values.from };
    return domain(
      input,
      context,
      options as unknown as ResolverOptions<EnrollmentActionInput>,
    ) as unknown as ReturnType<Resolver<DateActionValues, unknown, DatedAction>>;
  };
}

const TEXTS = {
  PAUSE: {
    title: 'enrollments.pause.title',
    body: 'enrollments.pause.body',
    from: 'enrollments.pause.from',
    submit: 'enrollments.pause.submit',
  },
  CANCEL: {
    title: 'enrollments.cancel.title',
    body: 'enrollments.cancel.body',
    from: 'enrollments.cancel.from',
    submit: 'enrollments.cancel.submit',
  },
} as const;

type EnrollmentDateActionDialogProps = {
  organizationId: string;
  enrollmentId: string;
  customerName: string;
  /** The dialog shown, or null when closed. */
  action: DatedAction['action'] | null;
  /** Today in the organization's zone: the default "from" date. */
  today: string;
  onClose: () => void;
};

/** Pause (from a date, with the required resume date) or cancel (from a date); today by default. */
export function EnrollmentDateActionDialog({ action, onClose, ...props }: EnrollmentDateActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={action !== null} onClose={onClose} title={action ? t(TEXTS[action].title) : ''}>
      {action && <DateActionForm key={action} action={action} onClose={onClose} {...props} />}
    </Dialog>
  );
}

function DateActionForm({
  organizationId,
  enrollmentId,
  customerName,
  action,
  today,
  onClose,
}: Omit<EnrollmentDateActionDialogProps, 'action'> & { action: DatedAction['action'] }) {
  const { t } = useTranslation();
  const texts = TEXTS[action];
  const apply = useEnrollmentAction(organizationId, enrollmentId, action, { onSuccess: onClose });
  const { control, handleSubmit, formState } = useForm<DateActionValues, unknown, DatedAction>({
    resolver: resolverFor(action),
    defaultValues: { from: today, resumeOn: '' },
  });
  const submit = handleSubmit(async (input) => {
    await apply.mutateAsync(input).catch(() => undefined);
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p>{t(texts.body, { name: customerName })}</p>
      <Controller
        control={control}
        name="from"
        render={({ field }) => <DateField label={t(texts.from)} error={formState.errors.from} {...field} />}
      />
      {action === 'PAUSE' && (
        <Controller
          control={control}
          name="resumeOn"
          render={({ field }) => (
            <DateField label={t('enrollments.pause.resumeOn')} error={formState.errors.resumeOn} {...field} />
          )}
        />
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('enrollments.actions.back')}
        </button>
        <button type="submit" className="btn btn-warning" disabled={apply.isPending}>
          {t(texts.submit)}
        </button>
      </div>
    </form>
  );
}
