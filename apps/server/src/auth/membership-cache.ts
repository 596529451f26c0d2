import type { Membership } from '@reformer/domain/permissions';

/** What the membership statement answers (auth/access.ts), with the session's expiry to check it locally. */
export type MembershipAnswer = {
  sessionLive: boolean;
  /** When the session stops being live (epoch ms); null when it is not live. */
  sessionExpiresAt: number | null;
  membership: Membership | null;
};

export type Caller = { userId: string; sessionId: string };

/**
 * Ten thousand of each: an entry is a few hundred bytes, so a few MB at most. A studio's instance serves tens
 * to hundreds of staff sessions, so the bound is never reached in use; it is there for a live session that
 * asks for organizations it does not belong to (each answer "not a member" is cached too) — the least
 * recently used entries go first, and what is evicted is only read again.
 */
export const MEMBERSHIP_CACHE_LIMIT = 10_000;

/** A Map that forgets its least recently used key past `limit` (a Map iterates in insertion order). */
class LruMap<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

const membershipKey = (organizationId: string, userId: string) => `${organizationId} ${userId}`;

/** The caches of this process that are listening (a test process runs several apps). */
const processCaches = new Set<MembershipCache>();

/**
 * Drops, in every cache of this process, what a write of this process is changing — called inside its
 * transaction, before the commit. The triggers' NOTIFY reaches the listener only after the commit, and the
 * writer's next request on this same process can come sooner (its answer said "removed", its client goes on);
 * other instances learn it by NOTIFY, as a concurrent read here does.
 */
export function forgetMembershipInProcess(organizationId: string, userId: string): void {
  for (const cache of processCaches) cache.invalidate(JSON.stringify(['m', organizationId, userId]));
}

/** As `forgetMembershipInProcess`, for a write of sign-in sessions (sign-out, revocations, a reset): all go. */
export function forgetEverythingInProcess(): void {
  for (const cache of processCaches) cache.invalidate('["*"]');
}

/**
 * The process's copy of what the membership statement answered, kept only while this process LISTENs for
 * changes (auth/membership-listener.ts): the migration's triggers notify every committed change of a sign-in
 * session, a membership or an establishment assignment, and the entry it names is dropped. While the LISTEN
 * connection is down nothing is served from here nor stored, so every request reads the database as before.
 *
 * A read that began before a notification may have seen the row before the change; `epoch` counts the
 * notifications (and the listener's losses and returns), and such a read's answer is not stored.
 * A session is kept with its expiry and checked against the clock on each hit; only live sessions are kept.
 */
export class MembershipCache {
  readonly #sessions: LruMap<string, { userId: string; expiresAt: number }>;
  readonly #memberships: LruMap<string, Membership | null>;
  #epoch = 0;
  #isListening = false;

  constructor(limit = MEMBERSHIP_CACHE_LIMIT) {
    this.#sessions = new LruMap(limit);
    this.#memberships = new LruMap(limit);
  }

  get isListening(): boolean {
    return this.#isListening;
  }

  get size(): { sessions: number; memberships: number } {
    return { sessions: this.#sessions.size, memberships: this.#memberships.size };
  }

  /** The cached answer, or undefined when either half is missing, stale or the cache is bypassed. */
  lookup(organizationId: string, caller: Caller, now: number): MembershipAnswer | undefined {
    if (!this.#isListening) return undefined;
    const session = this.#sessions.get(caller.sessionId);
    if (!session || session.userId !== caller.userId || session.expiresAt <= now) return undefined;
    const membership = this.#memberships.get(membershipKey(organizationId, caller.userId));
    if (membership === undefined) return undefined;
    return { sessionLive: true, sessionExpiresAt: session.expiresAt, membership };
  }

  /** Taken before reading the database; `store` keeps the answer only if nothing changed in between. */
  epoch(): number {
    return this.#epoch;
  }

  store(epoch: number, organizationId: string, caller: Caller, answer: MembershipAnswer): void {
    if (!this.#isListening || epoch !== this.#epoch) return;
    if (!answer.sessionLive || answer.sessionExpiresAt === null) return;
    this.#sessions.set(caller.sessionId, { userId: caller.userId, expiresAt: answer.sessionExpiresAt });
    this.#memberships.set(membershipKey(organizationId, caller.userId), answer.membership);
  }

  /** A notification's payload (the migration's trigger): what it names goes; anything unknown empties all. */
  invalidate(payload: string): void {
    this.#epoch += 1;
    const [kind, first, second, ...rest] = parsePayload(payload) ?? [];
    if (rest.length > 0 || first === undefined) this.#clear();
    else if (kind === 's' && second === undefined) this.#sessions.delete(first);
    else if (kind === 'm' && second !== undefined) this.#memberships.delete(membershipKey(first, second));
    else this.#clear();
  }

  /** LISTEN is in place: from now on every change reaches `invalidate`. */
  listening(): void {
    this.#epoch += 1;
    this.#isListening = true;
    processCaches.add(this);
  }

  /** The LISTEN connection is gone: changes may pass unheard until it is back. */
  lost(): void {
    this.#isListening = false;
    processCaches.delete(this);
    this.#clear();
  }

  #clear(): void {
    this.#epoch += 1;
    this.#sessions.clear();
    this.#memberships.clear();
  }
}

function parsePayload(payload: string): string[] | null {
  try {
    const ids: unknown = JSON.parse(payload);
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : null;
  } catch {
    return null;
  }
}
