import { describe, expect, it } from 'vitest';
import enUS from './i18n/en_US.json' with { type: 'json' };
import ptBR from './i18n/pt_BR.json' with { type: 'json' };
import { translate } from './i18n.ts';
import {
  AddCustomersToSessionInput,
  AttendanceSearchParams,
  CheckInInput,
  canMoveSession,
  countsTowardCapacity,
  defaultStatusForReason,
  MoveSessionInput,
  remainingSeats,
  SESSION_MOVE_BLOCKS,
  SessionListQuery,
  sessionAvailability,
  UpdateAttendanceInput,
} from './sessions.ts';
import { issueKeys } from './test-helpers.ts';
import { sessionInstant } from './time-zones.ts';

const CUSTOMER_A = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const CUSTOMER_B = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c';

describe('sessionAvailability', () => {
  const of = (rosterCount: number, capacity: number, isActive = true, heldSeats = 0) =>
    sessionAvailability({ rosterCount, heldSeats, capacity, isActive });

  it('is almost full from exactly 80 % and full at capacity', () => {
    expect(of(3, 5)).toBe('AVAILABLE');
    expect(of(4, 5)).toBe('ALMOST_FULL');
    expect(of(7, 10)).toBe('AVAILABLE');
    expect(of(8, 10)).toBe('ALMOST_FULL');
    expect(of(9, 10)).toBe('ALMOST_FULL');
    expect(of(10, 10)).toBe('FULL');
    expect(of(11, 10)).toBe('FULL');
  });

  it('rounds nothing: 4 of 6 is 66 %, 5 of 6 is 83 %', () => {
    expect(of(4, 6)).toBe('AVAILABLE');
    expect(of(5, 6)).toBe('ALMOST_FULL');
    expect(of(6, 6)).toBe('FULL');
  });

  it('gives an individual session available or full', () => {
    expect(of(0, 1)).toBe('AVAILABLE');
    expect(of(1, 1)).toBe('FULL');
  });

  it('counts the seats waitlist offers hold as gone', () => {
    expect(of(5, 6, true, 1)).toBe('FULL');
    expect(of(3, 6, true, 2)).toBe('ALMOST_FULL');
    expect(of(3, 6, true, 0)).toBe('AVAILABLE');
  });

  it('says inactive before anything else', () => {
    expect(of(0, 6, false)).toBe('INACTIVE');
    expect(of(6, 6, false)).toBe('INACTIVE');
  });

  it('counts free seats and lets canceled customers free theirs', () => {
    expect(remainingSeats({ rosterCount: 4, heldSeats: 0, capacity: 6 })).toBe(2);
    expect(remainingSeats({ rosterCount: 7, heldSeats: 0, capacity: 6 })).toBe(0);
    expect(remainingSeats({ rosterCount: 4, heldSeats: 1, capacity: 6 })).toBe(1);
    expect(remainingSeats({ rosterCount: 6, heldSeats: 1, capacity: 6 })).toBe(0);
    expect(['CONFIRMED', 'TRIAL', 'REPOSITION'].every((s) => countsTowardCapacity(s as 'TRIAL'))).toBe(true);
    expect(countsTowardCapacity('CANCELED')).toBe(false);
  });
});

