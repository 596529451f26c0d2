import { describe, expect, it } from 'vitest';
import {
  bookingWindowRefusal,
  countHit,
  creditBookingRefusal,
  creditsForSession,
  isPortalLinkOpen,
  isPortalSessionLive,
  PORTAL_LINK_DAYS,
  PORTAL_SESSION_IDLE_DAYS,
  PORTAL_SESSION_MAX_DAYS,
  PortalExchangeInput,
  portalLinkExpiresAt,
  portalLinkPath,
  summarizeUserAgent,
} from './portal.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = new Date('2027-03-08T12:00:00Z');

describe('the portal link', () => {
  it('carries the token in the fragment only', () => {
    expect(portalLinkPath('abc_-9')).toBe('/portal#t=abc_-9');
  });

  it(`opens for ${PORTAL_LINK_DAYS} days, not at the expiry instant itself, and never once revoked`, () => {
    const expiresAt = portalLinkExpiresAt(now);
    expect(expiresAt.getTime() - now.getTime()).toBe(PORTAL_LINK_DAYS * DAY);
    expect(isPortalLinkOpen({ expiresAt, revokedAt: null }, new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(isPortalLinkOpen({ expiresAt, revokedAt: null }, expiresAt)).toBe(false);
    expect(isPortalLinkOpen({ expiresAt, revokedAt: now }, now)).toBe(false);
  });

  it('refuses a token too short to be one before any query', () => {
    expect(PortalExchangeInput.safeParse({ token: 'short' }).success).toBe(false);
    expect(PortalExchangeInput.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
  });
});

describe('a portal session', () => {
  const opened = { createdAt: now, lastSeenAt: now, endedAt: null };

  it('ends after the idle limit without a visit', () => {
    const idle = new Date(now.getTime() + PORTAL_SESSION_IDLE_DAYS * DAY);
    expect(isPortalSessionLive(opened, new Date(idle.getTime() - 1))).toBe(true);
    expect(isPortalSessionLive(opened, idle)).toBe(false);
  });

  it('ends at the absolute limit however recently it was used', () => {
    const limit = new Date(now.getTime() + PORTAL_SESSION_MAX_DAYS * DAY);
    const recent = { ...opened, lastSeenAt: new Date(limit.getTime() - HOUR) };
    expect(isPortalSessionLive(recent, new Date(limit.getTime() - 1))).toBe(true);
    expect(isPortalSessionLive(recent, limit)).toBe(false);
  });

  it('is never live once ended', () => {
    expect(isPortalSessionLive({ ...opened, endedAt: now }, now)).toBe(false);
  });
});

describe('the rate limit', () => {
  const limit = { hits: 2, windowSeconds: 60 };

  it('allows the limit within a window, refuses the next with the seconds left, and starts again after', () => {
    const first = countHit(null, now, limit);
    expect(first).toEqual({ allowed: true, window: { startedAt: now, hits: 1 } });
    const second = countHit(first.window, new Date(now.getTime() + 10_000), limit);
    expect(second.allowed).toBe(true);
    const third = countHit(second.window, new Date(now.getTime() + 20_500), limit);
    expect(third).toMatchObject({ allowed: false, retryAfterSeconds: 40 });
    const later = countHit(third.window, new Date(now.getTime() + 60_000), limit);
    expect(later).toEqual({
      allowed: true,
      window: { startedAt: new Date(now.getTime() + 60_000), hits: 1 },
    });
  });

  it('never answers a Retry-After of 0', () => {
    const full = { startedAt: now, hits: 2 };
    expect(countHit(full, new Date(now.getTime() + 59_999), limit)).toMatchObject({ retryAfterSeconds: 1 });
  });
});

describe('the user agent summary', () => {
  it('names the browser and the system, nothing more', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(summarizeUserAgent(android)).toBe('Chrome on Android');
    expect(summarizeUserAgent(iphone)).toBe('Safari on iOS');
    expect(summarizeUserAgent(undefined)).toBe('Browser');
  });
});

describe('booking a make-up from the portal', () => {
  const rules = { portalBookingHours: 2, portalMakeUpScope: 'SAME_ESTABLISHMENT' as const };
  const centro = 'est-centro';
  const session = {
    startsAt: new Date(now.getTime() + 3 * HOUR),
    date: '2027-03-08',
    type: 'GROUP' as const,
    establishmentId: centro,
  };
  const credit = {
    id: 'c1',
    earnedAt: '2027-03-01T10:00:00Z',
    expiresOn: '2027-04-30',
    usedAt: null,
    establishmentId: centro,
  };
  const clock = { now, today: '2027-03-08' };

  it('closes the given hours before the class; exactly then still books', () => {
    const exactly = { startsAt: new Date(now.getTime() + 2 * HOUR) };
    expect(bookingWindowRefusal(rules, exactly, now)).toBeNull();
    expect(bookingWindowRefusal(rules, { startsAt: new Date(exactly.startsAt.getTime() - 1) }, now)).toBe(
      'BOOKING_CLOSED',
    );
    expect(bookingWindowRefusal(rules, { startsAt: now }, now)).toBe('SESSION_STARTED');
  });

  it('takes a credit at its own establishment only, unless the studio allows any', () => {
    const elsewhere = { ...session, establishmentId: 'est-sul' };
    expect(creditBookingRefusal(rules, credit, session, clock)).toBeNull();
    expect(creditBookingRefusal(rules, credit, elsewhere, clock)).toBe('OTHER_ESTABLISHMENT');
    const anywhere = { ...rules, portalMakeUpScope: 'ANY_ALLOWED_ESTABLISHMENT' as const };
    expect(creditBookingRefusal(anywhere, credit, elsewhere, clock)).toBeNull();
  });

  it('never books an individual session', () => {
    expect(creditBookingRefusal(rules, credit, { ...session, type: 'INDIVIDUAL' }, clock)).toBe('NOT_GROUP');
  });

  it("stays within the credit's validity: a class after its last day is refused", () => {
    const late = { ...session, date: '2027-05-01', startsAt: new Date('2027-05-01T10:00:00Z') };
    expect(creditBookingRefusal(rules, credit, late, clock)).toBe('CREDIT_EXPIRED');
    const used = { ...credit, usedAt: '2027-03-05T10:00:00Z' };
    expect(creditBookingRefusal(rules, used, session, clock)).toBe('CREDIT_EXPIRED');
  });

  it('lists the credits that may pay for the session', () => {
    const other = { ...credit, id: 'c2', establishmentId: 'est-sul' };
    expect(creditsForSession(rules, [credit, other], session, clock).map((each) => each.id)).toEqual(['c1']);
  });
});
