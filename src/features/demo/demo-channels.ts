import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { findChannelListings, saveChannelListing } from '@/features/product/server/channel-listings';
import { updateChannelSettings } from '@/features/channel/server/settings';
import type { ListingChannel } from '@/features/product/product.constants';

/**
 * The demo shop's sales channels: its WhatsApp number and brand, a WhatsApp-only promotion on the
 * bissap, a site-only price on the karité butter, the coffee kept out of the Meta and Google
 * catalogues and the sandals sold online only (not at the till).
 */
export async function seedDemoChannels(db: Database, shop: ShopRow): Promise<void> {
  await updateChannelSettings(db, shop, { whatsappPhone: '+221 77 654 32 10', feedBrand: shop.name });
  const { items } = await findChannelListings(db, shop.id, { limit: 50 });
  const byName = (name: string) => items.find((l) => l.name === name);
  const tenPercentOff = (price: number) => Math.round((price * 0.9) / 50) * 50;
  const plans: Array<{ name: string; hiddenOn: ListingChannel[]; priceOn?: 'whatsapp' | 'site' }> = [
    { name: 'Bissap 1 L', hiddenOn: [], priceOn: 'whatsapp' },
    { name: 'Beurre de karité 200 ml', hiddenOn: [], priceOn: 'site' },
    { name: 'Café Touba 250 g', hiddenOn: ['meta', 'google'] },
    { name: 'Sandales en cuir', hiddenOn: ['pos'] },
  ];
  for (const plan of plans) {
    const listing = byName(plan.name);
    if (!listing) continue;
    await saveChannelListing(db, shop.id, listing.productId, {
      hiddenOn: plan.hiddenOn,
      prices: plan.priceOn
        ? listing.variants.map((v) => ({
            variantId: v.id,
            channel: plan.priceOn!,
            price: tenPercentOff(v.price),
          }))
        : [],
    });
  }
}
