import {
  CLASS_REMINDER_HOURS,
  classReminderOccasion,
  DEFAULT_CLASS_NOTICE_SETTINGS,
  reminderWindow,
} from '@reformer/domain/events-class-notices';
import type { Database } from '../../db/client.ts';
import * as repository from './class-notices.repository.ts';
import { rosterOccasions, type SessionNotice } from './class-notices.ts';
import { deliver, type Senders } from './events-delivery.ts';
import type { EventsRunResult } from './events-job.ts';

type Reminding = Awaited<ReturnType<typeof repository.listRemindingOrganizations>>[number];

/** Reminders not claimed yet for the sessions of one organization that start within its hours. */
async function dueReminders(db: Database, organization: Reminding, now: Date, publicUrl?: string) {
  const { organizationId } = organization;
  const hours = Math.min(organization.hours, CLASS_REMINDER_HOURS.max);
  const sessions = await repository.listSessionsStarting(db, organizationId, reminderWindow(now, hours));
  const slots = await repository.listSessionSlots(
    db,
    organizationId,
    sessions.map((session) => session.sessionId),
  );
  const notices: SessionNotice[] = slots.map((slot) => ({
    sessionId: slot.sessionId,
    occasion: classReminderOccasion(slot.sessionId, slot.startsAt),
    notice: { kind: 'REMINDER', startsAt: slot.startsAt },
  }));
  const occasions = await rosterOccasions(db, organizationId, 'CLASS_REMINDER', notices, publicUrl);
  // Claimed on some channel already: skipped without a transaction each (the claim's key would skip it too).
  const claimed = await repository.listClaimedOccasions(
    db,
    organizationId,
    'CLASS_REMINDER',
    notices.map((notice) => notice.occasion),
  );
  return occasions.filter((occasion) => !claimed.has(`${occasion.customer.customerId}|${occasion.occasion}`));
}

/**
 * Class reminders (decision 050), run by the events job: each customer booked on an active session that
 * starts within the organization's hours gets one, once per session start and channel — the claim's unique
 * key holds it across runs and instances, and a session moved later is a new start, reminded again. A
 * cancelled place or session is not on the roster the query reads. Undeliverable ones (no contact for the
 * channels) stay unclaimed and are tried again by the next runs until the session starts, in silence.
 */
export async function sendClassReminders(
  db: Database,
  senders: Senders,
  now: Date,
): Promise<EventsRunResult> {
  const result: EventsRunResult = { sent: 0, alreadyClaimed: 0, undeliverable: 0, failed: 0 };
  const how = { source: 'AUTOMATIC', actorId: null, at: now } as const;
  for (const organization of await repository.listRemindingOrganizations(
    db,
    DEFAULT_CLASS_NOTICE_SETTINGS.reminderHours,
  )) {
    const channels = organization.channels ?? DEFAULT_CLASS_NOTICE_SETTINGS.reminderChannels;
    for (const occasion of await dueReminders(db, organization, now, senders.publicUrl)) {
      try {
        const delivery = await deliver(db, occasion, channels, how, senders);
        if (delivery.outcome === 'DELIVERED') result.sent += 1;
        else if (delivery.outcome === 'ALREADY_CLAIMED') result.alreadyClaimed += 1;
        else result.undeliverable += 1;
      } catch (error) {
        result.failed += 1;
        console.error(
          `[events] CLASS_REMINDER for organization ${occasion.organizationId} failed:`,
          error instanceof Error ? error.message : error,
        );
      }
    }
  }
  return result;
}
