import type { CreditPreview } from '@reformer/domain/class-links';
import { AppError } from '@reformer/domain/errors';
import type { MakeUpCreditOutcome } from '@reformer/domain/make-up-credit-schemas';
import {
  allowsMakeUp,
  creditToSpend,
  decideCancellationCredit,
  monthOf,
  type NoCreditReason,
  type PlaceKind,
} from '@reformer/domain/make-up-credits';
import type { ScheduleType } from '@reformer/domain/schedules';
import type { AttendanceStatus } from '@reformer/domain/sessions';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import type { Transaction } from '../../db/client.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as ledger from './make-up-credit-ledger.repository.ts';
import { isNoCreditDate } from './make-up-credits.repository.ts';
import { readSettings } from './make-up-credits.service.ts';

/**
 * Earning, returning and spending credits, called by the attendance changes inside their transaction, after
 * the session's schedule lock; each takes the customer's lock next (decision 023).
 */

type ChangedPlace = {
  organizationId: string;
  sessionId: string;
  customerId: string;
  session: { date: string; startTime: string; establishmentId: string };
  kind: PlaceKind;
  now: Date;
};

/** The credit side of a status change: earned (or why not) on cancelling, returned on undoing it. */
export async function settleStatusChange(
  tx: Transaction,
  place: ChangedPlace,
  change: { current: AttendanceStatus; status: AttendanceStatus },
): Promise<MakeUpCreditOutcome | null> {
  const { organizationId, sessionId, customerId, now } = place;
  if (change.current === change.status) return null;
  if (change.status === 'CANCELED') {
    const session = { ...place.session, id: sessionId };
    return settleCancellation(tx, { organizationId, customerId, session, place: place.kind, now });
  }
  if (change.current === 'CANCELED') return undoCancellation(tx, { organizationId, sessionId, customerId });
  return null;
}

export type CanceledPlace = {
  organizationId: string;
  customerId: string;
  session: { id: string; date: string; startTime: string; establishmentId: string };
  place: PlaceKind;
  now: Date;
};

/** A place just became CANCELED: records the credit it earns, or says why it earns none. */
async function settleCancellation(tx: Transaction, canceled: CanceledPlace): Promise<MakeUpCreditOutcome> {
  const { organizationId, customerId, session, now } = canceled;
  await ledger.lockCustomer(tx, organizationId, customerId);
  const key = { organizationId, sessionId: session.id, customerId };
  // A place whose earlier CANCELED row an enrollment's pause removed keeps the credit it earned then.
  const held = await ledger.findCreditEarnedBy(tx, key);
  if (held) return { outcome: 'EARNED', creditId: held.id, expiresOn: held.expiresOn };
  const { decision, settings } = await decideCredit(tx, canceled);
  if (!decision.earns) return notEarned(decision.reason, settings);
  const creditId = uuidv7();
  await ledger.insertCredit(tx, {
    organizationId,
    id: creditId,
    customerId,
    canceledSessionId: session.id,
    sessionDate: session.date,
    earnedAt: now,
    expiresOn: decision.expiresOn,
  });
  return { outcome: 'EARNED', creditId, expiresOn: decision.expiresOn };
}

/** The domain's rule (`decideCancellationCredit`) on what the database holds for this place; writes nothing. */
async function decideCredit(tx: Transaction, canceled: CanceledPlace) {
  const { organizationId, customerId, session, now } = canceled;
  const settings = await readSettings(tx, organizationId);
  const timeZone = await organizationTimeZone(tx, organizationId);
  const decision = decideCancellationCredit(settings, {
    canceledAt: now,
    session: { date: session.date, startTime: session.startTime, timeZone },
    place: canceled.place,
    earnedInMonth: await ledger.countEarnedBetween(tx, { organizationId, customerId }, monthOf(session.date)),
    isNoCreditDate: await isNoCreditDate(tx, {
      organizationId,
      establishmentId: session.establishmentId,
      date: session.date,
    }),
  });
  return { decision, settings };
}

