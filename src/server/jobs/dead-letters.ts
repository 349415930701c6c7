import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { jobDeadLetters } from '../db/schema';
import { newId } from '../ids';

export type DeadLetterRow = typeof jobDeadLetters.$inferSelect;

/** A job whose last attempt failed, kept for the console's operators. */
export async function recordDeadLetter(
  db: Executor,
  letter: { jobId: string; name: string; data: unknown; error: string; attempts: number },
): Promise<void> {
  await db.insert(jobDeadLetters).values({ id: newId(), ...letter, data: letter.data ?? {} });
}

/** The newest first, `limit` of them, and how many there are in all. */
export async function listDeadLetters(
  db: Executor,
  limit: number,
): Promise<{ items: DeadLetterRow[]; total: number }> {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(jobDeadLetters)
      .orderBy(desc(jobDeadLetters.createdAt), desc(jobDeadLetters.id))
      .limit(limit),
    db.select({ n: count() }).from(jobDeadLetters),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/** Removes a dead letter (run again, or set aside) and answers it; null when already taken. */
export async function takeDeadLetter(db: Executor, id: string): Promise<DeadLetterRow | null> {
  const [row] = await db.delete(jobDeadLetters).where(eq(jobDeadLetters.id, id)).returning();
  return row ?? null;
}
