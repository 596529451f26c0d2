import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { pixWebhookQueryOptions } from '../api/get-pix-webhook.ts';
import { useRegisterPixWebhook } from '../api/register-pix-webhook.ts';

/**
 * Where the PSP sends its notice of each Pix (decision 030). Registering replaces whatever the PSP posts to for
 * the studio's key, so the PSP is asked first, and another system's address is replaced only after the studio
 * confirms it by name. Without the webhook, reconciliation still marks payments, minutes later.
 */
export function PixWebhookRegistration({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const registration = useQuery(pixWebhookQueryOptions(organizationId));
  const [takenBy, setTakenBy] = useState<string | null>(null);
  const register = useRegisterPixWebhook(organizationId, { onTaken: setTakenBy });
  const data = registration.data;
  return (
    <section aria-labelledby="pix-webhook" className="flex flex-col gap-2 border-t border-base-300 pt-3">
      <h3 id="pix-webhook" className="font-semibold">
        {t('pixPsp.webhookRegistration.title')}
      </h3>
      {registration.isPending && <Spinner />}
      {registration.isError && <QueryError error={registration.error} onRetry={registration.refetch} />}
      {data && (
        <p className="text-sm break-all">
          {data.isOurs
            ? t('pixPsp.webhookRegistration.ours')
            : data.registeredUrl
              ? t('pixPsp.webhookRegistration.elsewhere', { url: data.registeredUrl })
              : t('pixPsp.webhookRegistration.none')}
        </p>
      )}
      {data && !data.isOurs && (
        <button
          type="button"
          className="btn btn-primary btn-sm self-start"
          disabled={register.isPending}
          onClick={() => register.mutate(null)}
        >
          {t('pixPsp.webhookRegistration.action')}
        </button>
      )}
      <ConfirmDialog
        isOpen={takenBy !== null}
        onClose={() => setTakenBy(null)}
        title={t('pixPsp.webhookRegistration.replaceTitle')}
        confirmLabel={t('pixPsp.webhookRegistration.replace')}
        tone="warning"
        isPending={register.isPending}
        onConfirm={() =>
          register
            .mutateAsync(takenBy)
            .then(() => setTakenBy(null))
            .catch(() => undefined)
        }
      >
        <p className="break-all">{t('pixPsp.webhookRegistration.replaceBody', { url: takenBy ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
