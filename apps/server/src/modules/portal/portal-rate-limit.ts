import { AppError } from '@reformer/domain/errors';
import { countHit, type RateLimit } from '@reformer/domain/portal';
import type { Database } from '../../db/client.ts';
import * as repository from './portal-sessions.repository.ts';

/**
 * One hit on a bucket of the portal's public doors (decision 039), counted in PostgreSQL so every instance
 * sees the same count. Over the limit: 429 RATE_LIMITED with `details.retryAfterSeconds`, which the portal's
 * routes write as Retry-After. The hit commits in a transaction of its own, so a refused request still counts.
 */
export async function hitRateLimit(db: Database, bucket: string, limit: RateLimit, now: Date) {
  const decision = await db.transaction(async (tx) => {
    const window = await repository.lockBucket(tx, bucket, now);
    const counted = countHit(window, now, limit);
    await repository.saveBucket(tx, bucket, counted.window);
    return counted;
  });
  if (!decision.allowed)
    throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: decision.retryAfterSeconds });
}
