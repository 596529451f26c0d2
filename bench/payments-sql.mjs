// The SQL of `GET /api/organizations/{orgId}/payments`, taken from the server's own code (server-statements.mjs):
// the membership check, then the page and the totals per currency that apps/server/src/modules/payments/
// payments.service.ts → payments.repository.ts `listPayments` sends side by side — unnamed statements, as
// Drizzle builds them on every request. The query parameters go through the domain's PaymentListQuery as the
// route validates them. bench/payments.mjs runs these recorded statements as the raw SQL and checks them
// against what the server actually sends and, every round, against what the endpoint answers (ids, total and
// totals). The calendar and billing-cycle arithmetic for the seed's dates comes from enrollments-sql.mjs.
import { orgReadStatements } from './server-statements.mjs';

export { addDays, addMonths, billingCycle, billingCycleMonths, todayIn } from './enrollments-sql.mjs';

const service = await import('../apps/server/src/modules/payments/payments.service.ts');
const { PaymentListQuery } = await import('@reformer/domain/payments');

/** The statements one list request sends, in order: the membership check, the page, the totals. */
export function paymentListStatements({ query, ...caller }) {
  return orgReadStatements(caller, (db, access) =>
    service.listPayments(db, access, PaymentListQuery.parse(query)),
  );
}
