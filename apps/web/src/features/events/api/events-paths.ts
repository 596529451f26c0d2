import type { EventKind } from '@reformer/domain/events';

/** The API's name of each kind in paths (`/events/birthdays`, `/events/config/payment-reminders`). */
export const KIND_SEGMENTS: Record<EventKind, 'birthdays' | 'payment-reminders'> = {
  BIRTHDAY: 'birthdays',
  PAYMENT_REMINDER: 'payment-reminders',
};

export function eventsPath(organizationId: string, suffix: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/events/${suffix}`;
}

/** Every events query of an organization starts with this key, so a send or a save refreshes them all. */
export function eventsQueryKey(organizationId: string) {
  return ['events', organizationId] as const;
}
