import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pixSandboxQueryOptions, useConnectPixSandbox } from '../api/connect-pix-sandbox.ts';

/** The demo (PIX_PSP=sandbox): connect the local PSP without typing its credentials. Nothing otherwise. */
export function PixSandboxConnect({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const sandbox = useQuery(pixSandboxQueryOptions(organizationId));
  const connect = useConnectPixSandbox(organizationId);
  if (!sandbox.data?.isAvailable) return null;
  return (
    <div role="note" className="alert alert-info flex flex-wrap justify-between gap-2">
      <span>{t('pixPsp.sandbox.note')}</span>
      <button
        type="button"
        className="btn btn-sm"
        disabled={connect.isPending}
        onClick={() => connect.mutate()}
      >
        {t('pixPsp.sandbox.action')}
      </button>
    </div>
  );
}
