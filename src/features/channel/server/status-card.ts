import sharp from 'sharp';
import { contrastWithWhite } from '@/shared/storefront/colors';
import { CAP_HEIGHT, DESCENT, FONT_FAMILY, escapeXml, fitLine, textWidth, wrap } from './status-card-text';

export interface StatusCardInput {
  /** The product's photo (any format sharp reads), or null: the card then shows the name large on the colour. */
  photo: Buffer | null;
  productName: string;
  /** Already formatted, e.g. « 12 500 FCFA » (may contain U+202F / U+00A0 spaces). */
  price: string;
  /** A struck-through former price, e.g. « 15 000 FCFA », or null. */
  formerPrice: string | null;
  shopName: string;
  /** The shop's brand colour, '#RRGGBB'. */
  color: string;
  /** A short call to action at the bottom, e.g. « Commandez sur WhatsApp » + the shop's number, or null. */
  footer: string | null;
}

// WhatsApp shows a Status full screen at 9:16.
const WIDTH = 1080;
const HEIGHT = 1920;
const PHOTO_HEIGHT = Math.round(HEIGHT * 0.62);
/** The band's rounded top overlaps the photo, as a sheet laid over it. */
const RADIUS = 48;
const MARGIN = 72;
/** Any colour that is not plain #RRGGBB would be written raw into the SVG: a neutral one instead. */
const FALLBACK_COLOR = '#1f2937';
const NEAR_BLACK = '#141414';

/**
 * White whenever it reads, near-black otherwise. Every text of the card is large and bold, for
 * which WCAG asks 3:1; white on a mid green or blue is what a shop's own posters use, even where
 * black would contrast a little more.
 */
function inkOn(color: string): string {
  return contrastWithWhite(color) >= 3 ? '#ffffff' : NEAR_BLACK;
}

interface Text {
  text: string;
  x: number;
  y: number;
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
}

function svgText({ text, x, y, size, fill, anchor = 'start', opacity = 1 }: Text): string {
  return (
    `<text x="${x}" y="${y.toFixed(1)}" font-family="${FONT_FAMILY}, sans-serif" font-weight="700" ` +
    `font-size="${size}" fill="${fill}" fill-opacity="${opacity}" text-anchor="${anchor}">${escapeXml(text)}</text>`
  );
}

/** librsvg draws line-through at the baseline: the stroke is drawn by hand through the digits' middle. */
function struck(t: Text, width: number): string {
  const start = t.anchor === 'middle' ? t.x - width / 2 : t.x;
  const y = t.y - t.size * CAP_HEIGHT * 0.5;
  return (
    svgText(t) +
    `<line x1="${start - 4}" y1="${y.toFixed(1)}" x2="${(start + width + 4).toFixed(1)}" y2="${y.toFixed(1)}" ` +
    `stroke="${t.fill}" stroke-opacity="${t.opacity ?? 1}" stroke-width="${Math.max(3, Math.round(t.size / 12))}" stroke-linecap="round"/>`
  );
}

/** A rounded pill of `fill` holding one line of `ink` text, centred on `cx` or starting at `x`. */
async function pill(options: {
  text: string;
  size: number;
  minSize: number;
  maxWidth: number;
  top: number;
  fill: string;
  ink: string;
  x?: number;
  cx?: number;
}): Promise<string> {
  if (!options.text.trim()) return '';
  const padX = Math.round(options.size * 0.8);
  const fitted = await fitLine(options.text, options.size, options.minSize, options.maxWidth - 2 * padX);
  const width = (await textWidth(fitted.text, fitted.size)) + 2 * padX;
  const height = Math.round(fitted.size * 2.1);
  const left = options.cx !== undefined ? options.cx - width / 2 : (options.x ?? 0);
  const baseline = options.top + height / 2 + (fitted.size * CAP_HEIGHT) / 2;
  return (
    `<rect x="${left.toFixed(1)}" y="${options.top}" width="${width.toFixed(1)}" height="${height}" rx="${height / 2}" fill="${options.fill}"/>` +
    svgText({
      text: fitted.text,
      x: Math.round(left + width / 2),
      y: baseline,
      size: fitted.size,
      fill: options.ink,
      anchor: 'middle',
    })
  );
}

interface Layout {
  /** Horizontal anchor of every text of the block. */
  x: number;
  anchor: 'start' | 'middle';
  maxWidth: number;
  top: number;
  bottom: number;
  nameSizes: number[];
  priceSize: number;
  /** The price on a tag of the text colour, to stand apart from a name as large as itself. */
  priceTag: boolean;
}

