/*
 * Réductions' plain values. Apart from discount.schemas.ts, which builds zod schemas as it loads,
 * so that the list of discounts does not load zod; discount.schemas.ts re-exports them.
 */

export const DISCOUNT_TYPES = ['order', 'products', 'delivery', 'buy-x-get-y'] as const;
export const DISCOUNT_STATES = ['draft', 'scheduled', 'active', 'expired', 'disabled'] as const;
