import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture } from '../helpers/fixtures';
import { noisePng, pngImage, withEnv } from '../helpers/uploads';
import { shops } from '@/server/db/schema';

const bed = setupApiTestbed();
const NBSP = '\u00a0';
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

async function joinedSocket(token: string, shopId: string): Promise<Socket> {
  const socket = connect(bed.server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('joinShop', { shopId }, resolve));
  expect(ack).toEqual({ ok: true });
  return socket;
}

async function shopRow(id: string) {
  const [row] = await bed.database.db.select().from(shops).where(eq(shops.id, id));
  return row!;
}

const update = (token: string | undefined, body: Record<string, unknown>) =>
  bed.server.call('POST', '/api/shop/updateShop', { token, body });

describe('POST /api/shop/updateShop', () => {
  it('saves the address and phone printed on invoices; a bad phone is a French 422 and saves nothing', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Adresse');
    const base = {
      shopId: team.shop.id,
      name: 'Boutique Adresse',
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
      country: 'SN',
    };
    const saved = await update(team.members.admin.token, {
      ...base,
      address: '  12, rue Carnot, Dakar  ',
      phone: '33 821 00 00',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ address: '12, rue Carnot, Dakar', phone: '+221338210000' });

    const refused = await update(team.members.admin.token, { ...base, address: 'Ailleurs', phone: '12' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual({ phone: 'Le numéro de téléphone n’est pas valide.' });
    expect(refused.body.error.message).toBe(`Téléphone${NBSP}: le numéro de téléphone n’est pas valide.`);
    expect(await shopRow(team.shop.id)).toMatchObject({
      address: '12, rue Carnot, Dakar',
      phone: '+221338210000',
    });

    // The till's thank-you line: « Merci de votre visite ! » until changed, kept when not sent.
    expect(saved.body.receiptFooter).toBe('Merci de votre visite !');
    const footer = await update(team.members.admin.token, {
      ...base,
      receiptFooter: ' À bientôt chez nous ! ',
    });
    expect(footer.body.receiptFooter).toBe('À bientôt chez nous !');
    expect((await update(team.members.admin.token, base)).body.receiptFooter).toBe('À bientôt chez nous !');
    const tooLong = await update(team.members.admin.token, { ...base, receiptFooter: 'x'.repeat(121) });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.error.details)).toEqual(['receiptFooter']);
  });

  it('saves the legal identifiers (NINEA, RCCM…) bounded and checked, kept when not sent, cleared when empty', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Légale');
    const base = {
      shopId: team.shop.id,
      name: 'Boutique Légale',
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
      country: 'SN',
    };
    const fresh = await update(team.members.admin.token, base);
    expect(fresh.body).toMatchObject({ taxId: '', tradeRegister: '' });
    const saved = await update(team.members.admin.token, {
      ...base,
      taxId: '  0012345   2G3 ',
      tradeRegister: 'SN-DKR-2019-B-1234',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ taxId: '0012345 2G3', tradeRegister: 'SN-DKR-2019-B-1234' });
    expect((await update(team.members.admin.token, base)).body.taxId).toBe('0012345 2G3');

    const refused = await update(team.members.admin.token, {
      ...base,
      taxId: '=HYPERLINK("x")',
      tradeRegister: 'R'.repeat(41),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual({
      taxId: 'Lettres, chiffres, espaces, points, tirets et barres obliques seulement.',
      tradeRegister: '40 caractères au plus.',
    });
    expect(await shopRow(team.shop.id)).toMatchObject({ taxId: '0012345 2G3' });
    const cleared = await update(team.members.admin.token, { ...base, taxId: '', tradeRegister: '' });
    expect(cleared.body).toMatchObject({ taxId: '', tradeRegister: '' });
    expect((await update(team.members.supervisor.token, { ...base, taxId: 'X1' })).status).toBe(403);
  });

  it('saves name, currency, time zone and country, visible in getShop, and tells the shop room', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Réglages');
    const socket = await joinedSocket(team.members.cashier.token, team.shop.id);
    const announced = new Promise((resolve) => socket.once('shopUpdated', resolve));

    const { status, body } = await update(team.members.admin.token, {
      shopId: team.shop.id,
      name: '  Awa Couture Douala  ',
      currency: 'XAF',
      timeZone: 'Africa/Douala',
      country: 'CM',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: team.shop.id,
      name: 'Awa Couture Douala',
      currency: 'XAF',
      timeZone: 'Africa/Douala',
      country: 'CM',
      // The public link does not move with the name.
      slug: 'boutique-reglages',
    });
    expect(await announced).toEqual({ shopId: team.shop.id });

    const seen = await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
      token: team.members.seller.token,
    });
    expect(seen.body).toMatchObject({
      name: 'Awa Couture Douala',
      currency: 'XAF',
      timeZone: 'Africa/Douala',
      country: 'CM',
      slug: 'boutique-reglages',
    });
    expect(seen.body.planQuotas.currentNumberOfAuthorizedAgents).toBe(5);
    // Invitations now read local numbers as Cameroonian ones.
    const invited = await bed.server.call('POST', '/api/agent/inviteAgent', {
      token: team.members.admin.token,
      body: { shopId: team.shop.id, phone: '6 71 23 45 67', role: 'seller' },
    });
    expect(invited.status).toBe(200);
    expect(invited.body.phone).toBe('+237671234567');
  });

  it('refuses a bad time zone, an unknown country, a short name and a bad currency, naming the field', async () => {
    const token = bed.awa.members.admin.token;
    const valid = {
      shopId: bed.awa.shop.id,
      name: 'Awa',
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
      country: 'SN',
    };
    const cases: Array<[Record<string, unknown>, Record<string, string>, string]> = [
      [
        { timeZone: 'Mars/Olympus_Mons' },
        { timeZone: 'Ce fuseau horaire n’existe pas.' },
        `Fuseau horaire${NBSP}: ce fuseau horaire n’existe pas.`,
      ],
      [
        { country: 'US' },
        { country: 'Ce pays n’est pas proposé.' },
        `Pays${NBSP}: ce pays n’est pas proposé.`,
      ],
      [{ country: 'Sénégal' }, { country: 'Au plus 2 caractères.' }, `Pays${NBSP}: au plus 2 caractères.`],
      [{ name: ' A ' }, { name: 'Au moins 2 caractères.' }, `Nom${NBSP}: au moins 2 caractères.`],
      [{ name: undefined }, { name: 'Ce champ est obligatoire.' }, `Nom${NBSP}: ce champ est obligatoire.`],
      [
        { currency: 'BTC' },
        { currency: 'Cette valeur n’est pas autorisée.' },
        `Devise${NBSP}: cette valeur n’est pas autorisée.`,
      ],
    ];
    for (const [change, details, message] of cases) {
      const { status, body } = await update(token, { ...valid, ...change });
      expect(status, JSON.stringify(change)).toBe(422);
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.details).toEqual(details);
      expect(body.error.message).toBe(message);
    }
    expect(await shopRow(bed.awa.shop.id)).toMatchObject({
      name: 'Boutique Awa',
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
      country: 'SN',
    });
  });

  it('is for the admin only: 403 for every other role, 404 for another shop, 401 without token, 403 when blocked', async () => {
    const body = {
      shopId: bed.awa.shop.id,
      name: 'Piratée',
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      country: 'FR',
    };
    for (const role of ['supervisor', 'seller', 'cashier', 'inventory-manager'] as const) {
      const answer = await update(bed.awa.members[role].token, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    expect((await update(bed.other.members.admin.token, body)).status).toBe(404);
    expect((await update(undefined, body)).status).toBe(401);
    expect((await shopRow(bed.awa.shop.id)).name).toBe('Boutique Awa');

    const blocked = await createShopFixture(bed.database.db, 'Réglages Bloqués');
    await blockShop(bed.database.db, blocked.shop.id);
    const refused = await update(blocked.members.admin.token, { ...body, shopId: blocked.shop.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SHOP_BLOCKED');
    expect((await shopRow(blocked.shop.id)).name).toBe('Réglages Bloqués');
  });
});

describe('POST /api/shop/uploadLogo', () => {
  const upload = (token: string | undefined, shopId: string, data: Buffer) =>
    bed.server.call('POST', `/api/shop/uploadLogo?shopId=${shopId}`, {
      token,
      rawBody: data,
      headers: { 'content-type': 'image/png' },
    });

  it('stores the logo as WebP, at most 512 px and never enlarged, served with an immutable cache', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Logo');
    const socket = await joinedSocket(team.members.seller.token, team.shop.id);
    const announced = new Promise((resolve) => socket.once('shopUpdated', resolve));
    const { status, body } = await upload(team.members.admin.token, team.shop.id, await pngImage(1024, 256));
    expect(status).toBe(200);
    expect(body._id).toBe(team.shop.id);
    expect(body.logoUrl).toMatch(/^\/uploads\/logos\/[A-Za-z0-9_-]+\.webp$/);
    expect((await shopRow(team.shop.id)).logoUrl).toBe(body.logoUrl);
    expect(await announced).toEqual({ shopId: team.shop.id });

    const served = await fetch(`${bed.server.url}${body.logoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const image = Buffer.from(await served.arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 512, height: 128 });

    const small = await upload(team.members.admin.token, team.shop.id, await pngImage(120, 80));
    expect(small.status).toBe(200);
    const smallImage = Buffer.from(
      await (await fetch(`${bed.server.url}${small.body.logoUrl}`)).arrayBuffer(),
    );
    expect(await sharp(smallImage).metadata()).toMatchObject({ format: 'webp', width: 120, height: 80 });
    const seen = await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
      token: team.members.cashier.token,
    });
    expect(seen.body.logoUrl).toBe(small.body.logoUrl);
  });

  it('refuses what is not an image, and a file over UPLOAD_MAX_BYTES, with 422 on logo', async () => {
    const team = await createShopFixture(bed.database.db, 'Logo Refusé');
    for (const data of [Buffer.from('%PDF-1.4 pas une image'), randomBytes(2048)]) {
      const { status, body } = await upload(team.members.admin.token, team.shop.id, data);
      expect(status).toBe(422);
      expect(body.error.details).toEqual({ logo: 'Le fichier doit être une image JPEG, PNG ou WebP.' });
      expect(body.error.message).toBe(`Logo${NBSP}: le fichier doit être une image JPEG, PNG ou WebP.`);
    }
    const big = await noisePng(512, 512);
    await withEnv({ UPLOAD_MAX_BYTES: String(512 * 1024) }, async () => {
      const { status, body } = await upload(team.members.admin.token, team.shop.id, big);
      expect(status).toBe(422);
      expect(body.error.details).toEqual({ logo: 'Le fichier dépasse la taille maximale de 0,5 Mo.' });
    });
    expect((await shopRow(team.shop.id)).logoUrl).toBeNull();
  });

  it('is for the admin only, of their own, unblocked shop', async () => {
    const png = await pngImage(64, 64);
    for (const role of ['supervisor', 'seller', 'cashier', 'inventory-manager'] as const) {
      const answer = await upload(bed.awa.members[role].token, bed.awa.shop.id, png);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    expect((await upload(bed.other.members.admin.token, bed.awa.shop.id, png)).status).toBe(404);
    expect((await upload(undefined, bed.awa.shop.id, png)).status).toBe(401);
    expect((await shopRow(bed.awa.shop.id)).logoUrl).toBeNull();
    const blocked = await createShopFixture(bed.database.db, 'Logo Bloqué');
    await blockShop(bed.database.db, blocked.shop.id);
    expect((await upload(blocked.members.admin.token, blocked.shop.id, png)).body.error.code).toBe(
      'SHOP_BLOCKED',
    );
  });
});
