import { defineRoute, type RouteContext } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import { publicUrl } from '@/server/env';
import { z, ZId } from '@/shared/validation';
import { formatMoney } from '@/shared/money';
import { changeShopSlug } from '@/features/shop/server/change-shop-slug';
import { getShopById, type ShopRow } from '@/features/shop/server/shop.repository';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { countProductsOfShop } from '@/features/product/server/product.repository';
import { hasDeliveryZones } from '@/features/delivery/server/zones';
import { listPickupPoints } from '@/features/delivery/server/pickup-points';
import {
  ZAbandonedCarts,
  ZRemindCartBody,
  ZStorefrontSettings,
  ZStorefrontSettingsBody,
  type TStorefrontSettings,
} from '../storefront.schemas';
import {
  getStorefront,
  saveStorefront,
  findShopIdByDomain,
  type StorefrontSettings,
} from './storefront.repository';
import {
  findAbandonedCart,
  listAbandonedCarts,
  markCartReminded,
  type StorefrontCartRow,
} from './abandoned-carts';
import { forgetShopPages } from './page-cache';
import { whatsappLink } from './context';

const tag = 'storefront';
const shopOf = (ctx: RouteContext<unknown, unknown, unknown>) => ctx.membership!.shop;

async function settingsDto(
  ctx: RouteContext<unknown, unknown, unknown>,
  shop: ShopRow,
  store: StorefrontSettings,
): Promise<TStorefrontSettings> {
  const [products, zones, points] = await Promise.all([
    countProductsOfShop(ctx.db, shop.id),
    hasDeliveryZones(ctx.db, shop.id),
    listPickupPoints(ctx.db, shop.id),
  ]);
  return {
    slug: shop.slug,
    url: `${publicUrl()}/${shop.slug}`,
    isPublished: store.isPublished,
    allowsMobileMoney: store.allowsMobileMoney,
    allowsCashOnDelivery: store.allowsCashOnDelivery,
    cashOnDeliveryMax: store.cashOnDeliveryMax,
    allowsPickup: store.allowsPickup,
    showsStockCounts: store.showsStockCounts,
    customDomain: store.customDomain,
    readiness: { products, hasDeliveryZones: zones, hasPickupPoints: points.some((p) => p.isActive) },
  };
}

export const getSettingsRoute = defineRoute({
  method: 'GET',
  path: '/api/storefront/settings',
  tag,
  summary:
    'Les réglages de la boutique en ligne : adresse, ouverture, couleur, pages, paiements et réception.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'website:manage',
  query: z.object({ shopId: ZId }),
  response: ZStorefrontSettings,
  handle: async (ctx) => settingsDto(ctx, shopOf(ctx), await getStorefront(ctx.db, shopOf(ctx))),
});

export const updateSettingsRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/updateSettings',
  tag,
  summary:
    'Modifie les réglages envoyés de la boutique en ligne (les autres restent) ; une nouvelle adresse garde l’ancienne en redirection.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'website:manage',
  body: ZStorefrontSettingsBody,
  response: ZStorefrontSettings,
  handle: async (ctx) => {
    const { shopId: _shopId, slug, customDomain, ...changes } = ctx.body;
    let shop = shopOf(ctx);
    if (customDomain) {
      const owner = await findShopIdByDomain(ctx.db, customDomain);
      if (owner && owner !== shop.id)
        throw Errors.validation({ customDomain: 'Ce nom de domaine est déjà celui d’une autre boutique.' });
    }
    if (changes.cashOnDeliveryMax === 0)
      throw Errors.validation({
        cashOnDeliveryMax: 'Indiquez un montant maximum, ou laissez vide pour accepter tout montant.',
      });
    // Every other field is checked by now: a refused address changes nothing else.
    if (slug && slug !== shop.slug) shop = await changeShopSlug(ctx.db, shop.id, slug);
    const store = await saveStorefront(ctx.db, shop, {
      ...changes,
      ...(customDomain !== undefined ? { customDomain: customDomain || null } : {}),
    });
    forgetShopPages(shop.id);
    return settingsDto(ctx, (await getShopById(ctx.db, shop.id)) ?? shop, store);
  },
});

function reminderText(shop: ShopRow, cart: StorefrontCartRow): string {
  const first = cart.name.trim().split(/\s+/)[0];
  return `Bonjour${first ? ` ${first}` : ''}, votre panier chez ${shop.name} vous attend (${formatMoney(cart.total, shop.currency)}) : ${publicUrl()}/${shop.slug}/panier`;
}

export const listAbandonedCartsRoute = defineRoute({
  method: 'GET',
  path: '/api/storefront/abandonedCarts',
  tag,
  summary:
    'Les paniers laissés depuis plus d’une heure par un acheteur qui a donné son téléphone, sans commande ensuite.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'website:manage',
  query: z.object({ shopId: ZId }),
  response: ZAbandonedCarts,
  handle: async (ctx) => {
    const shop = shopOf(ctx);
    const carts = await listAbandonedCarts(ctx.db, shop.id);
    return {
      items: carts.map((c) => ({
        id: c.id,
        phone: c.phone,
        name: c.name,
        lines: c.lines.map(({ name, quantity, unitPrice }) => ({ name, quantity, unitPrice })),
        total: c.total,
        updatedAt: c.updatedAt.toISOString(),
        remindedAt: c.remindedAt?.toISOString() ?? null,
        whatsappUrl: whatsappLink(c.phone, reminderText(shop, c)),
      })),
    };
  },
});

export const remindCartRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/remindCart',
  tag,
  summary:
    'Relance un panier abandonné : par SMS (compté dans le forfait) ou noté comme envoyé sur WhatsApp.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'website:manage',
  body: ZRemindCartBody,
  response: z.object({ ok: z.literal(true) }),
  handle: async (ctx) => {
    const shop = shopOf(ctx);
    const cart = await findAbandonedCart(ctx.db, shop.id, ctx.body.cartId);
    if (!cart || cart.orderId) throw Errors.notFound('Ce panier');
    if (ctx.body.via === 'sms')
      await sendShopSms(ctx.db, shop.id, {
        phone: cart.phone,
        purpose: 'cart_reminder',
        what: 'les relances de panier',
        body: (s) => reminderText(s, cart),
      });
    await markCartReminded(ctx.db, shop.id, cart.id);
    return { ok: true as const };
  },
});
