import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/server/csv';
import { setupApiTestbed } from '../helpers/api-testbed';
import { as, createOrderOk, freshShop, line, orderCalls, sellable } from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);

function rowsOf(text: string): Array<Record<string, string>> {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1)).records;
  return rows.map((r) => Object.fromEntries(header!.fields.map((h, i) => [h, r.fields[i] ?? ''])));
}

/** A shop whose agents typed what a spreadsheet would run: every such cell comes out guarded. */
async function shopWithTrickyOrders() {
  const shop = await freshShop(bed, 'Boutique Export');
  const robe = await sellable(bed, as(shop), '=HYPERLINK("http://x")', 2500, {
    stock: 20,
    sku: '+SKU-1',
  });
  const pagne = await sellable(bed, as(shop), 'Pagne wax', 6000, { stock: 20 });
  const first = await createOrderOk(bed, as(shop), {
    lines: [line(robe.variantId, 2, 500), line(pagne.variantId, 1)],
    newClient: { name: '@Awa Diop', phone: '+221 77 214 67 40' },
    deliveryAddress: {
      quartier: '-Médina',
      commune: 'Dakar Plateau',
      ville: 'Dakar',
      indications: '=1+1 derrière la pharmacie',
    },
    payment: { method: 'cash', amount: 1000 },
  });
  // A client from Côte d’Ivoire: her own country's national form and calling code.
  const second = await createOrderOk(bed, as(shop), {
    lines: [line(pagne.variantId, 3)],
    newClient: { name: 'Adjoua Kouassi', phone: '+225 07 07 12 34 56' },
  });
  return { shop, first, second };
}

describe('GET /api/order/exportCsv (one row per order)', () => {
  it('writes the delivery address, the phone in its national form with its calling code apart, every formula guarded', async () => {
    const { shop } = await shopWithTrickyOrders();
    const answer = await api.exportCsv(as(shop));
    expect(answer.status).toBe(200);
    const [second, first] = rowsOf(answer.text);
    expect(first).toMatchObject({
      Numéro: '1001',
      Client: "'@Awa Diop",
      Téléphone: '77 214 67 40',
      Indicatif: '221',
      Quartier: "'-Médina",
      Commune: 'Dakar Plateau',
      Ville: 'Dakar',
      'Indications de livraison': "'=1+1 derrière la pharmacie",
      'Sous-total': '11000',
      Remises: '500',
      Total: '10500',
      Payé: '1000',
    });
    expect(second).toMatchObject({
      Numéro: '1002',
      Téléphone: '07 07 12 3456',
      Indicatif: '225',
      Quartier: '',
    });
  });
});

describe('GET /api/order/exportLinesCsv (« Lignes »: one row per line)', () => {
  it('writes each line sold with its order, product, variant, SKU, quantity, prices and discount', async () => {
    const { shop, first } = await shopWithTrickyOrders();
    await api.refund(as(shop), first.id, {
      lines: [{ lineId: first.lines[1].id, quantity: 1 }],
      amount: 1000,
    });
    const answer = await api.exportLinesCsv(as(shop), { separator: 'comma' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /filename="commandes-lignes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const header = parseCsv(answer.text.slice(1)).records[0]!.fields;
    expect(header).toEqual([
      'Numéro',
      'Date',
      'Canal',
      'Client',
      'Produit',
      'Variante',
      'SKU',
      'Quantité',
      'Prix unitaire',
      'Remise',
      'Total de la ligne',
      'Quantité remboursée',
    ]);
    const rows = rowsOf(answer.text);
    // Newest order first, each order's lines in their order.
    expect(rows.map((r) => [r['Numéro'], r['Produit'], r['Quantité']])).toEqual([
      ['1002', 'Pagne wax', '3'],
      ['1001', '\'=HYPERLINK("http://x")', '2'],
      ['1001', 'Pagne wax', '1'],
    ]);
    expect(rows[1]).toMatchObject({
      Canal: 'Manuel',
      Client: "'@Awa Diop",
      Variante: '',
      SKU: "'+SKU-1",
      'Prix unitaire': '2500',
      Remise: '500',
      'Total de la ligne': '4500',
      'Quantité remboursée': '0',
    });
    expect(rows[2]).toMatchObject({ 'Total de la ligne': '6000', 'Quantité remboursée': '1' });

    // The list's filters apply: the search, and a cashier's own sales only (none here).
    const searched = rowsOf((await api.exportLinesCsv(as(shop), { search: 'Kouassi' })).text);
    expect(searched.map((r) => r['Numéro'])).toEqual(['1002']);
    expect(rowsOf((await api.exportLinesCsv(as(shop, 'cashier'))).text)).toEqual([]);
    const other = await freshShop(bed, 'Boutique Voisine Export');
    expect(
      (await api.exportLinesCsv({ token: other.members.admin.token, shopId: shop.shop.id })).status,
    ).toBe(404);
    expect((await api.exportLinesCsv({ token: undefined, shopId: shop.shop.id })).status).toBe(401);
  });
});
