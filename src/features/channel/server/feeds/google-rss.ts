import {
  FEED_LIMITS,
  cutText,
  feedDescription,
  feedGtin,
  feedLine,
  feedPrice,
  feedSalePrice,
  feedText,
  sizeAndColor,
  type FeedItem,
} from './feed-item';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

const limits = FEED_LIMITS.google;

/**
 * Items are gathered up to about this many characters before being handed on: one write per item
 * would mean 60 000 tiny writes (and HTTP chunks) for a large shop, while this bound keeps memory flat.
 */
const CHUNK_CHARS = 16 * 1024;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** XML character data: « > » too, as « ]]> » is not allowed in text. */
function xml(text: string): string {
  return feedText(text).replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);
}

function tag(name: string, value: string): string {
  return `<${name}>${xml(value)}</${name}>`;
}

/** An optional attribute: left out when empty, as Google reads an empty one as a wrong value. */
function element(name: string, value: string): string {
  return value ? tag(name, value) : '';
}

function googleItem(item: FeedItem): string {
  const title = cutText(feedLine(item.title), limits.title);
  const brand = cutText(feedLine(item.brand), limits.brand);
  const mpn = cutText(feedLine(item.mpn), limits.mpn);
  const gtin = feedGtin(item);
  const salePrice = feedSalePrice(item);
  const { size, color } = sizeAndColor(item.options);
  const images = item.additionalImageLinks
    .slice(0, limits.additionalImages)
    .map((link) => element('g:additional_image_link', feedLine(link)))
    .join('');
  return [
    '<item>',
    element('g:id', item.id),
    element('title', title),
    element('description', feedDescription(item, title, limits.description)),
    element('link', feedLine(item.link)),
    element('g:image_link', feedLine(item.imageLink)),
    images,
    // Google's own English values, with underscores (Meta's have spaces).
    element('g:availability', item.isInStock ? 'in_stock' : 'out_of_stock'),
    element('g:condition', 'new'),
    element('g:price', feedPrice(item.price, item.currency)),
    salePrice === null ? '' : element('g:sale_price', feedPrice(salePrice, item.currency)),
    element('g:brand', brand),
    element('g:gtin', gtin ?? ''),
    element('g:mpn', mpn),
    // Without it, Google disapproves a new product that has no GTIN nor brand + MPN.
    gtin || (brand && mpn) ? '' : element('g:identifier_exists', 'no'),
    element('g:item_group_id', item.itemGroupId ?? ''),
    element('g:product_type', cutText(feedLine(item.productType), limits.productType)),
    element('g:size', size),
    element('g:color', color),
    '</item>\n',
  ].join('');
}

/**
 * The Google Merchant Center feed (RSS 2.0 with the g: namespace), produced as the items are
 * read, in chunks of a few kilobytes: nothing is kept once handed on, so memory stays flat.
 */
export async function* googleRss(
  items: AsyncIterable<FeedItem>,
  channel: { title: string; link: string; description: string },
): AsyncGenerator<string> {
  // The head goes out at once, so the response starts before the first page of products is read.
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}"><channel>` +
    tag('title', feedLine(channel.title)) +
    tag('link', feedLine(channel.link)) +
    tag('description', feedLine(channel.description)) +
    '\n'
  );
  let chunk = '';
  for await (const item of items) {
    chunk += googleItem(item);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</channel></rss>\n`;
}
