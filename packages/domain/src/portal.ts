import { z } from 'zod';
import { MyClassPlace } from './class-links.ts';
import { MakeUpCreditOutcome } from './make-up-credit-schemas.ts';
import { canPayFor, type PortalMakeUpScope } from './make-up-credits.ts';
import { ATTENDANCE_STATUSES } from './sessions.ts';
import { V } from './validation.ts';

/**
 * The customer portal's access (decision 039): staff send a link whose token travels only in the URL's
 * fragment; the page exchanges it for a session cookie of that customer; the link opens until it expires or
 * is revoked. The rules here are pure: the server applies them to what the database holds.
 */

const DAY_MS = 86_400_000;

/** A link opens for this many days (the default). A constant, not a setting: see decision 039. */
export const PORTAL_LINK_DAYS = 30;
/** A portal session ends after this many days without a visit (OWASP ASVS 3.3 idle timeout)… */
export const PORTAL_SESSION_IDLE_DAYS = 14;
/** …and this many days after it was opened, however often it is used (ASVS 3.3 absolute timeout). */
export const PORTAL_SESSION_MAX_DAYS = 60;

/** The portal's address for a link: the token in the fragment, which no request, log or preview carries. */
export function portalLinkPath(token: string): string {
  return `/portal#t=${token}`;
}

export function portalLinkExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PORTAL_LINK_DAYS * DAY_MS);
}

/** A link opens before its expiry instant (the instant itself is too late) while not revoked. */
export function isPortalLinkOpen(link: { expiresAt: Date; revokedAt: Date | null }, now: Date): boolean {
  return link.revokedAt === null && now.getTime() < link.expiresAt.getTime();
}

/** A session is live while not ended, used within the idle limit and younger than the absolute one. */
export function isPortalSessionLive(
  session: { createdAt: Date; lastSeenAt: Date; endedAt: Date | null },
  now: Date,
): boolean {
  if (session.endedAt !== null) return false;
  const at = now.getTime();
  return (
    at < session.lastSeenAt.getTime() + PORTAL_SESSION_IDLE_DAYS * DAY_MS &&
    at < session.createdAt.getTime() + PORTAL_SESSION_MAX_DAYS * DAY_MS
  );
}

/** How long the cookie is kept by the browser: the absolute limit; the server decides liveness anyway. */
export const PORTAL_COOKIE_MAX_AGE_SECONDS = PORTAL_SESSION_MAX_DAYS * 86_400;

/** A fixed window of `hits` requests per `windowSeconds`. */
export type RateLimit = { hits: number; windowSeconds: number };

/**
 * The portal's public doors and their limits. Exchanging a token (and presenting a session cookie that
 * opens nothing) is limited per address: a 256-bit token cannot be guessed, but nobody should get to try
 * millions. Asking for a new link is limited per address and per contact, so the form can neither flood a
 * customer's inbox nor be used to test addresses at speed.
 */