/**
 * The name, the price and the former price as one block, centred vertically between `top` and
 * `bottom`: the largest name size whose block fits is taken, the smallest one cut with « … ».
 */
async function productBlock(
  input: StatusCardInput,
  layout: Layout,
  color: string,
  ink: string,
): Promise<string> {
  const { x, anchor } = layout;
  const name = input.productName.trim();
  const tagPadding = layout.priceTag ? Math.round(layout.priceSize * 0.45) : 0;
  const price = await fitLine(input.price, layout.priceSize, 56, layout.maxWidth - 2 * tagPadding);
  const priceWidth = await textWidth(price.text, price.size);
  const former = input.formerPrice?.trim()
    ? await fitLine(input.formerPrice, Math.max(48, Math.round(price.size * 0.45)), 36, layout.maxWidth)
    : null;
  const formerWidth = former ? await textWidth(former.text, former.size) : 0;
  const beside = Math.round(price.size * 0.3);
  // Beside the price reads as a discount at a glance; below it when both would not fit.
  const formerBeside =
    former !== null &&
    !layout.priceTag &&
    anchor === 'start' &&
    priceWidth + beside + formerWidth <= layout.maxWidth;

  /** Every baseline from the block's top, and the block's height. */
  const place = (size: number, lineCount: number) => {
    const names = Array.from({ length: lineCount }, (_, i) => CAP_HEIGHT * size + i * 1.2 * size);
    const nameBottom = lineCount > 0 ? names.at(-1)! + DESCENT * size : 0;
    const gap = lineCount > 0 ? 0.55 * size : 0;
    const tagHeight = Math.round(price.size * 1.5);
    const priceTop = nameBottom + gap;
    const priceBaseline = layout.priceTag
      ? priceTop + tagHeight / 2 + (CAP_HEIGHT * price.size) / 2
      : priceTop + CAP_HEIGHT * price.size;
    let bottom = layout.priceTag ? priceTop + tagHeight : priceBaseline + DESCENT * price.size;
    let formerBaseline = priceBaseline;
    if (former && !formerBeside) {
      formerBaseline = bottom + 0.3 * price.size + CAP_HEIGHT * former.size;
      bottom = formerBaseline + DESCENT * former.size;
    }
    return { names, priceTop, tagHeight, priceBaseline, formerBaseline, height: bottom };
  };

  const room = layout.bottom - layout.top;
  let chosen: { size: number; lines: string[] } | undefined;
  for (const size of layout.nameSizes) {
    const wrapped = await wrap(name, size, layout.maxWidth, 3);
    chosen = { size, lines: wrapped.lines };
    if (!wrapped.truncated && place(size, wrapped.lines.length).height <= room) break;
  }
  const { size, lines } = chosen!;
  const at = place(size, lines.length);
  const top = layout.top + Math.max(0, (room - at.height) / 2);

  const parts = lines.map((line, i) =>
    svgText({ text: line, x, y: top + at.names[i]!, size, fill: ink, anchor }),
  );
  if (layout.priceTag) {
    const width = priceWidth + 2 * tagPadding;
    const left = anchor === 'middle' ? x - width / 2 : x;
    parts.push(
      `<rect x="${left.toFixed(1)}" y="${(top + at.priceTop).toFixed(1)}" width="${width.toFixed(1)}" ` +
        `height="${at.tagHeight}" rx="${Math.round(at.tagHeight * 0.22)}" fill="${ink}"/>`,
    );
  }
  parts.push(
    svgText({
      text: price.text,
      x: anchor === 'start' ? x + tagPadding : x,
      y: top + at.priceBaseline,
      size: price.size,
      fill: layout.priceTag ? color : ink,
      anchor,
    }),
  );
  if (former) {
    const formerX = formerBeside ? x + priceWidth + beside : x;
    const formerY = top + at.formerBaseline;
    parts.push(
      struck(
        { text: former.text, x: formerX, y: formerY, size: former.size, fill: ink, anchor, opacity: 0.72 },
        formerWidth,
      ),
    );
  }
  return parts.join('');
}

/** The call to action as a pill of the text colour, the brand colour inside, above the bottom edge. */
async function footerPill(
  footer: string | null,
  color: string,
  ink: string,
): Promise<{ svg: string; top: number }> {
  const size = 40;
  const height = Math.round(size * 2.1);
  const top = HEIGHT - 96 - height;
  if (!footer?.trim()) return { svg: '', top: HEIGHT - 40 };
  const svg = await pill({
    text: footer,
    size,
    minSize: 30,
    maxWidth: WIDTH - 2 * MARGIN,
    top,
    fill: ink,
    ink: color,
    cx: WIDTH / 2,
  });
  return { svg, top };
}

