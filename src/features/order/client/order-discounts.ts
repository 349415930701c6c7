import type { Order } from './order.api';

/*
 * What an order's discounts are, read from its snapshot (`order.adjustments`, contract §2): the
 * order page, its invoice and the editor of an order read them here, never by pricing again.
 * The stored figures hold everything together: a line's `lineDiscount` is the engine's product
 * discounts on it plus the agent's own (`ownDiscount`); `orderDiscount` the engine's order
 * discounts, the rounding and the agent's own (`ownOrderDiscount`); `deliveryFee` the fee once
 * free delivery took it off (the `delivery` adjustment keeps the fee it waived).
 */

type Adjustments = Order['adjustments'];
type OrderAdjustment = Adjustments[number];

/** « Bienvenue (BIENVENUE10) », or the name alone when the code is the name. */
export function discountLabel(name: string, code: string | null): string {
  return code && code.toUpperCase() !== name.toUpperCase() ? `${name} (${code})` : name;
}

const sum = (items: ReadonlyArray<{ amount: number }>) => items.reduce((s, a) => s + a.amount, 0);
const ofType = (adjustments: Adjustments, type: OrderAdjustment['type']) =>
  adjustments.filter((a) => a.type === type);

/** The engine's product discounts that landed on one line. */
export function productAdjustmentsOn(adjustments: Adjustments, lineId: string) {
  return ofType(adjustments, 'product').flatMap((a) =>
    a.lines.filter((l) => l.lineId === lineId && l.amount > 0).map((l) => ({ ...a, amount: l.amount })),
  );
}

/** The agent's own discounts (the server tells them apart) and the fee as typed, before free delivery. */
export function manualPartsOf(order: Order) {
  return {
    lineDiscounts: order.lines.map((line) => line.ownDiscount),
    orderDiscount: order.ownOrderDiscount,
    deliveryFee: order.deliveryFee + sum(ofType(order.adjustments, 'delivery')),
  };
}

export interface DiscountRow {
  key: string;
  label: string;
  amount: number;
}

/** The order's totals with each discount by name (order page, invoice). */
export function orderDiscountRows(order: Order) {
  const adjustments = order.adjustments;
  const manual = manualPartsOf(order);
  const promotions: DiscountRow[] = adjustments
    .filter((a) => a.type === 'product' || a.type === 'order')
    .map((a) => ({ key: a.id, label: discountLabel(a.name, a.code), amount: a.amount }));
  const waived = ofType(adjustments, 'delivery')[0];
  const rounding = sum(ofType(adjustments, 'rounding'));
  return {
    promotions,
    /** The agent's own, lines and order together (« Remises »). */
    manualDiscount: manual.lineDiscounts.reduce((s, n) => s + n, 0) + manual.orderDiscount,
    deliveryFee: manual.deliveryFee,
    freeDelivery: waived ? { label: discountLabel(waived.name, waived.code), amount: waived.amount } : null,
    rounding,
  };
}
