import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { loyaltyPrograms } from '@/server/db/schema/loyalty';
import { AppError } from '@/server/http/errors';
import { effectivePlan } from '@/shared/plans';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { DEFAULT_LOYALTY_RULES, type LoyaltyRules, type TLoyaltyProgram } from '../loyalty.schemas';

export type ProgramRow = typeof loyaltyPrograms.$inferSelect;

export async function findProgramRow(db: Executor, shopId: string): Promise<ProgramRow | null> {
  const [row] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.shopId, shopId));
  return row ?? null;
}

/** The programme as set, or as it comes (switched off, the default rules) before the first save. */
export async function getProgram(db: Executor, shopId: string): Promise<TLoyaltyProgram> {
  const row = await findProgramRow(db, shopId);
  return {
    isEnabled: row?.isEnabled ?? false,
    pointsPerThousand: row?.pointsPerThousand ?? DEFAULT_LOYALTY_RULES.pointsPerThousand,
    pointValue: row?.pointValue ?? DEFAULT_LOYALTY_RULES.pointValue,
    minRedeem: row?.minRedeem ?? DEFAULT_LOYALTY_RULES.minRedeem,
    expiryMonths: row ? row.expiryMonths : DEFAULT_LOYALTY_RULES.expiryMonths,
    earnsSince: row?.earnsSince?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The rules in force, or null when the programme is switched off: nothing is earned or spent. */
export async function activeRules(db: Executor, shopId: string): Promise<LoyaltyRules | null> {
  const row = await findProgramRow(db, shopId);
  if (!row?.isEnabled) return null;
  const { pointsPerThousand, pointValue, minRedeem, expiryMonths } = row;
  return { pointsPerThousand, pointValue, minRedeem, expiryMonths };
}

/**
 * Saves the programme. Switching it on needs a paid plan (the CRM's); a shop whose plan lapses
 * keeps its programme as it was: its clients do not lose what they earned because of the shop's
 * bill. Switched on, orders placed from now earn points — not the past ones.
 */
export async function saveProgram(
  db: Executor,
  shop: ShopRow,
  userId: string,
  input: LoyaltyRules & { isEnabled: boolean },
  now = new Date(),
): Promise<TLoyaltyProgram> {
  const before = await findProgramRow(db, shop.id);
  if (input.isEnabled && !before?.isEnabled && effectivePlan(shop, now) === 'free')
    throw new AppError(
      'PLAN_REQUIRED',
      403,
      'Le programme de fidélité est inclus dans les forfaits payants : passez au forfait Starter ou supérieur pour l’activer.',
    );
  const earnsSince = input.isEnabled
    ? before?.isEnabled
      ? before.earnsSince
      : now
    : (before?.earnsSince ?? null);
  const values = {
    isEnabled: input.isEnabled,
    pointsPerThousand: input.pointsPerThousand,
    pointValue: input.pointValue,
    minRedeem: input.minRedeem,
    expiryMonths: input.expiryMonths,
    earnsSince,
    updatedByUserId: userId,
    updatedAt: now,
  };
  await db
    .insert(loyaltyPrograms)
    .values({ shopId: shop.id, ...values })
    .onConflictDoUpdate({ target: loyaltyPrograms.shopId, set: values });
  return getProgram(db, shop.id);
}
