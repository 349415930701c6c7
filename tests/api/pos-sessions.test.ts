import { pbkdf2Sync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { catalogueCalls, createOk, simpleProduct } from '../helpers/catalogue';
import { as, sellable } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

const bed = setupApiTestbed();
const pos = posCalls(bed);
const admin = () => as(bed.awa);
const cashier = () => as(bed.awa, 'cashier');

describe('tills', () => {
  it('gives a shop « Caisse 1 » on first look; managers add and rename tills, names unique', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Caisses');
    const list = await pos.tills(as(fixture, 'cashier'));
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { id: expect.any(String), name: 'Caisse 1', isActive: true, openSession: null },
    ]);
    // Asked again: still one.
    expect((await pos.tills(as(fixture))).body.items).toHaveLength(1);

    const second = await pos.createTill(as(fixture, 'supervisor'), 'Caisse terrasse');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ name: 'Caisse terrasse', isActive: true });
    const taken = await pos.createTill(as(fixture), 'caisse TERRASSE');
    expect(taken.status).toBe(422);
    expect(taken.body.error.details).toEqual({ name: 'Une autre caisse porte déjà ce nom.' });
    const blank = await pos.createTill(as(fixture), '  ');
    expect(blank.body.error.details).toEqual({ name: 'Donnez un nom à la caisse.' });
    for (const role of ['cashier', 'seller'] as const)
      expect((await pos.createTill(as(fixture, role), 'Caisse 3')).status).toBe(403);

    const renamed = await pos.updateTill(as(fixture), second.body.id, 'Terrasse', false);
    expect(renamed.body).toMatchObject({ name: 'Terrasse', isActive: false });
    expect((await pos.tills(as(fixture))).body.items.map((t: { name: string }) => t.name)).toEqual([
      'Caisse 1',
      'Terrasse',
    ]);
    // A till of another shop does not exist here.
    expect((await pos.updateTill(as(bed.other), second.body.id, 'X')).status).toBe(404);
  });

  it('refuses to take a till with an open session out of use', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Session Ouverte');
    const tillId = await firstTill(bed, as(fixture));
    await syncOk(bed, as(fixture, 'cashier'), tillId, [ops.open(tillId)]);
    const refused = await pos.updateTill(as(fixture), tillId, 'Caisse 1', false);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Cette caisse a une session ouverte\u00a0: fermez-la avant de désactiver la caisse.',
    );
  });
});

