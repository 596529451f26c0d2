import type { DatabaseHandle } from '../db/client.ts';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency.ts';
import { settleEnrollmentStatuses } from '../modules/enrollments/enrollments.repository.ts';
import { deleteExpiredAuthRecords } from './delete-expired-auth-records.ts';

export type JobDefinition = { name: string; cron?: string; run(data: unknown): Promise<void> };

/** Every background job of the app, in one list. */
export function jobDefinitions(database: DatabaseHandle): JobDefinition[] {
  return [
    {
      name: 'auth.delete-expired-records',
      cron: '17 * * * *',
      run: async () => {
        await deleteExpiredAuthRecords(database.db, new Date());
      },
    },
    {
      name: 'idempotency.delete-expired-keys',
      cron: '23 * * * *',
      run: async () => {
        await deleteExpiredIdempotencyKeys(database.db, new Date());
      },
    },
    {
      // Hourly, not daily: each organization's day ends at its own midnight, and the update is idempotent.
      name: 'enrollments.settle-statuses',
      cron: '5 * * * *',
      run: async () => {
        await settleEnrollmentStatuses(database.db, new Date());
      },
    },
  ];
}