describe('session list query', () => {
  it('takes an inclusive range of up to 62 days', () => {
    expect(SessionListQuery.parse({ from: '2025-03-01', to: '2025-03-01' })).toEqual({
      from: '2025-03-01',
      to: '2025-03-01',
    });
    // A month view: 6 weeks from the Sunday before the 1st.
    expect(SessionListQuery.safeParse({ from: '2025-06-29', to: '2025-08-09' }).success).toBe(true);
    expect(SessionListQuery.safeParse({ from: '2025-12-01', to: '2026-01-31' }).success).toBe(true);
    expect(issueKeys(SessionListQuery.safeParse({ from: '2025-12-01', to: '2026-02-01' }))).toEqual([
      'to:validation.dateRangeTooLong',
    ]);
    expect(issueKeys(SessionListQuery.safeParse({ from: '2025-03-02', to: '2025-03-01' }))).toEqual([
      'to:validation.dateRangeOrder',
    ]);
  });

  it('requires both dates and checks the filters', () => {
    expect(issueKeys(SessionListQuery.safeParse({}))).toEqual([
      'from:validation.required',
      'to:validation.required',
    ]);
    expect(
      SessionListQuery.safeParse({ from: '2025-03-01', to: '2025-03-07', availability: 'EMPTY' }).success,
    ).toBe(false);
    expect(
      SessionListQuery.parse({ from: '2025-03-01', to: '2025-03-07', scheduleId: CUSTOMER_A.toUpperCase() })
        .scheduleId,
    ).toBe(CUSTOMER_A);
  });

  it('falls back to the week view and no filter on a bad URL', () => {
    expect(AttendanceSearchParams.parse({ view: 'year', date: '2025-02-30', availability: 'EMPTY' })).toEqual(
      {
        view: 'week',
      },
    );
    expect(AttendanceSearchParams.parse({ view: 'cards', date: '2025-03-10', availability: 'FULL' })).toEqual(
      {
        view: 'cards',
        date: '2025-03-10',
        availability: 'FULL',
      },
    );
  });
});

describe('add customers to a session', () => {
  const base = { customerIds: [CUSTOMER_A], reason: 'TRIAL_CLASS' };

  it('defaults the status to the one the reason implies', () => {
    expect(AddCustomersToSessionInput.parse(base)).toEqual({
      ...base,
      status: 'TRIAL',
      notes: null,
      // Spending a pack's class is asked for, never assumed (decision 029).
      usePurchase: false,
    });
    expect(AddCustomersToSessionInput.parse({ ...base, reason: 'REPOSITION' }).status).toBe('REPOSITION');
    expect(AddCustomersToSessionInput.parse({ ...base, reason: 'SPECIAL_EVENT' }).status).toBe('CONFIRMED');
    expect(AddCustomersToSessionInput.parse({ ...base, reason: 'OTHER' }).status).toBe('CONFIRMED');
    expect(defaultStatusForReason('TRIAL_CLASS')).toBe('TRIAL');
  });

  it('keeps a status chosen by staff, but never CANCELED', () => {
    expect(AddCustomersToSessionInput.parse({ ...base, status: 'CONFIRMED' }).status).toBe('CONFIRMED');
    expect(issueKeys(AddCustomersToSessionInput.safeParse({ ...base, status: 'CANCELED' }))).toEqual([
      'status:validation.required',
    ]);
  });

  it('requires at least one customer, once each, and a reason', () => {
    expect(issueKeys(AddCustomersToSessionInput.safeParse({ ...base, customerIds: [] }))).toEqual([
      'customerIds:validation.customersRequired',
    ]);
    expect(issueKeys(AddCustomersToSessionInput.safeParse({ reason: 'OTHER' }))).toEqual([
      'customerIds:validation.customersRequired',
    ]);
    expect(
      issueKeys(
        AddCustomersToSessionInput.safeParse({
          ...base,
          customerIds: [CUSTOMER_A, CUSTOMER_A.toUpperCase()],
        }),
      ),
    ).toEqual(['customerIds:validation.duplicateCustomer']);
    expect(issueKeys(AddCustomersToSessionInput.safeParse({ customerIds: [CUSTOMER_A] }))).toEqual([
      'reason:validation.reasonRequired',
    ]);
    expect(issueKeys(AddCustomersToSessionInput.safeParse({ ...base, customerIds: ['nope'] }))).toEqual([
      'customerIds.0:validation.required',
    ]);
  });

  it('takes up to 50 customers and notes up to 1000 characters', () => {
    const ids = Array.from(
      { length: 51 },
      (_, i) => `0190a5b2-7c3d-7e4f-8a1b-${String(i).padStart(12, '0')}`,
    );
    expect(AddCustomersToSessionInput.safeParse({ ...base, customerIds: ids.slice(0, 50) }).success).toBe(
      true,
    );
    expect(issueKeys(AddCustomersToSessionInput.safeParse({ ...base, customerIds: ids }))).toEqual([
      'customerIds:validation.max',
    ]);
    expect(issueKeys(AddCustomersToSessionInput.safeParse({ ...base, notes: 'x'.repeat(1001) }))).toEqual([
      'notes:validation.max',
    ]);
    expect(
      AddCustomersToSessionInput.parse({ ...base, customerIds: [CUSTOMER_A, CUSTOMER_B], notes: '  ' }).notes,
    ).toBeNull();
  });

  it('checks attendance status and check-in bodies', () => {
    expect(UpdateAttendanceInput.safeParse({ status: 'CANCELED' }).success).toBe(true);
    expect(issueKeys(UpdateAttendanceInput.safeParse({ status: 'LATE' }))).toEqual([
      'status:validation.required',
    ]);
    expect(CheckInInput.parse({ customerId: CUSTOMER_A.toUpperCase() })).toEqual({ customerId: CUSTOMER_A });
  });
});

