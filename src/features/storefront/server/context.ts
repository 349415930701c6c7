import type { ShopRow } from '@/features/shop/server/shop.repository';
import type { PublicCategory } from '@/features/product/server/public-catalogue';
import type { StorefrontSettings } from './storefront.repository';
import { whatsappUrl } from '@/shared/whatsapp';

/** Everything a page of one shop's online shop is drawn from, besides its own data. */
export interface StorefrontContext {
  shop: ShopRow;
  store: StorefrontSettings;
  /** The path the shop's pages start with: `/boutique-awa` on the pro host, '' on its own domain. */
  base: string;
  /** Scheme and host the buyer used, for canonical links, Open Graph and the sitemap. */
  origin: string;
  categories: PublicCategory[];
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

/** The shop's (or a buyer's) WhatsApp with a message written; null without a usable number. */
export function whatsappLink(phone: string | null, message: string): string | null {
  return (phone?.replace(/\D/g, '') ?? '').length < 8 ? null : whatsappUrl(phone, message);
}
