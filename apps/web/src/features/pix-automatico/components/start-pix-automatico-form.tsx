import { parseMoneyInput } from '@reformer/domain/money-text';
import { StartPixAutomaticoInput } from '@reformer/domain/pix-automatico';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { applyServerFieldErrors } from '@/lib/forms.ts';
import { useStartPixAutomatico } from '../api/start-pix-automatico.ts';
import { describeStartError } from '../describe-start-error.ts';

/** What the inputs hold; the floor as typed ("199,90"), the payer's bank only when the studio has it. */
type StartFormValues = {
  amountKind: 'FIXED' | 'FLOOR';
  floor: string;
  endDate: string | null;
  allowsRetries: boolean;
  hasPayerBank: boolean;
  ispb: string;
  branch: string;
  account: string;
};

/** The shared schema's paths, as the form's fields. */
const FIELD_OF: Record<string, keyof StartFormValues> = {
  floorCents: 'floor',
  endDate: 'endDate',
  'payerBank.ispb': 'ispb',
  'payerBank.branch': 'branch',
  'payerBank.account': 'account',
};

function toInput(values: StartFormValues) {
  return {
    amountKind: values.amountKind,
    floorCents: values.amountKind === 'FLOOR' ? (parseMoneyInput(values.floor) ?? Number.NaN) : null,
    endDate: values.endDate || null,
    retryPolicy: values.allowsRetries ? ('PERMITE_3R_7D' as const) : ('NAO_PERMITE' as const),
    payerBank: values.hasPayerBank
      ? { ispb: values.ispb.trim(), branch: values.branch.trim(), account: values.account.trim() }
      : null,
  };
}

/**
 * Starting Pix Automático: the amount fixed at the plan's price or a floor (the payer sets their own maximum
 * in their bank), an optional last date, whether failed debits may be retried, and — only where the studio has
 * collected them — the payer's bank, ISPB, branch and account, to push the request to their bank app.
 */
export function StartPixAutomaticoForm({
  organizationId,
  enrollmentId,
}: {
  organizationId: string;
  enrollmentId: string;
}) {
  const { t } = useTranslation();
  const start = useStartPixAutomatico(organizationId, enrollmentId);
  const form = useForm<StartFormValues>({
    defaultValues: {
      amountKind: 'FIXED',
      floor: '',
      endDate: null,
      allowsRetries: true,
      hasPayerBank: false,
      ispb: '',
      branch: '',
      account: '',
    },
  });
  const { register, handleSubmit, watch, formState, setError, control } = form;
  const submit = handleSubmit((values) => {
    const parsed = StartPixAutomaticoInput.safeParse(toInput(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[issue.path.join('.')];
        if (field) setError(field, { type: issue.code, message: issue.message });
      }
      return;
    }
    start.mutate(parsed.data, {
      onError: (error) => applyServerFieldErrors(error, setError, ['endDate']),
    });
  });
  const refusal = start.error ? describeStartError(start.error) : null;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      aria-label={t('pixAutomatico.start.title')}
    >
      <p className="text-sm text-base-content/70">{t('pixAutomatico.start.intro')}</p>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">{t('pixAutomatico.fields.amount')}</legend>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="radio" className="radio radio-sm" value="FIXED" {...register('amountKind')} />
          {t('pixAutomatico.start.fixed')}
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="radio" className="radio radio-sm" value="FLOOR" {...register('amountKind')} />
          {t('pixAutomatico.start.floor')}
        </label>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {watch('amountKind') === 'FLOOR' && (
          <TextField
            label={t('pixAutomatico.fields.floor')}
            inputMode="decimal"
            autoComplete="off"
            error={formState.errors.floor}
            hint={t('pixAutomatico.start.floorHint')}
            {...register('floor')}
          />
        )}
        <Controller
          control={control}
          name="endDate"
          render={({ field }) => (
            <DateField
              label={t('pixAutomatico.fields.endDate')}
              hint={t('pixAutomatico.start.endDateHint')}
              error={formState.errors.endDate}
              {...field}
            />
          )}
        />
      </div>
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('allowsRetries')} />
        {t('pixAutomatico.start.allowsRetries')}
      </label>
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('hasPayerBank')} />
        {t('pixAutomatico.start.hasPayerBank')}
      </label>
      {watch('hasPayerBank') && (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t('pixAutomatico.fields.ispb')}
            autoComplete="off"
            maxLength={8}
            error={formState.errors.ispb}
            {...register('ispb')}
          />
          <TextField
            label={t('pixAutomatico.fields.branch')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            error={formState.errors.branch}
            {...register('branch')}
          />
          <TextField
            label={t('pixAutomatico.fields.account')}
            autoComplete="off"
            maxLength={20}
            error={formState.errors.account}
            {...register('account')}
          />
        </div>
      )}
      {refusal && (
        <p role="alert" className="alert alert-error">
          {refusal}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={start.isPending}>
          {t('pixAutomatico.start.submit')}
        </button>
      </div>
    </form>
  );
}
