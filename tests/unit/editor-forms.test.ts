import { describe, expect, it } from 'vitest';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ZCreateOrderBody } from '@/features/order/order.schemas';
import { ZProductInput } from '@/features/product/product.schemas';
import { orderFormDefaults, type OrderFormValues } from '@/features/order/client/order-form';
import { orderFormResolver } from '@/features/order/client/order-form-schema';
import {
  emptyForm,
  emptyVariant,
  syncVariants,
  type ProductFormValues,
} from '@/features/product/client/product-form';
import { productFormResolver } from '@/features/product/client/product-form-schema';
import { lazyResolver } from '@/client/forms/lazy-resolver';

/** What react-hook-form gets from the resolver: the body to send, or the errors by field. */
async function resolve<T extends FieldValues, O>(resolver: Resolver<T, unknown, O>, values: T) {
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result as { values: Record<string, unknown>; errors: FieldErrors };
}

// As the editors hold them: the rules fetched at the first check.
const orderResolver = lazyResolver(async () => orderFormResolver('XOF')).resolver;
const productResolver = lazyResolver(async () => productFormResolver('XOF')).resolver;

const line = {
  variantId: 'v1',
  productId: 'p1',
  label: 'Café Touba 250 g',
  sku: null,
  price: 2500,
  stock: 12,
  quantity: 2,
  lineDiscount: '',
};

describe('order editor form', () => {
  it('refuses in the editor’s words what the server’s rules refuse', async () => {
    const empty = await resolve(orderResolver, orderFormDefaults(undefined, 'XOF'));
    expect(empty.errors.lines?.message).toBe('Ajoutez au moins un produit.');

    const values: OrderFormValues = {
      ...orderFormDefaults(undefined, 'XOF'),
      lines: [{ ...line, quantity: Number.NaN, lineDiscount: 'dix' }],
      deliveryFee: '1 000,5x',
      newClient: { name: ' ', phone: '', email: 'pas-un-mail' },
      payment: { method: 'wave', amount: '', reference: '' },
    };
    const { errors } = await resolve(orderResolver, values);
    const lineErrors = (errors.lines as unknown as FieldErrors[])[0]!;
    expect(lineErrors.quantity?.message).toBe('Quantité invalide.');
    expect(lineErrors.lineDiscount?.message).toBe('Montant invalide.');
    expect(errors.deliveryFee?.message).toBe('Montant invalide.');
    const client = errors.newClient as FieldErrors;
    expect(client.name?.message).toBe('Ce champ est obligatoire.');
    expect(client.email?.message).toBe('Adresse e-mail invalide.');
    expect((errors.payment as FieldErrors).amount?.message).toBe('Indiquez le montant reçu.');
  });

  it('sends the body the API takes, amounts in minor units and blanks left out', async () => {
    const values: OrderFormValues = {
      ...orderFormDefaults(undefined, 'XOF'),
      lines: [{ ...line, lineDiscount: '500' }],
      deliveryFee: '1 000',
      deliveryAddress: { quartier: 'Médina', commune: '', ville: 'Dakar', indications: '' },
      newClient: { name: ' Mariama Ba ', phone: '77 555 12 34', email: '' },
      internalNote: '  ',
      payment: { method: 'wave', amount: '4 500', reference: 'W-1' },
    };
    const { values: body, errors } = await resolve(orderResolver, values);
    expect(errors).toEqual({});
    const address = { quartier: 'Médina', commune: '', ville: 'Dakar', indications: '' };
    expect(body).toEqual({
      channel: 'whatsapp',
      lines: [{ variantId: 'v1', quantity: 2, lineDiscount: 500 }],
      orderDiscount: 0,
      deliveryFee: 1000,
      deliveryAddress: address,
      clientNote: '',
      internalNote: undefined,
      clientId: undefined,
      newClient: { name: 'Mariama Ba', phone: '77 555 12 34', email: undefined, addresses: [address] },
      payment: { method: 'wave', amount: 4500, reference: 'W-1' },
      discountCodes: [],
    });
    // The server's own schema takes it as it is.
    expect(ZCreateOrderBody.safeParse({ ...body, shopId: 's1' }).success).toBe(true);
  });

  it('names an existing client by id and sends no payment when none was received', async () => {
    const values: OrderFormValues = {
      ...orderFormDefaults(undefined, 'XOF'),
      lines: [line],
      client: { id: 'c1', name: 'Awa', phone: null },
    };
    const { values: body } = await resolve(orderResolver, values);
    expect(body).toMatchObject({
      clientId: 'c1',
      newClient: undefined,
      payment: undefined,
      deliveryAddress: null,
    });
  });
});

