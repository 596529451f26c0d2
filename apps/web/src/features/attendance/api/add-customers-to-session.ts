import type { CustomersAdded } from '@reformer/domain/make-up-credit-schemas';
import type { AddCustomersToSessionValues } from '@reformer/domain/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/index.ts';
import { api } from '@/lib/api-client.ts';
import { ApiError, NetworkError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import type { TranslationKey } from '@/lib/i18n-keys.ts';
import { purchasesQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { storeSession } from './get-session.ts';
import { sessionsPath } from './get-sessions.ts';

/** All or nothing: when the free seats cannot take every customer, none is added (409 SESSION_FULL). */
export function addCustomersToSession(
  organizationId: string,
  sessionId: string,
  input: AddCustomersToSessionValues,
): Promise<CustomersAdded> {
  return api.post<CustomersAdded>(`${sessionsPath(organizationId, sessionId)}/customers`, input);
}

/**
 * Refusals that say what to do: a make-up without a valid credit, or outside the customer's plan; a place no
 * purchase of theirs can pay for (decision 029).
 */
const MAKE_UP_REFUSALS = new Set([
  'MAKE_UP_NO_CREDIT',
  'MAKE_UP_SESSION_NOT_ALLOWED',
  'PURCHASE_NONE',
  'PURCHASE_USED_UP',
  'PURCHASE_EXPIRED',
]);

/**
 * Spec §8: a full class is 'This schedule is at full capacity'; a refused make-up says whose credit is
 * missing; any other failure the action's own text.
 */
function describeAddError(error: Error, fallbackKey: TranslationKey): string {
  if (error instanceof NetworkError) return i18n.t('errors.network');
  if (error instanceof ApiError && error.code === 'SESSION_FULL') return i18n.t('errors.SESSION_FULL');
  if (error instanceof ApiError && MAKE_UP_REFUSALS.has(error.code)) return describeError(error, fallbackKey);
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
      success: (session, input) => {
        if (input.status === 'REPOSITION')
          return t('makeUpCredits.booking.success', { count: input.customerIds.length });
        const [spent] = session.spentPurchases;
        if (session.spentPurchases.length === 1 && spent)
          return t('purchases.preview.spent', { plan: spent.planName, count: spent.classesLeft });
        return t('attendance.addCustomers.success.count', { count: input.customerIds.length });
      },
      errorFallback: 'attendance.addCustomers.failed',
      describeError: describeAddError,
    },
    onSuccess: async (session) => {
      await storeSession(queryClient, organizationId, session);
      if (session.spentPurchases.length > 0)
        await queryClient.invalidateQueries({ queryKey: purchasesQueryKey(organizationId) });
      await options.onSuccess?.();
    },
  });
}
