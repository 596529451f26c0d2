// Not a route (the "-" prefix): the error screen every enrollments route shares.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** Spec §6: 'You don't have permission to access enrollments.' in the user's language. */
export function EnrollmentsError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('enrollments.accessDenied')} home="app" />;
}
