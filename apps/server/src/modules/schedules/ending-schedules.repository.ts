import type { AllowedEstablishments } from '@reformer/domain/permissions';
import { and, asc, between, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { renewing } from '../../db/roster.ts';
import { customers, enrollments, establishments, schedules } from '../../db/schema/index.ts';

export type EndingFilter = {
  allowed: AllowedEstablishments;
  from: string;
  to: string;
  scheduleId?: string | undefined;
};

/**
 * Schedules whose end date falls in [from, to] with enrollments that would otherwise renew — running, set to
 * renew (or following a plan that does), no cancellation: db/roster.ts `renewing`, read from the enrollment
 * row — of customers on the books; how many each has. Their renewals stop at the end date (domain
 * `renewedEndDate`), so these are the customers staff must offer another class.
 */
export async function listEndingSchedules(db: Database, organizationId: string, filter: EndingFilter) {
  const { allowed } = filter;
  return db
    .select({
      scheduleId: schedules.id,
      name: schedules.name,
      establishmentId: schedules.establishmentId,
      establishmentName: establishments.name,
      endDate: sql<string>`${schedules.endDate}`,
      renewingEnrollments: count(enrollments.id),
    })
    .from(schedules)
    .innerJoin(
      establishments,
      and(
        eq(establishments.organizationId, schedules.organizationId),
        eq(establishments.id, schedules.establishmentId),
      ),
    )
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.organizationId, schedules.organizationId),
        eq(enrollments.scheduleId, schedules.id),
        renewing(enrollments),
      ),
    )
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, enrollments.organizationId),
        eq(customers.id, enrollments.customerId),
        onTheBooks(customers.status),
      ),
    )
    .where(
      and(
        eq(schedules.organizationId, organizationId),
        between(schedules.endDate, filter.from, filter.to),
        allowed === 'ALL'
          ? undefined
          : allowed.length
            ? inArray(schedules.establishmentId, allowed)
            : sql`false`,
        filter.scheduleId ? eq(schedules.id, filter.scheduleId) : undefined,
      ),
    )
    .groupBy(schedules.organizationId, schedules.id, establishments.name)
    .orderBy(asc(schedules.endDate), asc(schedules.name), asc(schedules.id));
}
