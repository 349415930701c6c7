/*
 * The French messages WhatsApp opens with (wa.me links): what a seller shares of a product, a
 * category or the shop, and what a buyer sends from the online shop. Plain text with WhatsApp's
 * own *bold*; the link last on its line, so WhatsApp shows its preview.
 */

export interface SharedItem {
  productName: string;
  /** « M / Rouge »; null for a product without options. */
  variantLabel: string | null;
  /** Formatted in the shop's currency. */
  price: string;
  quantity?: number;
}

function itemName(item: SharedItem): string {
  return item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName;
}

/** What a seller sends a customer about one product. */
export function productShareText(item: SharedItem, url: string, shopName: string): string {
  return `*${itemName(item)}* : ${item.price}\n${url}\nPour commander, répondez à ce message. ${shopName}`;
}

export function categoryShareText(categoryName: string, url: string, shopName: string): string {
  return `Découvrez notre rayon *${categoryName}* chez ${shopName} :\n${url}\nPour commander, répondez à ce message.`;
}

export function shopShareText(shopName: string, url: string): string {
  return `Bienvenue chez *${shopName}*. Tout notre catalogue est ici :\n${url}\nPour commander, répondez à ce message.`;
}

/** What a buyer sends the shop from the online shop's product page or cart. */
export function orderRequestText(
  shopName: string,
  items: readonly SharedItem[],
  total: string | null,
  url: string,
): string {
  const lines = items.map((i) => `- ${i.quantity ?? 1} × ${itemName(i)} : ${i.price}`);
  return [
    `Bonjour ${shopName}, je voudrais commander :`,
    ...lines,
    ...(total ? [`Total : ${total}`] : []),
    url,
  ].join('\n');
}
