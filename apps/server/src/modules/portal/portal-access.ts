import { AppError } from '@reformer/domain/errors';
import { isPortalSessionLive, PORTAL_RATE_LIMITS, summarizeUserAgent } from '@reformer/domain/portal';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Transaction } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { recordAudit } from '../../lib/audit.ts';
import { hashClassLinkToken, isClassLinkToken, newClassLinkToken } from '../class-links/class-link-tokens.ts';
import * as links from '../class-links/class-links.repository.ts';
import { hitRateLimit } from './portal-rate-limit.ts';
import * as repository from './portal-sessions.repository.ts';

/**
 * The portal's sessions (decision 039): a link's token is exchanged once per visit for a random session id
 * the cookie carries; the database keeps only its hash. Every request finds the organization by that hash on
 * the connecting user's pool, then runs under row-level security naming it, as a member's request does.
 */

export type PortalDeps = {
  db: Database;
  tenantDb: Database;
  now: Date;
  publicUrl: string;
  ipAddress: string;
  userAgent: string | undefined;
};

/** Who is signed in: one customer of one organization. */
export type PortalCustomer = { organizationId: string; customerId: string; sessionId: string };

/** A visit within this long of the last one does not write `last_seen_at` again (reads stay reads). */
const TOUCH_AFTER_MS = 5 * 60_000;

const addressBucket = (door: string, ipAddress: string) => `${door}:ip:${ipAddress}`;

/**
 * Exchanges a link's token for a session: 404 PORTAL_LINK_INVALID whether the token is unknown, revoked,
 * replaced or expired (one answer, so the page cannot tell them apart, nor can a guesser). Counted per
 * address before anything is read. Answers the new session's id, for the cookie.
 */
export async function exchangeToken(deps: PortalDeps, token: string): Promise<string> {
  await hitRateLimit(
    deps.db,
    addressBucket('exchange', deps.ipAddress),
    PORTAL_RATE_LIMITS.exchangePerAddress,
    deps.now,
  );
  const tokenHash = isClassLinkToken(token) ? hashClassLinkToken(token) : null;
  const organizationId = tokenHash ? await links.findLinkOrganization(deps.db, tokenHash, deps.now) : null;
  if (!tokenHash || !organizationId) throw new AppError('PORTAL_LINK_INVALID');
  return organizationTransaction(deps.tenantDb, organizationId, async (tx) => {
    const link = await links.findOpenLink(tx, organizationId, tokenHash, deps.now);
    if (!link) throw new AppError('PORTAL_LINK_INVALID');
    // The same 256 random bits as a link's token: the cookie's value, kept as its hash only.
    const { token: sessionId, tokenHash: sessionHash } = newClassLinkToken();
    const id = uuidv7();
    await repository.insertSession(tx, {
      organizationId,
      id,
      customerId: link.customerId,
      linkId: link.id,
      sessionHash,
      createdAt: deps.now,
      lastSeenAt: deps.now,
      ipAddress: deps.ipAddress,
      userAgent: summarizeUserAgent(deps.userAgent),
    });
    await recordAudit(tx, {
      organizationId,
      actorId: null,
      action: 'PORTAL_LINK_EXCHANGED',
      entityType: 'portal_session',
      entityId: id,
      ipAddress: deps.ipAddress,
      at: deps.now,
      details: { customerId: link.customerId, classLinkId: link.id },
    });
    return sessionId;
  });
}

/**
 * Runs `run` as the cookie's customer, under the organization's wall. No cookie, or one that opens nothing
 * (ended, idle, too old, a deleted customer): 401 PORTAL_SESSION_REQUIRED. A cookie matching no session at
 * all is a guess and counts against the address, like a token's exchange.
 */
export async function underPortalSession<T>(
  deps: PortalDeps,
  cookie: string | undefined,
  run: (tx: Transaction, customer: PortalCustomer) => Promise<T>,
): Promise<T> {
  const sessionHash = cookie && isClassLinkToken(cookie) ? hashClassLinkToken(cookie) : null;
  const organizationId = sessionHash ? await repository.findSessionOrganization(deps.db, sessionHash) : null;
  if (!sessionHash || !organizationId) {
    if (cookie)
      await hitRateLimit(
        deps.db,
        addressBucket('exchange', deps.ipAddress),
        PORTAL_RATE_LIMITS.exchangePerAddress,
        deps.now,
      );
    throw new AppError('PORTAL_SESSION_REQUIRED');
  }
  return organizationTransaction(deps.tenantDb, organizationId, async (tx) => {
    const session = await repository.findSession(tx, organizationId, sessionHash);
    if (!session || !isPortalSessionLive(session, deps.now)) throw new AppError('PORTAL_SESSION_REQUIRED');
    const customer = { organizationId, customerId: session.customerId, sessionId: session.id };
    if (!(await links.findGreeting(tx, customer))) throw new AppError('PORTAL_SESSION_REQUIRED');
    if (deps.now.getTime() - session.lastSeenAt.getTime() >= TOUCH_AFTER_MS)
      await repository.touchSession(tx, { organizationId, id: session.id }, deps.now);
    return run(tx, customer);
  });
}

/** The customer signs out: their session ends. Signing out without a live session answers the same. */
export async function signOut(deps: PortalDeps, cookie: string | undefined): Promise<void> {
  await underPortalSession(deps, cookie, async (tx, customer) => {
    await repository.endSession(
      tx,
      { ...customer, id: customer.sessionId },
      { now: deps.now, reason: 'SIGNED_OUT' },
    );
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'PORTAL_SESSION_REQUIRED') return;
    throw error;
  });
}
