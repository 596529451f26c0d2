import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { errorKindOf, RouteGuardError } from '@/lib/route-errors.ts';
import { ErrorScreen } from './error-screen.tsx';

/** A route's errorComponent: picks the screen for the error and retries by reloading the route. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  const kind = errorKindOf(error);
  const isInApp = useRouterState({ select: (state) => state.location.pathname.startsWith('/app') });

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  useEffect(() => {
    if (kind === 'somethingWentWrong' || kind === 'server') console.error(error);
  }, [kind, error]);

  const isSignedOut =
    error instanceof RouteGuardError || (error instanceof ApiError && error.code === 'UNAUTHENTICATED');
  let message: string | undefined;
  if (error instanceof RouteGuardError) message = t(`auth.errors.${error.reason}`);
  else if (kind === 'somethingWentWrong' && error instanceof ApiError) message = describeError(error);

  return (
    <ErrorScreen
      kind={kind}
      message={message}
      requestId={error instanceof ApiError ? error.requestId : undefined}
      home={isInApp ? 'app' : 'public'}
      showSignIn={isSignedOut}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
