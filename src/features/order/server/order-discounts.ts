import type { SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { orderAdjustments } from '@/server/db/schema/order';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import { ROUNDING_STEPS, roundingWhy, settleRounding } from '@/shared/discounts/rounding';
import type { PricingResult, SalesChannel } from '@/shared/discounts/types';
import type { OrderChannel } from '../order.constants';
import {
  discountNames,
  discountUsesStatement,
  judgeDiscountUses,
  priceOrder,
  recordDiscountUses,
  type DiscountUseInput,
  type JudgedUse,
} from '@/features/discount/server';
import type { AdjustmentsHook, OrderAdjustment, OrderDraft, PricedAdjustments } from './channel-policy';
import { clientHasOrders, type OrderAdjustmentRow, type OrderRow } from './order.repository';

function refuse(details: Record<string, string>): never {
  throw Errors.validation(details, describeDetails(details));
}

/** The engine's adjustments as the order keeps them; its own rounding is dropped (see withRounding). */
function fromEngine(result: PricingResult): OrderAdjustment[] {
  return result.adjustments.flatMap((a) =>
    a.type === 'rounding' || !a.discount
      ? []
      : [
          {
            type: a.type,
            discountId: a.discount.id,
            name: a.discount.name,
            code: a.discount.code,
            amount: a.amount,
            why: a.why,
            lines: a.lines.map((l) => ({ index: Number(l.lineId), amount: l.amount })),
          },
        ],
  );
}

/**
 * The rounding of the amount due once everything is in: the engine's discounts, the agent's own
 * (already on the draft) and the delivery fee. Only a discounted total is rounded.
 */
function withRounding(
  draft: OrderDraft,
  deliveryFee: number,
  adjustments: OrderAdjustment[],
  roundsEveryTotal = false,
): OrderAdjustment[] {
  const gross = draft.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const own = draft.lines.reduce((s, l) => s + l.lineDiscount, 0) + draft.orderDiscount;
  const taken = adjustments.reduce((s, a) => s + a.amount, 0);
  const due = gross - own - taken + deliveryFee;
  const rounding = settleRounding(due, draft.shop.currency, roundsEveryTotal || own + taken > 0);
  if (!rounding) return adjustments;
  return [
    ...adjustments,
    {
      type: 'rounding',
      discountId: null,
      name: 'Arrondi',
      code: null,
      amount: rounding.amount,
      why: rounding.why,
      lines: [],
    },
  ];
}

/**
 * The engine's channels: the online shop's orders are its own, so are WhatsApp's; every other
 * order taken by hand is « manuelle ».
 */
function engineChannelOf(channel: OrderChannel): SalesChannel {
  if (channel === 'site') return 'storefront';
  return channel === 'whatsapp' ? 'whatsapp' : 'manual';
}

/**
 * A back-office order or an online shop's: the shop's automatic discounts and the codes typed,
 * priced by the engine on the server (its answer is the one that counts), then the rounding. A
 * code the engine refuses refuses the order, saying why; a limit reached meanwhile too (uses are
 * enforced).
 */
export function manualOrderDiscounts(
  codes: readonly string[],
  at?: Date,
  /**
   * Round even a total nothing was taken off: the online shop's is paid online at once, and a
   * catalogue price of 1 234 FCFA is not a sum mobile money takes.
   */
  roundsEveryTotal = false,
): AdjustmentsHook {
  return async (tx, draft, deliveryFee) => {
    const result = await priceOrder(tx, {
      shop: draft.shop,
      channel: engineChannelOf(draft.channel),
      lines: draft.lines.map((l, i) => ({
        id: String(i),
        variantId: l.variant.id,
        productId: l.variant.productId,
        categoryIds: l.variant.categoryIds,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      codes,
      deliveryFee,
      at: at ?? new Date(),
      client: draft.client
        ? { id: draft.client.id, phone: draft.client.phone, tags: draft.client.tags }
        : null,
      isFirstOrder: async () =>
        !(draft.client && (await clientHasOrders(tx, draft.shop.id, draft.client.id))),
    });
    if (result?.refusedCodes.length) {
      const refusal = result.refusedCodes.map((r) => `${r.code}\u00a0: ${r.reason}`).join('\u202f; ');
      throw Errors.validation({ discountCodes: refusal }, `Code promo refusé\u00a0: ${refusal}`);
    }
    const adjustments = result ? fromEngine(result) : [];
    return {
      adjustments: withRounding(draft, deliveryFee, adjustments, roundsEveryTotal),
      usesMode: 'enforce',
      sourceOpId: null,
    };
  };
}

/** What a till computed offline and sent with its sale (contract of the sale op's `promotions`). */
export interface TillPromotion {
  discountId: string | null;
  code: string | null;
  type: 'product' | 'order' | 'rounding';
  amount: number;
  lines: Array<{ index: number; amount: number }>;
  /** The engine's French « why », as the till showed it. */
  why?: string;
}

/**
 * A till's sale: the discounts its engine applied offline are kept as it showed them (the sale
 * happened), once checked to be the shop's and to land on the sale's lines; the uses are counted
 * once per op, and flagged when past a limit.
 */
export function tillOrderDiscounts(promotions: readonly TillPromotion[], opId: string): AdjustmentsHook {
  return async (tx, draft) => {
    const names = await discountNames(
      tx,
      draft.shop.id,
      promotions.flatMap((p) => (p.discountId ? [p.discountId] : [])),
    );
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    promotions.forEach((p, i) => {
      const field = `promotions.adjustments.${i}`;
      if (p.type === 'rounding' ? p.discountId !== null : !p.discountId || !names.has(p.discountId))
        errors[`${field}.discountId`] = 'Cette réduction n’existe pas dans la boutique.';
      else if (seen.has(p.discountId ?? 'rounding'))
        errors[`${field}.discountId`] = 'Cette réduction figure deux fois dans la vente.';
      seen.add(p.discountId ?? 'rounding');
      if (p.type === 'rounding' && p.amount >= (ROUNDING_STEPS[draft.shop.currency] ?? 1))
        errors[`${field}.amount`] = 'Cet arrondi est plus grand que ce que la monnaie demande.';
      else if (p.lines.some((l) => l.index >= draft.lines.length))
        errors[`${field}.lines`] = 'Cette réduction porte sur une ligne absente de la vente.';
      else if (p.type === 'product' && p.lines.reduce((s, l) => s + l.amount, 0) !== p.amount)
        errors[`${field}.amount`] = 'Le montant ne correspond pas à la somme des lignes.';
    });
    if (Object.keys(errors).length) refuse(errors);
    const adjustments: OrderAdjustment[] = promotions.map((p) => ({
      type: p.type,
      discountId: p.discountId,
      name: p.discountId ? names.get(p.discountId)! : 'Arrondi',
      code: p.code,
      amount: p.amount,
      why:
        p.type === 'rounding'
          ? roundingWhy(draft.shop.currency)
          : p.why || `Réduction « ${names.get(p.discountId!)} » appliquée au point de vente`,
      lines: p.lines,
    }));
    return { adjustments, usesMode: 'flag', sourceOpId: opId };
  };
}

/** Until a channel prices discounts (none does without its hook): nothing off, nothing rounded. */
export const noDiscounts: AdjustmentsHook = async () => ({
  adjustments: [],
  usesMode: 'enforce',
  sourceOpId: null,
});

/**
 * The snapshot of what the discounts took off an order, as its rows (what « Pourquoi ce prix ? »
 * and refunds read): written with the order (see insertNumberedOrder) or after an edit.
 */
export function orderAdjustmentRows(
  order: { shopId: string; id: string },
  lineIds: readonly string[],
  priced: PricedAdjustments,
): OrderAdjustmentRow[] {
  return priced.adjustments.map((a, position) => ({
    id: newId(),
    shopId: order.shopId,
    orderId: order.id,
    discountId: a.discountId,
    type: a.type,
    name: a.name,
    code: a.code,
    amount: a.amount,
    why: a.why,
    lines: a.lines.map((l) => ({ lineId: lineIds[l.index]!, amount: l.amount })),
    position,
  }));
}

function usesOf(priced: PricedAdjustments): DiscountUseInput[] {
  return priced.adjustments.flatMap((a) =>
    a.discountId ? [{ discountId: a.discountId, code: a.code, amount: a.amount }] : [],
  );
}

/**
 * The uses of a new order's discounts, counted by the statement that writes the order and takes
 * its number (see insertNumberedOrder): the counter's lock, which serialises the shop's orders,
 * waits for no round trip more. `judge` reads what that statement answered.
 */
export function newOrderDiscountUses(
  order: { shopId: string; id: string; total: number; clientPhone: string | null; clientName: string | null },
  orderNumber: SQL,
  priced: PricedAdjustments,
  userId: string | null,
): { ctes: SQL; judged: SQL; judge: (rows: JudgedUse[] | null) => void } | null {
  const statement = discountUsesStatement(
    {
      shopId: order.shopId,
      order: { id: order.id, total: order.total },
      orderNumber,
      client: { phone: order.clientPhone, name: order.clientName },
      userId,
      sourceOpId: priced.sourceOpId,
    },
    usesOf(priced),
  );
  if (!statement) return null;
  return { ...statement, judge: (rows) => void judgeDiscountUses(rows ?? [], priced.usesMode) };
}

/** Counts the discounts' uses of an order that has its number, inside its transaction. */
async function countDiscountUses(
  tx: Executor,
  order: OrderRow,
  priced: PricedAdjustments,
  userId: string,
): Promise<void> {
  await recordDiscountUses(
    tx,
    {
      shopId: order.shopId,
      order: { id: order.id, number: order.number, total: order.total },
      client: { phone: order.clientPhone, name: order.clientName },
      userId,
      sourceOpId: priced.sourceOpId,
      mode: priced.usesMode,
    },
    usesOf(priced),
  );
}

/** An edited order's snapshot and uses, written again (its former ones are gone). */
export async function keepOrderAdjustments(
  tx: Executor,
  order: OrderRow,
  lineIds: readonly string[],
  priced: PricedAdjustments,
  userId: string,
): Promise<OrderAdjustmentRow[]> {
  const rows = orderAdjustmentRows(order, lineIds, priced);
  if (rows.length === 0) return [];
  await tx.insert(orderAdjustments).values(rows);
  await countDiscountUses(tx, order, priced, userId);
  return rows;
}

/**
 * The discounts' reductions, on top of those the draft carries: product ones on their lines (never
 * below zero: what a line could not take is left out of the snapshot too), order ones and the
 * rounding on the order, free delivery off the fee. Returns the fee left to pay.
 */
export function applyAdjustments(
  draft: OrderDraft,
  adjustments: OrderAdjustment[],
  deliveryFee: number,
): number {
  let fee = deliveryFee;
  for (const adjustment of adjustments) {
    if (adjustment.type === 'delivery') {
      adjustment.amount = Math.min(adjustment.amount, fee);
      fee -= adjustment.amount;
    } else if (adjustment.type === 'product') {
      for (const share of adjustment.lines) {
        const line = draft.lines[share.index];
        if (!line) throw new Error(`Réduction sur une ligne inconnue (${share.index}).`);
        share.amount = Math.min(share.amount, line.total);
        line.lineDiscount += share.amount;
        line.total -= share.amount;
      }
      adjustment.amount = adjustment.lines.reduce((s, l) => s + l.amount, 0);
    } else {
      draft.orderDiscount += adjustment.amount;
    }
  }
  return fee;
}
