import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { clients } from '@/server/db/schema/customer';
import { crmCampaigns } from '@/server/db/schema/crm';
import { discountCodes, shops } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { smsSentThisMonth } from '@/server/sms/sms-log';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, line, orderCalls, plain, sellable, type Actor } from '../helpers/orders';

/*
 * {code} in an SMS campaign (issue CRM): each recipient gets a single-use code of their own, drawn
 * from a code discount that can still be used, in the campaign's own transaction; the campaign
 * says how many of its codes were used on an order. Without a usable discount nothing is written.
 */

const bed = setupApiTestbed();
const orders = orderCalls(bed);
const EVERYONE = { match: 'all', rules: [{ field: 'totalSpent', op: 'gte', value: 0 }] };
const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const get = (a: Actor, path: string, query: Record<string, string> = {}) =>
  bed.server.call('GET', `/api/${path}?${new URLSearchParams({ shopId: a.shopId, ...query })}`, {
    token: a.token,
  });

let phoneSeq = 0;
async function starterShopWithClients(name: string, count: number) {
  const fixture = await createShopFixture(bed.database.db, name);
  await bed.database.db
    .update(shops)
    .set({ subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(shops.id, fixture.shop.id));
  await bed.database.db.insert(clients).values(
    Array.from({ length: count }, (_, i) => ({
      id: newId(),
      shopId: fixture.shop.id,
      name: `Cliente ${i}`,
      phone: `+22178${String(2_000_000 + phoneSeq++).padStart(7, '0')}`,
      searchText: '',
      consentSmsAt: new Date(),
      consentSmsSource: 'till',
    })),
  );
  return { fixture, a: as(fixture) };
}

async function discount(a: Actor, body: Record<string, unknown>): Promise<string> {
  const answer = await post(a, 'discount/create', {
    value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
    combinesWith: { order: false, product: true, delivery: true },
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id;
}

const campaign = (a: Actor, extra: Record<string, unknown>) =>
  post(a, 'crm/startCampaign', {
    name: 'Fidélité',
    definition: EVERYONE,
    template: 'Merci {prénom} ! -10 % avec le code {code}',
    ...extra,
  });

describe('{code} in an SMS campaign', () => {
  it('gives each recipient a single-use code of their own, and counts those used on an order', async () => {
    const { fixture, a } = await starterShopWithClients('Boutique Codes', 3);
    const discountId = await discount(a, { name: 'Merci 10 %', kind: 'code', code: 'MERCI10' });
    const offered = await get(a, 'crm/campaignDiscounts');
    expect(offered.body.items).toEqual([{ id: discountId, name: 'Merci 10 %', endsAt: null }]);

    const started = await campaign(a, { discountId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const detail = await get(a, 'crm/campaign', { campaignId: started.body.campaignId });
    const codes = detail.body.messages.map((m: { discountCode: string }) => m.discountCode);
    expect(new Set(codes).size).toBe(3);
    for (const m of detail.body.messages as Array<{ body: string; discountCode: string }>) {
      expect(m.discountCode).toMatch(/^[A-Z0-9]{8}$/);
      expect(m.body).toContain(`avec le code ${m.discountCode}\n`);
    }
    expect(detail.body.codes).toEqual({ discountId, discountName: 'Merci 10 %', issued: 3, used: 0 });

    // A code is the discount's own, single use: one order takes it, the next is refused.
    const bissap = await sellable(bed, a, 'Bissap', 1000, { stock: 10 });
    const first = await orders.create(a, { lines: [line(bissap.variantId, 1)], discountCodes: [codes[0]] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.total).toBe(900);
    const again = await orders.create(a, { lines: [line(bissap.variantId, 1)], discountCodes: [codes[0]] });
    expect(again.status).toBe(422);
    const after = await get(a, 'crm/campaign', { campaignId: started.body.campaignId });
    expect(after.body.codes).toMatchObject({ issued: 3, used: 1 });
    await vi.waitFor(async () => expect(await smsSentThisMonth(bed.database.db, fixture.shop)).toBe(3));
  });

  it('refuses {code} without a usable code discount, naming the field, and writes nothing', async () => {
    const { fixture, a } = await starterShopWithClients('Boutique Sans Code', 2);
    const automatic = await discount(a, { name: 'Auto', kind: 'automatic' });
    const ended = await discount(a, {
      name: 'Finie',
      kind: 'code',
      code: 'FINIE',
      startsAt: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const disabled = await discount(a, { name: 'Éteinte', kind: 'code', code: 'ETEINTE' });
    expect((await post(a, 'discount/setEnabled', { id: disabled, enabled: false })).status).toBe(200);
    expect((await get(a, 'crm/campaignDiscounts')).body.items).toEqual([]);

    const refused = async (extra: Record<string, unknown>) => {
      const answer = await campaign(a, extra);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return plain(answer.body.error.details.discountId);
    };
    expect(await refused({})).toBe('Choisissez la réduction dont chaque client recevra un code ({code}).');
    for (const id of [automatic, ended, disabled, newId()])
      expect(await refused({ discountId: id })).toBe(
        'Choisissez une réduction par code active (ni désactivée, ni archivée, ni terminée).',
      );
    expect(
      await bed.database.db.select().from(crmCampaigns).where(eq(crmCampaigns.shopId, fixture.shop.id)),
    ).toEqual([]);
    const generated = await bed.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.shopId, fixture.shop.id));
    expect(generated.filter((c) => c.generated)).toEqual([]);
    expect(await smsSentThisMonth(bed.database.db, fixture.shop)).toBe(0);
  });

  it('previews and tests {code} with sample codes of the real length, issued to nobody', async () => {
    const { fixture, a } = await starterShopWithClients('Boutique Aperçu Codes', 2);
    const preview = await post(a, 'crm/previewCampaign', {
      definition: EVERYONE,
      template: 'Votre code : {code}',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    for (const sample of preview.body.samples as Array<{ text: string }>)
      expect(sample.text).toMatch(/^Votre code : [A-Z0-9]{8}\n/);
    const test = await post(a, 'crm/sendTestSms', { template: 'Votre code : {code}' });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body.text).toMatch(/^Votre code : [A-Z0-9]{8}\n/);
    const generated = await bed.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.shopId, fixture.shop.id));
    expect(generated).toEqual([]);
  });
});
