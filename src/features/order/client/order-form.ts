import { z } from '@/shared/validation';
import { moneyInputValue, parseMoneyInput } from '@/shared/money';
import { moneyText, textOrUndefined, wording } from '@/client/forms/text-inputs';
import { ZAddress, ZCustomer, ZCustomerInput, type TAddress } from '@/features/customer/customer.schemas';
import { ZCreateOrderBody, ZOrderLineInput, ZPaymentInput } from '../order.schemas';
import type { Order } from './order.api';
import { manualPartsOf } from './order-discounts';

/*
 * The order editor's form: the body of « createOrder » (and the content « updateOrder » takes) with
 * its amounts as typed and what the screen shows beside them. Every rule is the server's own, reached
 * through `ZCreateOrderBody.shape`; this file only reads text and drops what is for display.
 */

const body = ZCreateOrderBody.shape;

function lineRow(currency: string) {
  return ZOrderLineInput.extend({
    lineDiscount: moneyText(currency, ZOrderLineInput.shape.lineDiscount),
    // Shown in the table only; the body's line schema drops them.
    label: z.string(),
    sku: z.string().nullable(),
    /** For the discounts' product and category sets; undefined until an edited order's product is read. */
    productId: z.string(),
    categoryId: z.string().nullable().optional(),
    price: z.number(),
    /** null when the product's stock is not tracked. */
    stock: z.number().nullable(),
  });
}

/** As the server takes them (ZDiscountCodesInput): at most 5, each at most 40 characters. */
export const MAX_DISCOUNT_CODES = 5;
export const MAX_DISCOUNT_CODE_LENGTH = 40;

const newClient = ZCustomerInput.pick({ name: true }).extend({
  phone: textOrUndefined(ZCustomerInput.shape.phone),
  email: textOrUndefined(ZCustomerInput.shape.email),
});

function payment(currency: string) {
  return z.discriminatedUnion('method', [
    z.object({ method: z.literal(''), amount: z.string(), reference: z.string() }),
    ZPaymentInput.extend({
      amount: moneyText(currency, ZPaymentInput.shape.amount, { required: 'Indiquez le montant reçu.' }),
      reference: textOrUndefined(ZPaymentInput.shape.reference),
    }),
  ]);
}

type LineOutput = z.output<ReturnType<typeof lineRow>>;

export function orderFormSchema(currency: string) {
  return ZCreateOrderBody.omit({ shopId: true, idempotencyKey: true, clientId: true })
    .extend({
      // Each line read first, then the body's rule for the list (at least one, at most 200).
      lines: z.array(lineRow(currency)).pipe(z.preprocess((lines: LineOutput[]) => lines, body.lines)),
      orderDiscount: moneyText(currency, body.orderDiscount),
      deliveryFee: moneyText(currency, body.deliveryFee),
      deliveryFeeReason: textOrUndefined(body.deliveryFeeReason),
      deliveryAddress: ZAddress,
      /** The client found in the shop (its id is sent), or none. */
      client: ZCustomer.pick({ id: true, name: true, phone: true }).nullable(),
      newClient: newClient.nullable(),
      internalNote: textOrUndefined(body.internalNote),
      payment: payment(currency),
      /** Typed in « Codes promo », trimmed and in upper case (the server ignores the case). */
      // Always sent from the editor (an edit sends the codes it shows, removed ones left out).
      discountCodes: body.discountCodes.unwrap(),
    })
    .transform(({ client, newClient, deliveryAddress, payment, ...rest }) => {
      const address = Object.values(deliveryAddress).some(Boolean) ? deliveryAddress : null;
      return {
        ...rest,
        deliveryAddress: address,
        clientId: client?.id,
        newClient: newClient ? { ...newClient, addresses: address ? [address] : [] } : undefined,
        payment: payment.method ? payment : undefined,
      };
    });
}

type OrderFormSchema = ReturnType<typeof orderFormSchema>;
export type OrderFormValues = z.input<OrderFormSchema>;
export type OrderFormOutput = z.output<OrderFormSchema>;
export type OrderLineValues = OrderFormValues['lines'][number];

/** Where a refusal is not the body's own words (« La liste ne peut pas être vide. »). */
export const orderFormWording = wording({
  'lines:too_small': 'Ajoutez au moins un produit.',
  'lines.*.quantity': 'Quantité invalide.',
});

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
