import type { WhatsAppTemplateKind, WhatsAppTemplateState } from '@reformer/domain/whatsapp-templates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { useCreateWhatsAppTemplates } from '../api/create-whatsapp-templates.ts';
import { whatsappTemplatesQueryOptions } from '../api/get-whatsapp-templates.ts';
import { describeWhatsAppError } from '../api/whatsapp-errors.ts';

const BADGE: Record<WhatsAppTemplateState['status'], string> = {
  MISSING: 'badge-ghost',
  PENDING: 'badge-warning',
  APPROVED: 'badge-success',
  REJECTED: 'badge-error',
  OTHER: 'badge-neutral',
};

/** Reformer's templates with Meta's review status; "Create templates" submits the ones the account lacks. */
export function WhatsAppTemplatesPanel({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery(whatsappTemplatesQueryOptions(organizationId));
  const create = useCreateWhatsAppTemplates(organizationId);
  const templates = query.data?.templates ?? [];
  const isMissing = templates.some((template) => template.status === 'MISSING');
  return (
    <SettingsCard
      id="whatsapp-templates"
      title={t('whatsapp.templates.title')}
      description={t('whatsapp.templates.description')}
    >
      {query.isError && (
        <p role="alert" className="alert alert-error">
          {describeWhatsAppError(query.error, 'common.errors.generic')}
        </p>
      )}
      {query.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {t('common.loading')}
        </p>
      )}
      {templates.length > 0 && (
        <ul className="flex flex-col divide-y divide-base-300" aria-label={t('whatsapp.templates.title')}>
          {templates.map((template) => (
            <TemplateRow key={`${template.name}:${template.language}`} template={template} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-ghost"
          disabled={query.isFetching}
          onClick={() => query.refetch()}
        >
          {t('whatsapp.templates.refresh')}
        </button>
        {canManage && isMissing && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={create.isPending}
            onClick={() => create.mutateAsync().catch(() => undefined)}
          >
            {create.isPending ? t('whatsapp.templates.loading') : t('whatsapp.templates.create')}
          </button>
        )}
      </div>
    </SettingsCard>
  );
}

function TemplateRow({ template }: { template: WhatsAppTemplateState }) {
  const { t } = useTranslation();
  const kind = template.kind as WhatsAppTemplateKind;
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
      <span>
        <span className="font-medium">{t(`whatsapp.templates.kinds.${kind}`)}</span>
        <span className="block text-base-content/70">
          {t(`whatsapp.templates.languages.${template.language}`)} ·{' '}
          {t(`whatsapp.templates.categories.${template.category}`)}
        </span>
      </span>
      <span className="flex flex-col items-end gap-1">
        <span className={`badge ${BADGE[template.status]}`}>
          {t(`whatsapp.templates.states.${template.status}`, { status: template.metaStatus ?? '' })}
        </span>
        {template.rejectedReason && (
          <span className="text-error">
            {t('whatsapp.templates.rejectedReason', { reason: template.rejectedReason })}
          </span>
        )}
      </span>
    </li>
  );
}
