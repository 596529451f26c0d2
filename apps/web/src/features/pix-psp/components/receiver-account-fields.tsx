import { withPixAutomaticoScopes } from '@reformer/domain/pix-automatico-views';
import { type PspConnectionValues, RECEIVER_ACCOUNT_TYPES } from '@reformer/domain/pix-psp';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import type { PspFormValues } from './pix-psp-form.tsx';

type Props = { form: UseFormReturn<PspFormValues, unknown, PspConnectionValues> };

/**
 * The receiving company's CNPJ and the account Pix Automático's charges credit (decision 048): optional, as
 * only a company may receive by Pix Automático; the hint says so. Turning it on adds Pix Automático's scopes
 * to the connection's, which the presets leave out (a studio without it is not asked for them).
 */
export function ReceiverAccountFields({ form }: Props) {
  const { t } = useTranslation();
  const { register, formState, watch, setValue } = form;
  const errors = formState.errors.receiver;
  const hasReceiver = Boolean(watch('receiver'));
  return (
    <>
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="toggle toggle-success"
          checked={hasReceiver}
          onChange={(event) => {
            const isOn = event.target.checked;
            setValue(
              'receiver',
              isOn ? { cnpj: '', branch: '', account: '', accountType: 'CORRENTE' } : null,
              {
                shouldDirty: true,
              },
            );
            if (isOn)
              setValue('scopes', withPixAutomaticoScopes(watch('scopes') ?? ''), { shouldDirty: true });
          }}
        />
        {t('pixPsp.fields.hasReceiver')}
      </label>
      <p className="text-sm opacity-70">{t('pixPsp.fields.receiverHint')}</p>
      {hasReceiver && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('pixPsp.fields.receiverCnpj')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={18}
            error={errors?.cnpj}
            {...register('receiver.cnpj')}
          />
          <SelectField
            label={t('pixPsp.fields.receiverAccountType')}
            options={RECEIVER_ACCOUNT_TYPES.map((value) => ({
              value,
              label: t(`pixPsp.fields.receiverAccountTypes.${value}`),
            }))}
            {...register('receiver.accountType')}
          />
          <TextField
            label={t('pixPsp.fields.receiverBranch')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            error={errors?.branch}
            {...register('receiver.branch')}
          />
          <TextField
            label={t('pixPsp.fields.receiverAccount')}
            autoComplete="off"
            maxLength={20}
            error={errors?.account}
            {...register('receiver.account')}
          />
        </div>
      )}
    </>
  );
}
