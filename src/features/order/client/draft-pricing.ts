import type {
  Adjustment,
  CartLine,
  CompiledDiscounts,
  DiscountClient,
  LineAdjustment,
  RefusedCode,
  SalesChannel,
} from '@/shared/discounts';
import type { settleRounding as SettleRounding } from '@/shared/discounts';
import type { applyDiscounts as ApplyDiscounts } from '@/shared/discounts';
import type { DiscountPricing } from '@/features/discount/client/pricing.api';

/*
 * The order editor's live pricing, as the server prices the order it will save
 * (server/order-discounts.ts): the engine with the automatic discounts and the codes typed, its own
 * rounding dropped; the agent's own discounts beside them; the delivery fee less a free delivery;
 * then the rounding of the amount due. Pure: the engine comes in as an argument, so the editor can
 * load it lazily and the tests can call it as it is. Where the server refuses (a remise past its
 * line, discounts past the goods), the preview stops at zero and the server's 422 says why.
 */

/** One line of the editor as typed. */
export interface DraftLine {
  variantId: string;
  productId: string;
  /** Unknown (undefined) for the lines of an order being edited whose product was not read. */
  categoryId?: string | null;
  /** The catalogue price, in minor units. */
  price: number;
  /** As typed: 0 while empty. */
  quantity: number;
  /** The agent's own discount on the line, in minor units (0 when blank). */
  lineDiscount: number;
}

export interface DraftInput {
  /** An order taken on WhatsApp is priced for WhatsApp, every other one as « manuelle ». */
  channel: Extract<SalesChannel, 'manual' | 'whatsapp'>;
  lines: readonly DraftLine[];
  /** The agent's own discount on the order. */
  orderDiscount: number;
  deliveryFee: number;
  codes: readonly string[];
  client: DiscountClient | null;
  at: Date;
}

/** What the editor needs of the engine (src/shared/discounts), loaded lazily or not. */
export interface DiscountEngine {
  applyDiscounts: typeof ApplyDiscounts;
  settleRounding: typeof SettleRounding;
}

export interface DraftPricingSource {
  engine: DiscountEngine;
  compiled: CompiledDiscounts;
  data: Pick<DiscountPricing, 'timeZone' | 'stackCapPercent' | 'usage' | 'categoryAncestors'>;
}

export interface PricedDraftLine {
  subtotal: number;
  /** The engine's product discounts on the line, each with its French « why ». */
  promotions: LineAdjustment[];
  promotion: number;
  /** The agent's own discount, as it applies (never past the line). */
  manualDiscount: number;
  /** subtotal − promotion − manualDiscount: the line's price as the order will keep it. */
  total: number;
}

export interface PricedDraft {
  /** In the editor's order. */
  lines: PricedDraftLine[];
  subtotal: number;
  /** The engine's product and order discounts (« Réductions »), in its order. */
  promotions: Adjustment[];
  promotionTotal: number;
  /** The agent's own discounts (lines and order) as they apply. */
  manualDiscount: number;
  manualOrderDiscount: number;
  /** As typed. */
  deliveryFee: number;
  /** « Livraison offerte »: the engine waived the fee (its amount is the fee waived). */
  freeDelivery: Adjustment | null;
  rounding: { amount: number; why: string } | null;
  total: number;
  /** As the discounts spell them. */
  appliedCodes: string[];
  refusedCodes: RefusedCode[];
  /** Whether the shop's discounts were in (false while they load, or when they could not be). */
  isPriced: boolean;
}

/** The engine's channel for an order's channel, as the server picks it. */
export function pricingChannel(orderChannel: string): DraftInput['channel'] {
  return orderChannel === 'whatsapp' ? 'whatsapp' : 'manual';
}

/** An order's lines are named by their index, as the server names them for the engine. */
export const lineKey = (index: number) => String(index);

/** The engine's cart: one CartLine per editor line that has a quantity yet. */
export function cartLinesOf(
  lines: readonly DraftLine[],
  categoryAncestors: Readonly<Record<string, readonly string[]>>,
): CartLine[] {
  return lines.flatMap((line, index) =>
    line.quantity > 0
      ? [
          {
            id: lineKey(index),
            variantId: line.variantId,
            productId: line.productId,
            categoryIds: (line.categoryId && categoryAncestors[line.categoryId]) || [],
            quantity: line.quantity,
            unitPrice: line.price,
          },
        ]
      : [],
  );
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

/** The draft priced: with the shop's discounts when `source` is there, else with the agent's own only. */
export function priceDraft(
  input: DraftInput,
  currency: string,
  source: DraftPricingSource | null,
): PricedDraft {
  const result = source
    ? source.engine.applyDiscounts(source.compiled, {
        lines: cartLinesOf(input.lines, source.data.categoryAncestors),
        client: input.client,
        channel: input.channel,
        at: input.at,
        timeZone: source.data.timeZone,
        codes: input.codes,
        deliveryFee: input.deliveryFee,
        currency,
        stackCapPercent: source.data.stackCapPercent,
        usage: source.data.usage,
      })
    : null;
  const byLine = new Map(result?.lines.map((l) => [l.lineId, l]));

  // As the server: the agent's remise on a line first, the shop's product discounts on what it leaves.
  let goods = 0;
  const lines = input.lines.map((line, index): PricedDraftLine => {
    const subtotal = line.price * Math.max(0, line.quantity);
    const manualDiscount = clamp(line.lineDiscount, subtotal);
    const promotions = (byLine.get(lineKey(index))?.adjustments ?? []).filter((a) => a.type === 'product');
    const promotion = clamp(
      promotions.reduce((s, a) => s + a.amount, 0),
      subtotal - manualDiscount,
    );
    const total = subtotal - manualDiscount - promotion;
    goods += total;
    return { subtotal, promotions, promotion, manualDiscount, total };
  });
  const subtotal = lines.reduce((s, l) => s + l.subtotal, 0);
  const adjustments = result?.adjustments ?? [];
  const promotions = adjustments.filter((a) => a.type === 'product' || a.type === 'order');
  const promotionTotal = promotions.reduce((s, a) => s + a.amount, 0);
  const orderPromotion = promotions.filter((a) => a.type === 'order').reduce((s, a) => s + a.amount, 0);
  const manualOrderDiscount = clamp(input.orderDiscount, goods - orderPromotion);
  const manualDiscount = lines.reduce((s, l) => s + l.manualDiscount, 0) + manualOrderDiscount;
  const deliveryFee = Math.max(0, input.deliveryFee);
  const freeDelivery = adjustments.find((a) => a.type === 'delivery') ?? null;
  const waived = Math.min(freeDelivery?.amount ?? 0, deliveryFee);
  // The rounding settles the amount due once everything is in (server/order-discounts.ts).
  const taken = promotionTotal + waived;
  const due = subtotal - manualDiscount - taken + deliveryFee;
  const rounding = source ? source.engine.settleRounding(due, currency, manualDiscount + taken > 0) : null;
  const total = goods - orderPromotion - manualOrderDiscount + deliveryFee - waived - (rounding?.amount ?? 0);
  return {
    lines,
    subtotal,
    promotions,
    promotionTotal,
    manualDiscount,
    manualOrderDiscount,
    deliveryFee,
    freeDelivery,
    rounding,
    total: Math.max(0, total),
    appliedCodes: result?.appliedCodes ?? [],
    refusedCodes: result?.refusedCodes ?? [],
    isPriced: !!result,
  };
}
