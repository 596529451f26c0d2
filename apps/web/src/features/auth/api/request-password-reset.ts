import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client.ts';
import { toAuthError } from './auth-error.ts';

/** Asks for a reset link by e-mail; the server answers alike whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await authClient.requestPasswordReset({ email });
  if (error) throw toAuthError(error);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
