import { canCancelBeforeStart, classLinkWindow } from '@reformer/domain/class-links';
import { AppError } from '@reformer/domain/errors';
import { allowsMakeUp } from '@reformer/domain/make-up-credits';
import {
  bookingWindowRefusal,
  creditsForSession,
  type PayWith,
  type PortalBookableList,
  type PortalCancellation,
  type PortalHistory,
  type PortalHome,
} from '@reformer/domain/portal';
import { purchaseToSpend } from '@reformer/domain/purchases';
import { remainingSeats } from '@reformer/domain/sessions';
import { todayIn } from '@reformer/domain/time-zones';
import { isUuid } from '../../auth/access.ts';
import type { Transaction } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import * as links from '../class-links/class-links.repository.ts';
import * as ledger from '../make-up-credits/make-up-credit-ledger.repository.ts';
import { readSettings } from '../make-up-credits/make-up-credits.service.ts';
import { addToLockedSession, changeAttendanceStatus } from '../sessions/attendance.service.ts';
import { listSessions, lockSession } from '../sessions/sessions.repository.ts';
import { joinLine } from '../waitlist/waitlist.service.ts';
import { acceptOffer, declineOffer } from '../waitlist/waitlist-offers.service.ts';
import * as repository from './portal.repository.ts';
import { type PortalCustomer, type PortalDeps, underPortalSession } from './portal-access.ts';
import { readPlaces } from './portal-places.ts';

/**
 * What a signed-in customer does in the portal (decision 039), each as the cookie's customer under the
 * organization's wall. Cancelling, booking and joining a line run the same locked cores as staff's
 * (`changeAttendanceStatus`, `addToLockedSession`, `joinLine`) under the same schedule lock.
 */

/** How far ahead the portal offers classes to book or wait for. */
const BOOKING_DAYS = 14;
/** How far back the attendance history goes. */
const HISTORY_DAYS = 180;
const DAY_MS = 86_400_000;

async function readHome(tx: Transaction, customer: PortalCustomer, now: Date): Promise<PortalHome> {
  const greeting = await links.findGreeting(tx, customer);
  if (!greeting) throw new AppError('PORTAL_SESSION_REQUIRED');
  const today = todayIn(greeting.timeZone, now);
  const [places, credits, packs, entries] = await Promise.all([
    readPlaces(tx, customer, classLinkWindow(now), now),
    repository.listUsableCredits(tx, customer, today),
    repository.listUsablePacks(tx, customer, today),
    repository.listActiveEntries(tx, customer, now),
  ]);
  return {
    ...greeting,
    places,
    credits: credits.map((credit) => ({
      id: credit.id,
      expiresOn: credit.expiresOn,
      establishmentName: credit.establishmentName,
      canceledSessionDate: credit.canceledSessionDate,
    })),
    packs: packs
      .filter((pack) => pack.classesSpent < pack.classesTotal)
      .map((pack) => ({
        id: pack.id,
        planName: pack.planName,
        classesLeft: pack.classesTotal - pack.classesSpent,
        classesTotal: pack.classesTotal,
        expiresOn: pack.expiresOn,
      })),
    // An offer past its time (or its session's start) no longer holds anything: it is not shown as one.
    waitlist: entries.flatMap((entry) => {
      const offerEnds =
        entry.offerExpiresAt && entry.offerExpiresAt < entry.startsAt ? entry.offerExpiresAt : entry.startsAt;
      if (entry.state === 'OFFERED' && offerEnds <= now) return [];
      return [
        {
          entryId: entry.entryId,
          sessionId: entry.sessionId,
          sessionName: entry.sessionName,
          establishmentName: entry.establishmentName,
          date: entry.date,
          startTime: entry.startTime,
          endTime: entry.endTime,
          state: entry.state as 'WAITING' | 'OFFERED',
          offerExpiresAt: entry.state === 'OFFERED' ? offerEnds.toISOString() : null,
        },
      ];
    }),
  };
}

export function viewHome(deps: PortalDeps, cookie: string | undefined): Promise<PortalHome> {
  return underPortalSession(deps, cookie, (tx, customer) => readHome(tx, customer, deps.now));
}

