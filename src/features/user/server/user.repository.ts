import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { users } from '@/server/db/schema/user';
import { newId } from '@/server/ids';
import { forgetCallers } from '@/server/tenancy/caller-cache';

export type UserRow = typeof users.$inferSelect;

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
  forgetCallers({ userId: id });
}

/** « Awa Ndiaye », or the phone of someone who has not given a name. */
export function personName(user: Pick<UserRow, 'firstName' | 'lastName' | 'phone'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.phone;
}

/** The names other modules show for the people who did things (authors of orders, movements…). */
export async function findPeople(db: Executor, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, personName(u)]));
}

/** Gives a user the names they lack (either one missing); names they already have are kept. */
export async function fillMissingNames(
  db: Executor,
  userId: string,
  names: { firstName: string; lastName: string },
): Promise<void> {
  await db
    .update(users)
    .set(names)
    .where(and(eq(users.id, userId), or(isNull(users.firstName), isNull(users.lastName))));
  forgetCallers({ userId });
}

/** The users themselves, by id (a page's owners, say). */
export async function findUsersByIds(db: Executor, ids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * The ids of users whose first or last name holds `term`, or whose phone holds its digits (three or
 * more), as a subquery for another module's search to embed: one statement, however many match.
 */
export function usersMatching(term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/[^\d]/g, '');
  return sql`(select ${users.id} from ${users} where ${or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ...(digits.length >= 3 ? [ilike(users.phone, `%${digits}%`)] : []),
  )})`;
}
