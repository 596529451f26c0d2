import type { MyClassPlace } from '@reformer/domain/class-links';
import type { Transaction } from '../../db/client.ts';
import * as links from '../class-links/class-links.repository.ts';
import * as credits from '../make-up-credits/make-up-credit-ledger.ts';
import { placeKind } from '../sessions/attendance.service.ts';

/**
 * The customer's places in the window, as the class link listed them (decision 025): each canceled one with
 * the credit it earned, each open one with what cancelling it now would earn (the cancellation's own
 * decision, without its lock or write).
 */
export async function readPlaces(
  tx: Transaction,
  key: { organizationId: string; customerId: string },
  window: { from: Date; to: Date },
  now: Date,
): Promise<MyClassPlace[]> {
  const rows = await links.listPlaces(tx, key, window);
  const places: MyClassPlace[] = [];
  for (const row of rows) {
    const place = { ...key, sessionId: row.sessionId };
    const isCanceled = row.status === 'CANCELED';
    const earned = isCanceled ? await credits.findCreditEarnedBy(tx, place) : null;
    const session = {
      id: row.sessionId,
      date: row.date,
      startTime: row.startTime,
      establishmentId: row.establishmentId,
    };
    const preview = isCanceled
      ? null
      : await credits.previewCancellation(tx, {
          ...key,
          session,
          place: await placeKind(tx, place, row.source),
          now,
        });
    places.push({
      sessionId: row.sessionId,
      sessionName: row.sessionName,
      establishmentName: row.establishmentName,
      date: row.date,
      startTime: row.startTime,
      endTime: row.endTime,
      startsAt: row.startsAt.toISOString(),
      status: row.status,
      earnedCredit: earned ? { expiresOn: earned.expiresOn } : null,
      creditIfCanceled: preview,
      movedFrom: row.isMoved ? { date: row.scheduledDate, startTime: row.scheduledStartTime } : null,
    });
  }
  return places;
}
