import { sessionInstant, todayIn } from '@reformer/domain/time-zones';
import {
  addCounts,
  type CategoryCounts,
  costMonths,
  effectivePrices,
  emptyCounts,
  monthCosts,
  pricingCategoryOf,
  remainingMonthDays,
  WHATSAPP_BRAZIL_PRICES,
  type WhatsAppCosts,
  type WhatsAppPricesInput,
} from '@reformer/domain/whatsapp-costs';
import { WHATSAPP_TEMPLATES } from '@reformer/domain/whatsapp-templates';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { listRosterContacts, listSessionsStarting } from '../events/class-notices.repository.ts';
import { readClassNoticeSettings } from '../events/class-notices.ts';
import { listCustomersWithBirthdays } from '../events/events.repository.ts';
import { getConfig } from '../events/events.service.ts';
import * as repository from './whatsapp-costs.repository.ts';

const HOUR_MS = 3_600_000;

type SentThisMonth = { counts: CategoryCounts; classNotices: number };

async function sentBetween(db: Database, organizationId: string, from: Date, until: Date) {
  const rows = await repository.countSentByTemplate(db, organizationId, from, until);
  const counts = emptyCounts();
  for (const row of rows) counts[pricingCategoryOf(row.templateName)] += row.count;
  const classNotices =
    rows.find((row) => row.templateName === WHATSAPP_TEMPLATES.CLASS_CHANGED.name)?.count ?? 0;
  return { counts, classNotices } satisfies SentThisMonth;
}

/**
 * The reminders still to go this month: a session's reminder leaves `reminderHours` before it starts, so
 * those leaving after now and before the month ends are of the sessions starting within `hours` of each —
 * one per opted-in customer on its roster. Off, or not by WhatsApp: none.
 */
async function remainingClassReminders(db: Database, organizationId: string, now: Date, monthEnd: Date) {
  const settings = await readClassNoticeSettings(db, organizationId);
  if (settings.reminderHours === 0 || !settings.reminderChannels.includes('WHATSAPP')) return 0;
  const lead = settings.reminderHours * HOUR_MS;
  const sessions = await listSessionsStarting(db, organizationId, {
    after: new Date(now.getTime() + lead),
    until: new Date(monthEnd.getTime() + lead - 1),
  });
  const roster = await listRosterContacts(
    db,
    organizationId,
    sessions.map((session) => session.sessionId),
  );
  const optedIn = await repository.listOptedIn(db, organizationId, [
    ...new Set(roster.map((place) => place.customerId)),
  ]);
  return roster.filter((place) => optedIn.has(place.customerId)).length;
}

/** Birthdays after today in this month of opted-in customers who did not refuse marketing, if sent by WhatsApp. */
async function remainingBirthdays(db: Database, access: OrgAccess, today: string) {
  const config = await getConfig(db, access, 'BIRTHDAY');
  if (!config.enabled || !config.channels.includes('WHATSAPP')) return 0;
  const customers = await listCustomersWithBirthdays(db, access.organizationId, remainingMonthDays(today));
  const optedIn = await repository.listOptedIn(
    db,
    access.organizationId,
    customers.map((customer) => customer.customerId),
  );
  return optedIn.size;
}

/**
 * Settings → Messages' estimate (decision 053): what the Cloud API messages of this month and the last cost
 * at the prices the studio entered (Meta's Brazilian list price where it left a category blank), and a projection of this month from what is sent and what the calendar, the
 * settings and the opt-ins still send. US dollars only: Meta bills in dollars; no conversion to reais.
 */
export async function estimateWhatsAppCosts(
  db: Database,
  access: OrgAccess,
  now: Date,
): Promise<WhatsAppCosts> {
  const { organizationId } = access;
  const timeZone = await organizationTimeZone(db, organizationId);
  const today = todayIn(timeZone, now);
  const months = costMonths(today);
  const studioPrices = await repository.readPrices(db, organizationId);
  const prices = effectivePrices(studioPrices);
  const [lastStart, thisStart, nextStart] = [months.lastMonth, months.thisMonth, months.nextMonth].map(
    (day) => sessionInstant(day, '00:00', timeZone),
  ) as [Date, Date, Date];
  const last = await sentBetween(db, organizationId, lastStart, thisStart);
  const current = await sentBetween(db, organizationId, thisStart, nextStart);
  const remaining = {
    classReminders: await remainingClassReminders(db, organizationId, now, nextStart),
    // Notices follow staff's changes, not the calendar: as many as last month, less those already sent.
    classNotices: Math.max(0, last.classNotices - current.classNotices),
    birthdays: await remainingBirthdays(db, access, today),
  };
  const projected = addCounts(current.counts, {
    UTILITY: remaining.classReminders + remaining.classNotices,
    MARKETING: remaining.birthdays,
  });
  const monthOf = (day: string) => day.slice(0, 7);
  return {
    currency: WHATSAPP_BRAZIL_PRICES.currency,
    pricesAsOf: WHATSAPP_BRAZIL_PRICES.asOf,
    priceMicroDollars: prices,
    listPriceMicroDollars: { ...WHATSAPP_BRAZIL_PRICES.microDollars },
    studioPriceMicroDollars: studioPrices,
    thisMonth: monthCosts(monthOf(months.thisMonth), current.counts, prices),
    lastMonth: monthCosts(monthOf(months.lastMonth), last.counts, prices),
    projection: { ...monthCosts(monthOf(months.thisMonth), projected, prices), remaining },
  };
}

/** The studio's prices per category (blank = Meta's list price); the answer is the estimate at them. */
export async function saveWhatsAppPrices(
  db: Database,
  access: OrgAccess,
  prices: WhatsAppPricesInput,
  now: Date,
): Promise<WhatsAppCosts> {
  await repository.writePrices(db, access.organizationId, prices, now);
  return estimateWhatsAppCosts(db, access, now);
}
