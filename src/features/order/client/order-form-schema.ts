import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@/shared/validation';
import { moneyText, textOrUndefined, wording } from '@/client/forms/text-inputs';
import { ZAddress, ZCustomer, ZCustomerInput } from '@/features/customer/customer.schemas';
import { ZCreateOrderBody, ZOrderLineInput, ZPaymentInput } from '../order.schemas';

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

/** Where a refusal is not the body's own words (« La liste ne peut pas être vide. »). */
const orderFormWording = wording({
  'lines:too_small': 'Ajoutez au moins un produit.',
  'lines.*.quantity': 'Quantité invalide.',
});

/** The editor's resolver: the rules above, in the shop's currency, with the form's own wording. */
export function orderFormResolver(currency: string) {
  return zodResolver(orderFormSchema(currency), { error: orderFormWording });
}
