import type { CustomerCreditList, CustomerCreditQuery } from '@reformer/domain/customer-credits';
import type { CurrencyDueReceived, DashboardPeriods, MonthDue } from '@reformer/domain/dashboard';
import { assertCan } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as credits from './customer-credits.repository.ts';
import * as repository from './dashboard-money.repository.ts';

/**
 * The owner's money at a glance (issue #26 §5, docs/decisions/020): recurring revenue, this month's cycles
 * against what was received for them, the next months' forecast and the customers' credit — each per
 * currency, cents never added across currencies. Part of `payments`: the caller checked VIEW_PAYMENTS.
 */
export async function readMoney(db: Database, organizationId: string, periods: DashboardPeriods) {
  const lastForecastMonth = periods.forecast.at(-1) ?? periods.wholeMonth;
  const [recurring, due, received, credit] = await Promise.all([
    repository.sumRecurringRevenue(db, organizationId, periods.today),
    repository.sumCyclesDue(db, organizationId, { from: periods.wholeMonth.from, to: lastForecastMonth.to }),
    repository.sumReceivedForCycles(db, organizationId, periods.wholeMonth),
    credits.sumCreditBalances(db, organizationId),
  ]);
  const dueIn = (month: string) =>
    due.filter((row) => row.month === month).map(({ month: _, ...row }) => row);
  const forecast: MonthDue[] = periods.forecast.map((period) => ({ period, items: dueIn(period.from) }));
  return {
    recurring,
    dueThisMonth: {
      period: periods.wholeMonth,
      items: withReceived(dueIn(periods.wholeMonth.from), received),
    },
    forecast,
    credit,
  };
}

/**
 * Expected and received side by side per currency: a currency with money received for this month's cycles
 * but none due (an enrollment cancelled since) still shows, expecting 0.
 */
function withReceived(
  due: Omit<CurrencyDueReceived, 'receivedCents'>[],
  received: { currency: CurrencyDueReceived['currency']; receivedCents: number }[],
): CurrencyDueReceived[] {
  const currencies = [...new Set([...due, ...received].map((row) => row.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    cycles: due.find((row) => row.currency === currency)?.cycles ?? 0,
    expectedCents: due.find((row) => row.currency === currency)?.expectedCents ?? 0,
    receivedCents: received.find((row) => row.currency === currency)?.receivedCents ?? 0,
  }));
}

/** The customers with credit, the credit figure's list: VIEW_PAYMENTS organization-wide, as the payments list. */
export async function listCustomerCredits(
  db: Database,
  access: OrgAccess,
  query: CustomerCreditQuery,
): Promise<CustomerCreditList> {
  assertCan(access, 'VIEW_PAYMENTS', { scope: 'ORG' });
  const { items, total } = await credits.listCustomerCredits(db, access.organizationId, query);
  return { items, total, page: query.page, limit: query.limit };
}
