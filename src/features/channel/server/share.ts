import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { UPLOADS_URL_PREFIX, uploadsDir } from '@/server/storage/file-storage';
import { isSafeKey } from '@/server/storage/storage-key';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { findChannelProduct } from '@/features/product/server/channel-catalogue';
import { findCategories } from '@/features/product/server/product.repository';
import { siteAddress } from '@/features/storefront/server/site-address';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { whatsappUrl } from '@/shared/whatsapp';
import { categoryShareText, productShareText, shopShareText } from '../whatsapp-text';
import { shopWhatsappPhone } from './settings';
import { renderStatusCard } from './status-card';

/*
 * What a seller shares on WhatsApp: a product (each variant at its WhatsApp price), a category or
 * the whole shop, as wa.me links with the message written (WhatsApp asks whom to send it to), and
 * a product's « carte Statut ».
 */

export async function shareLinks(
  db: Database,
  shop: ShopRow,
  query: { productId?: string; categoryId?: string },
) {
  const site = await siteAddress(db, shop);
  const money = (n: number) => formatMoney(n, shop.currency);
  if (query.productId) {
    const product = await findChannelProduct(db, shop.id, 'whatsapp', query.productId);
    if (!product)
      throw Errors.validation({
        productId: 'Ce produit n’est pas proposé sur WhatsApp (inactif ou retiré de ce canal).',
      });
    const url = `${site.url}/p/${product.slug}`;
    const variants = product.variants.map((v) => {
      const label = v.optionValues.join(' / ');
      const price = v.channelPrice ?? v.price;
      const text = productShareText(
        { productName: product.name, variantLabel: label || null, price: money(price) },
        url,
        shop.name,
      );
      return { id: v.id, label: label || product.name, price, text, waUrl: whatsappUrl(null, text) };
    });
    const prices = variants.map((v) => v.price);
    const low = Math.min(...prices);
    const text =
      variants.length === 1
        ? variants[0]!.text
        : productShareText(
            {
              productName: product.name,
              variantLabel: null,
              price: low === Math.max(...prices) ? money(low) : `à partir de ${money(low)}`,
            },
            url,
            shop.name,
          );
    return {
      url,
      text,
      waUrl: whatsappUrl(null, text),
      isSitePublished: site.isPublished,
      variants: variants.length > 1 ? variants : [],
      statusCardUrl: `/api/channel/statusCard?shopId=${encodeURIComponent(shop.id)}&productId=${encodeURIComponent(product.id)}`,
    };
  }
  if (query.categoryId) {
    const category = (await findCategories(db, shop.id)).find((c) => c.id === query.categoryId);
    if (!category) throw Errors.validation({ categoryId: 'Cette catégorie n’existe pas dans la boutique.' });
    const url = `${site.url}/c/${category.id}`;
    const text = categoryShareText(category.name, url, shop.name);
    return {
      url,
      text,
      waUrl: whatsappUrl(null, text),
      isSitePublished: site.isPublished,
      variants: [],
      statusCardUrl: null,
    };
  }
  const text = shopShareText(shop.name, site.url);
  return {
    url: site.url,
    text,
    waUrl: whatsappUrl(null, text),
    isSitePublished: site.isPublished,
    variants: [],
    statusCardUrl: null,
  };
}

/** An uploaded picture's bytes, from our disk or the storage's public address. */
async function imageBytes(url: string): Promise<Buffer | null> {
  if (url.startsWith(UPLOADS_URL_PREFIX)) {
    const key = url.slice(UPLOADS_URL_PREFIX.length);
    return isSafeKey(key) ? fs.readFile(path.join(uploadsDir(), key)).catch(() => null) : null;
  }
  if (!url.startsWith('https://')) return null;
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
  return response?.ok ? Buffer.from(await response.arrayBuffer()) : null;
}

export async function statusCardOf(db: Database, shop: ShopRow, productId: string) {
  const product = await findChannelProduct(db, shop.id, 'whatsapp', productId);
  if (!product)
    throw Errors.validation({
      productId: 'Ce produit n’est pas proposé sur WhatsApp (inactif ou retiré de ce canal).',
    });
  const money = (n: number) => formatMoney(n, shop.currency);
  const own = product.variants.map((v) => v.channelPrice ?? v.price);
  const low = Math.min(...own);
  const cheapest = product.variants[own.indexOf(low)]!;
  const regular = Math.max(cheapest.price, cheapest.compareAtPrice ?? 0);
  const [phone, site] = await Promise.all([shopWhatsappPhone(db, shop.id), siteAddress(db, shop)]);
  const image = await renderStatusCard({
    photo: product.images[0] ? await imageBytes(product.images[0].url) : null,
    productName: product.name,
    price: low === Math.max(...own) ? money(low) : `Dès ${money(low)}`,
    formerPrice: regular > low ? money(regular) : null,
    shopName: shop.name,
    color: site.color,
    footer: phone ? `Commandez sur WhatsApp · ${formatPhone(phone)}` : 'Commandez sur WhatsApp',
  });
  return { slug: product.slug, image };
}
