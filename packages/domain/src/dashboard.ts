import { z } from 'zod';
import { addDays, addMonths, firstOfMonth } from './calendar-dates.ts';
import { FORECAST_MONTHS, monthOf, monthsAfter } from './dashboard-money.ts';
import { Currency } from './money.ts';

/**
 * The organization's home (issue #18, docs/decisions/020): the figures an owner reads in the morning. Every
 * period is made of calendar dates in the organization's zone, both ends included.
 */

/** The attendance rate and the occupancy per schedule look at the sessions of the 30 days before today. */
export const ATTENDANCE_WINDOW_DAYS = 30;
/** "Birthdays this week": today and the 6 days after, so a week always lies ahead, across a year end too. */
export const BIRTHDAY_WINDOW_DAYS = 6;

export const Period = z.object({ from: z.string(), to: z.string() });
export type Period = z.infer<typeof Period>;

export type DashboardPeriods = {
  today: string;
  /** From the 1st up to today: the month so far. */
  thisMonth: Period;
  /** The whole previous month. */
  lastMonth: Period;
  /** Sessions already held: the 30 days before today, today excluded (its classes have not all happened). */
  attendance: Period;
  birthdays: Period;
  /** The whole month of today: the cycles due in it against what was received for them. */
  wholeMonth: Period;
  /** The whole months after this one whose cycles the forecast adds up. */
  forecast: Period[];
};

/** The periods of the dashboard for `today` (domain `todayIn` of the organization's zone). */
export function dashboardPeriods(today: string): DashboardPeriods {
  const monthStart = firstOfMonth(today);
  return {
    today,
    thisMonth: { from: monthStart, to: today },
    lastMonth: { from: addMonths(monthStart, -1), to: addDays(monthStart, -1) },
    attendance: { from: addDays(today, -ATTENDANCE_WINDOW_DAYS), to: addDays(today, -1) },
    birthdays: { from: today, to: addDays(today, BIRTHDAY_WINDOW_DAYS) },
    wholeMonth: monthOf(today),
    forecast: monthsAfter(today, FORECAST_MONTHS),
  };
}

/**
 * Attendance rate: check-ins ÷ expected customers (the roster's seats: customers added or enrolled who did
 * not cancel). Null when nobody was expected. Capped at 1: a check-in stays recorded when staff later mark
 * that customer CANCELED, so the check-ins may exceed the seats.
 */
export function attendanceRate(checkedIn: number, expected: number): number | null {
  if (expected <= 0) return null;
  return Math.min(1, Math.max(0, checkedIn / expected));
}

/** Occupancy: seats taken ÷ seats offered. Null when no seat was offered. Overbooking shows above 1. */
export function occupancyRate(seatsTaken: number, seats: number): number | null {
  if (seats <= 0) return null;
  return Math.max(0, seatsTaken / seats);
}

/** A rate as a whole percentage for the screens: 0.666 → 67. */
export function toPercent(rate: number): number {
  return Math.round(rate * 100);
}

/**
 * The month-days ("MM-DD") of dates of birth whose birthday (events-occasions `birthdayIn`) falls in
 * [from, from + days]: the SQL's candidates for "birthdays this week". 29 February joins on a common year's
 * 28 February, as `birthdayIn` celebrates it then.
 */
export function birthdayMonthDays(from: string, days: number): string[] {
  const monthDays = new Set<string>();
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDays(from, offset);
    monthDays.add(date.slice(5));
    const isCommonYearFebruaryEnd = date.slice(5) === '02-28' && addDays(date, 1).slice(5) === '03-01';
    if (isCommonYearFebruaryEnd) monthDays.add('02-29');
  }
  return [...monthDays].sort();
}

const Rate = z.number().nullable();

export const DashboardSession = z.object({
  id: z.string(),
  scheduleName: z.string(),
  establishmentName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  checkedIn: z.number().int(),
  occupancy: Rate,
});
export type DashboardSession = z.infer<typeof DashboardSession>;

export const ScheduleOccupancy = z.object({
  scheduleId: z.string(),
  scheduleName: z.string(),
  sessions: z.number().int(),
  seatsTaken: z.number().int(),
  seats: z.number().int(),
  occupancy: Rate,
});
export type ScheduleOccupancy = z.infer<typeof ScheduleOccupancy>;

