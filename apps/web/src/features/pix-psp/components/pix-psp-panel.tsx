import { certificateExpiresSoon, type PspConnection, type PspConnectionTest } from '@reformer/domain/pix-psp';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatDate } from '@/lib/format.ts';
import { useDisconnectPixPsp } from '../api/disconnect-pix-psp.ts';
import { pixPspQueryOptions } from '../api/get-pix-psp.ts';
import { useIssuePixCharges } from '../api/issue-pix-charges.ts';
import { useRotatePixPspWebhookSecret } from '../api/rotate-pix-psp-webhook-secret.ts';
import { useTestPixPspConnection } from '../api/test-pix-psp-connection.ts';
import { PixPspForm } from './pix-psp-form.tsx';
import { PixSandboxConnect } from './pix-sandbox-connect.tsx';
import { PixWebhookRegistration } from './pix-webhook-registration.tsx';

/**
 * Settings → Payments → PSP (decision 027): the bank or payment institution whose API Pix creates the
 * studio's PIX charges. VIEW_BILLING sees it; MANAGE_BILLING connects, tests, rotates and disconnects.
 * Secrets show only as "set"; the certificate as its subject and expiry.
 */
export function PixPspPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(pixPspQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_BILLING');
  const { connection } = data;
  return (
    <SettingsCard
      id="pix-psp"
      title={t('pixPsp.title')}
      description={t('pixPsp.description')}
      readOnlyNote={canManage ? null : t('pixPsp.readOnly')}
    >
      {!data.canStoreSecrets && (
        <p role="alert" className="alert alert-warning">
          {t('pixPsp.noSecretsKey')}
        </p>
      )}
      {connection ? <ConnectionSummary connection={connection} /> : <p>{t('pixPsp.notConnected')}</p>}
      {!connection && canManage && data.canStoreSecrets && (
        <PixSandboxConnect organizationId={organizationId} />
      )}
      <PixPspForm
        key={JSON.stringify(connection)}
        organizationId={organizationId}
        connection={connection}
        isReadOnly={!canManage || !data.canStoreSecrets}
      />
      {connection && canManage && data.canStoreSecrets && (
        <>
          <PixWebhookRegistration organizationId={organizationId} />
          <ConnectionActions organizationId={organizationId} />
        </>
      )}
    </SettingsCard>
  );
}

function ConnectionSummary({ connection }: { connection: PspConnection }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { certificate } = connection;
  const isExpiring = certificateExpiresSoon(certificate.expiresAt, new Date());
  return (
    <dl
      className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]"
      aria-label={t('pixPsp.summary')}
    >
      <dt className="font-medium">{t('pixPsp.fields.clientSecret')}</dt>
      <dd>
        <SetBadge isSet={connection.clientSecret.isSet} />
      </dd>
      <dt className="font-medium">{t('pixPsp.fields.certificate')}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <SetBadge isSet />
        <span className="break-all">{certificate.subject}</span>
      </dd>
      <dt className="font-medium">{t('pixPsp.certificateExpires')}</dt>
      <dd>
        {formatDate(certificate.expiresAt)}
        {isExpiring && (
          <p role="alert" className="alert alert-warning mt-1">
            {t('pixPsp.certificateExpiresSoon')}
          </p>
        )}
      </dd>
      <dt className="font-medium">{t('pixPsp.webhook.rotatedAt')}</dt>
      <dd>{formatDate(connection.webhookSecretRotatedAt)}</dd>
    </dl>
  );
}

function SetBadge({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${isSet ? 'badge-success' : 'badge-ghost'}`}>
      {isSet ? t('pixPsp.set') : t('pixPsp.notSet')}
    </span>
  );
}

function TestResult({ result }: { result: PspConnectionTest }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={`alert ${result.ok ? 'alert-success' : 'alert-error'}`}>
      {result.ok || !result.failure ? t('pixPsp.test.ok') : t(`pixPsp.test.failures.${result.failure}`)}
    </p>
  );
}

function ConnectionActions({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [result, setResult] = useState<PspConnectionTest | null>(null);
  const test = useTestPixPspConnection(organizationId);
  const rotate = useRotatePixPspWebhookSecret(organizationId);
  const issue = useIssuePixCharges(organizationId);
  const disconnect = useDisconnectPixPsp(organizationId, { onSuccess: () => setIsConfirming(false) });
  return (
    <div className="flex flex-col gap-3 border-t border-base-300 pt-3">
      {result && <TestResult result={result} />}
      <p className="text-sm text-base-content/70">{t('pixPsp.issueCharges.hint')}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={test.isPending}
          onClick={() => test.mutateAsync().then(setResult, () => setResult(null))}
        >
          {test.isPending ? t('pixPsp.test.loading') : t('pixPsp.test.action')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={issue.isPending}
          onClick={() => issue.mutate()}
        >
          {t('pixPsp.issueCharges.action')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={rotate.isPending}
          onClick={() => rotate.mutateAsync().catch(() => undefined)}
        >
          {t('pixPsp.webhook.rotate')}
        </button>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setIsConfirming(true)}>
          {t('pixPsp.disconnect.action')}
        </button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('pixPsp.disconnect.title')}
        confirmLabel={t('pixPsp.disconnect.action')}
        onConfirm={() => disconnect.mutateAsync().catch(() => undefined)}
        isPending={disconnect.isPending}
      >
        <p>{t('pixPsp.disconnect.body')}</p>
      </ConfirmDialog>
    </div>
  );
}
