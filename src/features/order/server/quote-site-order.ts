import type { Database, Executor } from '@/server/db';
import { AppError } from '@/server/http/errors';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { lockVariantsForSale, variantLabel } from '@/features/product/server/variants-for-sale';
import type { TAddress, TCustomerInput } from '@/features/customer/customer.schemas';
import { findOrCreateCustomer } from '@/features/customer/server/customers';
import {
  siteOrderPolicy,
  type DeliveryFeeDecision,
  type OrderDraft,
  type PricedAdjustments,
} from './channel-policy';
import { orderTotals, priceLines, type LineInput } from './order-lines';
import { applyAdjustments } from './order-discounts';

/** What a buyer's order would come to, as the pipeline would price it now. */
export interface SiteOrderQuote {
  lines: Array<{ variantId: string; name: string; quantity: number; unitPrice: number; total: number }>;
  subtotal: number;
  discounts: Array<{ name: string; code: string | null; amount: number }>;
  /** The zone's fee, before any discount on it (listed among the discounts). */
  deliveryFee: number;
  /** The delivery zone of the address; null for a pickup or an address not yet chosen. */
  zoneName: string | null;
  total: number;
  /** What the order would be refused for, by the checkout's field (commune, discountCodes). */
  refusals: Record<string, string>;
}

function refusalOf(error: unknown): Record<string, string> {
  if (error instanceof AppError && error.status === 422 && error.details) return error.details;
  throw error;
}

/**
 * The checkout's summary: the same steps as the order's (siteOrderPolicy's fee and discounts, the
 * same rounding), without writing anything, so what the buyer reads is what the order will say. A
 * code or an address the order would refuse is reported and left out, so the rest still shows.
 */
export async function quoteSiteOrder(
  db: Database,
  shop: ShopRow,
  input: {
    lines: LineInput[];
    deliveryAddress: TAddress | null;
    discountCodes: string[];
    /** The buyer as typed so far: codes for identified clients, first orders, tags need them. */
    buyer: TCustomerInput | null;
  },
): Promise<SiteOrderQuote> {
  const policy = siteOrderPolicy(input.discountCodes);
  // The order's own steps in a transaction that is always rolled back: the buyer is found or made
  // a client as the order would, and nothing of it stays.
  let quote: SiteOrderQuote | null = null;
  await db
    .transaction(async (tx) => {
      quote = await priceQuote(tx, shop, input, policy);
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return quote!;
}

const ROLLBACK = new Error('quote rolled back');

async function priceQuote(
  tx: Executor,
  shop: ShopRow,
  input: Parameters<typeof quoteSiteOrder>[2],
  policy: ReturnType<typeof siteOrderPolicy>,
): Promise<SiteOrderQuote> {
  const client = input.buyer?.phone
    ? await findOrCreateCustomer(tx, shop, input.buyer).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 422) return null;
        throw error;
      })
    : null;
  const variantIds = input.lines.map((l) => l.variantId);
  const variants = await lockVariantsForSale(tx, shop.id, variantIds, 'site');
  const draft: OrderDraft = {
    shop,
    channel: 'site',
    client,
    lines: priceLines(variants, input.lines, shop.currency),
    orderDiscount: 0,
    deliveryAddress: input.deliveryAddress,
  };
  const refusals: Record<string, string> = {};
  let delivery: DeliveryFeeDecision = { fee: 0, zone: null, reason: null };
  if (input.deliveryAddress?.commune)
    delivery = await policy
      .deliveryFee(tx, draft, undefined, undefined)
      .catch((error: unknown) => (Object.assign(refusals, refusalOf(error)), delivery));
  let priced: PricedAdjustments;
  try {
    priced = await policy.adjustments(tx, draft, delivery.fee);
  } catch (error) {
    Object.assign(refusals, refusalOf(error));
    priced = await siteOrderPolicy([]).adjustments(tx, draft, delivery.fee);
  }
  const fee = applyAdjustments(draft, priced.adjustments, delivery.fee);
  const totals = orderTotals(
    draft.lines,
    { orderDiscount: draft.orderDiscount, deliveryFee: fee },
    shop.currency,
  );
  return {
    lines: draft.lines.map((l) => ({
      variantId: l.variant.id,
      name: variantLabel(l.variant),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.total,
    })),
    subtotal: totals.subtotal,
    discounts: priced.adjustments
      .filter((a) => a.amount > 0)
      .map((a) => ({ name: a.name, code: a.code, amount: a.amount })),
    // Before a free delivery: that one is among the discounts, so the summary adds up.
    deliveryFee: delivery.fee,
    zoneName: delivery.zone?.name ?? null,
    total: totals.total,
    refusals,
  };
}