/** The customer's places of the last months, newest first. */
export function viewHistory(deps: PortalDeps, cookie: string | undefined): Promise<PortalHistory> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const window = { from: new Date(deps.now.getTime() - HISTORY_DAYS * DAY_MS), to: deps.now };
    const rows = await links.listPlaces(tx, customer, window);
    return {
      items: rows.reverse().map((row) => ({
        sessionId: row.sessionId,
        sessionName: row.sessionName,
        establishmentName: row.establishmentName,
        date: row.date,
        startTime: row.startTime,
        status: row.status,
      })),
    };
  });
}

function audit(
  tx: Transaction,
  deps: PortalDeps,
  customer: PortalCustomer,
  action: string,
  sessionId: string,
) {
  return recordAudit(tx, {
    organizationId: customer.organizationId,
    actorId: null,
    action,
    entityType: 'session_attendance',
    entityId: sessionId,
    ipAddress: deps.ipAddress,
    at: deps.now,
    details: { customerId: customer.customerId, portalSessionId: customer.sessionId },
  });
}

/** The session, locked; another organization's, or a malformed id, is PORTAL_CLASS_NOT_FOUND. */
async function lockClass(tx: Transaction, customer: PortalCustomer, sessionId: string) {
  const session = isUuid(sessionId) ? await lockSession(tx, customer.organizationId, sessionId) : null;
  if (!session) throw new AppError('PORTAL_CLASS_NOT_FOUND');
  return session;
}

/**
 * Cancels the customer's place as the class link did (decision 025): the same change as staff's, so the
 * credit, the status and the waitlist's offer happen alike. Cancelling again answers with no credit decision.
 */
export function cancelPlace(
  deps: PortalDeps,
  cookie: string | undefined,
  sessionId: string,
): Promise<PortalCancellation> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const session = await lockClass(tx, customer, sessionId);
    if (!canCancelBeforeStart(session.startsAt, deps.now)) throw new AppError('SESSION_STARTED');
    if (!session.isActive) throw new AppError('SESSION_INACTIVE');
    const place = { ...customer, sessionId, session, now: deps.now, publicUrl: deps.publicUrl };
    const change = await changeAttendanceStatus(tx, place, 'CANCELED').catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'SESSION_CUSTOMER_NOT_FOUND')
        throw new AppError('PORTAL_CLASS_NOT_FOUND');
      throw error;
    });
    const isNew = change.previousStatus !== 'CANCELED';
    if (isNew) await audit(tx, deps, customer, 'CANCELED_BY_CUSTOMER_PORTAL', sessionId);
    const home = await readHome(tx, customer, deps.now);
    return { ...home, sessionId, makeUpCredit: isNew ? change.makeUpCredit : null };
  });
}

type Rules = Awaited<ReturnType<typeof readSettings>>;
type Wallet = {
  today: string;
  credits: Awaited<ReturnType<typeof repository.listUsableCredits>>;
  packs: Awaited<ReturnType<typeof repository.listUsablePacks>>;
  enrolledAt: string[];
};

async function readWallet(
  tx: Transaction,
  customer: PortalCustomer,
  timeZone: string,
  now: Date,
): Promise<Wallet> {
  const today = todayIn(timeZone, now);
  const [credits, packs, enrolled] = await Promise.all([
    repository.listUsableCredits(tx, customer, today),
    repository.listUsablePacks(tx, customer, today),
    ledger.activeEnrollmentEstablishments(tx, customer.organizationId, [customer.customerId]),
  ]);
  return { today, credits, packs, enrolledAt: enrolled.get(customer.customerId) ?? [] };
}

type Candidate = { startsAt: Date; date: string; type: 'GROUP' | 'INDIVIDUAL'; establishmentId: string };

/**
 * What may pay for a seat in the session: a credit the portal's rules and staff's make-up rule both allow
 * (decision 023: a group class where the customer has an ACTIVE enrollment), or a pack's class.
 */
function payersFor(rules: Rules, wallet: Wallet, session: Candidate, now: Date) {
  const clock = { now, today: wallet.today };
  const credits = allowsMakeUp(session, wallet.enrolledAt)
    ? creditsForSession(rules, wallet.credits, session, clock)
    : [];
  const pack = purchaseToSpend(
    wallet.packs.map((pack) => ({ ...pack, kind: 'PACK' as const, createdAt: pack.startsOn })),
    { sessionDate: session.date, today: wallet.today, isTrial: false },
  );
  const payWith: PayWith[] = [];
  if (credits.length > 0) payWith.push('CREDIT');
  if (session.type === 'GROUP' && 'purchase' in pack) payWith.push('PACK');
  return { payWith, creditIds: credits.map((credit) => credit.id) };
}

