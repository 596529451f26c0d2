import { billingCycleMonths } from '@reformer/domain/customer-plans';
import { renewedEndDate } from '@reformer/domain/enrollments';
import type { Database } from '../../db/client.ts';
import * as repository from './enrollments-job.repository.ts';

/** Rows read and renewed per statement: 20,000 due enrollments are twenty round trips, not 20,000. */
const RENEWAL_BATCH = 1000;

/**
 * The `enrollments.settle-statuses` job, in each organization's own calendar: enrollments that renew by
 * themselves and whose period ends today or ended get their next cycle (issue #26); the others whose end
 * passed are COMPLETED; paused ones whose resume date arrived are ACTIVE again. Every step is a conditional
 * update, so two instances at once, or a run started again after a restart, renew each enrollment once.
 */
export async function settleEnrollmentStatuses(db: Database, now: Date) {
  const renewed = await renewDueEnrollments(db, now);
  const completed = await repository.completeEndedEnrollments(db, now);
  const resumed = await repository.resumeDueEnrollments(db, now);
  return { renewed, completed, resumed };
}

/**
 * The domain's `renewedEndDate`, computed once per start, cycle, day and schedule end: enrollments started on
 * the same day renew to the same date, and the calendar arithmetic (date-fns) is most of the job's own time.
 */
function renewedEndDates() {
  const known = new Map<string, string>();
  return {
    of(enrollment: repository.DueRenewal): string {
      const { startDate, billingCycle, today, scheduleEndDate } = enrollment;
      const key = `${startDate} ${billingCycle} ${today} ${scheduleEndDate}`;
      let endDate = known.get(key);
      if (endDate === undefined) {
        endDate = renewedEndDate({ startDate }, billingCycleMonths(billingCycle), today, scheduleEndDate);
        known.set(key, endDate);
      }
      return endDate;
    },
  };
}

async function renewDueEnrollments(db: Database, now: Date) {
  const endDates = renewedEndDates();
  let renewed = 0;
  let after: { organizationId: string; id: string } | null = null;
  for (;;) {
    const due = await repository.listDueRenewals(db, now, after, RENEWAL_BATCH);
    const last = due.at(-1);
    if (!last) return renewed;
    const renewals = due.map((enrollment) => ({
      organizationId: enrollment.organizationId,
      id: enrollment.id,
      fromEnd: enrollment.endDate,
      toEnd: endDates.of(enrollment),
    }));
    renewed += await repository.applyRenewals(db, renewals, now);
    after = last;
  }
}
