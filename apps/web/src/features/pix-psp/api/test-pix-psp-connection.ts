import type { PspConnectionTest } from '@reformer/domain/pix-psp';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixPspPath } from './get-pix-psp.ts';

/** Asks the PSP for a token with the stored credentials; a refusal comes back as `failure`, not an error. */
export function testPixPspConnection(organizationId: string): Promise<PspConnectionTest> {
  return api.post<PspConnectionTest>(pixPspPath(organizationId, '/test-connection'));
}

export function useTestPixPspConnection(organizationId: string) {
  const { t } = useTranslation();
  return useToastMutation({
    mutationFn: () => testPixPspConnection(organizationId),
    toasts: {
      loading: t('pixPsp.test.loading'),
      success: (result) => (result.ok ? t('pixPsp.test.ok') : t('pixPsp.test.failed')),
      errorFallback: 'common.errors.generic',
    },
  });
}