/**
 * The group classes of the next two weeks the customer could take: those with a free seat that a credit or
 * a pack's class may pay for, and full ones they may wait for. Classes they have a place in, or wait for,
 * are left out; so are those past the booking window.
 */
export function listBookable(deps: PortalDeps, cookie: string | undefined): Promise<PortalBookableList> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const greeting = await links.findGreeting(tx, customer);
    if (!greeting) throw new AppError('PORTAL_SESSION_REQUIRED');
    const rules = await readSettings(tx, customer.organizationId);
    const wallet = await readWallet(tx, customer, greeting.timeZone, deps.now);
    const horizon = { from: deps.now, to: new Date(deps.now.getTime() + BOOKING_DAYS * DAY_MS) };
    const [taken, waiting, sessions] = await Promise.all([
      links.listPlaces(tx, customer, horizon),
      repository.listActiveEntries(tx, customer, deps.now),
      listSessions(
        tx as never,
        customer.organizationId,
        {
          from: wallet.today,
          to: todayIn(greeting.timeZone, horizon.to),
          establishmentIds: null,
        },
        deps.now,
      ),
    ]);
    const busy = new Set([
      ...taken.map((place) => place.sessionId),
      ...waiting.map((entry) => entry.sessionId),
    ]);
    const items = sessions.flatMap((row) => {
      const session = { ...row, startsAt: new Date(row.startsAt) };
      if (!row.isActive || row.type !== 'GROUP' || busy.has(row.id)) return [];
      if (bookingWindowRefusal(rules, session, deps.now)) return [];
      const { payWith } = payersFor(rules, wallet, session, deps.now);
      if (payWith.length === 0) return [];
      const freeSeats = remainingSeats(row);
      return [
        {
          sessionId: row.id,
          sessionName: row.scheduleName,
          establishmentName: row.establishmentName,
          date: row.date,
          startTime: row.startTime,
          endTime: row.endTime,
          startsAt: row.startsAt,
          freeSeats,
          payWith: freeSeats > 0 ? payWith : [],
          canWait: freeSeats === 0,
        },
      ];
    });
    return { items };
  });
}

/**
 * Books a seat with a credit (a make-up, REPOSITION) or a pack's class (CONFIRMED), under the session's
 * schedule lock through staff's own core, so 50 customers racing for the last seat get one seat. The portal's
 * rules (the booking window, the credit's establishment and validity) are checked under the lock first;
 * refused: 409 PORTAL_BOOKING_NOT_ALLOWED with `details.reason`.
 */
export function bookClass(
  deps: PortalDeps,
  cookie: string | undefined,
  sessionId: string,
  payWith: PayWith,
): Promise<PortalHome> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const session = await lockClass(tx, customer, sessionId);
    const rules = await readSettings(tx, customer.organizationId);
    const refusal =
      bookingWindowRefusal(rules, session, deps.now) ?? (session.type === 'GROUP' ? null : 'NOT_GROUP');
    if (refusal) throw new AppError('PORTAL_BOOKING_NOT_ALLOWED', undefined, { reason: refusal });
    await takePaidSeat(tx, { deps, customer, rules, sessionId, session }, payWith);
    await audit(tx, deps, customer, 'BOOKED_BY_CUSTOMER_PORTAL', sessionId);
    return readHome(tx, customer, deps.now);
  });
}

type SeatRequest = {
  deps: PortalDeps;
  customer: PortalCustomer;
  rules: Rules;
  sessionId: string;
  session: Awaited<ReturnType<typeof lockClass>>;
};

/**
 * A seat through staff's locked core, paid as the customer chose: a credit makes it a make-up (REPOSITION),
 * a pack's class a CONFIRMED place; `FIRST_VALID` takes a credit if one may pay, else a pack's class. Staff's
 * core also takes the customer's own waitlist offer's seat. Nothing to pay with: MAKE_UP_NO_CREDIT.
 */
