import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { sendQueuedEmails } from '../events/events-delivery.ts';
import { lockSession } from '../sessions/sessions.repository.ts';
import * as repository from './waitlist.repository.ts';
import { type Offered, offerFreedSeats } from './waitlist-seats.ts';

export type WaitlistRunResult = { sessions: number; offered: number; emailsSent: number; failed: number };

/**
 * The `waitlist.settle` job (every minute, decision 024): in each session with an offer past its time, or
 * with someone waiting while it has not started, expire what is due and offer the free seats on — the same
 * function, under the same schedule lock, as a member's change. Reads and accepts never wait for it: they
 * treat a past-due offer as expired themselves. Then the queued offer e-mails go out through SMTP.
 * One session failing does not hold the others back; the next run takes it up again.
 */
export async function settleWaitlists(
  db: Database,
  senders: { mailer: Mailer; publicUrl: string },
  now: Date,
): Promise<WaitlistRunResult> {
  const sessions = await repository.listSessionsToSettle(db, now);
  let offered = 0;
  let failed = 0;
  for (const key of sessions) {
    const made = await settleSession(db, { ...key, now, publicUrl: senders.publicUrl }).catch(
      (error: unknown) => {
        failed += 1;
        console.error('[waitlist] settling a session failed:', key.sessionId, error);
        return [];
      },
    );
    offered += made.length;
  }
  const emailsSent = await sendQueuedEmails(db, senders.mailer, 'WAITLIST_OFFER', {
    stillWanted: repository.offerStillLive(now),
    publicUrl: senders.publicUrl,
  });
  return { sessions: sessions.length, offered, emailsSent, failed };
}

function settleSession(
  db: Database,
  at: { organizationId: string; sessionId: string; now: Date; publicUrl: string },
): Promise<Offered[]> {
  return db.transaction(async (tx) => {
    const session = await lockSession(tx, at.organizationId, at.sessionId);
    if (!session) return [];
    return offerFreedSeats(tx, at, session);
  });
}
