import type { WhatsAppConnection } from '@reformer/domain/whatsapp';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatInstant } from '@/lib/format.ts';
import { displayPhone } from '@/lib/phones.ts';
import { useDisconnectWhatsApp } from '../api/disconnect-whatsapp.ts';
import { whatsappQueryOptions } from '../api/get-whatsapp.ts';
import { useRegisterWhatsAppWebhook } from '../api/register-whatsapp-webhook.ts';
import { WhatsAppCostsPanel } from './whatsapp-costs-panel.tsx';
import { WhatsAppForm } from './whatsapp-form.tsx';
import { WhatsAppTemplatesPanel } from './whatsapp-templates-panel.tsx';
import { WhatsAppTestMessage } from './whatsapp-test-message.tsx';

const TIERS = ['TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;

/**
 * Settings → Messages (decision 049): the studio's WhatsApp Business number on Meta's Cloud API. Every member
 * who reads settings sees it; MANAGE_SETTINGS connects, tests, registers the webhook and disconnects. Secrets
 * show only as "set".
 */
export function WhatsAppPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(whatsappQueryOptions(organizationId));
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_SETTINGS');
  const { connection } = data;
  const canChange = canManage && data.canStoreSecrets;
  return (
    <>
      <SettingsCard
        id="whatsapp"
        title={t('whatsapp.title')}
        description={t('whatsapp.description')}
        readOnlyNote={canManage ? null : t('whatsapp.readOnly')}
      >
        {!data.canStoreSecrets && (
          <p role="alert" className="alert alert-warning">
            {t('whatsapp.noSecretsKey')}
          </p>
        )}
        {connection ? (
          <ConnectionSummary connection={connection} timeZone={organization.timeZone} />
        ) : (
          <p>{t('whatsapp.notConnected')}</p>
        )}
        <WhatsAppForm
          key={JSON.stringify(connection)}
          organizationId={organizationId}
          connection={connection}
          isReadOnly={!canChange}
        />
        {connection && canChange && (
          <>
            <WebhookRegistration organizationId={organizationId} />
            <WhatsAppTestMessage organizationId={organizationId} timeZone={organization.timeZone} />
            <Disconnect organizationId={organizationId} />
          </>
        )}
      </SettingsCard>
      {connection && <WhatsAppTemplatesPanel organizationId={organizationId} canManage={canChange} />}
      {connection && <WhatsAppCostsPanel organizationId={organizationId} />}
    </>
  );
}

function ConnectionSummary({ connection, timeZone }: { connection: WhatsAppConnection; timeZone: string }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const tier = TIERS.find((name) => name === connection.messagingTier) ?? 'unknown';
  return (
    <dl
      className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]"
      aria-label={t('whatsapp.summary')}
    >
      <dt className="font-medium">{t('whatsapp.number')}</dt>
      <dd>{displayPhone(connection.displayPhoneNumber)}</dd>
      <dt className="font-medium">{t('whatsapp.verifiedName')}</dt>
      <dd>{connection.verifiedName}</dd>
      <dt className="font-medium">{t('whatsapp.tier')}</dt>
      <dd>{t(`whatsapp.tiers.${tier}`)}</dd>
      <dt className="font-medium">{t('whatsapp.fields.accessToken')}</dt>
      <dd>
        <span className="badge badge-success">{t('whatsapp.set')}</span>
      </dd>
      <dt className="font-medium">{t('whatsapp.fields.appSecret')}</dt>
      <dd>
        <span className="badge badge-success">{t('whatsapp.set')}</span>
      </dd>
      <dt className="font-medium">{t('whatsapp.webhook.title')}</dt>
      <dd>
        {connection.webhookRegisteredAt
          ? t('whatsapp.webhook.registeredAt', { date: formatInstant(connection.webhookRegisteredAt) })
          : t('whatsapp.webhook.notRegistered')}
      </dd>
    </dl>
  );
}

function WebhookRegistration({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const register = useRegisterWhatsAppWebhook(organizationId);
  return (
    <div className="flex flex-wrap gap-2 border-t border-base-300 pt-3">
      <button
        type="button"
        className="btn btn-outline"
        disabled={register.isPending}
        onClick={() => register.mutateAsync().catch(() => undefined)}
      >
        {register.isPending ? t('whatsapp.webhook.loading') : t('whatsapp.webhook.register')}
      </button>
    </div>
  );
}

function Disconnect({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const disconnect = useDisconnectWhatsApp(organizationId, { onSuccess: () => setIsConfirming(false) });
  return (
    <div className="flex justify-end border-t border-base-300 pt-3">
      <button type="button" className="btn btn-outline btn-error" onClick={() => setIsConfirming(true)}>
        {t('whatsapp.disconnect.action')}
      </button>
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('whatsapp.disconnect.title')}
        confirmLabel={t('whatsapp.disconnect.action')}
        onConfirm={() => disconnect.mutateAsync().catch(() => undefined)}
        isPending={disconnect.isPending}
      >
        <p>{t('whatsapp.disconnect.body')}</p>
      </ConfirmDialog>
    </div>
  );
}
