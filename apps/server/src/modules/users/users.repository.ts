import type { UpdateProfileInput } from '@reformer/domain/users';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

const profileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
};

export async function findUser(db: Database, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function updateUserNames(db: Database, userId: string, input: UpdateProfileInput, now: Date) {
  const [row] = await db
    .update(users)
    .set({ ...input, name: `${input.firstName} ${input.lastName}`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row ?? null;
}
