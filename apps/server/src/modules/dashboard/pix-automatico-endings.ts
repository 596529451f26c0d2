import {
  ENDED_BY_PAYER_STATES,
  type EndedByPayerState,
  type PixAutomaticoEndings,
} from '@reformer/domain/pix-automatico-views';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { assertCan } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { onTheBooksLiterally } from '../../db/customers-on-the-books.ts';
import { customerPlans, customers, enrollments, pixRecurrences } from '../../db/schema/index.ts';
import type { OrgAccess } from '../../lib/http.ts';

/**
 * The studio told of the Pix Automático authorizations the payer's side ended (issue #31, decision 048's
 * fourth part): cancelled in their bank, refused or let expire within the last `days`, unless a newer
 * recurrence of the same enrollment replaced it (the studio has already asked again). On the dashboard for
 * the whole organization, and on one customer's page with `customerId`. Money's news: VIEW_PAYMENTS
 * organization-wide, as the dashboard's payments part.
 */
export async function listPixAutomaticoEndings(
  db: Database,
  access: OrgAccess,
  query: { customerId?: string | undefined; days: number },
  now: Date,
): Promise<PixAutomaticoEndings> {
  assertCan(access, 'VIEW_PAYMENTS', { scope: 'ORG' });
  const since = new Date(now.getTime() - query.days * 86_400_000);
  const rows = await selectEndings(db, access.organizationId, since, query.customerId);
  return {
    days: query.days,
    items: rows.map((row) => ({ ...row, endedAt: row.endedAt.toISOString() })),
  };
}

async function selectEndings(db: Database, organizationId: string, since: Date, customerId?: string) {
  const rows = await db
    .select({
      recurrenceId: pixRecurrences.id,
      enrollmentId: pixRecurrences.enrollmentId,
      customerId: pixRecurrences.customerId,
      customerName: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`,
      planName: customerPlans.name,
      state: pixRecurrences.state,
      endedAt: sql<Date>`coalesce(${pixRecurrences.closedAt}, ${pixRecurrences.updatedAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(pixRecurrences)
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, pixRecurrences.organizationId),
        eq(customers.id, pixRecurrences.customerId),
      ),
    )
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.organizationId, pixRecurrences.organizationId),
        eq(enrollments.id, pixRecurrences.enrollmentId),
      ),
    )
    .innerJoin(
      customerPlans,
      and(
        eq(customerPlans.organizationId, enrollments.organizationId),
        eq(customerPlans.id, enrollments.planId),
      ),
    )
    .where(
      and(
        eq(pixRecurrences.organizationId, organizationId),
        inArray(pixRecurrences.state, [...ENDED_BY_PAYER_STATES]),
        gte(sql`coalesce(${pixRecurrences.closedAt}, ${pixRecurrences.updatedAt})`, since),
        customerId === undefined ? undefined : eq(pixRecurrences.customerId, customerId),
        sql`not exists (select 1 from ${pixRecurrences} as newer
          where newer.organization_id = ${pixRecurrences.organizationId}
          and newer.enrollment_id = ${pixRecurrences.enrollmentId}
          and (newer.created_at, newer.id) > (${pixRecurrences.createdAt}, ${pixRecurrences.id}))`,
        onTheBooksLiterally(customers.status),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${pixRecurrences.closedAt}, ${pixRecurrences.updatedAt})`),
      desc(pixRecurrences.id),
    )
    // A notice board, not a report: the latest few hundred are more than any studio reads.
    .limit(200);
  return rows.map((row) => ({ ...row, state: row.state as EndedByPayerState }));
}
