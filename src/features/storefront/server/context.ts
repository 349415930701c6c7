import type { ShopRow } from '@/features/shop/server/shop.repository';
import type { PublicCategory } from '@/features/product/server/public-catalogue';
import type { StorefrontSettings } from './storefront.repository';
import { whatsappUrl } from '@/shared/whatsapp';
import type { ImageLedger } from './pages/catalogue';

/** Everything a page of one shop's online shop is drawn from, besides its own data. */
export interface StorefrontContext {
  shop: ShopRow;
  store: StorefrontSettings;
  /** The path the shop's pages start with: `/boutique-awa` on the pro host, '' on its own domain. */
  base: string;
  /** Scheme and host the buyer used, for canonical links, Open Graph and the sitemap. */
  origin: string;
  categories: PublicCategory[];
  /** The products the design links to (menus, buttons), by id: their address. */
  productSlugs?: Map<string, string>;
  /** Set when the site builder weighs a page: every picture drawn is noted in it. */
  ledger?: ImageLedger;
  /** Drawn for the site builder's preview: links and forms do nothing. */
  isPreview?: boolean;
  /** The number Canaux de vente gave for WhatsApp, if any (see shopWhatsapp). */
  whatsappPhone?: string | null;
}

/**
 * What the host and the path's first segment name, with what every page of that shop needs:
 * resolved once per shop and TTL (page-cache.ts), not per request.
 */
export type ResolvedSite =
  | {
      kind: 'shop';
      shopId: string;
      shop: ShopRow;
      store: StorefrontSettings;
      categories: PublicCategory[];
      productSlugs: Map<string, string>;
      whatsappPhone: string | null;
      /** '' on the shop's own domain, `/<slug>` on the pro host. */
      base: string;
    }
  | { kind: 'moved'; shopId: string; slug: string }
  | { kind: 'unknown'; shopId: string | null };

/** A path of the shop's (`/p/robe-wax`) as the buyer's browser must ask for it. */
export function shopPath(ctx: Pick<StorefrontContext, 'base'>, path = ''): string {
  return `${ctx.base}${path}` || '/';
}

export function absoluteUrl(ctx: Pick<StorefrontContext, 'base' | 'origin'>, path = ''): string {
  return `${ctx.origin}${shopPath(ctx, path)}`;
}

/**
 * The shop's WhatsApp number: the one Canaux de vente gave, else the site's own, else the shop's
 * phone.
 */
export function shopWhatsapp(
  ctx: Pick<StorefrontContext, 'whatsappPhone' | 'store' | 'shop'>,
): string | null {
  return ctx.whatsappPhone || ctx.store.layout.brand.whatsappPhone || ctx.shop.phone;
}

/** The shop's (or a buyer's) WhatsApp with a message written; null without a usable number. */
export function whatsappLink(phone: string | null, message: string): string | null {
  return (phone?.replace(/\D/g, '') ?? '').length < 8 ? null : whatsappUrl(phone, message);
}
