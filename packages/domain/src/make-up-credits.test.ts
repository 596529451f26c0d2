import { describe, expect, it } from 'vitest';
import {
  allowsMakeUp,
  type Cancellation,
  canPayFor,
  creditExpiresOn,
  creditState,
  creditToSpend,
  DEFAULT_MAKE_UP_CREDIT_SETTINGS as DEFAULTS,
  decideCancellationCredit,
  hasNotice,
  MakeUpCreditSettingsInput,
  monthOf,
} from './make-up-credits.ts';
import { issueKeys } from './test-helpers.ts';
import { sessionInstant } from './time-zones.ts';

const SAO_PAULO = 'America/Sao_Paulo';
const HOUR = 3_600_000;

/** An enrolled customer cancelling the session of 2027-03-10 at 07:00 in São Paulo (10:00Z). */
function cancellation(overrides: Partial<Cancellation> = {}): Cancellation {
  return {
    canceledAt: new Date('2027-03-08T10:00:00Z'),
    session: { date: '2027-03-10', startTime: '07:00', timeZone: SAO_PAULO },
    place: 'ENROLLED',
    earnedInMonth: 0,
    isNoCreditDate: false,
    ...overrides,
  };
}

const startOf = (c: Cancellation) => sessionInstant(c.session.date, c.session.startTime, c.session.timeZone);
const before = (c: Cancellation, ms: number) => new Date(startOf(c).getTime() - ms);

describe('settings', () => {
  it('default to 24 h notice, 2 a month, until the end of next month, no make-up of a make-up', () => {
    expect(MakeUpCreditSettingsInput.parse(DEFAULTS)).toEqual({
      noticeHours: 24,
      monthlyLimit: 2,
      validity: 'END_OF_NEXT_MONTH',
      validityDays: 30,
      allowMakeUpOfMakeUp: false,
      portalBookingHours: 2,
      portalMakeUpScope: 'SAME_ESTABLISHMENT',
    });
  });

  it("leave the portal's two settings out of a request written before them (the stored ones stay)", () => {
    const { portalBookingHours, portalMakeUpScope, ...older } = DEFAULTS;
    expect(MakeUpCreditSettingsInput.safeParse(older).success).toBe(true);
    expect(MakeUpCreditSettingsInput.safeParse({ ...DEFAULTS, portalBookingHours: 169 }).success).toBe(false);
  });

  it('take whole numbers within their bounds, ends included', () => {
    const parse = (changes: object) => MakeUpCreditSettingsInput.safeParse({ ...DEFAULTS, ...changes });
    expect(parse({ noticeHours: 0, monthlyLimit: 0, validityDays: 1 }).success).toBe(true);
    expect(parse({ noticeHours: 168, monthlyLimit: 31, validityDays: 365 }).success).toBe(true);
    expect(issueKeys(parse({ noticeHours: -1 }))).toEqual(['noticeHours:validation.outOfRange']);
    expect(issueKeys(parse({ noticeHours: 169 }))).toEqual(['noticeHours:validation.outOfRange']);
    expect(issueKeys(parse({ monthlyLimit: 1.5 }))).toEqual(['monthlyLimit:validation.outOfRange']);
    expect(issueKeys(parse({ validityDays: 0 }))).toEqual(['validityDays:validation.outOfRange']);
    expect(issueKeys(parse({ validity: 'FOREVER' }))).toEqual(['validity:validation.required']);
    expect(parse({ noticeHours: Number.NaN }).success).toBe(false);
  });
});