describe('cash sessions', () => {
  it('opens with a float, takes cash in and out, closes on a count by denomination with its Z report', async () => {
    const tillId = await firstTill(bed, admin());
    const open = ops.open(tillId, 20_000);
    const sessionId = open.sessionId;
    await syncOk(bed, cashier(), tillId, [
      open,
      ops.cash(sessionId, 'in', 5_000, 'Fond de caisse complété'),
      ops.cash(sessionId, 'out', 2_000, 'Achat de sacs'),
    ]);
    const tills = (await pos.tills(cashier())).body.items;
    expect(tills[0].openSession).toMatchObject({
      id: sessionId,
      status: 'open',
      openingFloat: 20_000,
      openedBy: { name: expect.stringContaining('') },
    });

    // A second session on the same till is refused, and so is a movement in a session that is not there.
    const [second, stray] = (
      await pos.sync(cashier(), tillId, [ops.open(tillId), ops.cash('no-such-session', 'in', 100)])
    ).body.results;
    expect(second.status).toBe('rejected');
    expect(second.error.message).toBe('La caisse «\u00a0Caisse 1\u00a0» a déjà une session ouverte.');
    expect(stray).toMatchObject({
      status: 'rejected',
      error: { details: { sessionId: 'Cette session de caisse est introuvable sur cette caisse.' } },
    });

    // X report while open.
    const x = await pos.zReport(cashier(), sessionId);
    expect(x.status).toBe(200);
    expect(x.body).toMatchObject({ expectedCash: 23_000, cashIn: 5_000, cashOut: 2_000, countedCash: null });

    // 2 × 10 000 + 1 × 2 000 + 2 × 500 = 23 000 − 500 short.
    const close = ops.close(sessionId, { '10000': 2, '2000': 1, '500': 1 });
    await syncOk(bed, cashier(), tillId, [close]);
    const z = (await pos.zReport(cashier(), sessionId)).body;
    expect(z).toMatchObject({
      currency: 'XOF',
      salesCount: 0,
      cashIn: 5_000,
      cashOut: 2_000,
      expectedCash: 23_000,
      countedCash: 22_500,
      variance: -500,
      denominations: { '10000': 2, '2000': 1, '500': 1 },
      session: {
        status: 'closed',
        tillName: 'Caisse 1',
        expectedCash: 23_000,
        countedCash: 22_500,
        variance: -500,
      },
    });
    expect(z.cashMovements.map((m: { reason: string }) => m.reason)).toEqual([
      'Fond de caisse complété',
      'Achat de sacs',
    ]);
    // Closed: nothing more goes in, and the till can open again.
    const late = (await pos.sync(cashier(), tillId, [ops.cash(sessionId, 'in', 100)])).body.results[0];
    expect(late).toMatchObject({
      status: 'rejected',
      error: { message: 'Cette session de caisse est fermée.' },
    });
    const reopened = ops.open(tillId);
    await syncOk(bed, cashier(), tillId, [reopened, ops.close(reopened.sessionId, {})]);
  });

  it('applies each op once: a resent batch answers the same, a rejected op stays rejected', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Rejeu');
    const tillId = await firstTill(bed, as(fixture));
    const open = ops.open(tillId, 1_000);
    const movement = ops.cash(open.sessionId, 'in', 500);
    const bad = ops.close(open.sessionId, { '7': 3 });
    const first = await pos.sync(as(fixture, 'cashier'), tillId, [open, movement, bad]);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'rejected',
    ]);
    expect(first.body.results[2].error.details).toEqual({
      'denominations.7': '7 n’est pas une coupure en FCFA.',
    });
    const again = await pos.sync(as(fixture, 'cashier'), tillId, [open, movement, bad]);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'rejected',
    ]);
    expect((await pos.zReport(as(fixture), open.sessionId)).body.cashIn).toBe(500);

    // Refused once, refused for good: not applied later even when it could be.
    const early = ops.open(tillId, 0);
    const tooSoon = ops.cash(early.sessionId, 'in', 700);
    const [refused] = (await pos.sync(as(fixture, 'cashier'), tillId, [tooSoon])).body.results;
    expect(refused.status).toBe('rejected');
    await syncOk(bed, as(fixture, 'cashier'), tillId, [ops.close(open.sessionId, {}), early]);
    const [still] = (await pos.sync(as(fixture, 'cashier'), tillId, [tooSoon])).body.results;
    expect(still).toEqual(refused);
    expect((await pos.zReport(as(fixture), early.sessionId)).body.cashIn).toBe(0);
  });

  it('checks every op and refuses bad input by field, changing nothing', async () => {
    const tillId = await firstTill(bed, admin());
    const answer = await pos.sync(cashier(), tillId, [
      { id: 'x', type: 'open_session', at: 'hier', tillId, sessionId: 'short', openingFloat: -5 },
    ]);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.error.details).sort()).toEqual([
      'ops.0.at',
      'ops.0.id',
      'ops.0.openingFloat',
      'ops.0.sessionId',
    ]);
    expect((await pos.sync(cashier(), tillId, [])).status).toBe(422);
    expect((await pos.sync(as(bed.other), tillId, [ops.open(tillId)])).status).toBe(404);
    expect((await pos.sync(as(bed.awa, 'inventory-manager'), tillId, [ops.open(tillId)])).status).toBe(403);
  });

  it('shows a cashier only the sessions they opened, managers all of them', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Sessions');
    const tillId = await firstTill(bed, as(fixture));
    const bySeller = ops.open(tillId);
    await syncOk(bed, as(fixture, 'seller'), tillId, [bySeller, ops.close(bySeller.sessionId, {})]);
    const byCashier = ops.open(tillId);
    await syncOk(bed, as(fixture, 'cashier'), tillId, [byCashier]);
    const mine = (await pos.sessions(as(fixture, 'cashier'))).body.items;
    expect(mine.map((s: { id: string }) => s.id)).toEqual([byCashier.sessionId]);
    const all = (await pos.sessions(as(fixture, 'supervisor'))).body.items;
    expect(all.map((s: { id: string }) => s.id)).toEqual([byCashier.sessionId, bySeller.sessionId]);
    expect((await pos.zReport(as(fixture, 'cashier'), bySeller.sessionId)).status).toBe(404);
    expect((await pos.zReport(as(bed.other), byCashier.sessionId)).status).toBe(404);
  });
});

