import { describe, expect, it } from 'vitest';
import type { PixRecurrence, RecurrenceState } from './pix-automatico.ts';
import type { PixRecurringCharge } from './pix-automatico-charges.ts';
import {
  type EnrollmentPixAutomaticoView,
  isEndedByPayer,
  PIX_AUTOMATICO_SCOPE_LIST,
  PixAutomaticoEndingsQuery,
  pixAutomaticoPanelView,
  recurringChargeLine,
  withPixAutomaticoScopes,
} from './pix-automatico-views.ts';

const available = { isAvailable: true, reason: null } as const;
const noReceiver = { isAvailable: false, reason: 'NO_RECEIVER' } as const;
const recurrenceIn = (state: RecurrenceState, needsNewAuthorization = false) =>
  ({ state, needsNewAuthorization }) as PixRecurrence;

function viewOf(
  recurrence: PixRecurrence | null,
  startAvailability: EnrollmentPixAutomaticoView['startAvailability'] = available,
  enrollmentStatus = 'ACTIVE',
  replacement: PixRecurrence | null = null,
) {
  return pixAutomaticoPanelView({ enrollmentStatus, view: { recurrence, replacement, startAvailability } });
}

describe('what the enrollment’s Pix Automático panel offers', () => {
  it('offers the start form to an active enrollment of a studio with a CNPJ receiver', () => {
    expect(viewOf(null)).toEqual({ kind: 'START', lastEnded: null });
  });

  it('says why not when the studio cannot receive by it, and that the enrollment must be active', () => {
    expect(viewOf(null, noReceiver)).toEqual({ kind: 'UNAVAILABLE', reason: 'NO_RECEIVER', lastEnded: null });
    expect(viewOf(null, available, 'PAUSED')).toEqual({ kind: 'ENROLLMENT_NOT_ACTIVE', lastEnded: null });
  });

  it('always shows a live one — waiting or approved — even once the receiver is gone, so it can be cancelled', () => {
    expect(viewOf(recurrenceIn('CREATED'), noReceiver)).toEqual({ kind: 'WAITING' });
    expect(viewOf(recurrenceIn('APPROVED'), noReceiver, 'CANCELED')).toEqual({
      kind: 'APPROVED',
      newAuthorization: 'NOT_NEEDED',
    });
  });

  it('offers a new start after an ended one, telling how the last one ended', () => {
    expect(viewOf(recurrenceIn('CANCELLED_BY_PAYER'))).toEqual({
      kind: 'START',
      lastEnded: 'CANCELLED_BY_PAYER',
    });
    expect(viewOf(recurrenceIn('EXPIRED'), noReceiver)).toMatchObject({
      kind: 'UNAVAILABLE',
      lastEnded: 'EXPIRED',
    });
  });
});

describe('the ends the studio is told of', () => {
  it('are the payer’s side’s: cancelled in their bank, refused, expired — not the studio’s own', () => {
    expect(isEndedByPayer('CANCELLED_BY_PAYER')).toBe(true);
    expect(isEndedByPayer('REJECTED')).toBe(true);
    expect(isEndedByPayer('EXPIRED')).toBe(true);
    expect(isEndedByPayer('CANCELLED_BY_RECEIVER')).toBe(false);
    expect(isEndedByPayer('APPROVED')).toBe(false);
  });

  it('look back 30 days unless asked, at most a year', () => {
    expect(PixAutomaticoEndingsQuery.parse({})).toEqual({ days: 30 });
    expect(PixAutomaticoEndingsQuery.safeParse({ days: '400' }).success).toBe(false);
    expect(PixAutomaticoEndingsQuery.safeParse({ customerId: 'nope' }).success).toBe(false);
  });
});

describe('the scopes a CNPJ receiver adds to the connection', () => {
  it('adds Pix Automático’s after the ones there, each once', () => {
    const once = withPixAutomaticoScopes('cobv.write cobv.read  pix.read rec.read');
    expect(
      once.startsWith('cobv.write cobv.read pix.read rec.read cob.write cob.read rec.write solicrec.write'),
    ).toBe(true);
    expect(once.split(' ').filter((scope) => scope === 'rec.read')).toHaveLength(1);
    expect(withPixAutomaticoScopes(once)).toBe(once);
    expect(withPixAutomaticoScopes('')).toBe(PIX_AUTOMATICO_SCOPE_LIST.join(' '));
  });
});

