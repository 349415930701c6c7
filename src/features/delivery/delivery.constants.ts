/*
 * Livraison's plain values. Apart from delivery.schemas.ts, which builds zod schemas as it loads,
 * so that the delivery pages do not load zod; delivery.schemas.ts re-exports them.
 */

export const FIGURE_PERIODS = [7, 30, 90] as const;