const notEarned = (reason: NoCreditReason, settings: { noticeHours: number; monthlyLimit: number }) =>
  ({
    outcome: 'NOT_EARNED',
    reason,
    noticeHours: settings.noticeHours,
    monthlyLimit: settings.monthlyLimit,
  }) as const;

/**
 * What cancelling the place at `now` would earn, said before the customer confirms (decision 025): the same
 * decision a cancellation makes, without its lock or its write, so the answer can differ only if something
 * changed in between (another credit earned, the clock passing the notice).
 */
export async function previewCancellation(tx: Transaction, canceled: CanceledPlace): Promise<CreditPreview> {
  const { decision, settings } = await decideCredit(tx, canceled);
  return decision.earns
    ? { outcome: 'EARNED', expiresOn: decision.expiresOn }
    : notEarned(decision.reason, settings);
}

/** The credit a canceled place earned, if any (the customer's link shows it beside the place). */
export function findCreditEarnedBy(
  tx: Transaction,
  place: { organizationId: string; sessionId: string; customerId: string },
) {
  return ledger.findCreditEarnedBy(tx, place);
}

/**
 * A CANCELED place is back: the credit its cancellation earned goes back too. One already spent on a
 * make-up cannot come back, so the place stays canceled (MAKE_UP_CREDIT_USED).
 */
async function undoCancellation(
  tx: Transaction,
  place: { organizationId: string; sessionId: string; customerId: string },
): Promise<MakeUpCreditOutcome | null> {
  await ledger.lockCustomer(tx, place.organizationId, place.customerId);
  const credit = await ledger.findCreditEarnedBy(tx, place);
  if (!credit) return null;
  if (credit.usedSessionId)
    throw new AppError('MAKE_UP_CREDIT_USED', undefined, { usedSessionId: credit.usedSessionId });
  await ledger.deleteCredit(tx, place.organizationId, credit.id);
  return { outcome: 'RETURNED', creditId: credit.id };
}

export const isMakeUpPlace = ledger.isMakeUpPlace;

type MakeUpBooking = {
  organizationId: string;
  session: { id: string; date: string; type: ScheduleType; establishmentId: string };
  /** Locked FOR UPDATE by the caller, in id order. */
  customers: { id: string; firstName: string; lastName: string }[];
  now: Date;
  /** Only these credits may be spent (the portal's rules, decision 039); absent, any valid one. */
  creditIds?: readonly string[] | undefined;
};

/** Spends each customer's oldest valid credit on the session; all or none (the transaction rolls back). */
export async function spendCredits(tx: Transaction, booking: MakeUpBooking) {
  const { organizationId, session, customers, now } = booking;
  const ids = customers.map((customer) => customer.id);
  const today = todayIn(await organizationTimeZone(tx, organizationId), now);
  const allowed = await ledger.activeEnrollmentEstablishments(tx, organizationId, ids);
  const credits = await ledger.listUnusedCredits(tx, organizationId, ids);
  const spent = [];
  for (const customer of customers) {
    const details = { customerId: customer.id, name: `${customer.firstName} ${customer.lastName}`.trim() };
    if (!allowsMakeUp(session, allowed.get(customer.id) ?? []))
      throw new AppError('MAKE_UP_SESSION_NOT_ALLOWED', undefined, details);
    const own = credits.filter(
      (credit) =>
        credit.customerId === customer.id && (!booking.creditIds || booking.creditIds.includes(credit.id)),
    );
    const credit = creditToSpend(own, session.date, today);
    if (!credit) throw new AppError('MAKE_UP_NO_CREDIT', undefined, details);
    await ledger.spendCredit(tx, { organizationId, id: credit.id }, { sessionId: session.id, at: now });
    spent.push({ customerId: customer.id, creditId: credit.id, expiresOn: credit.expiresOn });
  }
  return spent;
}
