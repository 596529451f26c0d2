import { AppError } from '@reformer/domain/errors';
import type { UpdateProfileInput, UserProfile } from '@reformer/domain/users';
import type { Database } from '../../db/client.ts';
import * as repository from './users.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repository.findUser>>>;

function toProfile(row: Row | null): UserProfile {
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function getProfile(db: Database, userId: string): Promise<UserProfile> {
  return toProfile(await repository.findUser(db, userId));
}

export async function updateProfile(db: Database, userId: string, input: UpdateProfileInput, now: Date) {
  return toProfile(await repository.updateUserNames(db, userId, input, now));
}