describe('product editor form', () => {
  const named = (values: Partial<ProductFormValues>): ProductFormValues => ({
    ...emptyForm(),
    name: 'Pagne wax',
    ...values,
  });

  it('refuses a blank name and unreadable numbers in the editor’s words', async () => {
    const values = named({
      name: '  ',
      lowStockThreshold: 'trois',
      variants: [{ ...emptyVariant(), price: '', compareAtPrice: 'x', stock: '2,5' }],
    });
    const { errors } = await resolve(productResolver, values);
    expect(errors.name?.message).toBe('Le nom du produit est obligatoire.');
    expect(errors.lowStockThreshold?.message).toBe('Nombre entier attendu.');
    const variant = (errors.variants as unknown as FieldErrors[])[0]!;
    expect(variant.price?.message).toBe('Indiquez un prix valide.');
    expect(variant.compareAtPrice?.message).toBe('Montant invalide.');
    expect(variant.stock?.message).toBe('Nombre entier attendu.');
  });

  it('uses the server’s rules beyond reading text (a barcode whose check digit is wrong)', async () => {
    const values = named({ variants: [{ ...emptyVariant(), price: '1500', barcode: '2000000000009' }] });
    const { errors } = await resolve(productResolver, values);
    expect((errors.variants as unknown as FieldErrors[])[0]!.barcode?.message).toBe(
      'Ce code EAN-13 est invalide : son chiffre de contrôle ne correspond pas.',
    );
  });

  it('sends the product input, leaving out options still being written', async () => {
    const options = [
      { name: 'Taille', values: ['M', 'L'] },
      { name: '', values: ['Bleu'] },
    ];
    const rows = syncVariants(options, [emptyVariant()]).map((row, i) => ({
      ...row,
      price: '7 500',
      stock: i === 0 ? '5' : '',
      sku: i === 0 ? ' PGN-M ' : '',
    }));
    const values = named({ tags: 'wax, , coton ', weightGrams: '', options, variants: rows });
    const { values: input, errors } = await resolve(productResolver, values);
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      name: 'Pagne wax',
      categoryId: null,
      tags: ['wax', 'coton'],
      lowStockThreshold: 0,
      weightGrams: null,
      options: [{ name: 'Taille', values: ['M', 'L'] }],
      variants: [
        { optionValues: ['M'], price: 7500, compareAtPrice: null, sku: 'PGN-M', barcode: null, stock: 5 },
        { optionValues: ['L'], price: 7500, compareAtPrice: null, sku: null, barcode: null, stock: 0 },
      ],
    });
    expect(ZProductInput.safeParse(input).success).toBe(true);
  });

  it('keeps a saved variant’s id and never sends its stock', async () => {
    const saved = { ...emptyVariant(), id: 'var1', price: '1000', stock: '', currentStock: 7 };
    const { values: input } = await resolve(productResolver, named({ variants: [saved] }));
    const [variant] = (input as { variants: Array<Record<string, unknown>> }).variants;
    expect(variant).toMatchObject({ id: 'var1', price: 1000 });
    expect(variant).not.toHaveProperty('stock');
    expect(variant).not.toHaveProperty('currentStock');
  });
});

describe('rules fetched when the form is first used', () => {
  it('loads them once, and says the network failed without dropping the form', async () => {
    let calls = 0;
    let fail = true;
    const lazy = lazyResolver<{ name: string }, { name: string }>(async () => {
      calls += 1;
      if (fail) throw new Error('ChunkLoadError');
      return async (values) => ({ values, errors: {} });
    });
    const refused = await resolve(lazy.resolver, { name: 'Awa' });
    expect(refused.values).toEqual({});
    expect((refused.errors.root as unknown as { server: { message: string } }).server.message).toBe(
      'Verifiez votre connexion et reessayez',
    );
    fail = false;
    lazy.preload();
    expect((await resolve(lazy.resolver, { name: 'Awa' })).values).toEqual({ name: 'Awa' });
    await resolve(lazy.resolver, { name: 'Moussa' });
    expect(calls).toBe(2);
  });
});
