import {
  canCancelBeforeStart,
  classLinkWindow,
  type MyClassCancellation,
  type MyClasses,
} from '@reformer/domain/class-links';
import { AppError } from '@reformer/domain/errors';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { recordAudit } from '../../lib/audit.ts';
import * as credits from '../make-up-credits/make-up-credit-ledger.ts';
import { changeAttendanceStatus, placeKind } from '../sessions/attendance.service.ts';
import { lockSession } from '../sessions/sessions.repository.ts';
import { hashClassLinkToken, isClassLinkToken } from './class-link-tokens.ts';
import * as repository from './class-links.repository.ts';

/**
 * The customer's side of the class link (decision 025), without signing in: the token is the key. Its hash
 * finds the organization on the connecting user's pool (the one read outside the wall, as an invitation's
 * token), then everything runs in a transaction under row-level security that names that organization, as
 * a member's request does (decision 019).
 */

type Deps = { db: Database; tenantDb: Database; now: Date; publicUrl: string; ipAddress: string };
type Link = NonNullable<Awaited<ReturnType<typeof repository.findLiveLink>>>;

async function underLink<T>(deps: Deps, token: string, run: (tx: Transaction, link: Link) => Promise<T>) {
  const tokenHash = isClassLinkToken(token) ? hashClassLinkToken(token) : null;
  const organizationId = tokenHash ? await repository.findLinkOrganization(deps.db, tokenHash) : null;
  if (!tokenHash || !organizationId) throw new AppError('CLASS_LINK_NOT_FOUND');
  return organizationTransaction(deps.tenantDb, organizationId, async (tx) => {
    // Read again behind the wall: the link may have been revoked, or its customer deleted, meanwhile.
    const link = await repository.findLiveLink(tx, organizationId, tokenHash);
    if (!link) throw new AppError('CLASS_LINK_NOT_FOUND');
    return run(tx, link);
  });
}

/** The places of the next 30 days; each open one says what cancelling it now would earn. */
async function readPlaces(tx: Transaction, link: Link, now: Date): Promise<MyClasses> {
  const key = { organizationId: link.organizationId, customerId: link.customerId };
  const rows = await repository.listPlaces(tx, key, classLinkWindow(now));
  const places = [];
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
    });
  }
  return {
    organizationName: link.organizationName,
    customerFirstName: link.customerFirstName,
    timeZone: link.timeZone,
    places,
  };
}

export function viewMyClasses(deps: Deps, token: string): Promise<MyClasses> {
  return underLink(deps, token, (tx, link) => readPlaces(tx, link, deps.now));
}

/**
 * The customer cancels their place: the same change as a member's (`changeAttendanceStatus`, under the
 * session's schedule lock), so the credit, the status and the waitlist's offer of the freed seat happen
 * exactly as when staff cancel. Refused once the session has started (SESSION_STARTED) or while it is
 * inactive; a session that is not this customer's place, or not this organization's, is
 * CLASS_LINK_PLACE_NOT_FOUND. Cancelling again answers the page with no credit decision and writes no audit.
 */
export function cancelMyPlace(deps: Deps, token: string, sessionId: string): Promise<MyClassCancellation> {
  return underLink(deps, token, async (tx, link) => {
    const { organizationId, customerId } = link;
    const session = isUuid(sessionId) ? await lockSession(tx, organizationId, sessionId) : null;
    if (!session) throw new AppError('CLASS_LINK_PLACE_NOT_FOUND');
    if (!canCancelBeforeStart(session.startsAt, deps.now)) throw new AppError('SESSION_STARTED');
    if (!session.isActive) throw new AppError('SESSION_INACTIVE');
    const place = {
      organizationId,
      sessionId,
      customerId,
      session,
      now: deps.now,
      publicUrl: deps.publicUrl,
    };
    const change = await changeAttendanceStatus(tx, place, 'CANCELED').catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'SESSION_CUSTOMER_NOT_FOUND')
        throw new AppError('CLASS_LINK_PLACE_NOT_FOUND');
      throw error;
    });
    const isNew = change.previousStatus !== 'CANCELED';
    if (isNew) await auditCancellation(tx, deps, link, sessionId);
    const page = await readPlaces(tx, link, deps.now);
    return { ...page, sessionId, makeUpCredit: isNew ? change.makeUpCredit : null };
  });
}

/** No member acted: the entry names the link, and the customer in its details (identifiers only). */
function auditCancellation(tx: Transaction, deps: Deps, link: Link, sessionId: string) {
  return recordAudit(tx, {
    organizationId: link.organizationId,
    actorId: null,
    action: 'CANCELED_BY_CUSTOMER_LINK',
    entityType: 'session_attendance',
    entityId: sessionId,
    ipAddress: deps.ipAddress,
    at: deps.now,
    details: { customerId: link.customerId, classLinkId: link.id },
  });
}
