import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { deleteExpiredAuthRecords } from './delete-expired-auth-records.ts';
import { startJobRunner } from './job-runner.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('background jobs', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const live = await createUser(t);
    const expired = await createUser(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    const result = await deleteExpiredAuthRecords(t.db, new Date());
    expect(result.sessions).toBe(1);
    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((row) => row.userId)).toContain(live.id);
    expect(left.map((row) => row.userId)).not.toContain(expired.id);
  });

  it('runs a queued job on pg-boss against the same database and reports healthy', async () => {
    const done: unknown[] = [];
    let resolveRun: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      resolveRun = resolve;
    });
    const runner = await startJobRunner(t.database, [
      {
        name: 'test.echo',
        run: async (data) => {
          done.push(data);
          resolveRun();
        },
      },
    ]);
    try {
      await runner.send('test.echo', { hello: 'studio' });
      await ran;
      expect(done).toEqual([{ hello: 'studio' }]);
      expect(runner.health()).toBe('healthy');
    } finally {
      await runner.stop();
    }
  }, 30_000);
});
