import {
  birthMonthDaysOn,
  isBirthdayOn,
  occasionDateFor,
  occasionOffset,
  reminderSendDate,
} from '@reformer/domain/events-occasions';
import type { Database } from '../../db/client.ts';
import { readSettings as readWaitlistSettings } from '../waitlist/waitlist-settings.ts';
import { sendClassReminders } from './class-reminders-job.ts';
import * as repository from './events.repository.ts';
import { deliver, type How, type Occasion, type Senders, sendQueuedEmails } from './events-delivery.ts';
import {
  birthdayOccasionOf,
  listReminderCycles,
  reminderOccasionOf,
  reminderText,
} from './events-occasions.ts';

type DueConfig = Awaited<ReturnType<typeof repository.listDueConfigs>>[number];

/**
 * `undeliverable`: occasions no channel could take (no e-mail or phone for the configured channels), left
 * unclaimed so a member can still send them by hand; unlike `failed`, a retry would not change them, so the
 * day is still done.
 */
export type EventsRunResult = { sent: number; alreadyClaimed: number; undeliverable: number; failed: number };

const noneYet = (): EventsRunResult => ({ sent: 0, alreadyClaimed: 0, undeliverable: 0, failed: 0 });

/** Today's occasions of one configuration: the birthdays or due dates its timing points at. */
async function occasionsOf(db: Database, due: DueConfig): Promise<Occasion[]> {
  const { config, today } = due;
  const { messageLanguage } = await readWaitlistSettings(db, config.organizationId);
  const organization = {
    organizationId: config.organizationId,
    organizationName: due.organizationName,
    messageLanguage,
  };
  const target = occasionDateFor(today, config.timing, config.days);
  if (config.kind === 'BIRTHDAY') {
    const customers = await repository.listCustomersWithBirthdays(
      db,
      config.organizationId,
      birthMonthDaysOn(target),
    );
    return customers
      .filter((customer) => isBirthdayOn(customer.dateOfBirth, target))
      .map((customer) => birthdayOccasionOf(organization, customer, target, config.template));
  }
  const horizon = Math.max(0, occasionOffset(config.timing, config.days));
  const cycles = await listReminderCycles(db, config.organizationId, today, horizon);
  return cycles
    .filter(({ cycle }) => reminderSendDate(cycle, config.timing, config.days) === today)
    .map((reminder) => reminderOccasionOf(organization, reminder, reminderText(config, reminder, today)));
}

/**
 * One configuration's day: every occasion is claimed and sent on its own, so one that fails (SMTP down)
 * does not hold the others back; the day counts as done only when none failed, so the next run retries
 * exactly those (the claimed ones are skipped by their unique key). An undeliverable one is no failure: a
 * retry would find the same missing contact.
 */
async function runConfig(
  db: Database,
  senders: Senders,
  due: DueConfig,
  now: Date,
): Promise<EventsRunResult> {
  const result = noneYet();
  const how: How = { source: 'AUTOMATIC', actorId: null, at: now };
  for (const occasion of await occasionsOf(db, due)) {
    try {
      const delivery = await deliver(db, occasion, due.config.channels, how, senders);
      if (delivery.outcome === 'DELIVERED') result.sent += 1;
      else if (delivery.outcome === 'ALREADY_CLAIMED') result.alreadyClaimed += 1;
      else {
        result.undeliverable += 1;
        // Ids and statuses only: the customer's name and contact are personal data.
        console.warn(
          `[events] ${occasion.kind} for organization ${occasion.organizationId} not sent: ${delivery.statuses.join(', ')}`,
        );
      }
    } catch (error) {
      result.failed += 1;
      console.error(
        `[events] ${occasion.kind} for organization ${occasion.organizationId} failed:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  if (result.failed === 0)
    await repository.markRun(db, due.config.organizationId, due.config.kind, due.today);
  return result;
}

/**
 * The events job (every few minutes): each enabled configuration whose local send time has come and whose
 * day is not done sends that day's occasions; then the class reminders that are due, and the e-mails of the
 * class notices that moves and cancellations left in the outbox (decision 050). Throws when an occasion
 * failed, so pg-boss records the run as failed; the next run takes up what is left.
 */
export async function sendDueEvents(db: Database, senders: Senders, now: Date): Promise<EventsRunResult> {
  const total = noneYet();
  const add = (result: EventsRunResult) => {
    for (const key of Object.keys(total) as (keyof EventsRunResult)[]) total[key] += result[key];
  };
  for (const due of await repository.listDueConfigs(db, now)) add(await runConfig(db, senders, due, now));
  add(await sendClassReminders(db, senders, now));
  const { mailer, publicUrl } = senders;
  total.sent += await sendQueuedEmails(db, mailer, 'CLASS_CHANGED', { publicUrl });
  if (total.failed > 0)
    throw new Error(`[events] ${total.failed} message(s) failed; the next run retries them`);
  return total;
}
