import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { presetSegment } from '@/features/crm/crm.schemas';
import { saveSegment } from '@/features/crm/server/segments';
import { recordPastCampaign } from '@/features/crm/server/campaigns';
import { saveAutomation } from '@/features/crm/server/automations';
import { AUTOMATIONS } from '@/features/crm/crm.schemas';
import { createDiscount, discountsChanged } from '@/features/discount/server';
import { ZDiscountInput } from '@/features/discount/discount.schemas';
import { saveProgram } from '@/features/loyalty/server/program';
import { DEFAULT_LOYALTY_RULES } from '@/features/loyalty/loyalty.constants';

const DAY = 86_400_000;

/**
 * The demo shop's loyalty programme, switched on before its history is written (seven months ago):
 * its clients' paid orders earn their points as they are placed, so their pages show a balance and
 * its ledger.
 */
export async function seedDemoLoyalty(db: Database, shop: ShopRow, userId: string): Promise<void> {
  await saveProgram(
    db,
    shop,
    userId,
    { ...DEFAULT_LOYALTY_RULES, isEnabled: true },
    new Date(Date.now() - 200 * DAY),
  );
}

/**
 * The demo shop's CRM: two saved segments (its best clients, and the Dakar clients to win back) and
 * a campaign sent three weeks ago to its loyal clients, every message delivered; its birthday,
 * thank-you and ardoise automations switched on (the birthday one with codes of its own discount),
 * the lapsed-client one left off.
 */
export async function seedDemoCrm(db: Database, shop: ShopRow, userId: string): Promise<void> {
  await saveSegment(db, shop, userId, { name: 'Meilleurs clients', definition: presetSegment('meilleurs') });
  await saveSegment(db, shop, userId, {
    name: 'À relancer, sans achat depuis 45 jours',
    definition: {
      match: 'all',
      rules: [
        { field: 'ordersCount', op: 'gte', value: 1 },
        { field: 'lastOrder', op: 'before', days: 45 },
      ],
    },
  });
  await recordPastCampaign(db, shop, {
    name: 'Merci à nos fidèles',
    definition: presetSegment('fideles'),
    template:
      'Bonjour {prénom}, merci pour votre fidélité ! -10 % sur tout chez {boutique} jusqu’à dimanche.',
    sentAt: new Date(Date.now() - 21 * DAY),
  });
  const birthdayGift = await createDiscount(
    db,
    shop.id,
    ZDiscountInput.parse({
      name: 'Cadeau d’anniversaire −15 %',
      kind: 'code',
      code: 'ANNIV15',
      value: { target: 'order', reduction: { type: 'percentage', percentage: 15 } },
      limits: { usesPerClient: 1 },
      combinesWith: { order: false, product: true, delivery: true },
    }),
  );
  await discountsChanged(db, shop.id);
  for (const kind of ['anniversaire', 'merci', 'ardoise'] as const)
    await saveAutomation(db, shop, userId, {
      kind,
      enabled: true,
      template: AUTOMATIONS[kind].template,
      ...(kind === 'anniversaire' ? { discountId: birthdayGift.id } : {}),
    });
}
