import { createHash } from 'node:crypto';
import { AppError } from '@reformer/domain/errors';
import { and, eq, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { AppEnv } from './http.ts';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** How long a request with the same key waits for the first one to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 15_000;
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * `Idempotency-Key` on POST (every create of the API): the first request with a key runs and its answer
 * is kept; the same key again — a double submit, a retry after a lost answer, a second tab — gets that
 * answer back and writes nothing. Two requests racing with one key are decided by the primary key of
 * `idempotency_keys`: one runs, the other waits for its answer. A 5xx is not kept, so it can be retried.
 * A key is the user's own; another request (method, path or body) under a used key is refused.
 * An answer marked `Cache-Control: no-store` (medical records) is kept as its id only: its content must not
 * be copied into another table, where a purge would not reach it.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined || !c.var.userId) return next();
  if (!KEY_PATTERN.test(key))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8–200 visible ASCII characters');
  const { db } = c.var.deps;
  const owner = { userId: c.var.userId, key };
  const fingerprint = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    // The bytes, not the text: a text read would be what later reads of the body get, and an uploaded
    // workbook (customer import) is not UTF-8.
    .update(new Uint8Array(await c.req.arrayBuffer()))
    .digest('base64url');
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ ...owner, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) return replay(db, owner, fingerprint);
  try {
    await next();
  } catch (error) {
    await forget(db, owner);
    throw error;
  }
  if (c.res.status >= 500) {
    await forget(db, owner);
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({
      status: c.res.status,
      contentType: c.res.headers.get('content-type'),
      body: keptBody(c.res.status, c.res.headers, await c.res.clone().text()),
    })
    .where(and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, owner.key)));
});

type Owner = { userId: string; key: string };

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

async function replay(db: Database, owner: Owner, fingerprint: string): Promise<Response> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, owner.key)));
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

async function forget(db: Database, owner: Owner): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, owner.key)));
}

/** For the hourly clean-up job: answers older than a day are not replayed any more. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