describe('one expected-cash figure for a session sold in from two tablets', () => {
  it('gives both tablets the session’s figure, and closes on it', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Deux Tablettes');
    const tillId = await firstTill(bed, as(fixture));
    const bissap = await sellable(bed, as(fixture), 'Bissap', 1250, { stock: 50 });
    const open = ops.open(tillId, 10_000);
    const { sessionId } = open;
    const sale = (quantity: number) =>
      ops.sale(sessionId, [{ variantId: bissap.variantId, quantity, unitPrice: 1250 }]);
    // Tablet A (the cashier) opens and sells 3 750 in cash; tablet B (the seller, same till and
    // session) sells 17 500 in cash and takes 500 out: each tablet knows only its own ops.
    await syncOk(bed, as(fixture, 'cashier'), tillId, [open, sale(3)]);
    await syncOk(bed, as(fixture, 'seller'), tillId, [
      sale(8),
      sale(6),
      ops.cash(sessionId, 'out', 500, 'Sachets'),
    ]);
    const expected = 10_000 + 3_750 + 17_500 - 500;
    for (const role of ['cashier', 'seller', 'admin'] as const) {
      const tills = (await pos.tills(as(fixture, role))).body.items;
      expect(tills[0].openSession, role).toMatchObject({ id: sessionId, expectedCash: expected });
    }
    expect((await pos.zReport(as(fixture, 'cashier'), sessionId)).body.expectedCash).toBe(expected);
    const listed = (await pos.sessions(as(fixture))).body.items;
    expect(listed[0]).toMatchObject({ id: sessionId, expectedCash: expected, variance: null });

    // Closed from tablet B on a count: the Z report weighs it against the session's figure.
    await syncOk(bed, as(fixture, 'seller'), tillId, [ops.close(sessionId, { '10000': 3, '500': 1 })]);
    const z = (await pos.zReport(as(fixture), sessionId)).body;
    expect(z).toMatchObject({ expectedCash: expected, countedCash: 30_500, variance: 30_500 - expected });
    expect((await pos.tills(as(fixture))).body.items[0].openSession).toBeNull();
  });
});

describe('manager PIN', () => {
  it('is set by admins and supervisors, and given to tills as salted hashes only', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique PIN');
    expect((await pos.setPin(as(fixture), '4821')).status).toBe(200);
    expect((await pos.setPin(as(fixture, 'supervisor'), '130790')).status).toBe(200);
    for (const role of ['cashier', 'seller'] as const)
      expect((await pos.setPin(as(fixture, role), '1111')).status).toBe(403);
    const bad = await pos.setPin(as(fixture), '12a4');
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual({ pin: 'Le code PIN a 4 à 6 chiffres.' });

    const approvers = (await pos.approvers(as(fixture, 'cashier'))).body.items;
    expect(approvers).toHaveLength(2);
    // No field is the PIN itself (the hex hash and salt may hold these digits by chance).
    for (const approver of approvers as Array<Record<string, unknown>>) {
      expect(Object.keys(approver)).not.toContain('pin');
      for (const value of Object.values(approver)) expect(String(value)).not.toBe('4821');
    }
    const [adminAgent] = await bed.database.db
      .select()
      .from(agents)
      .where(and(eq(agents.shopId, fixture.shop.id), eq(agents.userId, fixture.members.admin.user.id)));
    const admin = approvers.find((a: { agentId: string }) => a.agentId === adminAgent!.id);
    const hash = pbkdf2Sync('4821', Buffer.from(admin.salt, 'hex'), admin.iterations, 32, 'sha256').toString(
      'hex',
    );
    expect(hash).toBe(admin.hash);
  });
});

