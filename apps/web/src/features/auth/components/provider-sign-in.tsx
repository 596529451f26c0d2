import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { describeAuthError } from '../api/auth-error.ts';
import { publicConfigQueryOptions } from '../api/get-public-config.ts';
import { signInWithProvider } from '../api/sign-in-with-provider.ts';

/** "Sign in with {{name}}" when the server has a hosted OpenID Connect provider; nothing otherwise. */
export function ProviderSignIn({ callbackURL }: { callbackURL: string }) {
  const { t } = useTranslation();
  const { data: config } = useQuery(publicConfigQueryOptions());
  const [isRedirecting, setIsRedirecting] = useState(false);
  const oidc = config?.oidc;
  if (!oidc) return null;

  const start = async () => {
    setIsRedirecting(true);
    try {
      await signInWithProvider(oidc.providerId, callbackURL);
    } catch (error) {
      setIsRedirecting(false);
      toast.error(describeAuthError(error, 'auth.errors.signInFailed'));
    }
  };

  return (
    <>
      <button type="button" className="btn btn-outline w-full" disabled={isRedirecting} onClick={start}>
        {isRedirecting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('auth.oidc', { name: oidc.name })}
      </button>
      <div className="divider">{t('auth.or')}</div>
    </>
  );
}
