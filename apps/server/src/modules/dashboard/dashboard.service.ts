import {
  attendanceRate,
  BIRTHDAY_WINDOW_DAYS,
  birthdayMonthDays,
  type Dashboard,
  type DashboardCustomers,
  type DashboardPayments,
  type DashboardPeriods,
  type DashboardSessions,
  dashboardPeriods,
  occupancyRate,
} from '@reformer/domain/dashboard';
import { upcomingBirthday } from '@reformer/domain/events-occasions';
import { allowedEstablishments, can, canAny } from '@reformer/domain/permissions';
import { todayIn } from '@reformer/domain/time-zones';
import type { Database } from '../../db/client.ts';
import { withGenericPlan } from '../../db/prepared.ts';
import { keepSessionCounts } from '../../db/session-counts.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as repository from './dashboard.repository.ts';
import { keptMoney } from './dashboard-kept-money.repository.ts';
import { readMoney } from './dashboard-money.service.ts';
import { sumKeptSessionsBySchedule } from './dashboard-session-days.repository.ts';

/**
 * The organization's home (docs/decisions/020). Each part is read only for a member who may see it, and a
 * part they may not see is left out of the answer: payments need VIEW_PAYMENTS (organization-wide, as the
 * payments list), customers VIEW_CUSTOMERS anywhere (customers are the organization's, as the customer
 * list), sessions VIEW_SCHEDULES — narrowed to the establishments where it is held, as the calendar.
 */
export async function getDashboard(db: Database, access: OrgAccess, now: Date): Promise<Dashboard> {
  const { organizationId, profile } = access;
  const timeZone = await organizationTimeZone(db, organizationId);
  const periods = dashboardPeriods(todayIn(timeZone, now));
  const establishments = allowedEstablishments(profile, 'VIEW_SCHEDULES');
  // The kept figures' statements plan alike whatever the day or studio: each is planned once per connection
  // instead of on every call, which cost more than running them (decision 018). A stale figure's recomputation
  // starts after them, planned per call as usual.
  const [read, payments, customers] = await withGenericPlan(db, () =>
    Promise.all([
      establishments === 'ALL' || establishments.length > 0
        ? readSessions(db, organizationId, periods, establishments === 'ALL' ? null : establishments)
        : undefined,
      can(profile, 'VIEW_PAYMENTS', { scope: 'ORG' })
        ? keptMoney(db, organizationId, periods.today, () => paymentsFromScratch(db, organizationId, periods))
        : undefined,
      canAny(profile, 'VIEW_CUSTOMERS') ? readCustomers(db, organizationId, periods) : undefined,
    ]),
  );
  // A session of the day counted from scratch has its counts kept for the next call, as the calendar keeps
  // them — after the reads above: the keeping's savepoint and lock timeout must not reach their statements.
  if (read?.countedAfresh) await keepSessionCounts(db, organizationId, periods.today, periods.today);
  return { today: periods.today, timeZone, sessions: read?.sessions, payments, customers };
}

async function readSessions(
  db: Database,
  organizationId: string,
  periods: DashboardPeriods,
  establishmentIds: string[] | null,
): Promise<{ sessions: DashboardSessions; countedAfresh: boolean }> {
  const [today, bySchedule] = await Promise.all([
    repository.listSessionsOn(db, organizationId, periods.today, establishmentIds),
    sumKeptSessionsBySchedule(db, organizationId, periods.attendance, establishmentIds),
  ]);
  // The totals of the schedules' totals: a handful of rows, already summed by the database.
  const checkedIn = bySchedule.reduce((sum, row) => sum + row.checkedIn, 0);
  const expected = bySchedule.reduce((sum, row) => sum + row.seatsTaken, 0);
  const sessions: DashboardSessions = {
    today: today.map(({ isCountedAfresh: _, ...session }) => ({
      ...session,
      occupancy: occupancyRate(session.seatsTaken, session.capacity),
    })),
    attendance: {
      period: periods.attendance,
      checkedIn,
      expected,
      rate: attendanceRate(checkedIn, expected),
    },
    occupancyBySchedule: {
      period: periods.attendance,
      items: bySchedule.map(({ checkedIn: _, ...row }) => ({
        ...row,
        occupancy: occupancyRate(row.seatsTaken, row.seats),
      })),
    },
  };
  return { sessions, countedAfresh: today.some((session) => session.isCountedAfresh) };
}

/**
 * The money part computed from the payments, cycles and enrollments: what the dashboard keeps per local date
 * (`keptMoney`), and the oracle the property test holds the kept figures to.
 */
export async function paymentsFromScratch(
  db: Database,
  organizationId: string,
  periods: DashboardPeriods,
): Promise<DashboardPayments> {
  const [revenue, overdue, money] = await Promise.all([
    repository.sumRevenue(db, organizationId, periods),
    repository.sumOverdue(db, organizationId, periods.today),
    readMoney(db, organizationId, periods),
  ]);
  return { thisMonth: periods.thisMonth, lastMonth: periods.lastMonth, revenue, overdue, ...money };
}

async function readCustomers(
  db: Database,
  organizationId: string,
  periods: DashboardPeriods,
): Promise<DashboardCustomers> {
  const { active, candidates } = await repository.readCustomerFigures(
    db,
    organizationId,
    birthdayMonthDays(periods.today, BIRTHDAY_WINDOW_DAYS),
  );
  // The database picked the month-days; the Events feature's rule gives each its day and age.
  const items = candidates.flatMap((customer) => {
    const upcoming = upcomingBirthday(customer.dateOfBirth, periods.today, BIRTHDAY_WINDOW_DAYS);
    if (!upcoming) return [];
    const name = `${customer.firstName} ${customer.lastName}`.trim();
    return [{ customerId: customer.customerId, name, birthday: upcoming.birthday, age: upcoming.age }];
  });
  items.sort((a, b) => a.birthday.localeCompare(b.birthday) || a.name.localeCompare(b.name));
  return { active, birthdays: { period: periods.birthdays, items } };
}
