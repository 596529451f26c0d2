import type { NoCreditDate } from '@reformer/domain/make-up-credit-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { noCreditDatesPath, noCreditDatesQueryKey } from './get-no-credit-dates.ts';

type SaveNoCreditDateVariables = { date: string; name: string };

export function saveNoCreditDate(
  organizationId: string,
  establishmentId: string,
  { date, name }: SaveNoCreditDateVariables,
): Promise<NoCreditDate> {
  return api.put<NoCreditDate>(`${noCreditDatesPath(organizationId, establishmentId)}/${date}`, { name });
}

/** Adds a date (or renames it when the establishment has it already); needs MANAGE_SETTINGS. */
export function useSaveNoCreditDate(organizationId: string, establishmentId: string) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (variables: SaveNoCreditDateVariables) =>
      saveNoCreditDate(organizationId, establishmentId, variables),
    toasts: {
      loading: t('makeUpCredits.noCreditDates.adding'),
      success: (saved) => t('makeUpCredits.noCreditDates.added', { date: formatDate(saved.date) }),
      errorFallback: 'makeUpCredits.noCreditDates.addFailed',
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: noCreditDatesQueryKey(organizationId, establishmentId) }),
  });
}
