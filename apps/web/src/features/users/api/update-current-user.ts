import type { UpdateProfileInput, UserProfile } from '@reformer/domain/users';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { sessionQueryKey } from '@/lib/session.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export function updateCurrentUser(input: UpdateProfileInput): Promise<UserProfile> {
  return api.put<UserProfile>('/users/me', input);
}

export function useUpdateCurrentUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: updateCurrentUser,
    toasts: {
      loading: t('userSettings.profile.loading'),
      success: t('userSettings.profile.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      // The navbar shows the session's name.
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
