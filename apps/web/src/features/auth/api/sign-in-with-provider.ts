import { authClient } from '@/lib/auth-client.ts';
import { toAuthError } from './auth-error.ts';

/**
 * Hosted OpenID Connect sign-in. In better-auth 1.7 generic OAuth providers go through `signIn.social`;
 * the browser leaves for the provider and comes back to `callbackURL`.
 */
export async function signInWithProvider(providerId: string, callbackURL: string): Promise<void> {
  const { error } = await authClient.signIn.social({ provider: providerId, callbackURL });
  if (error) throw toAuthError(error);
}
