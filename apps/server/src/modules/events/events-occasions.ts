import { addDays } from '@reformer/domain/calendar-dates';
import { billingCycleMonths } from '@reformer/domain/customer-plans';
import type { EventKind } from '@reformer/domain/events';
import { amountDueCents, unpaidCycles } from '@reformer/domain/events-occasions';
import {
  birthdayValues,
  paymentReminderValues,
  reminderTemplateFor,
  renderTemplate,
  type TemplateValues,
  withPixCode,
} from '@reformer/domain/events-templates';
import type { BillingCycleState } from '@reformer/domain/payments';
import type { Language } from '@reformer/domain/preferences';
import { birthdayTemplate, paymentReminderTemplate } from '@reformer/domain/whatsapp-template-parameters';
import type { Database, Transaction } from '../../db/client.ts';
import { isBankHoliday } from '../../lib/bank-holidays.ts';
import { cycleLedgers } from '../payments/payments.repository.ts';
import { openChargeCodes } from '../pix-charges/pix-charges.repository.ts';
import * as repository from './events.repository.ts';
import type { Occasion } from './events-delivery.ts';

/** The occasion key of a payment reminder: one billing cycle of one enrollment. */
export const reminderOccasion = (enrollmentId: string, dueDate: string) => `${enrollmentId}:${dueDate}`;

export type ReminderCycle = {
  enrollment: repository.ReminderEnrollmentRow;
  cycle: BillingCycleState;
  /** The cycle's open PIX charge's code at the studio's PSP, if it has one (decision 030). */
  pixCode: string | null;
};

/**
 * The unpaid cycles of the organization's enrollments, overdue and due up to `days` ahead, by the billing
 * rule of payments (domain `billingCycleStates`), oldest due date first.
 */
export async function listReminderCycles(
  db: Database | Transaction,
  organizationId: string,
  today: string,
  days: number,
  only?: repository.ReminderEnrollmentRow,
): Promise<ReminderCycle[]> {
  const horizon = addDays(today, Math.max(0, days));
  const rows = only ? [only] : await repository.listReminderEnrollments(db, organizationId, horizon);
  const enrollmentIds = rows.map((row) => row.enrollmentId);
  const [ledgers, pixCodes] = await Promise.all([
    cycleLedgers(db, organizationId, enrollmentIds),
    openChargeCodes(db, organizationId, enrollmentIds),
  ]);
  const cycles = rows.flatMap((enrollment) => {
    const ledger = ledgers.get(enrollment.enrollmentId);
    const billed = { ...enrollment, months: billingCycleMonths(enrollment.billingCycle) };
    const paid = ledger?.paid ?? new Map();
    return unpaidCycles(billed, paid, today, days, isBankHoliday, ledger?.charged).map((cycle) => ({
      enrollment,
      cycle,
      pixCode: pixCodes.get(`${enrollment.enrollmentId}:${cycle.start}`) ?? null,
    }));
  });
  return cycles.sort(
    (a, b) =>
      a.cycle.dueDate.localeCompare(b.cycle.dueDate) ||
      a.enrollment.customerName.localeCompare(b.enrollment.customerName),
  );
}

const reminderFacts = ({ enrollment, cycle, pixCode }: ReminderCycle) => ({
  customerName: enrollment.customerName,
  planName: enrollment.planName,
  amountCents: amountDueCents(cycle),
  currency: enrollment.currency,
  dueDate: cycle.dueDate,
  pixCode,
});

export function reminderTemplateValues(reminder: ReminderCycle): TemplateValues {
  return paymentReminderValues(reminderFacts(reminder));
}

export function reminderText(
  config: { template: string; overdueTemplate: string | null },
  reminder: ReminderCycle,
  sendDate: string,
) {
  // The overdue template once the cycle is overdue: a Saturday's is still payable on Monday (decision 035).
  const template = reminderTemplateFor(config, reminder.cycle.payableUntil, sendDate);
  return withPixCode(renderTemplate(template, reminderTemplateValues(reminder)), template, reminder.pixCode);
}

/** `messageLanguage`: the organization's (decision 024's setting), for the Meta template (decision 052). */
type Organization = { organizationId: string; organizationName: string; messageLanguage?: Language };

export function reminderOccasionOf(
  organization: Organization,
  reminder: ReminderCycle,
  text: string,
): Occasion {
  const { enrollment, cycle } = reminder;
  return {
    ...organization,
    kind: 'PAYMENT_REMINDER',
    occasion: reminderOccasion(enrollment.enrollmentId, cycle.dueDate),
    occasionDate: cycle.dueDate,
    enrollmentId: enrollment.enrollmentId,
    customer: enrollment,
    text,
    template: organization.messageLanguage
      ? paymentReminderTemplate(organization.messageLanguage, reminderFacts(reminder))
      : null,
  };
}

export function birthdayOccasionOf(
  organization: Organization,
  customer: repository.CustomerContact,
  birthday: string,
  template: string,
): Occasion {
  return {
    ...organization,
    kind: 'BIRTHDAY' satisfies EventKind,
    occasion: birthday,
    occasionDate: birthday,
    enrollmentId: null,
    customer,
    text: renderTemplate(template, birthdayValues(customer)),
    template: organization.messageLanguage
      ? birthdayTemplate(organization.messageLanguage, customer.customerName, organization.organizationName)
      : null,
  };
}
