import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  FEED_LIMITS,
  cutText,
  feedDescription,
  feedGtin,
  feedLine,
  feedPrice,
  feedSalePrice,
  sizeAndColor,
  type FeedItem,
} from './feed-item';

/** Meta's column names, which its importer maps by header, in the order Commerce Manager shows them. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'item_group_id',
  'gtin',
  'mpn',
  'product_type',
  'size',
  'color',
] as const;

type MetaRow = Record<(typeof META_COLUMNS)[number], string>;

const limits = FEED_LIMITS.meta;

/** Meta splits the cell on commas: one inside a URL must be escaped so the URL stays whole. */
function imageList(links: string[]): string {
  return links
    .slice(0, limits.additionalImages)
    .map((link) => feedLine(link).replaceAll(',', '%2C'))
    .filter(Boolean)
    .join(',');
}

function metaRow(item: FeedItem): MetaRow {
  const title = cutText(feedLine(item.title), limits.title);
  const salePrice = feedSalePrice(item);
  const { size, color } = sizeAndColor(item.options);
  return {
    id: item.id,
    title,
    description: feedDescription(item, title, limits.description),
    // US English values: Meta refuses the item for any other spelling.
    availability: item.isInStock ? 'in stock' : 'out of stock',
    condition: 'new',
    price: feedPrice(item.price, item.currency),
    sale_price: salePrice === null ? '' : feedPrice(salePrice, item.currency),
    link: feedLine(item.link),
    image_link: feedLine(item.imageLink),
    additional_image_link: imageList(item.additionalImageLinks),
    brand: cutText(feedLine(item.brand), limits.brand),
    item_group_id: item.itemGroupId ?? '',
    gtin: feedGtin(item) ?? '',
    mpn: feedLine(item.mpn),
    product_type: feedLine(item.productType),
    size,
    color,
  };
}

async function* metaRows(items: AsyncIterable<FeedItem>): AsyncGenerator<MetaRow> {
  for await (const item of items) yield metaRow(item);
}

/**
 * The Meta catalogue as CSV text, produced as the items are read: the stringifier's buffer
 * holds the items back when the reader is slow, so a catalogue of any size takes the same memory.
 * The reader gets strings; stopping early (a closed connection) stops the items' source too.
 */
export function metaCsv(items: AsyncIterable<FeedItem>): AsyncIterable<string> {
  const stringifier = stringify({
    header: true,
    columns: [...META_COLUMNS],
    record_delimiter: '\r\n',
    // csv-stringify quotes a whole CRLF, not a lone line break, which would still end the row.
    quoted_match: [/[\r\n]/],
  });
  stringifier.setEncoding('utf8');
  // pipeline, not pipe: an error in the source must reach the reader instead of leaving it waiting.
  return pipeline(Readable.from(metaRows(items)), stringifier, () => {});
}
