import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  canApply,
  coversDate,
  ENROLLMENT_STATUSES,
  EnrollmentActionInput,
  EnrollmentInput,
  EnrollmentListQuery,
  EnrollmentsSearchParams,
  keepsRenewing,
  lastCoveredDate,
  renewedEndDate,
  sessionsPerWeek,
  weeklyLimitExceeded,
  willRenew,
} from './enrollments.ts';
import { issueKeys } from './test-helpers.ts';
import { V } from './validation.ts';

const ids = {
  customerId: '0190A5B2-7C3D-7E4F-8A1B-2C3D4E5F6A7B',
  planId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c',
  scheduleId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7d',
};

const open = {
  startDate: '2025-03-01',
  endDate: '2025-06-30',
  pausedFrom: null,
  resumeOn: null,
  canceledFrom: null,
  renewing: false,
};

describe('enrollment input', () => {
  it('takes an enrollment with no end date (the plan’s cycle decides) and lower-cases the ids', () => {
    const values = EnrollmentInput.parse({ ...ids, startDate: '2025-03-01', endDate: '', notes: '  ' });
    expect(values).toEqual({
      customerId: ids.customerId.toLowerCase(),
      planId: ids.planId,
      scheduleId: ids.scheduleId,
      startDate: '2025-03-01',
      endDate: null,
      notes: null,
    });
  });

  it('requires customer, plan, schedule and start date, and an end after the start', () => {
    expect(issueKeys(EnrollmentInput.safeParse({}))).toEqual([
      `customerId:${V.required}`,
      `planId:${V.required}`,
      `scheduleId:${V.required}`,
      `startDate:${V.required}`,
    ]);
    const sameDay = EnrollmentInput.safeParse({ ...ids, startDate: '2025-03-01', endDate: '2025-03-01' });
    expect(issueKeys(sameDay)).toEqual([`endDate:${V.endDateAfterStart}`]);
    const impossible = EnrollmentInput.safeParse({ ...ids, startDate: '2025-02-30', endDate: '2025-02-31' });
    expect(issueKeys(impossible)).toEqual([`startDate:${V.date}`, `endDate:${V.date}`]);
  });

  it('reads actions: a pause needs a resume date after it; unknown actions are refused', () => {
    expect(EnrollmentActionInput.parse({ action: 'PAUSE', resumeOn: '2025-04-01' })).toEqual({
      action: 'PAUSE',
      from: null,
      resumeOn: '2025-04-01',
    });
    const backwards = EnrollmentActionInput.safeParse({
      action: 'PAUSE',
      from: '2025-04-01',
      resumeOn: '2025-04-01',
    });
    expect(issueKeys(backwards)).toEqual([`resumeOn:${V.resumeAfterPause}`]);
    expect(EnrollmentActionInput.safeParse({ action: 'PAUSE' }).success).toBe(false);
    expect(EnrollmentActionInput.safeParse({ action: 'DELETE' }).success).toBe(false);
  });
});

describe('status transitions', () => {
  it('allows pause, cancel, complete and renew from ACTIVE, and resume only from PAUSED', () => {
    expect(allowedActions('ACTIVE')).toEqual(['PAUSE', 'CANCEL', 'COMPLETE', 'RENEW', 'SET_RENEWAL']);
    expect(allowedActions('PAUSED')).toEqual(['RESUME', 'CANCEL', 'COMPLETE', 'SET_RENEWAL']);
    expect(canApply('ACTIVE', 'RESUME')).toBe(false);
    expect(canApply('PAUSED', 'PAUSE')).toBe(false);
    expect(canApply('PAUSED', 'RENEW')).toBe(false);
  });

  it('keeps CANCELED final and lets a COMPLETED enrollment be renewed', () => {
    expect(allowedActions('CANCELED')).toEqual([]);
    expect(allowedActions('COMPLETED')).toEqual(['RENEW']);
    for (const status of ENROLLMENT_STATUSES)
      expect(canApply(status, 'RENEW')).toBe(status === 'ACTIVE' || status === 'COMPLETED');
  });
});

