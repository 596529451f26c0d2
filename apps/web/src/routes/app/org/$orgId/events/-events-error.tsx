// Not a route (the "-" prefix): the events screen's error screen.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** Spec §8: 'You do not have permission to access events.' in the user's language. */
export function EventsError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('events.accessDenied')} home="app" />;
}
