/*
 * Réductions' plain values. Apart from discount.schemas.ts, which builds zod schemas as it loads,
 * so that the list of discounts does not load zod; discount.schemas.ts re-exports them.
 */

export const DISCOUNT_TYPES = ['order', 'products', 'delivery', 'buy-x-get-y'] as const;
export const DISCOUNT_STATES = ['draft', 'scheduled', 'active', 'expired', 'disabled'] as const;

/**
 * The shop's cap on stacked discounts, in % of the goods: above 0, at most 100, two decimals at
 * most. The API's schema (ZDiscountSettingsBody) applies this rule, and so does the « Règles de
 * cumul » card before it sends anything.
 */
export function stackCapPercentError(percent: number): string | null {
  if (!Number.isFinite(percent)) return 'Indiquez un pourcentage.';
  if (percent <= 0) return 'Le plafond doit être supérieur à 0 %.';
  if (percent > 100) return 'Le plafond ne peut pas dépasser 100 %.';
  if (Math.abs(percent * 100 - Math.round(percent * 100)) >= 1e-6) return 'Deux décimales au plus.';
  return null;
}
