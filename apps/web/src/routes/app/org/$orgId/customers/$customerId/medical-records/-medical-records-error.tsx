// Not a route (the "-" prefix): the error screen every medical records route shares.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** 'You don't have permission to access medical records.' in the user's language. */
export function MedicalRecordsError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('medicalRecords.accessDenied')} home="app" />;
}
