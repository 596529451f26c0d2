import {
  birthMonthDaysOn,
  isBirthdayOn,
  occasionDateFor,
  occasionOffset,
} from '@reformer/domain/events-occasions';
import type { Database } from '../../db/client.ts';
import * as repository from './events.repository.ts';
import { deliver, type How, type Occasion, type Senders } from './events-delivery.ts';
import {
  birthdayOccasionOf,
  listReminderCycles,
  reminderOccasionOf,
  reminderText,
} from './events-occasions.ts';

type DueConfig = Awaited<ReturnType<typeof repository.listDueConfigs>>[number];

export type EventsRunResult = { sent: number; alreadyClaimed: number; failed: number };

/** Today's occasions of one configuration: the birthdays or due dates its timing points at. */
async function occasionsOf(db: Database, due: DueConfig): Promise<Occasion[]> {
  const { config, today } = due;
  const organization = { organizationId: config.organizationId, organizationName: due.organizationName };
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
    .filter(({ cycle }) => cycle.dueDate === target)
    .map((reminder) => reminderOccasionOf(organization, reminder, reminderText(config, reminder, today)));
}

/**
 * One configuration's day: every occasion is claimed and sent on its own, so one that fails (SMTP down)
 * does not hold the others back; the day counts as done only when none failed, so the next run retries
 * exactly those (the claimed ones are skipped by their unique key).
 */
async function runConfig(
  db: Database,
  senders: Senders,
  due: DueConfig,
  now: Date,
): Promise<EventsRunResult> {
  const result: EventsRunResult = { sent: 0, alreadyClaimed: 0, failed: 0 };
  const how: How = { source: 'AUTOMATIC', actorId: null, at: now };
  for (const occasion of await occasionsOf(db, due)) {
    try {
      const ids = await deliver(db, occasion, due.config.channels, how, senders);
      if (ids) result.sent += 1;
      else result.alreadyClaimed += 1;
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
 * day is not done sends that day's occasions. Throws when an occasion failed, so pg-boss records the run as
 * failed; the next run takes up what is left.
 */
export async function sendDueEvents(db: Database, senders: Senders, now: Date): Promise<EventsRunResult> {
  const total: EventsRunResult = { sent: 0, alreadyClaimed: 0, failed: 0 };
  for (const due of await repository.listDueConfigs(db, now)) {
    const result = await runConfig(db, senders, due, now);
    total.sent += result.sent;
    total.alreadyClaimed += result.alreadyClaimed;
    total.failed += result.failed;
  }
  if (total.failed > 0)
    throw new Error(`[events] ${total.failed} message(s) failed; the next run retries them`);
  return total;
}