describe('roster coverage', () => {
  it('covers the dates from start to end, both included', () => {
    expect(coversDate(open, '2025-02-28')).toBe(false);
    expect(coversDate(open, '2025-03-01')).toBe(true);
    expect(coversDate(open, '2025-06-30')).toBe(true);
    expect(coversDate(open, '2025-07-01')).toBe(false);
  });

  it('leaves out the pause, from its first day to the day before the resume date', () => {
    const paused = { ...open, pausedFrom: '2025-04-07', resumeOn: '2025-04-21' };
    expect(coversDate(paused, '2025-04-06')).toBe(true);
    expect(coversDate(paused, '2025-04-07')).toBe(false);
    expect(coversDate(paused, '2025-04-20')).toBe(false);
    expect(coversDate(paused, '2025-04-21')).toBe(true);
    const untilResumed = { ...open, pausedFrom: '2025-04-07' };
    expect(coversDate(untilResumed, '2025-06-30')).toBe(false);
  });

  it('stops at a cancellation and keeps the dates before it (past attendance stays)', () => {
    const canceled = { ...open, canceledFrom: '2025-05-01' };
    expect(coversDate(canceled, '2025-04-30')).toBe(true);
    expect(coversDate(canceled, '2025-05-01')).toBe(false);
    expect(lastCoveredDate(canceled)).toBe('2025-04-30');
    expect(lastCoveredDate(open)).toBe('2025-06-30');
    expect(lastCoveredDate({ ...open, canceledFrom: '2025-09-01' })).toBe('2025-06-30');
  });

  it('holds the seat of one that keeps renewing after its period, still leaving out a pause', () => {
    const renewing = { ...open, renewing: true };
    expect(coversDate(renewing, '2025-02-28')).toBe(false);
    expect(coversDate(renewing, '2025-07-01')).toBe(true);
    expect(coversDate(renewing, '2026-12-31')).toBe(true);
    const pausedAhead = { ...renewing, pausedFrom: '2025-08-04', resumeOn: '2025-08-18' };
    expect(coversDate(pausedAhead, '2025-08-04')).toBe(false);
    expect(coversDate(pausedAhead, '2025-08-18')).toBe(true);
  });

  it('keeps renewing as willRenew does, its schedule aside', () => {
    const running = { status: 'ACTIVE' as const, renewal: 'PLAN' as const, canceledFrom: null };
    expect(keepsRenewing(running, true)).toBe(true);
    expect(keepsRenewing(running, false)).toBe(false);
    expect(keepsRenewing({ ...running, renewal: 'RENEWS' }, false)).toBe(true);
    expect(keepsRenewing({ ...running, renewal: 'ENDS' }, true)).toBe(false);
    expect(keepsRenewing({ ...running, status: 'PAUSED' }, true)).toBe(true);
    expect(keepsRenewing({ ...running, status: 'COMPLETED' }, true)).toBe(false);
    expect(keepsRenewing({ ...running, canceledFrom: '2025-05-01' }, true)).toBe(false);
  });
});

describe('weekly sessions limit', () => {
  it('counts a weekly class by its days, a monthly or single class as one', () => {
    expect(sessionsPerWeek({ recurrenceType: 'WEEKLY', daysOfWeek: [1, 3] })).toBe(2);
    expect(sessionsPerWeek({ recurrenceType: 'WEEKLY', daysOfWeek: [1, 2, 3, 4, 5] })).toBe(5);
    expect(sessionsPerWeek({ recurrenceType: 'MONTHLY', daysOfWeek: [] })).toBe(1);
    expect(sessionsPerWeek({ recurrenceType: 'SINGLE', daysOfWeek: [] })).toBe(1);
  });

  it('allows up to the limit and refuses past it; no limit, no check', () => {
    expect(weeklyLimitExceeded(2, [], 2)).toBe(false);
    expect(weeklyLimitExceeded(2, [{ sessionsPerWeek: 1 }], 1)).toBe(false);
    expect(weeklyLimitExceeded(2, [{ sessionsPerWeek: 1 }], 2)).toBe(true);
    expect(weeklyLimitExceeded(3, [{ sessionsPerWeek: 2 }, { sessionsPerWeek: 1 }], 1)).toBe(true);
    expect(weeklyLimitExceeded(null, [{ sessionsPerWeek: 20 }], 7)).toBe(false);
  });
});