describe('moving a session', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const tomorrow = { isActive: true, startsAt: '2025-03-11T10:00:00.000Z', checkedInCount: 0 };
  const later = new Date('2025-03-12T10:00:00Z');

  it('moves a future session without check-ins to a future time', () => {
    expect(canMoveSession(tomorrow, later, now)).toEqual({ ok: true });
    expect(canMoveSession(tomorrow, sessionInstant('2025-03-10', '09:30', 'America/Sao_Paulo'), now)).toEqual(
      {
        ok: true,
      },
    );
  });

  it('refuses an inactive, started or checked-in session, and a target already past', () => {
    expect(canMoveSession({ ...tomorrow, isActive: false }, later, now)).toEqual({
      ok: false,
      reason: 'INACTIVE',
    });
    expect(canMoveSession({ ...tomorrow, startsAt: now.toISOString() }, later, now)).toEqual({
      ok: false,
      reason: 'STARTED',
    });
    expect(canMoveSession({ ...tomorrow, startsAt: '2025-03-09T10:00:00Z' }, later, now)).toEqual({
      ok: false,
      reason: 'STARTED',
    });
    expect(canMoveSession({ ...tomorrow, checkedInCount: 1 }, later, now)).toEqual({
      ok: false,
      reason: 'HAS_CHECK_INS',
    });
    expect(canMoveSession(tomorrow, now, now)).toEqual({ ok: false, reason: 'TARGET_IN_PAST' });
    // 08:30 in São Paulo is 11:30 UTC, half an hour before now.
    expect(canMoveSession(tomorrow, sessionInstant('2025-03-10', '08:30', 'America/Sao_Paulo'), now)).toEqual(
      {
        ok: false,
        reason: 'TARGET_IN_PAST',
      },
    );
  });

  it("validates the target slot: 'End time must be after start time'", () => {
    expect(MoveSessionInput.parse({ date: '2025-03-12', startTime: '18:00', endTime: '19:00' })).toEqual({
      date: '2025-03-12',
      startTime: '18:00',
      endTime: '19:00',
    });
    expect(
      issueKeys(MoveSessionInput.safeParse({ date: '2025-03-12', startTime: '18:00', endTime: '18:00' })),
    ).toEqual(['endTime:validation.endTimeAfterStart']);
    expect(
      issueKeys(MoveSessionInput.safeParse({ date: '2025-02-30', startTime: '18', endTime: '' })),
    ).toEqual(['date:validation.date', 'startTime:validation.time', 'endTime:validation.required']);
  });
});

describe('attendance catalog texts', () => {
  it('keep the spec wording', () => {
    expect(translate(enUS, 'errors.SESSION_FULL')).toBe('This schedule is at full capacity');
    expect(translate(enUS, 'errors.SESSION_NOT_FOUND')).toBe(
      "Session not found or you don't have permission to view it.",
    );
    expect(translate(enUS, 'attendance.addCustomers.failed')).toBe('Failed to add customers to session');
    for (const block of SESSION_MOVE_BLOCKS) {
      expect(translate(ptBR, `attendance.move.blocked.${block}`)).not.toContain('attendance.');
    }
  });
});