describe('decideCancellationCredit: notice', () => {
  it('earns with exactly 24 h of notice, not with a millisecond less', () => {
    const exactly = cancellation();
    exactly.canceledAt = before(exactly, 24 * HOUR);
    expect(decideCancellationCredit(DEFAULTS, exactly)).toEqual({ earns: true, expiresOn: '2027-04-30' });
    const late = { ...exactly, canceledAt: before(exactly, 24 * HOUR - 1) };
    expect(decideCancellationCredit(DEFAULTS, late)).toEqual({ earns: false, reason: 'SHORT_NOTICE' });
  });

  it('counts the notice from the local start time in the organization’s zone', () => {
    // 07:00 in Tokyo is 22:00Z the day before; 24 h earlier is fine there and 11 h short in São Paulo.
    const canceledAt = new Date('2027-03-08T22:00:00Z');
    const tokyo = cancellation({
      canceledAt,
      session: { ...cancellation().session, timeZone: 'Asia/Tokyo' },
    });
    expect(decideCancellationCredit(DEFAULTS, tokyo).earns).toBe(true);
    expect(decideCancellationCredit(DEFAULTS, cancellation({ canceledAt })).earns).toBe(true);
    const sameInstantLater = new Date('2027-03-09T22:00:00Z');
    expect(decideCancellationCredit(DEFAULTS, { ...tokyo, canceledAt: sameInstantLater })).toEqual({
      earns: false,
      reason: 'SHORT_NOTICE',
    });
    expect(decideCancellationCredit(DEFAULTS, cancellation({ canceledAt: sameInstantLater }))).toEqual({
      earns: false,
      reason: 'SHORT_NOTICE',
    });
  });

  it('measures real hours across a daylight-saving change: the day before at the same time is 23 h', () => {
    // New York springs forward at 02:00 on Sunday 2027-03-14: Saturday 07:00 to Sunday 07:00 is 23 hours.
    const sunday = cancellation({
      session: { date: '2027-03-14', startTime: '07:00', timeZone: 'America/New_York' },
    });
    const saturdaySameTime = sessionInstant('2027-03-13', '07:00', 'America/New_York');
    expect(hasNotice(saturdaySameTime, startOf(sunday), 24)).toBe(false);
    expect(hasNotice(saturdaySameTime, startOf(sunday), 23)).toBe(true);
    expect(decideCancellationCredit(DEFAULTS, { ...sunday, canceledAt: saturdaySameTime })).toEqual({
      earns: false,
      reason: 'SHORT_NOTICE',
    });
  });

  it('earns nothing once the session has started, and anything ahead with 0 h notice', () => {
    const started = cancellation();
    started.canceledAt = new Date(startOf(started).getTime() + 1);
    expect(decideCancellationCredit({ ...DEFAULTS, noticeHours: 0 }, started)).toEqual({
      earns: false,
      reason: 'SHORT_NOTICE',
    });
    const atStart = { ...started, canceledAt: startOf(started) };
    expect(decideCancellationCredit({ ...DEFAULTS, noticeHours: 0 }, atStart).earns).toBe(true);
  });
});

describe('decideCancellationCredit: the other rules', () => {
  it('stops at the monthly limit of the session’s month', () => {
    expect(decideCancellationCredit(DEFAULTS, cancellation({ earnedInMonth: 1 })).earns).toBe(true);
    expect(decideCancellationCredit(DEFAULTS, cancellation({ earnedInMonth: 2 }))).toEqual({
      earns: false,
      reason: 'MONTHLY_LIMIT',
    });
    expect(decideCancellationCredit({ ...DEFAULTS, monthlyLimit: 0 }, cancellation())).toEqual({
      earns: false,
      reason: 'MONTHLY_LIMIT',
    });
  });

  it('gives nothing on a no-credit date, for a place no enrollment paid, or a make-up when off', () => {
    expect(decideCancellationCredit(DEFAULTS, cancellation({ isNoCreditDate: true }))).toEqual({
      earns: false,
      reason: 'NO_CREDIT_DATE',
    });
    expect(decideCancellationCredit(DEFAULTS, cancellation({ place: 'OTHER' }))).toEqual({
      earns: false,
      reason: 'NOT_ENROLLED',
    });
    expect(decideCancellationCredit(DEFAULTS, cancellation({ place: 'MAKE_UP' }))).toEqual({
      earns: false,
      reason: 'MAKE_UP_OF_MAKE_UP',
    });
    const allowed = { ...DEFAULTS, allowMakeUpOfMakeUp: true };
    expect(decideCancellationCredit(allowed, cancellation({ place: 'MAKE_UP' })).earns).toBe(true);
  });

  it('gives the first reason: a make-up on a holiday with short notice is a make-up', () => {
    const everything = cancellation({
      place: 'MAKE_UP',
      isNoCreditDate: true,
      earnedInMonth: 5,
      canceledAt: new Date('2027-03-10T09:00:00Z'),
    });
    expect(decideCancellationCredit(DEFAULTS, everything)).toEqual({
      earns: false,
      reason: 'MAKE_UP_OF_MAKE_UP',
    });
  });
});

