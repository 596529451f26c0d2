import { canViewChurnRisk } from '@reformer/domain/churn-risk';
import { useSuspenseQuery } from '@tanstack/react-query';
import { usePermissions } from '@/lib/access-profile.ts';
import { dashboardQueryOptions } from '../api/get-dashboard.ts';
import { AttendanceCard } from './attendance-card.tsx';
import { ChurnRiskCard } from './churn-risk-card.tsx';
import { CreditCard } from './credit-card.tsx';
import { ActiveCustomersCard, BirthdaysCard } from './customers-card.tsx';
import { DueThisMonthCard } from './due-this-month-card.tsx';
import { ForecastCard } from './forecast-card.tsx';
import { OverdueCard } from './overdue-card.tsx';
import { RecurringRevenueCard } from './recurring-revenue-card.tsx';
import { RevenueCard } from './revenue-card.tsx';
import { ScheduleOccupancyCard } from './schedule-occupancy-card.tsx';
import { TodaySessionsCard } from './today-sessions-card.tsx';

/**
 * The owner's morning view (issue #18, docs/decisions/020): the server leaves out what the member may not
 * see, so each card shows when its part came back. The customers at risk are their own call, for members who
 * may read it (domain `canViewChurnRisk`).
 */
export function DashboardFigures({ organizationId }: { organizationId: string }) {
  const { data } = useSuspenseQuery(dashboardQueryOptions(organizationId));
  const { sessions, payments, customers } = data;
  const showsChurnRisk = canViewChurnRisk(usePermissions(organizationId).profile);
  if (!sessions && !payments && !customers) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {sessions && (
        <TodaySessionsCard organizationId={organizationId} today={data.today} sessions={sessions.today} />
      )}
      {sessions && <AttendanceCard organizationId={organizationId} attendance={sessions.attendance} />}
      {payments && <RevenueCard organizationId={organizationId} payments={payments} />}
      {payments && <OverdueCard organizationId={organizationId} overdue={payments.overdue} />}
      {payments && <RecurringRevenueCard organizationId={organizationId} recurring={payments.recurring} />}
      {payments && <DueThisMonthCard organizationId={organizationId} due={payments.dueThisMonth} />}
      {payments && <ForecastCard organizationId={organizationId} forecast={payments.forecast} />}
      {payments && <CreditCard organizationId={organizationId} credit={payments.credit} />}
      {customers && <ActiveCustomersCard organizationId={organizationId} active={customers.active} />}
      {sessions && (
        <ScheduleOccupancyCard organizationId={organizationId} occupancy={sessions.occupancyBySchedule} />
      )}
      {customers && <BirthdaysCard organizationId={organizationId} birthdays={customers.birthdays} />}
      {showsChurnRisk && <ChurnRiskCard organizationId={organizationId} />}
    </div>
  );
}
