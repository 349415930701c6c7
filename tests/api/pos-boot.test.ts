import { describe, expect, it } from 'vitest';
import { loyaltyPrograms } from '@/server/db/schema/loyalty';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture, createUser } from '../helpers/fixtures';
import { SignedInBrowser } from '../helpers/signed-in-browser';
import { as } from '../helpers/orders';
import { ops, posCalls, syncOk } from '../helpers/pos';

const bed = setupApiTestbed();
const pos = posCalls(bed);

const boot = (token: string | undefined, shopId?: string) =>
  bed.server.call('GET', `/api/pos/boot${shopId ? `?shopId=${shopId}` : ''}`, { token });

// The till's first screen waits on this one answer (issue 20): it must say all the separate
// reads said (user, shop, agent, loyalty, tills), and refuse what they refused.
describe('GET /api/pos/boot', () => {
  it('answers the cashier, the shop, their role, the loyalty rules and the tills with their open session', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Démarrage');
    await bed.database.db.insert(loyaltyPrograms).values({
      shopId: fixture.shop.id,
      isEnabled: true,
      pointsPerThousand: 10,
      pointValue: 5,
      minRedeem: 100,
      expiryMonths: 12,
    });
    const cashier = as(fixture, 'cashier');
    const tillId = (await pos.tills(cashier)).body.items[0].id as string;
    const open = ops.open(tillId, 15_000);
    await syncOk(bed, cashier, tillId, [open]);

    const answer = await boot(cashier.token, fixture.shop.id);
    expect(answer.status).toBe(200);
    const user = fixture.members.cashier.user;
    expect(answer.body).toEqual({
      user: { id: user.id, phone: user.phone, firstName: user.firstName, lastName: user.lastName },
      shop: {
        id: fixture.shop.id,
        name: 'Boutique Démarrage',
        logoUrl: null,
        currency: 'XOF',
        timeZone: fixture.shop.timeZone,
        country: 'SN',
        address: fixture.shop.address,
        phone: fixture.shop.phone,
        receiptFooter: fixture.shop.receiptFooter,
        taxId: '',
        tradeRegister: '',
        isBlocked: false,
      },
      agent: { id: expect.any(String), firstName: 'cashier', lastName: 'Agent', role: 'cashier' },
      loyalty: { pointsPerThousand: 10, pointValue: 5, minRedeem: 100, expiryMonths: 12 },
      // The same tills as the tills' own route.
      tills: (await pos.tills(cashier)).body.items,
    });
    expect(answer.body.tills[0].openSession).toMatchObject({ id: open.sessionId, openingFloat: 15_000 });
  });

  it('takes the caller’s first shop without `shopId`, and the loyalty programme off as null', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Première');
    const answer = await boot(fixture.members.seller.token);
    expect(answer.status).toBe(200);
    expect(answer.body.shop.id).toBe(fixture.shop.id);
    expect(answer.body.agent.role).toBe('seller');
    expect(answer.body.loyalty).toBeNull();
    // A shop that never had a till gets « Caisse 1 », as from the tills' route.
    expect(answer.body.tills).toEqual([
      { id: expect.any(String), name: 'Caisse 1', isActive: true, openSession: null },
    ]);
  });

  it('answers the same with the sign-in cookie as with the token (the till asks it before it has the token)', async () => {
    const browser = await SignedInBrowser.signIn(bed.server, bed.awa.members.cashier.user.phone);
    const withCookie = await bed.server.call('GET', `/api/pos/boot?shopId=${bed.awa.shop.id}`, {
      headers: { cookie: browser.cookie },
    });
    expect(withCookie.status).toBe(200);
    expect(withCookie.body).toEqual((await boot(bed.awa.members.cashier.token, bed.awa.shop.id)).body);
  });

  it('gives no tills to a role that does not sell at the till, nor in a blocked shop, but says who and where', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Rôles');
    const stock = await boot(fixture.members['inventory-manager'].token, fixture.shop.id);
    expect(stock.status).toBe(200);
    expect(stock.body).toMatchObject({ agent: { role: 'inventory-manager' }, tills: null });
    expect(stock.body.shop.id).toBe(fixture.shop.id);

    await blockShop(bed.database.db, fixture.shop.id);
    const blocked = await boot(fixture.members.cashier.token, fixture.shop.id);
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ shop: { isBlocked: true }, tills: null });
  });

  it('refuses a shop the caller is not in (as getShop does, an id that is none too), and a caller not signed in', async () => {
    const other = await createShopFixture(bed.database.db, 'Boutique Fermée');
    for (const shopId of [other.shop.id, 'pas-un-id']) {
      const refused = await boot(bed.awa.members.cashier.token, shopId);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe(
        (
          await bed.server.call('GET', `/api/shop/getShop?shopId=${shopId}`, {
            token: bed.awa.members.cashier.token,
          })
        ).body.error.message,
      );
    }
    expect((await boot(undefined, bed.awa.shop.id)).status).toBe(401);
  });

  it('says who is asking, with no shop nor tills, to a user without a shop', async () => {
    const loner = await createUser(bed.database.db, 'Seule');
    const answer = await boot(loner.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      user: { id: loner.user.id },
      shop: null,
      agent: null,
      loyalty: null,
      tills: null,
    });
  });
});