async function takePaidSeat(tx: Transaction, request: SeatRequest, payWith: PayWith | 'FIRST_VALID') {
  const { deps, customer, rules, sessionId, session } = request;
  const greeting = await links.findGreeting(tx, customer);
  const wallet = await readWallet(tx, customer, greeting?.timeZone ?? 'America/Sao_Paulo', deps.now);
  const payers = payersFor(rules, wallet, session, deps.now);
  const chosen = payWith === 'FIRST_VALID' ? payers.payWith[0] : payWith;
  const place = { organizationId: customer.organizationId, sessionId, session, now: deps.now };
  const common = { customerIds: [customer.customerId], notes: null };
  if (chosen === 'CREDIT') {
    if (payers.creditIds.length === 0) throw new AppError('MAKE_UP_NO_CREDIT');
    const input = {
      ...common,
      status: 'REPOSITION' as const,
      reason: 'REPOSITION' as const,
      usePurchase: false,
    };
    await addToLockedSession(tx, place, input, { creditIds: payers.creditIds });
  } else if (chosen === 'PACK') {
    const input = { ...common, status: 'CONFIRMED' as const, reason: 'OTHER' as const, usePurchase: true };
    await addToLockedSession(tx, place, input);
  } else {
    throw new AppError('MAKE_UP_NO_CREDIT');
  }
}

/** Joins the line of a full class, through staff's own core under the same lock. */
export function joinWaitlist(
  deps: PortalDeps,
  cookie: string | undefined,
  sessionId: string,
): Promise<PortalHome> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const session = await lockClass(tx, customer, sessionId);
    if (session.type !== 'GROUP') throw new AppError('PORTAL_CLASS_NOT_FOUND');
    await joinLine(
      tx,
      { organizationId: customer.organizationId, sessionId, now: deps.now, session },
      [customer.customerId],
      null,
    );
    await audit(tx, deps, customer, 'WAITLIST_JOINED_BY_CUSTOMER_PORTAL', sessionId);
    return readHome(tx, customer, deps.now);
  });
}

/**
 * Accepts or declines the customer's own offer, through the waitlist's own answers (decision 024) located by
 * the entry rather than the offer link's token; another customer's entry is WAITLIST_OFFER_NOT_FOUND.
 */
export function answerOffer(
  deps: PortalDeps,
  cookie: string | undefined,
  entryId: string,
  answer: 'ACCEPT' | 'DECLINE',
): Promise<PortalHome> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    if (answer === 'ACCEPT' && (await acceptOwnOffer(tx, deps, customer, entryId)))
      return readHome(tx, customer, deps.now);
    const offerDeps = { db: tx, now: deps.now, publicUrl: deps.publicUrl };
    const locator = { organizationId: customer.organizationId, customerId: customer.customerId, entryId };
    await (answer === 'ACCEPT' ? acceptOffer : declineOffer)(offerDeps, locator);
    return readHome(tx, customer, deps.now);
  });
}

/**
 * A customer who put themselves in line from the portal must pay for the seat they are offered, as booking
 * does: a live offer of theirs is taken through the same paid seat (a credit first, else a pack's class), and
 * staff's core takes the offer's own held seat. False when the entry is not a live offer of theirs: the
 * waitlist's own answer then says why (expired, taken, closed, not found).
 */
async function acceptOwnOffer(tx: Transaction, deps: PortalDeps, customer: PortalCustomer, entryId: string) {
  const own = (await repository.listActiveEntries(tx, customer, deps.now)).find(
    (entry) => entry.entryId === entryId,
  );
  if (!own) return false;
  const session = await lockClass(tx, customer, own.sessionId);
  // Read again under the session's lock: the offer may have ended or been withdrawn meanwhile.
  const locked = (await repository.listActiveEntries(tx, customer, deps.now)).find(
    (entry) => entry.entryId === entryId,
  );
  const offerEnds =
    locked?.offerExpiresAt && locked.offerExpiresAt < locked.startsAt
      ? locked.offerExpiresAt
      : locked?.startsAt;
  if (locked?.state !== 'OFFERED' || !offerEnds || offerEnds <= deps.now) return false;
  const rules = await readSettings(tx, customer.organizationId);
  const request = { deps, customer, rules, sessionId: own.sessionId, session };
  await takePaidSeat(tx, request, 'FIRST_VALID');
  await audit(tx, deps, customer, 'WAITLIST_ACCEPTED_BY_CUSTOMER_PORTAL', own.sessionId);
  return true;
}
