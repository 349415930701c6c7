import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { otpCodes } from '@/server/db/schema/auth';
import { newId } from '@/server/ids';

export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** Serialises code requests for one phone, so the per-phone limit holds under concurrency. */
export async function lockPhone(db: Executor, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

export async function countCodesForPhoneSince(db: Executor, phone: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), gte(otpCodes.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function countCodesForIpSince(db: Executor, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.ip, ip), gte(otpCodes.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function oldestCodeForPhoneSince(
  db: Executor,
  phone: string,
  since: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), gte(otpCodes.createdAt, since)))
    .orderBy(otpCodes.createdAt)
    .limit(1);
  return row?.createdAt ?? null;
}

export async function insertCode(
  db: Executor,
  values: Pick<OtpCodeRow, 'phone' | 'codeHash' | 'ip' | 'expiresAt'>,
): Promise<void> {
  await db.insert(otpCodes).values({ id: newId(), ...values });
}

/** A newer code replaces the older ones: only the latest can be used. */
export async function consumeOpenCodes(db: Executor, phone: string): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
}

export async function findLatestOpenCode(db: Executor, phone: string): Promise<OtpCodeRow | null> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** One more wrong try, counted atomically; burns the code at `maxAttempts`. Returns the count. */
export async function recordWrongAttempt(db: Executor, id: string, maxAttempts: number): Promise<number> {
  const [row] = await db
    .update(otpCodes)
    .set({
      attempts: sql`${otpCodes.attempts} + 1`,
      consumedAt: sql`case when ${otpCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
    })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? maxAttempts;
}

/** Uses the code once: false when another request already did. */
export async function consumeCode(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}