describe('how a cycle’s debit reads on the panel', () => {
  const charge = (fields: Partial<PixRecurringCharge>): PixRecurringCharge => ({
    txid: 'a'.repeat(32),
    cycleStart: '2026-12-01',
    dueDate: '2026-12-01',
    amountCents: 15_000,
    state: 'ACTIVE',
    attempts: 1,
    nextRetryDate: null,
    rejectionCode: null,
    fallbackReason: null,
    fellBackAt: null,
    ...fields,
  });

  it('a debit waiting is scheduled on its due date; pending at the PSP reads the same', () => {
    expect(recurringChargeLine(charge({}))).toEqual({ kind: 'SCHEDULED', date: '2026-12-01', attempts: 1 });
    expect(recurringChargeLine(charge({ state: 'PENDING', attempts: 0 }))).toMatchObject({
      kind: 'SCHEDULED',
    });
  });

  it('a failed debit waiting for its retry says the retry’s date and the rejection code', () => {
    expect(
      recurringChargeLine(charge({ attempts: 2, nextRetryDate: '2026-12-02', rejectionCode: 'AM02' })),
    ).toEqual({ kind: 'RETRY_SCHEDULED', date: '2026-12-02', attempts: 2, rejectionCode: 'AM02' });
  });

  it('paid, failed, cancelled and refused read as such', () => {
    expect(recurringChargeLine(charge({ state: 'PAID' }))).toEqual({
      kind: 'PAID',
      attempts: 1,
      rejectionCode: null,
    });
    // Paid on its retry: the first debit's refusal stays in the cycle's history.
    expect(recurringChargeLine(charge({ state: 'PAID', attempts: 2, rejectionCode: 'AM02' }))).toEqual({
      kind: 'PAID',
      attempts: 2,
      rejectionCode: 'AM02',
    });
    expect(recurringChargeLine(charge({ state: 'FAILED', rejectionCode: 'AC05' }))).toEqual({
      kind: 'FAILED',
      attempts: 1,
      rejectionCode: 'AC05',
    });
    expect(recurringChargeLine(charge({ state: 'CANCELLED' }))).toEqual({ kind: 'CANCELLED' });
    expect(recurringChargeLine(charge({ state: 'REFUSED', attempts: 0 }))).toEqual({ kind: 'REFUSED' });
  });

  it('a cycle that fell back says so with its reason, whatever its debit’s state', () => {
    const at = '2026-12-08T10:00:00.000Z';
    expect(
      recurringChargeLine(
        charge({ state: 'FAILED', fallbackReason: 'DEBIT_FAILED', fellBackAt: at, rejectionCode: 'AM02' }),
      ),
    ).toEqual({ kind: 'FELL_BACK', reason: 'DEBIT_FAILED', at, rejectionCode: 'AM02' });
    expect(
      recurringChargeLine(charge({ state: 'REFUSED', fallbackReason: 'AMOUNT_CHANGED', fellBackAt: at })),
    ).toMatchObject({ kind: 'FELL_BACK', reason: 'AMOUNT_CHANGED' });
  });
});

describe('a plan change asks for a new authorization', () => {
  it('offers it beside an approved recurrence whose amount no longer fits, then shows the new one waiting', () => {
    expect(viewOf(recurrenceIn('APPROVED'))).toEqual({ kind: 'APPROVED', newAuthorization: 'NOT_NEEDED' });
    expect(viewOf(recurrenceIn('APPROVED', true))).toEqual({ kind: 'APPROVED', newAuthorization: 'NEEDED' });
    expect(viewOf(recurrenceIn('APPROVED', true), available, 'ACTIVE', recurrenceIn('CREATED'))).toEqual({
      kind: 'APPROVED',
      newAuthorization: 'WAITING',
    });
  });

  it('does not offer it where a start would be refused (no receiver, enrollment not active)', () => {
    expect(viewOf(recurrenceIn('APPROVED', true), noReceiver)).toEqual({
      kind: 'APPROVED',
      newAuthorization: 'NOT_NEEDED',
    });
    expect(viewOf(recurrenceIn('APPROVED', true), available, 'CANCELLED')).toMatchObject({
      newAuthorization: 'NOT_NEEDED',
    });
  });
});
