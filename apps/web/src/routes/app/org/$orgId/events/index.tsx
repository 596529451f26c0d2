import { can, canAny } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { birthdayEventsQueryOptions } from '@/features/events/api/get-birthday-events.ts';
import { eventConfigQueryOptions } from '@/features/events/api/get-event-config.ts';
import { paymentRemindersQueryOptions } from '@/features/events/api/get-payment-reminders.ts';
import { EventsPage } from '@/features/events/components/events-page.tsx';
import { accessProfileQueryOptions, usePermissions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { EventsError } from './-events-error.tsx';

/** docs/decisions/016: birthdays with the customers' actions, payment reminders with the payments'. */
export const Route = createFileRoute('/app/org/$orgId/events/')({
  staticData: { titleKey: 'events.title' },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    const canBirthdays = canAny(profile, 'VIEW_CUSTOMERS');
    const canReminders = can(profile, 'VIEW_PAYMENTS', { scope: 'ORG' });
    if (!canBirthdays && !canReminders) throw new AccessDeniedError('VIEW_CUSTOMERS');
    await Promise.all([
      canBirthdays && queryClient.ensureQueryData(eventConfigQueryOptions(orgId, 'BIRTHDAY')),
      canBirthdays && queryClient.prefetchQuery(birthdayEventsQueryOptions(orgId)),
      canReminders && queryClient.ensureQueryData(eventConfigQueryOptions(orgId, 'PAYMENT_REMINDER')),
      canReminders && queryClient.prefetchQuery(paymentRemindersQueryOptions(orgId)),
    ]);
  },
  component: EventsRoute,
  errorComponent: EventsError,
});

function EventsRoute() {
  const { orgId } = Route.useParams();
  const permissions = usePermissions(orgId);
  return (
    <EventsPage
      organizationId={orgId}
      birthdays={
        permissions.canAny('VIEW_CUSTOMERS') ? { canManage: permissions.canAny('MANAGE_CUSTOMERS') } : null
      }
      paymentReminders={
        permissions.can('VIEW_PAYMENTS') ? { canManage: permissions.can('MANAGE_PAYMENTS') } : null
      }
    />
  );
}
