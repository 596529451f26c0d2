import type { AddCustomersToSessionValues, SessionDetails } from '@reformer/domain/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { ApiError, NetworkError } from '../../../lib/api-error.ts';
import type { TranslationKey } from '../../../lib/i18n-keys.ts';
import { useToastMutation } from '../../../lib/toasts.ts';
import { storeSession } from './get-session.ts';
import { sessionsPath } from './get-sessions.ts';

/** All or nothing: when the free seats cannot take every customer, none is added (409 SESSION_FULL). */
export function addCustomersToSession(
  organizationId: string,
  sessionId: string,
  input: AddCustomersToSessionValues,
): Promise<SessionDetails> {
  return api.post<SessionDetails>(`${sessionsPath(organizationId, sessionId)}/customers`, input);
}

/** Spec §8: a full class is 'This schedule is at full capacity'; any other failure the action's own text. */
function describeAddError(error: Error, fallbackKey: TranslationKey): string {
  if (error instanceof NetworkError) return i18n.t('errors.network');
  if (error instanceof ApiError && error.code === 'SESSION_FULL') return i18n.t('errors.SESSION_FULL');
  return i18n.t(fallbackKey);
}

export function useAddCustomersToSession(
  organizationId: string,
  sessionId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: AddCustomersToSessionValues) =>
      addCustomersToSession(organizationId, sessionId, input),
    toasts: {
      loading: t('attendance.addCustomers.loading'),
      success: (_session, input) =>
        t('attendance.addCustomers.success.count', { count: input.customerIds.length }),
      errorFallback: 'attendance.addCustomers.failed',
      describeError: describeAddError,
    },
    onSuccess: async (session) => {
      await storeSession(queryClient, organizationId, session);
      await options.onSuccess?.();
    },
  });
}
