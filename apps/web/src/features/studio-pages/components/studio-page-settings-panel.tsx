import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  StudioPageForm,
  type StudioPageFormInput,
  type StudioPageSettings,
  type StudioPageValues,
} from '@reformer/domain/studio-pages';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { brandStyle } from '@/lib/studio-brand.ts';
import { studioPageQueryOptions, useSaveStudioPage, useUploadLogo } from '../api/studio-page-api.ts';
import { StudioHeader } from './studio-header.tsx';

const FIELDS = ['slug', 'displayName', 'accentColor'] as const;

const toForm = (settings: StudioPageSettings): StudioPageFormInput => ({
  slug: settings.slug ?? '',
  displayName: settings.displayName,
  accentColor: settings.accentColor ?? '',
});

/**
 * Settings → Studio page (decision 045): the name, logo and colour customers see on the portal, the public
 * page and e-mails, and the public page's address. Read-only without MANAGE_SETTINGS.
 */
export function StudioPageSettingsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(studioPageQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_SETTINGS');
  return (
    <SettingsCard
      id="studio-page"
      title={t('studioPage.settings.title')}
      description={t('studioPage.settings.description')}
      readOnlyNote={canManage ? null : t('studioPage.settings.readOnly')}
    >
      <div className="rounded-box border border-base-300 p-3" style={brandStyle(settings.accentColor)}>
        <StudioHeader branding={settings} as="p" />
        <span className="btn btn-primary btn-sm pointer-events-none mt-2">{t('studioPage.bookTrial')}</span>
      </div>
      <StudioPageSettingsForm
        key={JSON.stringify(settings)}
        organizationId={organizationId}
        defaultValues={toForm(settings)}
        isReadOnly={!canManage}
      />
      {settings.slug && (
        <p className="text-sm">
          {t('studioPage.settings.published')}{' '}
          <a className="link" href={`/${settings.slug}`} target="_blank" rel="noreferrer">
            {`${window.location.origin}/${settings.slug}`}
          </a>
        </p>
      )}
      {canManage && settings.isSaved && <LogoUpload organizationId={organizationId} />}
    </SettingsCard>
  );
}

function StudioPageSettingsForm({
  organizationId,
  defaultValues,
  isReadOnly,
}: {
  organizationId: string;
  defaultValues: StudioPageFormInput;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveStudioPage(organizationId);
  const { register, handleSubmit, formState, setError } = useForm<
    StudioPageFormInput,
    unknown,
    StudioPageValues
  >({
    resolver: domainResolver(StudioPageForm),
    defaultValues,
  });
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync(values).catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <TextField
          label={t('studioPage.settings.displayName')}
          maxLength={80}
          error={errors.displayName}
          {...register('displayName')}
        />
        <TextField
          label={t('studioPage.settings.accentColor')}
          hint={t('studioPage.settings.accentColorHint')}
          placeholder="#4f46e5"
          maxLength={7}
          error={errors.accentColor}
          {...register('accentColor')}
        />
        <TextField
          label={`${t('studioPage.settings.slug')} (${t('common.optional')})`}
          hint={t('studioPage.settings.slugHint')}
          autoComplete="off"
          maxLength={40}
          error={errors.slug}
          {...register('slug')}
        />
      </fieldset>
      {!isReadOnly && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}

function LogoUpload({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const upload = useUploadLogo(organizationId);
  return (
    <label className="flex flex-col gap-1">
      <span className="fieldset-label">{t('studioPage.settings.logo')}</span>
      <input
        type="file"
        accept={LOGO_TYPES.join(',')}
        className="file-input w-full"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      <span className="text-sm text-base-content/70">
        {t('studioPage.settings.logoHint', { kilobytes: LOGO_MAX_BYTES / 1024 })}
      </span>
    </label>
  );
}
