import {
  type ContractVersion,
  PublishContractVersionInput,
  type PublishContractVersionValues,
} from '@reformer/domain/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatDate } from '@/lib/format.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { contractVersionsQueryOptions } from '../api/get-contract-versions.ts';
import { usePublishContractVersion } from '../api/publish-contract-version.ts';

/**
 * Settings → Contract (decision 043): the studio's terms. Publishing makes the next version, which customers
 * are asked to sign; earlier versions stay, with who signed them. Owners and administrators publish
 * (MANAGE_SETTINGS); every member reads.
 */
export function ContractVersionsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(contractVersionsQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_SETTINGS');
  const latest = data.versions[0];
  return (
    <SettingsCard
      id="contract"
      title={t('contracts.versions.title')}
      description={t('contracts.versions.description')}
      readOnlyNote={canManage ? null : t('contracts.versions.readOnly')}
    >
      {canManage && (
        <PublishForm key={latest?.id ?? 'none'} organizationId={organizationId} text={latest?.text ?? ''} />
      )}
      {data.versions.length === 0 ? (
        <p>{t('contracts.versions.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('contracts.versions.list')}>
          {data.versions.map((version) => (
            <VersionItem key={version.id} version={version} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function PublishForm({ organizationId, text }: { organizationId: string; text: string }) {
  const { t } = useTranslation();
  const publish = usePublishContractVersion(organizationId);
  const { register, handleSubmit, formState, setError } = useForm<
    PublishContractVersionValues,
    unknown,
    PublishContractVersionValues
  >({ resolver: domainResolver(PublishContractVersionInput), defaultValues: { text } });
  const submit = handleSubmit(async (values) => {
    await publish
      .mutateAsync(values)
      .catch((error: unknown) => applyServerFieldErrors(error, setError, ['text']));
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <TextareaField
        label={t('contracts.versions.text')}
        rows={12}
        isRequired
        error={formState.errors.text}
        {...register('text')}
      />
      <p className="text-sm text-base-content/80">{t('contracts.versions.publishHint')}</p>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={publish.isPending}>
          {t('contracts.versions.publish')}
        </button>
      </div>
    </form>
  );
}

function VersionItem({ version }: { version: ContractVersion }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="contract-version">
      <details>
        <summary className="cursor-pointer">
          {t('contracts.versions.item', {
            number: version.number,
            date: formatDate(version.publishedAt),
            by: version.publishedByName ?? t('contracts.versions.unknownPublisher'),
            count: version.signatureCount,
          })}
        </summary>
        <p className="mt-2 whitespace-pre-wrap text-sm">{version.text}</p>
      </details>
    </li>
  );
}
