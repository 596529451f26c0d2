// The SQL of `GET /api/organizations/{orgId}/enrollments`, taken from the server's own code (server-statements.mjs):
// the membership check, then the page and the count(*) that apps/server/src/modules/enrollments/
// enrollments.service.ts → enrollments.repository.ts `listEnrollments` sends side by side — unnamed statements,
// as Drizzle builds them on every request (not `preparedStatement`s). The query parameters go through the
// domain's EnrollmentListQuery as the route validates them. bench/enrollments.mjs runs these recorded
// statements as the raw SQL and checks them against what the server actually sends and, every round, against
// what the endpoint answers. Also the domain's calendar and billing-cycle arithmetic, for the seed's dates.
import { orgReadStatements } from './server-statements.mjs';

const service = await import('../apps/server/src/modules/enrollments/enrollments.service.ts');
const { EnrollmentListQuery } = await import('@reformer/domain/enrollments');
export const { billingCycle } = await import('@reformer/domain/billing-cycles');
export const { billingCycleMonths } = await import('@reformer/domain/customer-plans');
export const { addDays, addMonths } = await import('@reformer/domain/calendar-dates');
export const { todayIn } = await import('@reformer/domain/time-zones');

/** The statements one list request sends, in order: the membership check, the page, the count. */
export function enrollmentListStatements({ query, ...caller }) {
  return orgReadStatements(caller, (db, access) =>
    service.listEnrollments(db, access, EnrollmentListQuery.parse(query)),
  );
}
