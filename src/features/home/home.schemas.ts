import { z } from '@/shared/validation';
import { ZStoredAmount } from '@/shared/bounded-schemas';

export const ZHomeSummary = z.object({
  today: z.object({ salesAmount: ZStoredAmount, ordersCount: z.number().int() }),
  todo: z.object({
    toConfirm: z.number().int(),
    toPrepare: z.number().int(),
    unpaid: z.number().int(),
    lowStock: z.number().int(),
  }),
  /** Counts stop at this cap (shown « 999+ »): the home page must stay fast at a million orders. */
  cap: z.number().int(),
  /** Riders whose day closed today still owing cash (for the roles that manage deliveries). */
  cashDiscrepancies: z.array(z.object({ riderId: z.string(), name: z.string(), outstanding: z.number() })),
});
export type THomeSummary = z.infer<typeof ZHomeSummary>;

/**
 * « Pour bien démarrer »: each step ticked from what the shop really did, as its owning module
 * counts it. `delivery` stays false until Livraison exists (see server/home-checklist.ts).
 */
export const ZHomeChecklist = z.object({
  steps: z.object({
    products: z.boolean(),
    till: z.boolean(),
    team: z.boolean(),
    shop: z.boolean(),
    delivery: z.boolean(),
  }),
  isDismissed: z.boolean(),
});
export type THomeChecklist = z.infer<typeof ZHomeChecklist>;
export type ChecklistStep = keyof THomeChecklist['steps'];