export const PORTAL_RATE_LIMITS = {
  exchangePerAddress: { hits: 30, windowSeconds: 600 },
  linkRequestPerAddress: { hits: 10, windowSeconds: 3600 },
  linkRequestPerContact: { hits: 3, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

export type RateWindow = { startedAt: Date; hits: number };

export type RateDecision =
  | { allowed: true; window: RateWindow }
  | { allowed: false; retryAfterSeconds: number; window: RateWindow };

/**
 * One more hit on a bucket: a window past its length starts again; within it, the hit counts and is refused
 * once beyond the limit, with the seconds until the window ends (at least 1, for Retry-After).
 */
export function countHit(window: RateWindow | null, now: Date, limit: RateLimit): RateDecision {
  const length = limit.windowSeconds * 1000;
  if (!window || now.getTime() >= window.startedAt.getTime() + length)
    return { allowed: true, window: { startedAt: now, hits: 1 } };
  const next = { startedAt: window.startedAt, hits: window.hits + 1 };
  if (next.hits <= limit.hits) return { allowed: true, window: next };
  const left = Math.ceil((window.startedAt.getTime() + length - now.getTime()) / 1000);
  return { allowed: false, retryAfterSeconds: Math.max(1, left), window: next };
}

/** "Chrome on Android": what staff need to recognise a session, without keeping the whole header. */
export function summarizeUserAgent(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    [
      ['Edge', /Edg\//],
      ['Samsung Internet', /SamsungBrowser\//],
      ['Chrome', /(Chrome|CriOS)\//],
      ['Firefox', /(Firefox|FxiOS)\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? 'Browser';
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad|iPod/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? null;
  return system ? `${browser} on ${system}` : (browser as string);
}

/** Why the portal will not book this session with a credit or a pack's class. */
export const BOOKING_REFUSALS = [
  'SESSION_STARTED',
  'BOOKING_CLOSED',
  'NOT_GROUP',
  'OTHER_ESTABLISHMENT',
  'CREDIT_EXPIRED',
] as const;
export type BookingRefusal = (typeof BOOKING_REFUSALS)[number];

export type BookableSession = {
  startsAt: Date;
  date: string;
  type: 'GROUP' | 'INDIVIDUAL';
  establishmentId: string;
};

export type PortalBookingRules = { portalBookingHours: number; portalMakeUpScope: PortalMakeUpScope };

/** The booking window: from now until `portalBookingHours` before the start (exactly that still books). */
export function bookingWindowRefusal(
  rules: Pick<PortalBookingRules, 'portalBookingHours'>,
  session: Pick<BookableSession, 'startsAt'>,
  now: Date,
): BookingRefusal | null {
  const ahead = session.startsAt.getTime() - now.getTime();
  if (ahead <= 0) return 'SESSION_STARTED';
  return ahead < rules.portalBookingHours * 3_600_000 ? 'BOOKING_CLOSED' : null;
}

type PortalCredit = {
  id: string;
  earnedAt: Date | string;
  expiresOn: string;
  usedAt: Date | string | null;
  /** The establishment of the class the credit replaces. */
  establishmentId: string;
};

/**
 * Whether a credit may pay for this make-up from the portal: the booking window, a group class (make-ups
 * are never individual, decision 023), at the credit's own establishment unless the studio allows any, and
 * the credit valid today and on the class's date. Staff's own rule (an ACTIVE enrollment at the
 * establishment) still applies when the credit is spent.
 */
export function creditBookingRefusal(
  rules: PortalBookingRules,
  credit: PortalCredit,
  session: BookableSession,
  clock: { now: Date; today: string },
): BookingRefusal | null {
  const window = bookingWindowRefusal(rules, session, clock.now);
  if (window) return window;
  if (session.type !== 'GROUP') return 'NOT_GROUP';
  if (rules.portalMakeUpScope === 'SAME_ESTABLISHMENT' && credit.establishmentId !== session.establishmentId)
    return 'OTHER_ESTABLISHMENT';
  return canPayFor(credit, session.date, clock.today) ? null : 'CREDIT_EXPIRED';
}

/** The credits of `credits` the portal may spend on the session (the ledger then spends the oldest). */
export function creditsForSession<Credit extends PortalCredit>(
  rules: PortalBookingRules,
  credits: readonly Credit[],
  session: BookableSession,
  clock: { now: Date; today: string },
): Credit[] {
  return credits.filter((credit) => creditBookingRefusal(rules, credit, session, clock) === null);
}

// ——— The API's shapes ———

const Token = z.string(V.required).min(20, V.required).max(200, V.required);

/** POST /portal/session: the token read from the fragment. */
export const PortalExchangeInput = z.object({ token: Token });
export type PortalExchangeInput = z.infer<typeof PortalExchangeInput>;

/** POST /portal/link-requests: the e-mail a customer gives when their link expired. */
export const PortalLinkRequestInput = z.object({
  email: z.email(V.email).max(254, V.email),
});
export type PortalLinkRequestInput = z.infer<typeof PortalLinkRequestInput>;

export const PAY_WITH = ['CREDIT', 'PACK'] as const;
export type PayWith = (typeof PAY_WITH)[number];

/** POST /portal/sessions/{sessionId}/book. */
export const PortalBookInput = z.object({ payWith: z.enum(PAY_WITH, V.required) });
export type PortalBookInput = z.infer<typeof PortalBookInput>;

export const PortalCreditItem = z.object({
  id: z.string(),
  expiresOn: z.string(),
  establishmentName: z.string(),
  canceledSessionDate: z.string(),
});

export const PortalPackItem = z.object({
  id: z.string(),
  planName: z.string(),
  classesLeft: z.number().int(),
  classesTotal: z.number().int(),
  expiresOn: z.string(),
});

/** A waitlist place of the customer; an OFFERED one can be accepted until `offerExpiresAt`. */
export const PortalWaitlistItem = z.object({
  entryId: z.string(),
  sessionId: z.string(),
  sessionName: z.string(),
  establishmentName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  state: z.enum(['WAITING', 'OFFERED']),
  offerExpiresAt: z.string().nullable(),
});

/** GET /portal/me: who, their classes of the next weeks, credits, packs and waitlist places. */
export const PortalHome = z.object({
  organizationName: z.string(),
  customerFirstName: z.string(),
  timeZone: z.string(),
  places: z.array(MyClassPlace),
  credits: z.array(PortalCreditItem),
  packs: z.array(PortalPackItem),
  waitlist: z.array(PortalWaitlistItem),
});
export type PortalHome = z.infer<typeof PortalHome>;

/** POST /portal/sessions/{id}/cancel: the home again and what the cancellation earned. */
export const PortalCancellation = PortalHome.extend({
  sessionId: z.string(),
  makeUpCredit: MakeUpCreditOutcome.nullable(),
});
export type PortalCancellation = z.infer<typeof PortalCancellation>;

/** A session the customer could book or wait for, and what would pay for it. */
export const PortalBookableSession = z.object({
  sessionId: z.string(),
  sessionName: z.string(),
  establishmentName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  freeSeats: z.number().int(),
  /** What may pay for a seat; empty when the session is full (then `canWait`). */
  payWith: z.array(z.enum(PAY_WITH)),
  canWait: z.boolean(),
});
export type PortalBookableSession = z.infer<typeof PortalBookableSession>;

export const PortalBookableList = z.object({ items: z.array(PortalBookableSession) });
export type PortalBookableList = z.infer<typeof PortalBookableList>;

export const PortalHistoryItem = z.object({
  sessionId: z.string(),
  sessionName: z.string(),
  establishmentName: z.string(),
  date: z.string(),
  startTime: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
});
export const PortalHistory = z.object({ items: z.array(PortalHistoryItem) });
export type PortalHistory = z.infer<typeof PortalHistory>;

/** Staff's view of one portal session of a customer. */
export const PortalSessionItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  isLive: z.boolean(),
  endedAt: z.string().nullable(),
  endedReason: z.string().nullable(),
});
export const PortalSessionList = z.object({ items: z.array(PortalSessionItem) });
export type PortalSessionList = z.infer<typeof PortalSessionList>;

/** An answer that says only that it was received (the link request: the same whether a contact exists). */
export const PortalAccepted = z.object({ accepted: z.literal(true) });
