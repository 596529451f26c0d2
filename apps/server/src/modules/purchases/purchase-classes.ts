import { AppError } from '@reformer/domain/errors';
import {
  type PurchaseClassOutcome,
  purchaseToSpend,
  returnsClass,
  type SpentPurchaseClass,
} from '@reformer/domain/purchases';
import type { AttendanceStatus } from '@reformer/domain/sessions';
import { todayIn } from '@reformer/domain/time-zones';
import type { Transaction } from '../../db/client.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { readSettings } from '../make-up-credits/make-up-credits.service.ts';
import * as ledger from './purchase-classes.repository.ts';

/**
 * Spending and giving back purchases' classes (decision 029), called by the attendance changes inside their
 * transaction, after the session's schedule lock and the customers' locks; each locks the purchases next.
 */

type Booking = {
  organizationId: string;
  session: { id: string; date: string };
  /** Locked by the caller, in id order. */
  customers: { id: string; firstName: string; lastName: string }[];
  /** A TRIAL place spends a trial class; any other place a pack or single class. */
  isTrial: boolean;
  now: Date;
};

/** One class of each customer's purchase (`purchaseToSpend`) on the session; all or none. */
export async function spendClasses(tx: Transaction, booking: Booking): Promise<SpentPurchaseClass[]> {
  const { organizationId, session, customers, now } = booking;
  const today = todayIn(await organizationTimeZone(tx, organizationId), now);
  const held = await ledger.lockPurchases(tx, organizationId, { customerIds: customers.map(({ id }) => id) });
  const spent: SpentPurchaseClass[] = [];
  for (const customer of customers) {
    const own = held.filter((purchase) => purchase.customerId === customer.id);
    const choice = purchaseToSpend(own, { sessionDate: session.date, today, isTrial: booking.isTrial });
    if ('reason' in choice) {
      const name = `${customer.firstName} ${customer.lastName}`.trim();
      throw new AppError(choice.reason, undefined, { customerId: customer.id, name });
    }
    const { purchase } = choice;
    const place = { organizationId, sessionId: session.id, customerId: customer.id };
    await ledger.insertClass(tx, place, purchase.id, now);
    spent.push({
      customerId: customer.id,
      purchaseId: purchase.id,
      planName: purchase.planName,
      classesLeft: purchase.classesTotal - purchase.classesSpent - 1,
      expiresOn: purchase.expiresOn,
    });
  }
  return spent;
}

type ChangedPlace = {
  organizationId: string;
  sessionId: string;
  customerId: string;
  session: { date: string; startTime: string };
  now: Date;
};

/**
 * The purchase side of a status change of a place a purchase paid for: cancelling with the organization's
 * notice gives the class back, without it keeps it spent (as a no-show does); restoring a canceled place whose
 * class came back spends it again, if the purchase still can pay for it. Null for other places.
 */
export async function settleStatusChange(
  tx: Transaction,
  place: ChangedPlace,
  change: { current: AttendanceStatus; status: AttendanceStatus },
): Promise<PurchaseClassOutcome | null> {
  const key = {
    organizationId: place.organizationId,
    sessionId: place.sessionId,
    customerId: place.customerId,
  };
  if (change.current === change.status) return null;
  const spent = await ledger.findPlaceClass(tx, key);
  if (!spent) return null;
  const [purchase] = await ledger.lockPurchases(tx, key.organizationId, { id: spent.purchaseId });
  const { noticeHours } = await readSettings(tx, key.organizationId);
  const timeZone = await organizationTimeZone(tx, key.organizationId);
  const outcome = (name: PurchaseClassOutcome['outcome']) =>
    ({ outcome: name, purchaseId: spent.purchaseId, noticeHours }) as const;
  if (change.status === 'CANCELED') {
    if (spent.returnedAt !== null) return null;
    if (!returnsClass(place.now, { ...place.session, timeZone }, noticeHours)) return outcome('KEPT');
    await ledger.setReturned(tx, key, place.now);
    return outcome('RETURNED');
  }
  if (change.current !== 'CANCELED' || spent.returnedAt === null || !purchase) return null;
  const choice = purchaseToSpend([purchase], {
    sessionDate: place.session.date,
    today: todayIn(timeZone, place.now),
    isTrial: purchase.kind === 'TRIAL',
  });
  if ('reason' in choice) {
    const name = await ledger.customerName(tx, key.organizationId, key.customerId);
    throw new AppError(choice.reason, undefined, { customerId: key.customerId, name });
  }
  await ledger.setReturned(tx, key, null);
  return outcome('SPENT');
}
