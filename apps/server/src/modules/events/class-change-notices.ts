import { classChangeOccasion, hasStartMoved, isCancelNoticeDue } from '@reformer/domain/events-class-notices';
import { v7 as uuidv7 } from 'uuid';
import type { Transaction } from '../../db/client.ts';
import type { Deps } from '../../lib/http.ts';
import { sendQueuedWhatsApp } from '../whatsapp/whatsapp-sender.ts';
import { readClassNoticeSettings, rosterOccasions, type SessionNotice } from './class-notices.ts';
import { queueDelivery, sendQueuedEmails } from './events-delivery.ts';

/**
 * What staff did to a session: moved its start, cancelled it (a deactivated schedule) or switched it on again
 * (a reactivated one).
 */
export type SessionChange =
  | { sessionId: string; kind: 'MOVED'; previousStartsAt: Date; startsAt: Date }
  | { sessionId: string; kind: 'CANCELED' | 'RESTORED'; startsAt: Date };

type Changes = {
  organizationId: string;
  changes: SessionChange[];
  now: Date;
  /** The server's PUBLIC_URL, for the portal's address in the message. */
  publicUrl?: string;
};

function noticeOf(change: SessionChange, now: Date): SessionNotice | null {
  // Each change is its own occasion: a session moved twice tells its roster twice.
  const occasion = classChangeOccasion(change.sessionId, uuidv7());
  if (change.kind === 'MOVED') {
    if (!hasStartMoved(change.previousStartsAt, change.startsAt)) return null;
    const { startsAt, previousStartsAt } = change;
    return { sessionId: change.sessionId, occasion, notice: { kind: 'MOVED', startsAt, previousStartsAt } };
  }
  // Switching a schedule off or on again touches up to a year of sessions: only the coming week's are news.
  if (!isCancelNoticeDue(change.startsAt, now)) return null;
  const notice =
    change.kind === 'CANCELED'
      ? ({ kind: 'CANCELED', previousStartsAt: change.startsAt } as const)
      : ({ kind: 'RESTORED', startsAt: change.startsAt } as const);
  return { sessionId: change.sessionId, occasion, notice };
}

/**
 * Tells everyone on the roster of each changed session (decision 050), inside the caller's transaction: the
 * messages are written, not sent — e-mails wait in the outbox for the events job, WhatsApp messages are links
 * queued for the Cloud API or links a member opens — so a change that rolls back tells no one and one that commits always tells. Called by the
 * sessions module (a move) and the schedules module (a deactivation). Answers how many customers were told.
 */
export async function queueClassChangeNotices(tx: Transaction, changes: Changes): Promise<number> {
  const { organizationId, now } = changes;
  const settings = await readClassNoticeSettings(tx, organizationId);
  if (!settings.changeNoticeEnabled) return 0;
  const notices = changes.changes.flatMap((change) => noticeOf(change, now) ?? []);
  if (notices.length === 0) return 0;
  const occasions = await rosterOccasions(tx, organizationId, 'CLASS_CHANGED', notices, changes.publicUrl);
  const how = { source: 'AUTOMATIC', actorId: null, at: now } as const;
  for (const occasion of occasions) await queueDelivery(tx, occasion, settings.changeChannels, how);
  return occasions.length;
}

/**
 * The notices a committed change queued, sent at once rather than at the events job's next run (decision
 * 052): the e-mails waiting in the outbox through SMTP, and the organization's WhatsApp messages through the
 * Cloud API. Safe to repeat and to race the jobs: each e-mail and each send is taken under its own lock and
 * state, so whichever gets it sends it once.
 */
export async function sendChangeNoticesNow(deps: Deps, organizationId: string): Promise<void> {
  const { db, mailer, publicUrl, secretBox, whatsapp, now } = deps;
  await sendQueuedEmails(db, mailer, 'CLASS_CHANGED', { publicUrl });
  await sendQueuedWhatsApp({ db, secretBox, whatsapp, now }, { organizationId });
}