/** Sessions of the establishments where the member may view schedules. */
export const DashboardSessions = z.object({
  today: z.array(DashboardSession),
  attendance: z.object({
    period: Period,
    checkedIn: z.number().int(),
    expected: z.number().int(),
    rate: Rate,
  }),
  occupancyBySchedule: z.object({ period: Period, items: z.array(ScheduleOccupancy) }),
});
export type DashboardSessions = z.infer<typeof DashboardSessions>;

export const CurrencyRevenue = z.object({
  currency: Currency,
  thisMonthCents: z.number().int(),
  lastMonthCents: z.number().int(),
});
export type CurrencyRevenue = z.infer<typeof CurrencyRevenue>;

export const CurrencyOverdue = z.object({
  currency: Currency,
  /** Overdue billing cycles. */
  cycles: z.number().int(),
  customers: z.number().int(),
  /** What is still to pay of them (price − COMPLETED payments). */
  amountCents: z.number().int(),
});
export type CurrencyOverdue = z.infer<typeof CurrencyOverdue>;

/** Active subscriptions and their monthly recurring revenue (domain `recurringRevenueCents`). */
export const CurrencyRecurring = z.object({
  currency: Currency,
  subscriptions: z.number().int(),
  monthlyCents: z.number().int(),
});
export type CurrencyRecurring = z.infer<typeof CurrencyRecurring>;

/** Billing cycles due in a month: what they owe, and (this month) what was received for them. */
export const CurrencyDue = z.object({
  currency: Currency,
  cycles: z.number().int(),
  /** Each cycle's charged amount, else its plan's price today (decision 028). */
  expectedCents: z.number().int(),
});
export type CurrencyDue = z.infer<typeof CurrencyDue>;

export const CurrencyDueReceived = CurrencyDue.extend({
  /** COMPLETED payments naming a cycle due this month, less refunds: the linked payments list's total. */
  receivedCents: z.number().int(),
});
export type CurrencyDueReceived = z.infer<typeof CurrencyDueReceived>;

export const MonthDue = z.object({ period: Period, items: z.array(CurrencyDue) });
export type MonthDue = z.infer<typeof MonthDue>;

/** Customers whose credit balance in the currency is above zero, and the balances' sum (decision 028). */
export const CurrencyCredit = z.object({
  currency: Currency,
  customers: z.number().int(),
  balanceCents: z.number().int(),
});
export type CurrencyCredit = z.infer<typeof CurrencyCredit>;

/** Money, per currency and never summed across currencies: for members who may view payments. */
export const DashboardPayments = z.object({
  thisMonth: Period,
  lastMonth: Period,
  revenue: z.array(CurrencyRevenue),
  overdue: z.array(CurrencyOverdue),
  recurring: z.array(CurrencyRecurring),
  dueThisMonth: z.object({ period: Period, items: z.array(CurrencyDueReceived) }),
  /** The next months, each whole, in order: cycles that will come due from running enrollments. */
  forecast: z.array(MonthDue),
  credit: z.array(CurrencyCredit),
});
export type DashboardPayments = z.infer<typeof DashboardPayments>;

export const DashboardBirthday = z.object({
  customerId: z.string(),
  name: z.string(),
  birthday: z.string(),
  age: z.number().int(),
});
export type DashboardBirthday = z.infer<typeof DashboardBirthday>;

/** For members who may view customers. */
export const DashboardCustomers = z.object({
  active: z.number().int(),
  birthdays: z.object({ period: Period, items: z.array(DashboardBirthday) }),
});
export type DashboardCustomers = z.infer<typeof DashboardCustomers>;

/**
 * GET /organizations/{orgId}/dashboard. A part the member may not see is absent from the answer, not
 * empty: `payments` needs VIEW_PAYMENTS (organization-wide), `customers` VIEW_CUSTOMERS, `sessions`
 * VIEW_SCHEDULES (narrowed to the establishments where the member holds it).
 */
export const Dashboard = z.object({
  today: z.string(),
  timeZone: z.string(),
  sessions: DashboardSessions.optional(),
  payments: DashboardPayments.optional(),
  customers: DashboardCustomers.optional(),
});
export type Dashboard = z.infer<typeof Dashboard>;
