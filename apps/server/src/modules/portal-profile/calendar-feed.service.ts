import { AppError } from '@reformer/domain/errors';
import { PORTAL_RATE_LIMITS } from '@reformer/domain/portal';
import {
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  calendarEventOf,
  calendarFeedUrls,
  calendarFeedWindow,
} from '@reformer/domain/portal-calendar';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { hashClassLinkToken, isClassLinkToken, newClassLinkToken } from '../class-links/class-link-tokens.ts';
import { type PortalDeps, underPortalSession } from '../portal/portal-access.ts';
import { hitRateLimit } from '../portal/portal-rate-limit.ts';
import { readSettings as readWaitlistSettings } from '../waitlist/waitlist-settings.ts';
import * as repository from './calendar-feed.repository.ts';
import { calendarFeedText } from './calendar-feed-ics.ts';
import { findCustomerOfOrganization } from './portal-profile.repository.ts';

/**
 * The customer's calendar feed (decision 046): a capability URL of its own, like the portal link — 256
 * random bits, kept as a hash, one live feed per customer. The customer makes (or replaces) and revokes it
 * in the portal; staff see whether one is live and revoke it from the customer's portal card.
 */

type CustomerKey = { organizationId: string; customerId: string };

const toStatus = (feed: { createdAt: Date } | null): CalendarFeedStatus => ({
  isActive: feed !== null,
  createdAt: feed?.createdAt.toISOString() ?? null,
});

function audit(
  tx: Transaction,
  entry: { key: CustomerKey; actorId: string | null; ipAddress: string; now: Date },
  action: string,
  feedId: string,
) {
  return recordAudit(tx, {
    organizationId: entry.key.organizationId,
    actorId: entry.actorId,
    action,
    entityType: 'customer_calendar_feed',
    entityId: feedId,
    ipAddress: entry.ipAddress,
    at: entry.now,
    details: { customerId: entry.key.customerId },
  });
}

export function viewFeed(deps: PortalDeps, cookie: string | undefined): Promise<CalendarFeedStatus> {
  return underPortalSession(deps, cookie, async (tx, customer) =>
    toStatus(await repository.findLiveFeedOf(tx, customer)),
  );
}

/** A new feed; the previous one stops answering in the same transaction. Its addresses are answered once. */
export function replaceFeed(deps: PortalDeps, cookie: string | undefined): Promise<CalendarFeedCreated> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const entry = { key: customer, actorId: null, ipAddress: deps.ipAddress, now: deps.now };
    const revoked = await repository.revokeLiveFeed(tx, customer, { now: deps.now, by: 'CUSTOMER' });
    if (revoked) await audit(tx, entry, 'CALENDAR_FEED_REVOKED', revoked);
    const { token, tokenHash } = newClassLinkToken();
    const id = uuidv7();
    await repository.insertFeed(tx, {
      organizationId: customer.organizationId,
      id,
      customerId: customer.customerId,
      tokenHash,
      createdAt: deps.now,
    });
    await audit(tx, entry, 'CALENDAR_FEED_CREATED', id);
    return { ...toStatus({ createdAt: deps.now }), ...calendarFeedUrls(deps.publicUrl, token) };
  });
}

/** The customer revokes their feed; answered the same when none was live. */
export function revokeFeed(deps: PortalDeps, cookie: string | undefined): Promise<CalendarFeedStatus> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const revoked = await repository.revokeLiveFeed(tx, customer, { now: deps.now, by: 'CUSTOMER' });
    const entry = { key: customer, actorId: null, ipAddress: deps.ipAddress, now: deps.now };
    if (revoked) await audit(tx, entry, 'CALENDAR_FEED_REVOKED', revoked);
    return toStatus(null);
  });
}

/**
 * The feed's iCalendar text for its token. An unknown, replaced or revoked token is one answer, 404
 * CALENDAR_FEED_NOT_FOUND, and counts against the address as a portal token's guess does; a live one does
 * not count, since calendar services poll many feeds from one address.
 */
export async function renderFeed(deps: PortalDeps, token: string): Promise<string> {
  const tokenHash = isClassLinkToken(token) ? hashClassLinkToken(token) : null;
  const organizationId = tokenHash ? await repository.findFeedOrganization(deps.db, tokenHash) : null;
  const text =
    tokenHash && organizationId
      ? await organizationTransaction(deps.tenantDb, organizationId, async (tx) => {
          const feed = await repository.findLiveFeed(tx, organizationId, tokenHash);
          return feed ? feedText(tx, { organizationId, customerId: feed.customerId }, deps.now) : null;
        })
      : null;
  if (text !== null) return text;
  const limit = PORTAL_RATE_LIMITS.exchangePerAddress;
  await hitRateLimit(deps.db, `calendar-feed:ip:${deps.ipAddress}`, limit, deps.now);
  throw new AppError('CALENDAR_FEED_NOT_FOUND');
}

async function feedText(tx: Transaction, key: CustomerKey, now: Date) {
  const [places, { messageLanguage }, organizationName] = await Promise.all([
    repository.listFeedPlaces(tx, key, calendarFeedWindow(now)),
    readWaitlistSettings(tx, key.organizationId),
    repository.findOrganizationName(tx, key.organizationId),
  ]);
  const events = places.map((place) =>
    calendarEventOf(
      {
        ...place,
        customerId: key.customerId,
        movedFrom: place.isMoved ? { date: place.scheduledDate, startTime: place.scheduledStartTime } : null,
        changedAt: [place.sessionUpdatedAt, place.placeUpdatedAt],
      },
      messageLanguage,
    ),
  );
  return calendarFeedText(organizationName, events, now);
}

async function staffKey(db: Database, access: OrgAccess, customerId: string) {
  const key = { organizationId: access.organizationId, customerId };
  const customer = isUuid(customerId) ? await findCustomerOfOrganization(db, key) : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return key;
}

/** Staff's view: whether the customer has a live feed, and since when. */
export async function getFeedStatus(db: Database, access: OrgAccess, customerId: string) {
  const key = await staffKey(db, access, customerId);
  return toStatus(await repository.findLiveFeedOf(db, key));
}

/** Staff revoke the customer's feed (it reached the wrong person); answered the same when none was live. */
export async function revokeFeedAsStaff(db: Database, access: OrgAccess, customerId: string, actor: Actor) {
  const key = await staffKey(db, access, customerId);
  await db.transaction(async (tx) => {
    const revoked = await repository.revokeLiveFeed(tx, key, { now: actor.now, by: 'STAFF' });
    const entry = { key, actorId: actor.userId, ipAddress: actor.ipAddress, now: actor.now };
    if (revoked) await audit(tx, entry, 'CALENDAR_FEED_REVOKED', revoked);
  });
  return toStatus(null);
}
