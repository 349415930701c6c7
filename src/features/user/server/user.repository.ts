import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { users } from '@/server/db/schema/user';
import { newId } from '@/server/ids';

export type UserRow = typeof users.$inferSelect;

export async function getUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function getUserByPhone(db: Executor, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row ?? null;
}

export async function insertUser(
  db: Executor,
  values: Pick<UserRow, 'phone' | 'firstName' | 'lastName'> &
    Partial<Pick<UserRow, 'email' | 'isPlatformOperator' | 'id'>>,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: values.id ?? newId(), ...values })
    .returning();
  return row!;
}

export async function setPlatformOperator(
  db: Executor,
  id: string,
  isPlatformOperator: boolean,
): Promise<void> {
  await db.update(users).set({ isPlatformOperator }).where(eq(users.id, id));
}
