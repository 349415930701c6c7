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
});
export type THomeSummary = z.infer<typeof ZHomeSummary>;
