import type { GetServerSidePropsContext } from 'next';
import { describe, expect, it } from 'vitest';
import { tillPageProps, type TillPageProps } from '@/features/pos/server/till-page';
import { setupApiTestbed } from '../helpers/api-testbed';
import { SignedInBrowser } from '../helpers/signed-in-browser';
import { createShopFixture } from '../helpers/fixtures';
import { KEPT_COPY_HEADER, chosenTillCookie } from '@/features/pos/till-device';

const bed = setupApiTestbed();

/** /point-de-vente asked by a browser with `cookie`, as Next hands the request to the page. */
async function drawTill(
  cookie: string | undefined,
  query: Record<string, string | undefined> = {},
  headers = {},
) {
  const cookies = Object.fromEntries(
    (cookie ?? '')
      .split('; ')
      .filter(Boolean)
      // As Next parses them for the page: values decoded.
      .map((pair) => [
        pair.slice(0, pair.indexOf('=')),
        decodeURIComponent(pair.slice(pair.indexOf('=') + 1)),
      ]),
  );
  const sent: Record<string, unknown> = {};
  const ctx = {
    req: {
      method: 'GET',
      url: '/point-de-vente',
      headers: { host: 'localhost', ...(cookie ? { cookie } : {}), ...headers },
      cookies,
    },
    res: {
      getHeader: (name: string) => sent[name.toLowerCase()],
      setHeader: (name: string, value: unknown) => {
        sent[name.toLowerCase()] = value;
      },
    },
    query,
  } as unknown as GetServerSidePropsContext;
  const result = await tillPageProps(ctx);
  if (!('props' in result)) throw new Error('the till page answers props');
  return (await result.props) as TillPageProps;
}

// The till's page comes with what it opens on (issue 20: « render what the page needs on the
// server, or in one request »): the tablet asks nothing more before its first screen.
describe('/point-de-vente drawn on the server', () => {
  it('brings the session with its API token and the very answer of GET /api/pos/boot', async () => {
    const cashier = bed.awa.members.cashier.user;
    const browser = await SignedInBrowser.signIn(bed.server, cashier.phone);
    const before = Date.now();
    for (const query of [{}, { shopId: bed.awa.shop.id }] as Array<{ shopId?: string }>) {
      const props = await drawTill(browser.cookie, query);
      const boot = props.tillBoot!;
      const overHttp = await bed.server.call(
        'GET',
        `/api/pos/boot${query.shopId ? `?shopId=${query.shopId}` : ''}`,
        { headers: { cookie: browser.cookie } },
      );
      expect(overHttp.status).toBe(200);
      expect(boot.answer).toEqual(overHttp.body);
      expect(boot.answer.shop?.id).toBe(bed.awa.shop.id);
      expect(boot.shopId).toBe(query.shopId ?? null);
      expect(boot.session.user?.id).toBe(cashier.id);
      // The token works: the till's own client calls the API with it.
      const tills = await bed.server.call('GET', `/api/pos/tills?shopId=${bed.awa.shop.id}`, {
        token: boot.session.accessToken,
      });
      expect(tills.status).toBe(200);
      // A tablet that has chosen no till gets the choice drawn in the page.
      expect(boot.hasChosenTill).toBe(false);
      expect(boot.servedAt).toBeGreaterThanOrEqual(before);
      expect(boot.servedAt).toBeLessThanOrEqual(Date.now());
    }
  });

  it('says whether this tablet has chosen a till of that shop (its cookie)', async () => {
    const browser = await SignedInBrowser.signIn(bed.server, bed.awa.members.cashier.user.phone);
    const other = await createShopFixture(bed.database.db, 'Boutique Voisine');
    const chosenHere = `${browser.cookie}; ${chosenTillCookie(bed.awa.shop.id)}=01till`;
    expect((await drawTill(chosenHere)).tillBoot?.hasChosenTill).toBe(true);
    const chosenElsewhere = `${browser.cookie}; ${chosenTillCookie(other.shop.id)}=01till`;
    expect((await drawTill(chosenElsewhere)).tillBoot?.hasChosenTill).toBe(false);
  });

  it('brings nothing the till would have been refused, nor to a visitor signed out', async () => {
    const browser = await SignedInBrowser.signIn(bed.server, bed.awa.members.cashier.user.phone);
    const stranger = await createShopFixture(bed.database.db, 'Boutique Étrangère');
    // Not a member there: the till asks itself and shows « Boutique introuvable », as before.
    expect(await drawTill(browser.cookie, { shopId: stranger.shop.id })).toEqual({});
    expect(await drawTill(browser.cookie, { shopId: 'pas-un-id' })).toEqual({});
    expect(await drawTill(undefined)).toEqual({});
    // The JSON Next asks for on a page reached inside the app: the till asks for itself.
    expect(await drawTill(browser.cookie, {}, { 'x-nextjs-data': '1' })).toEqual({});
    // The copy the till's service worker keeps for offline days: the till boots from the tablet's.
    expect(await drawTill(browser.cookie, {}, { [KEPT_COPY_HEADER]: '1' })).toEqual({});
  });
});
