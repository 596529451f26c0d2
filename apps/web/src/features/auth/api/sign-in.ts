import type { SignInInput } from '@reformer/domain/users';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authClient } from '@/lib/auth-client.ts';
import { clearToken } from '@/lib/auth-token.ts';
import { sessionQueryKey } from '@/lib/session.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { describeAuthError, toAuthError } from './auth-error.ts';

export async function signIn(input: SignInInput): Promise<void> {
  const { error } = await authClient.signIn.email({ email: input.email, password: input.password });
  if (error) throw toAuthError(error);
}

export function useSignIn(options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: signIn,
    toasts: {
      loading: t('auth.signIn.submitting'),
      success: t('auth.signIn.success'),
      errorFallback: 'auth.errors.signInFailed',
      describeError: describeAuthError,
    },
    onSuccess: async () => {
      clearToken();
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
      await options.onSuccess?.();
    },
  });
}
