import type { Order } from './order.api';
import type { PricedDraft } from './draft-pricing';
import { manualPartsOf, productAdjustmentsOn } from './order-discounts';

/*
 * « Pourquoi ce prix ? »: one view for the editor (the engine's live answer) and the order page
 * (the order's snapshot, never priced again): per line what took its price down and why, then
 * the order's discounts, the delivery and the rounding.
 */

export interface WhyItem {
  key: string;
  /** French, with the discount's name (« 3 pour 2 : 1 article offert »). */
  why: string;
  amount: number;
}

export interface WhyLine {
  key: string;
  label: string;
  quantity: number;
  subtotal: number;
  items: WhyItem[];
  total: number;
}

export interface WhyView {
  lines: WhyLine[];
  subtotal: number;
  /** The order's own discounts: the shop's, then the agent's. */
  order: WhyItem[];
  /** Null when the order has no fee. */
  delivery: { fee: number; waived: WhyItem | null } | null;
  rounding: WhyItem | null;
  total: number;
}

export const MANUAL_LINE_WHY = 'Remise accordée sur l’article';
export const MANUAL_ORDER_WHY = 'Remise accordée sur la commande';

const manualItem = (key: string, why: string, amount: number): WhyItem[] =>
  amount > 0 ? [{ key, why, amount }] : [];

/** The editor's view: its lines' labels and quantities beside the draft priced. */
export function whyFromDraft(
  priced: PricedDraft,
  lines: ReadonlyArray<{ label: string; quantity: number }>,
): WhyView {
  return {
    lines: priced.lines.flatMap((line, index) => {
      const draft = lines[index];
      if (!draft || line.subtotal <= 0) return [];
      return [
        {
          key: String(index),
          label: draft.label,
          quantity: draft.quantity,
          subtotal: line.subtotal,
          items: [
            ...line.promotions.map((a, k) => ({
              key: `${a.discount.id}-${k}`,
              why: a.why,
              amount: a.amount,
            })),
            ...manualItem('manual', MANUAL_LINE_WHY, line.manualDiscount),
          ],
          total: line.total,
        },
      ];
    }),
    subtotal: priced.subtotal,
    order: [
      ...priced.promotions
        .filter((a) => a.type === 'order')
        .map((a) => ({ key: a.discount?.id ?? 'order', why: a.why, amount: a.amount })),
      ...manualItem('manual', MANUAL_ORDER_WHY, priced.manualOrderDiscount),
    ],
    delivery:
      priced.deliveryFee > 0
        ? {
            fee: priced.deliveryFee,
            waived: priced.freeDelivery
              ? { key: 'delivery', why: priced.freeDelivery.why, amount: priced.freeDelivery.amount }
              : null,
          }
        : null,
    rounding: priced.rounding ? { key: 'rounding', ...priced.rounding } : null,
    total: priced.total,
  };
}

/** The order page's view, from the order's snapshot of its discounts. */
export function whyFromOrder(order: Order): WhyView {
  const manual = manualPartsOf(order);
  const { adjustments } = order;
  const waived = adjustments.find((a) => a.type === 'delivery');
  const rounding = adjustments.find((a) => a.type === 'rounding');
  return {
    lines: order.lines.map((line, index) => ({
      key: line.id,
      label: line.variantName ? `${line.productName} (${line.variantName})` : line.productName,
      quantity: line.quantity,
      subtotal: line.unitPrice * line.quantity,
      items: [
        ...productAdjustmentsOn(adjustments, line.id).map((a) => ({
          key: a.id,
          why: a.why,
          amount: a.amount,
        })),
        ...manualItem('manual', MANUAL_LINE_WHY, manual.lineDiscounts[index] ?? 0),
      ],
      total: line.total,
    })),
    subtotal: order.subtotal,
    order: [
      ...adjustments
        .filter((a) => a.type === 'order')
        .map((a) => ({ key: a.id, why: a.why, amount: a.amount })),
      ...manualItem('manual', MANUAL_ORDER_WHY, manual.orderDiscount),
    ],
    delivery:
      manual.deliveryFee > 0
        ? {
            fee: manual.deliveryFee,
            waived: waived ? { key: waived.id, why: waived.why, amount: waived.amount } : null,
          }
        : null,
    rounding: rounding ? { key: rounding.id, why: rounding.why, amount: rounding.amount } : null,
    total: order.total,
  };
}

/** Whether there is anything to explain: a discount, a rounding or free delivery. */
export function hasReductions(view: WhyView): boolean {
  return (
    view.lines.some((l) => l.items.length > 0) ||
    view.order.length > 0 ||
    !!view.delivery?.waived ||
    !!view.rounding
  );
}