describe('monthOf', () => {
  it('is the local month of the session’s date, whatever month its UTC instant falls in', () => {
    // 31 March at 22:00 in São Paulo is 1 April in UTC: the credit counts in March.
    expect(sessionInstant('2027-03-31', '22:00', SAO_PAULO).toISOString()).toBe('2027-04-01T01:00:00.000Z');
    expect(monthOf('2027-03-31')).toEqual({ from: '2027-03-01', to: '2027-03-31' });
    expect(monthOf('2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthOf('2028-02-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('creditExpiresOn', () => {
  it('is the last day of the month after the session’s, across month lengths and years', () => {
    expect(creditExpiresOn(DEFAULTS, '2027-01-31')).toBe('2027-02-28');
    expect(creditExpiresOn(DEFAULTS, '2027-01-01')).toBe('2027-02-28');
    expect(creditExpiresOn(DEFAULTS, '2028-01-31')).toBe('2028-02-29');
    expect(creditExpiresOn(DEFAULTS, '2027-03-31')).toBe('2027-04-30');
    expect(creditExpiresOn(DEFAULTS, '2027-12-15')).toBe('2028-01-31');
  });

  it('is the session’s date plus N days when counted in days', () => {
    const days = { ...DEFAULTS, validity: 'DAYS' as const, validityDays: 30 };
    expect(creditExpiresOn(days, '2027-02-20')).toBe('2027-03-22');
    expect(creditExpiresOn({ ...days, validityDays: 1 }, '2027-12-31')).toBe('2028-01-01');
  });
});

describe('credit states and spending', () => {
  const credit = (id: string, earnedAt: string, expiresOn: string, usedAt: string | null = null) => ({
    id,
    earnedAt,
    expiresOn,
    usedAt,
  });

  it('is available through its last day, expired the day after, used once spent', () => {
    const held = credit('a', '2027-03-01T12:00:00Z', '2027-04-30');
    expect(creditState(held, '2027-04-30')).toBe('AVAILABLE');
    expect(creditState(held, '2027-05-01')).toBe('EXPIRED');
    expect(creditState({ ...held, usedAt: '2027-03-05T12:00:00Z' }, '2027-05-01')).toBe('USED');
  });

  it('pays for a session up to its last day, not after', () => {
    const held = credit('a', '2027-03-01T12:00:00Z', '2027-04-30');
    expect(canPayFor(held, '2027-04-30', '2027-03-10')).toBe(true);
    expect(canPayFor(held, '2027-05-01', '2027-03-10')).toBe(false);
    expect(canPayFor(held, '2027-04-30', '2027-05-01')).toBe(false);
  });

  it('spends the oldest valid credit, skipping used and expired ones', () => {
    const used = credit('u', '2027-01-01T12:00:00Z', '2027-06-30', '2027-02-01T12:00:00Z');
    const expired = credit('e', '2027-01-02T12:00:00Z', '2027-02-28');
    const older = credit('o', '2027-03-01T12:00:00Z', '2027-04-30');
    const newer = credit('n', '2027-03-02T12:00:00Z', '2027-04-30');
    expect(creditToSpend([newer, used, older, expired], '2027-03-20', '2027-03-10')).toBe(older);
    expect(creditToSpend([newer, older], '2027-05-01', '2027-03-10')).toBeNull();
    expect(creditToSpend([], '2027-03-20', '2027-03-10')).toBeNull();
    const twin = credit('m', older.earnedAt, older.expiresOn);
    expect(creditToSpend([older, twin], '2027-03-20', '2027-03-10')).toBe(twin);
  });
});

describe('allowsMakeUp', () => {
  it('allows group sessions at an establishment of an active enrollment only', () => {
    expect(allowsMakeUp({ type: 'GROUP', establishmentId: 'centro' }, ['centro', 'praia'])).toBe(true);
    expect(allowsMakeUp({ type: 'GROUP', establishmentId: 'norte' }, ['centro'])).toBe(false);
    expect(allowsMakeUp({ type: 'INDIVIDUAL', establishmentId: 'centro' }, ['centro'])).toBe(false);
  });
});
