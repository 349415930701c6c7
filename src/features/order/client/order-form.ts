import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import type { TAddress } from '@/features/customer/customer.schemas';
import type { Order } from './order.api';
import { manualPartsOf } from './order-discounts';
import type { OrderFormValues } from './order-form-schema';

export type { OrderFormOutput, OrderFormValues } from './order-form-schema';
export type OrderLineValues = OrderFormValues['lines'][number];

/*
 * What the order editor's form starts from and how its screen reads what is typed. Its rules
 * (zod and the schemas) are in ./order-form-schema.ts, loaded when the form is first used.
 */

/** As the server takes them (ZDiscountCodesInput): at most 5, each at most 40 characters. */
export const MAX_DISCOUNT_CODES = 5;
export const MAX_DISCOUNT_CODE_LENGTH = 40;

/** The server names the chosen client by the id it was sent. */
export const ORDER_SERVER_PATHS = { clientId: 'client' } as const;

const EMPTY_ADDRESS: TAddress = { quartier: '', commune: '', ville: '', indications: '', position: '' };

/** An order's lines as the editor types them: the agent's own discounts, not the shop's. */
function linesFromOrder(order: Order, currency: string, lineDiscounts: number[]): OrderLineValues[] {
  return order.lines.map((l, index) => ({
    variantId: l.variantId,
    productId: l.productId,
    label: l.variantName ? `${l.productName} (${l.variantName})` : l.productName,
    sku: l.sku,
    price: l.unitPrice,
    stock: null,
    quantity: l.quantity,
    lineDiscount: lineDiscounts[index] ? moneyInputValue(lineDiscounts[index], currency) : '',
  }));
}

export function orderFormDefaults(order: Order | undefined, currency: string): OrderFormValues {
  const manual = order ? manualPartsOf(order) : null;
  return {
    lines: order && manual ? linesFromOrder(order, currency, manual.lineDiscounts) : [],
    channel: 'whatsapp',
    client: null,
    newClient: null,
    deliveryAddress: order?.deliveryAddress ?? EMPTY_ADDRESS,
    deliveryFee: manual ? moneyInputValue(manual.deliveryFee, currency) : '',
    deliveryFeeReason: '',
    orderDiscount: manual?.orderDiscount ? moneyInputValue(manual.orderDiscount, currency) : '',
    discountCodes: order?.discountCodes ?? [],
    clientNote: '',
    internalNote: '',
    payment: { method: '', amount: '', reference: '' },
  };
}

/** What the totals show while typing: a blank or unreadable amount counts as nothing yet. */
export function typedAmount(text: string | undefined, currency: string): number {
  return (text?.trim() ? parseMoneyInput(text, currency) : 0) ?? 0;
}

/** A quantity being typed (empty is NaN) as the line total counts it. */
export function typedQuantity(quantity: number | undefined): number {
  return Number.isFinite(quantity) ? Math.trunc(quantity!) : 0;
}
