import { useTranslation } from 'react-i18next';
import { authClient } from '@/lib/auth-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { describeAuthError, toAuthError } from './auth-error.ts';

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  const { error } = await authClient.resetPassword(input);
  if (error) throw toAuthError(error);
}

export function useResetPassword(options: { onSuccess: () => unknown }) {
  const { t } = useTranslation();
  return useToastMutation({
    mutationFn: resetPassword,
    toasts: {
      loading: t('auth.resetPassword.submitting'),
      success: t('auth.resetPassword.success'),
      errorFallback: 'auth.resetPassword.invalid',
      describeError: describeAuthError,
    },
    onSuccess: options.onSuccess,
  });
}