async function withPhotoSvg(input: StatusCardInput, color: string, ink: string): Promise<string> {
  const bandTop = PHOTO_HEIGHT - RADIUS;
  const footer = await footerPill(input.footer, color, ink);
  const block = await productBlock(
    input,
    {
      x: MARGIN,
      anchor: 'start',
      maxWidth: WIDTH - 2 * MARGIN,
      top: bandTop + 64,
      bottom: footer.top - 48,
      nameSizes: [72, 64, 56, 50],
      priceSize: 128,
      priceTag: false,
    },
    color,
    ink,
  );
  const shop = await pill({
    text: input.shopName,
    size: 38,
    minSize: 28,
    maxWidth: WIDTH - 2 * MARGIN,
    top: 96,
    fill: color,
    ink,
    x: MARGIN,
  });
  return (
    `<defs><linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/>` +
    `</linearGradient></defs>` +
    // WhatsApp lays the poster's name over the top of a Status: a shade keeps both readable on a light photo.
    `<rect width="${WIDTH}" height="320" fill="url(#scrim)"/>` +
    `<path d="M0 ${bandTop + RADIUS} a${RADIUS} ${RADIUS} 0 0 1 ${RADIUS} -${RADIUS} h${WIDTH - 2 * RADIUS} ` +
    `a${RADIUS} ${RADIUS} 0 0 1 ${RADIUS} ${RADIUS} V${HEIGHT} H0 Z" fill="${color}"/>` +
    shop +
    block +
    footer.svg
  );
}

async function withoutPhotoSvg(input: StatusCardInput, color: string, ink: string): Promise<string> {
  const footer = await footerPill(input.footer, color, ink);
  const shopTop = 120;
  const block = await productBlock(
    input,
    {
      x: WIDTH / 2,
      anchor: 'middle',
      maxWidth: WIDTH - 2 * 88,
      top: shopTop + 200,
      bottom: footer.top - 120,
      nameSizes: [144, 120, 104, 88, 76, 64],
      priceSize: 112,
      priceTag: true,
    },
    color,
    ink,
  );
  const shop = await pill({
    text: input.shopName,
    size: 40,
    minSize: 28,
    maxWidth: WIDTH - 2 * MARGIN,
    top: shopTop,
    fill: ink,
    ink: color,
    cx: WIDTH / 2,
  });
  // Two faint discs of the text colour: a flat field of colour alone reads as an unfinished card.
  const decor =
    `<circle cx="${WIDTH + 60}" cy="330" r="420" fill="${ink}" fill-opacity="0.07"/>` +
    `<circle cx="-120" cy="${HEIGHT - 320}" r="520" fill="${ink}" fill-opacity="0.06"/>`;
  return decor + shop + block + footer.svg;
}

/**
 * The photo fitted to the top of the card, as raw pixels (a JPEG here would be compressed twice),
 * or null when there is none or it cannot be read.
 */
async function preparePhoto(photo: Buffer | null) {
  if (!photo || photo.length === 0) return null;
  try {
    const { data, info } = await sharp(photo)
      .rotate()
      // A cut-out product (transparent PNG) sits on white, as in a shop window.
      .flatten({ background: '#ffffff' })
      .resize(WIDTH, PHOTO_HEIGHT, { fit: 'cover', position: 'attention' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      input: data,
      raw: { width: info.width, height: info.height, channels: info.channels },
      top: 0,
      left: 0,
    };
  } catch {
    // The seller asked for a card, not for a check of an old upload: a broken photo gives the card without one.
    return null;
  }
}

/** A JPEG (quality ~82, progressive, mozjpeg if available) of 1080×1920. */
export async function renderStatusCard(input: StatusCardInput): Promise<Buffer> {
  const color = /^#[0-9a-f]{6}$/i.test(input.color) ? input.color.toLowerCase() : FALLBACK_COLOR;
  const ink = inkOn(color);
  const photo = await preparePhoto(input.photo);
  const body = photo ? await withPhotoSvg(input, color, ink) : await withoutPhotoSvg(input, color, ink);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${body}</svg>`;
  const text = { input: Buffer.from(svg), top: 0, left: 0 };
  const layers = photo ? [photo, text] : [text];
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: color } })
    .composite(layers)
    .jpeg({ quality: 82, progressive: true, mozjpeg: true })
    .toBuffer();
}