describe('list paging', () => {
  it('answers 400 for a page below 1 or a limit outside 1–100, and defaults to page 1, limit 10', () => {
    expect(EnrollmentListQuery.parse({})).toMatchObject({ page: 1, limit: 10 });
    expect(EnrollmentListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(EnrollmentListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(EnrollmentListQuery.safeParse({ status: 'INACTIVE' }).success).toBe(false);
  });

  it('falls back in the URL: page 1 and limit 10 for hand-edited values', () => {
    expect(EnrollmentsSearchParams.parse({ page: '-3', limit: '500', status: 'nope' })).toEqual({
      page: 1,
      limit: 10,
    });
    expect(EnrollmentsSearchParams.parse({ page: '4', limit: '100', status: 'PAUSED' })).toEqual({
      page: 4,
      limit: 100,
      status: 'PAUSED',
    });
  });
});

describe('renewal (issue #26)', () => {
  const terms = {
    enrollment: {
      status: 'ACTIVE' as const,
      renewal: 'PLAN' as const,
      endDate: '2026-12-29',
      canceledFrom: null,
    },
    plan: { renewsAutomatically: true },
    schedule: { endDate: null },
  };

  it('renews as the plan says unless the enrollment chose for itself', () => {
    expect(willRenew(terms)).toBe(true);
    expect(willRenew({ ...terms, plan: { renewsAutomatically: false } })).toBe(false);
    const ends = { ...terms, enrollment: { ...terms.enrollment, renewal: 'ENDS' as const } };
    expect(willRenew(ends)).toBe(false);
    const renews = { ...terms, enrollment: { ...terms.enrollment, renewal: 'RENEWS' as const } };
    expect(willRenew({ ...renews, plan: { renewsAutomatically: false } })).toBe(true);
  });

  it('does not renew what stopped running, nor past its schedule', () => {
    for (const status of ['CANCELED', 'COMPLETED'] as const)
      expect(willRenew({ ...terms, enrollment: { ...terms.enrollment, status } })).toBe(false);
    expect(willRenew({ ...terms, enrollment: { ...terms.enrollment, status: 'PAUSED' } })).toBe(true);
    const canceling = { ...terms.enrollment, canceledFrom: '2026-12-20' };
    expect(willRenew({ ...terms, enrollment: canceling })).toBe(false);
    expect(willRenew({ ...terms, schedule: { endDate: '2026-12-29' } })).toBe(false);
    expect(willRenew({ ...terms, schedule: { endDate: '2026-12-30' } })).toBe(true);
    expect(allowedActions('ACTIVE')).toContain('SET_RENEWAL');
    expect(allowedActions('COMPLETED')).not.toContain('SET_RENEWAL');
  });

  it('moves the end one cycle on its last day, as many as a stopped job missed, never past the schedule', () => {
    // The issue's enrollment: 30 November → 29 December, renewed on the 29th to 29 January.
    expect(renewedEndDate({ startDate: '2026-11-30' }, 1, '2026-12-29', null)).toBe('2027-01-29');
    // A job that did not run for two months catches up to the period that holds today.
    expect(renewedEndDate({ startDate: '2026-11-30' }, 1, '2027-02-10', null)).toBe('2027-02-27');
    expect(renewedEndDate({ startDate: '2026-11-30' }, 3, '2027-02-28', null)).toBe('2027-05-29');
    expect(renewedEndDate({ startDate: '2026-11-30' }, 1, '2026-12-29', '2027-01-15')).toBe('2027-01-15');
  });

  it('reads the renewal choice as an action on a running enrollment', () => {
    expect(EnrollmentActionInput.parse({ action: 'SET_RENEWAL', renewal: 'ENDS' })).toEqual({
      action: 'SET_RENEWAL',
      renewal: 'ENDS',
    });
    expect(EnrollmentActionInput.safeParse({ action: 'SET_RENEWAL', renewal: 'SOMETIMES' }).success).toBe(
      false,
    );
  });
});
