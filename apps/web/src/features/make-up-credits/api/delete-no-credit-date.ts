import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { noCreditDatesPath, noCreditDatesQueryKey } from './get-no-credit-dates.ts';

export function deleteNoCreditDate(organizationId: string, establishmentId: string, date: string) {
  return api.delete(`${noCreditDatesPath(organizationId, establishmentId)}/${date}`);
}

/** Removes a date; credits already decided stay as they are. Needs MANAGE_SETTINGS. */
export function useDeleteNoCreditDate(organizationId: string, establishmentId: string) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (date: string) => deleteNoCreditDate(organizationId, establishmentId, date),
    toasts: {
      loading: t('makeUpCredits.noCreditDates.removing'),
      success: (_result, date) => t('makeUpCredits.noCreditDates.removed', { date: formatDate(date) }),
      errorFallback: 'makeUpCredits.noCreditDates.removeFailed',
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: noCreditDatesQueryKey(organizationId, establishmentId) }),
  });
}
