import { createHash } from 'node:crypto';
import { AppError } from '@reformer/domain/errors';
import { and, eq, lt } from 'drizzle-orm';
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { AppEnv } from './http.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** How long a request with the same key waits for the first one to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 15_000;
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The first answer kept under a key, or the claim of a request still running (status null). */
export type KeptAnswer = {
  fingerprint: string;
  status: number | null;
  contentType: string | null;
  body: string | null;
};

/**
 * Where the first answer to each key of one owner is kept: a member's (idempotency_keys) or a customer's
 * portal session's (modules/portal/portal-idempotency.ts). Keys are the owner's own: another owner's same key
 * is another request.
 */
export type AnswerStore = {
  /** Claims the key for this request; false when it was claimed already. */
  claim(fingerprint: string): Promise<boolean>;
  find(): Promise<KeptAnswer | undefined>;
  keep(answer: { status: number; contentType: string | null; body: string }): Promise<void>;
  forget(): Promise<void>;
  /**
   * Whether a `no-store` answer is kept whole: yes where the kept rows are erased with their owner's data
   * (a customer's purge reaches the portal's); else only the id of what it created.
   */
  keepsPrivateAnswers: boolean;
};

/**
 * Checks the header: undefined when none was sent, else a well-formed key (8–200 visible ASCII characters) or
 * VALIDATION_FAILED. Doors that keep their own keys (a trial booking) read it here too.
 */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !KEY_PATTERN.test(key))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8–200 visible ASCII characters');
  return key;
}

/**
 * `Idempotency-Key` on POST (every create of the API, and the portal's writes): the first request with a key
 * runs and its answer is kept; the same key again — a double submit, a retry after a lost answer, a second tab
 * — gets that answer back and writes nothing. Two requests racing with one key are decided by the store's
 * primary key: one runs, the other waits for its answer. A 5xx is not kept, so it can be retried. Another
 * request (method, path or body) under a used key is refused.
 */
export async function answerOnce(c: Context, next: Next, store: AnswerStore): Promise<Response | undefined> {
  const fingerprint = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    // The bytes, not the text: a text read would be what later reads of the body get, and an uploaded
    // workbook (customer import) is not UTF-8.
    .update(new Uint8Array(await c.req.arrayBuffer()))
    .digest('base64url');
  if (!(await store.claim(fingerprint))) return replay(store, fingerprint);
  try {
    await next();
  } catch (error) {
    await store.forget();
    throw error;
  }
  if (c.res.status >= 500) {
    await store.forget();
    return undefined;
  }
  const body = await c.res.clone().text();
  await store.keep({
    status: c.res.status,
    contentType: c.res.headers.get('content-type'),
    body: store.keepsPrivateAnswers ? body : keptBody(c.res.status, c.res.headers, body),
  });
  return undefined;
}

/** A member's keys (idempotency_keys). A no-store answer (medical records) is kept as its id only. */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = idempotencyKeyOf(c);
  if (key === undefined || !c.get('userId')) return next();
  return answerOnce(c, next, memberAnswers(c.get('deps').db, { userId: c.get('userId'), key }));
});

type Owner = { userId: string; key: string };

function memberAnswers(db: Database, owner: Owner): AnswerStore {
  const mine = and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, owner.key));
  return {
    claim: async (fingerprint) => {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ ...owner, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return claimed !== undefined;
    },
    find: async () => {
      const [first] = await db.select().from(idempotencyKeys).where(mine);
      return first;
    },
    keep: async (answer) => {
      await db.update(idempotencyKeys).set(answer).where(mine);
    },
    forget: async () => {
      await db.delete(idempotencyKeys).where(mine);
    },
    keepsPrivateAnswers: false,
  };
}

/** What a replay answers: the whole body, or for a no-store success only the id of what it created. */
function keptBody(status: number, headers: Headers, body: string): string {
  if (status >= 300 || !headers.get('cache-control')?.includes('no-store')) return body;
  try {
    const { id } = JSON.parse(body) as { id?: unknown };
    return JSON.stringify(typeof id === 'string' ? { id } : {});
  } catch {
    return '';
  }
}

async function replay(store: AnswerStore, fingerprint: string): Promise<Response> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const first = await store.find();
    if (first && first.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (first?.status != null) {
      const headers: Record<string, string> = { 'idempotent-replayed': 'true', 'cache-control': 'no-store' };
      if (first.contentType) headers['content-type'] = first.contentType;
      return new Response(first.status === 204 ? null : first.body, { status: first.status, headers });
    }
    // The first request failed with a 5xx meanwhile and let the key go: this one may not run in its place,
    // since its body was read above; the caller retries.
    if (!first || Date.now() > deadline) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** For the hourly clean-up job: answers older than a day are not replayed any more. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
