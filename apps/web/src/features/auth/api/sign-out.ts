import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authClient } from '@/lib/auth-client.ts';
import { clearToken } from '@/lib/auth-token.ts';
import { removeAllDrafts } from '@/lib/form-drafts.ts';
import { sessionQueryKey } from '@/lib/session.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { toAuthError } from './auth-error.ts';

export async function signOut(): Promise<void> {
  const { error } = await authClient.signOut();
  if (error) throw toAuthError(error);
}

export function useSignOut(options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: signOut,
    toasts: {
      loading: t('auth.signingOut'),
      success: t('auth.signedOut'),
      errorFallback: 'auth.errors.signOutFailed',
    },
    onSuccess: async () => {
      clearToken();
      removeAllDrafts();
      // Leave first (spec: after sign-out the user goes to /), then forget everything of this user. The
      // session query keeps its observer (the app root), so it is set to null rather than removed.
      await options.onSuccess?.();
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}