describe('the till’s copies of the catalogue and the clients', () => {
  it('loads everything by pages, then only what changed, removals included', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Catalogue');
    const a = as(fixture);
    const catalogue = catalogueCalls(bed);
    const made: string[] = [];
    for (const name of ['Bissap', 'Café Touba', 'Thiakry']) {
      const product = await createOk(
        bed,
        a.token!,
        a.shopId,
        simpleProduct(name, 500, { sku: `SKU-${name.slice(0, 3)}`, barcode: `200${made.length}`, stock: 4 }),
      );
      made.push(product._id);
    }
    const page1 = await pos.catalogue(as(fixture, 'cashier'), { limit: 2 });
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((p: { name: string }) => p.name)).toEqual(['Bissap', 'Café Touba']);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.items[0].variants[0]).toMatchObject({
      price: 500,
      sku: 'SKU-Bis',
      barcode: '2000',
      stock: 4,
    });
    const page2 = await pos.catalogue(as(fixture, 'cashier'), { limit: 2, since: page1.body.cursor });
    expect(page2.body.items.map((p: { name: string }) => p.name)).toEqual(['Thiakry']);
    expect(page2.body.hasMore).toBe(false);

    // Later: one archived, one deleted; the next look from the cursor brings both as removed.
    await catalogue.bulk(a.token!, a.shopId, [made[0]!], { action: 'status', status: 'archived' });
    await catalogue.bulk(a.token!, a.shopId, [made[2]!], { action: 'delete' });
    const delta = await pos.catalogue(as(fixture, 'cashier'), { since: page2.body.cursor });
    const removed = delta.body.items
      .filter((p: { isRemoved: boolean }) => p.isRemoved)
      .map((p: { id: string }) => p.id);
    expect(removed.sort()).toEqual([made[0], made[2]].sort());

    const badCursor = await pos.catalogue(as(fixture, 'cashier'), { since: 'hier' });
    expect(badCursor.status).toBe(422);
    expect(badCursor.body.error.details).toEqual({ since: 'Curseur de synchronisation invalide.' });
    expect((await pos.catalogue(as(fixture, 'inventory-manager'))).status).toBe(403);
  });

  it('creates clients from the till (a known phone is the same client) and lists them by changes', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Clients Caisse');
    const tillId = await firstTill(bed, as(fixture));
    const [first, again] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      ops.client('Khady Sow', '77 123 45 67'),
      ops.client('Khady S.', '+221771234567'),
    ]);
    expect(again.clientId).toBe(first.clientId);
    const bad = (await pos.sync(as(fixture, 'cashier'), tillId, [ops.client('Moussa', '12')])).body
      .results[0];
    expect(bad).toMatchObject({
      status: 'rejected',
      error: { details: { 'client.phone': 'Numéro de téléphone invalide.' } },
    });
    const list = await pos.clients(as(fixture, 'cashier'));
    expect(list.body.items).toEqual([{ id: first.clientId, name: 'Khady Sow', phone: '+221771234567' }]);
    expect((await pos.clients(as(fixture, 'cashier'), { since: list.body.cursor })).body.items).toHaveLength(
      1,
    );
  });
});
