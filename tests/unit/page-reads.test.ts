import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/client/store';
import { api } from '@/client/api/api';
import '@/features/order/client/order.api';
import '@/features/home/client/home.api';
import '@/features/shop/client/shop.api';
import '@/features/agent/client/team.api';
import '@/features/product/client/product.api';
import '@/features/notification/client/notification.api';
import { shellReads, urlOf, type PageRead, type PageReads } from '@/features/shop/server/shell-page';
import { homePageReads } from '@/features/home/server/home-page';
import { ordersPageReads } from '@/features/order/server/orders-page';
import { productsPageReads } from '@/features/product/server/products-page';

// The browser's requests, caught at `fetch` (the suite's files share their modules, so the HTTP
// client cannot be mocked here once another file has loaded it).
const asked: string[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response('null', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterAll(() => vi.unstubAllGlobals());

/** A URL's path and its parameters in one order, to compare two ways of writing it. */
function normalised(url: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/** The request the browser's store makes for the read's endpoint and argument. */
async function browserRequest(read: PageRead): Promise<string> {
  const store = makeStore();
  const endpoint = (api.endpoints as Record<string, { initiate: (arg: unknown) => unknown }>)[
    read.endpointName
  ];
  expect(endpoint, read.endpointName).toBeDefined();
  asked.length = 0;
  await (store.dispatch(endpoint!.initiate(read.arg) as never) as unknown as Promise<unknown>);
  expect(asked).toHaveLength(1);
  return normalised(asked[0]!);
}

const PAGES: Array<[string, PageReads, number]> = [
  ['Le bandeau (la cloche)', ({ shopId, role }) => shellReads(shopId, role), 1],
  ['Accueil', homePageReads, 3],
  ['Commandes', ordersPageReads, 4],
  ['Mes produits', productsPageReads, 2],
];

// A page's reads on the server are put in the store under an endpoint and an argument: a read whose
// request differs from the one the screen makes would be seeded under a key nobody asks for, or
// answer another question.
describe('the reads a page is drawn with', () => {
  for (const [page, reads, count] of PAGES)
    for (const isPhone of [false, true])
      it(`${page}${isPhone ? ', on a phone' : ''}: the server asks what the browser would, under the screen's endpoint and argument`, async () => {
        const list = reads({ shopId: 'shop1', role: 'admin', query: {}, isPhone });
        expect(list).toHaveLength(count);
        for (const read of list)
          expect(normalised(urlOf(read.route, read.params ?? read.arg)), read.endpointName).toBe(
            await browserRequest(read),
          );
      });

  it('gives a phone a first page of 25 orders, the list’s own 50 elsewhere, as the screen asks it', async () => {
    const first = (isPhone: boolean) =>
      ordersPageReads({ shopId: 'shop1', role: 'admin', query: {}, isPhone }).find(
        (read) => read.endpointName === 'listOrders',
      )!;
    expect(first(true).arg).toEqual({ shopId: 'shop1', filters: {}, limit: 25 });
    expect(await browserRequest(first(true))).toContain('limit=25');
    expect(first(false).arg).toEqual({ shopId: 'shop1', filters: {} });
    expect(await browserRequest(first(false))).not.toContain('limit=');
  });

  it('leaves a filtered list, a role without the right and a cashier’s Accueil to the browser', () => {
    expect(ordersPageReads({ shopId: 's', role: 'admin', query: { vue: 'unpaid' }, isPhone: false })).toEqual(
      [],
    );
    expect(
      productsPageReads({ shopId: 's', role: 'admin', query: { shopId: 's', stock: 'low' }, isPhone: false }),
    ).toEqual([]);
    expect(productsPageReads({ shopId: 's', role: 'cashier', query: {}, isPhone: false })).toEqual([]);
    expect(homePageReads({ shopId: 's', role: 'cashier', query: {}, isPhone: false })).toEqual([]);
    expect(
      ordersPageReads({ shopId: 's', role: 'seller', query: { shopId: 's' }, isPhone: false }).map(
        (r) => r.endpointName,
      ),
    ).toEqual(['listOrders', 'countOrders', 'listOrderViews']);
  });
});
