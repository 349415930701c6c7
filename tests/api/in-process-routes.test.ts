import { describe, expect, it } from 'vitest';
import { readRouteInProcess } from '@/server/http/in-process';
import { getInfoRoute } from '@/features/user/server/user.routes';
import { getShopRoute } from '@/features/shop/server/shop.routes';
import { getOneAgentRoute } from '@/features/agent/server/agent.routes';
import { setupApiTestbed } from '../helpers/api-testbed';
import { SignedInBrowser } from '../helpers/signed-in-browser';
import { createShopFixture } from '../helpers/fixtures';

const bed = setupApiTestbed();

// The shell of a page drawn on the server (shellPageProps) is read through these routes inside
// the process: it must be the very answer the browser would get over HTTP, refusals included.
describe('a route read in-process (the shell of a page drawn on the server)', () => {
  const routes = [
    [getInfoRoute, '/api/user/getInfo'],
    [getShopRoute, '/api/shop/getShop'],
    [getOneAgentRoute, '/api/agent/getOneAgent'],
  ] as const;

  it('answers as the same call over HTTP with the browser’s cookie, for each shop named', async () => {
    const browser = await SignedInBrowser.signIn(bed.server, bed.awa.members.seller.user.phone);
    const other = await createShopFixture(bed.database.db, 'Boutique Voisine');
    for (const [route, path] of routes)
      for (const query of ['', `?shopId=${bed.awa.shop.id}`, `?shopId=${other.shop.id}`]) {
        const url = `${path}${query}`;
        const overHttp = await bed.server.call('GET', url, { headers: { cookie: browser.cookie } });
        const inProcess = await readRouteInProcess(route, { url, cookie: browser.cookie });
        expect(inProcess, url).toEqual({ status: overHttp.status, body: overHttp.body });
      }
    // A shop the seller is no member of: refused the same way (404), whichever way it is asked.
    const outsider = await readRouteInProcess(getShopRoute, {
      url: `/api/shop/getShop?shopId=${other.shop.id}`,
      cookie: browser.cookie,
    });
    expect(outsider.status).toBe(404);
    const own = await readRouteInProcess(getOneAgentRoute, {
      url: '/api/agent/getOneAgent',
      cookie: browser.cookie,
    });
    expect(own).toMatchObject({ status: 200, body: { role: 'seller' } });
  });

  it('refuses a caller without a sign-in, as over HTTP', async () => {
    const answer = await readRouteInProcess(getInfoRoute, { url: '/api/user/getInfo', cookie: undefined });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual((await bed.server.call('GET', '/api/user/getInfo')).body);
  });
});
