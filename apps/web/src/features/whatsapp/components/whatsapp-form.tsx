import {
  WHATSAPP_GRAPH_URL,
  type WhatsAppConnection,
  WhatsAppConnectionInput,
  type WhatsAppConnectionValues,
} from '@reformer/domain/whatsapp';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { useSaveWhatsApp } from '../api/save-whatsapp.ts';

const FIELDS = ['apiBaseUrl', 'phoneNumberId', 'wabaId', 'accessToken', 'appSecret'] as const;

function toForm(connection: WhatsAppConnection | null): WhatsAppConnectionInput {
  return {
    apiBaseUrl: connection?.apiBaseUrl ?? WHATSAPP_GRAPH_URL,
    phoneNumberId: connection?.phoneNumberId ?? '',
    wabaId: connection?.wabaId ?? '',
    accessToken: '',
    appSecret: '',
  };
}

type Props = { organizationId: string; connection: WhatsAppConnection | null; isReadOnly: boolean };

/** The number's ids and secrets; secrets left empty keep the stored ones, and are never shown. */
export function WhatsAppForm({ organizationId, connection, isReadOnly }: Props) {
  const { t } = useTranslation();
  const save = useSaveWhatsApp(organizationId);
  const { register, handleSubmit, formState, setError } = useForm<
    WhatsAppConnectionInput,
    unknown,
    WhatsAppConnectionValues
  >({ resolver: domainResolver(WhatsAppConnectionInput), defaultValues: toForm(connection) });
  const { errors } = formState;
  const keepHint = connection ? t('whatsapp.fields.secretKeepHint') : undefined;

  const submit = handleSubmit(async (values) => {
    await save.mutateAsync(values).catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('whatsapp.fields.phoneNumberId')}
            hint={t('whatsapp.fields.phoneNumberIdHint')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.phoneNumberId}
            {...register('phoneNumberId')}
          />
          <TextField
            label={t('whatsapp.fields.wabaId')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.wabaId}
            {...register('wabaId')}
          />
          <TextField
            label={t('whatsapp.fields.accessToken')}
            hint={keepHint}
            type="password"
            autoComplete="new-password"
            error={errors.accessToken}
            {...register('accessToken')}
          />
          <TextField
            label={t('whatsapp.fields.appSecret')}
            hint={keepHint ?? t('whatsapp.fields.appSecretHint')}
            type="password"
            autoComplete="new-password"
            error={errors.appSecret}
            {...register('appSecret')}
          />
        </div>
        <TextField
          label={t('whatsapp.fields.apiBaseUrl')}
          hint={t('whatsapp.fields.apiBaseUrlHint')}
          type="url"
          error={errors.apiBaseUrl}
          {...register('apiBaseUrl')}
        />
      </fieldset>
      {!isReadOnly && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : connection ? t('common.save') : t('whatsapp.connect')}
          </button>
        </div>
      )}
    </form>
  );
}
