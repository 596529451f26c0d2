import type { SignUpInput } from '@reformer/domain/users';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authClient } from '@/lib/auth-client.ts';
import { clearToken } from '@/lib/auth-token.ts';
import { sessionQueryKey } from '@/lib/session.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { describeAuthError, toAuthError } from './auth-error.ts';

export async function signUp(input: SignUpInput): Promise<void> {
  const { error } = await authClient.signUp.email({
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    name: `${input.firstName} ${input.lastName}`,
  });
  if (error) throw toAuthError(error);
}

export function useSignUp(options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: signUp,
    toasts: {
      loading: t('auth.signUp.submitting'),
      success: t('auth.signUp.success'),
      errorFallback: 'auth.errors.signUpFailed',
      describeError: describeAuthError,
    },
    onSuccess: async () => {
      clearToken();
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
      await options.onSuccess?.();
    },
  });
}
