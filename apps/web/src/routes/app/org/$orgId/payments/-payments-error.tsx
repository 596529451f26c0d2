// Not a route (the "-" prefix): the error screen every payments route shares.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** 'You don't have permission to access payments.' in the user's language. */
export function PaymentsError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('payments.accessDenied')} home="app" />;
}
