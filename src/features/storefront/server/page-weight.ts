import { gzipSync } from 'node:zlib';
import { resizedImageBytes } from '@/server/storage/resized-images';
import type { SitePage } from '@/shared/storefront/layout';
import { formatKb, JS_BUDGET_BYTES, PAGE_BUDGET_BYTES, sectionName } from '@/shared/storefront/sections';
import type { StorefrontContext } from './context';
import type { ImageLedger } from './pages/catalogue';
import { ENHANCE_SCRIPT_BYTES } from './pages/enhance';
import { renderHome, renderSitePage } from './pages/home';
import { renderSection, type SectionProducts } from './pages/sections';

/*
 * What a page of the design costs a buyer's phone on its first visit: the page itself (gzipped, as
 * sent), its script, its fonts (none: every theme uses the phone's own) and its pictures at the
 * width a 390-point phone loads them. The site builder shows it per section and refuses to publish
 * a page over the budget.
 */

/** A picture kept elsewhere (object storage) is not measured here: counted at a typical card's weight. */
const UNMEASURED_IMAGE_BYTES = 60 * 1024;

export interface PageWeight {
  /** 'home' or the page's id. */
  page: string;
  title: string;
  total: number;
  html: number;
  js: number;
  fonts: number;
  images: number;
  sections: Array<{ id: string; name: string; bytes: number }>;
  /** French sentences saying what passes the budget; empty: within it. */
  overBudget: string[];
}

async function imagesBytes(ledger: ImageLedger, seen: Set<string>): Promise<number> {
  let total = 0;
  for (const { src, width } of ledger) {
    const key = `${src}|${width}`;
    if (seen.has(key)) continue;
    seen.add(key);
    total += width === null ? UNMEASURED_IMAGE_BYTES : ((await resizedImageBytes(src, width, 'avif')) ?? 0);
  }
  return total;
}

const gzipped = (text: string) => gzipSync(text).length;

/** `products`: what the page's product sections show (`loadSectionProducts`). */
export async function weighPage(
  ctx: StorefrontContext,
  page: SitePage | 'home',
  products: SectionProducts,
): Promise<PageWeight> {
  const sections = page === 'home' ? ctx.store.layout.home.sections : page.sections;
  const pageLedger: ImageLedger = [];
  const whole = { ...ctx, ledger: pageLedger, isPreview: false };
  const text = (page === 'home' ? renderHome(whole, products) : renderSitePage(whole, page, products)).text;
  const seen = new Set<string>();
  const images = await imagesBytes(pageLedger, seen);
  // Each section alone: its markup and its pictures (one shown twice is counted once, where first).
  const counted = new Set<string>();
  const perSection = [];
  for (const [i, s] of sections.entries()) {
    if (s.hidden) continue;
    const ledger: ImageLedger = [];
    const drawn = renderSection({ ...ctx, ledger }, s, products, i === 0);
    const markup = drawn === '' ? 0 : gzipped(drawn.text);
    perSection.push({ id: s.id, name: sectionName(s), bytes: markup + (await imagesBytes(ledger, counted)) });
  }
  const html = gzipped(`<!doctype html>${text}`);
  const weight: PageWeight = {
    page: page === 'home' ? 'home' : page.id,
    title: page === 'home' ? 'Page d’accueil' : page.title,
    total: html + images,
    html,
    js: ENHANCE_SCRIPT_BYTES,
    fonts: 0,
    images,
    sections: perSection.sort((a, b) => b.bytes - a.bytes),
    overBudget: [],
  };
  if (weight.total > PAGE_BUDGET_BYTES) {
    const heaviest = weight.sections
      .filter((s) => s.bytes >= 1024)
      .slice(0, 3)
      .map((s) => `${s.name} ${formatKb(s.bytes)}`)
      .join(', ');
    weight.overBudget.push(
      `${weight.title} pèse ${formatKb(weight.total)} au premier chargement (${formatKb(PAGE_BUDGET_BYTES)} au plus)${heaviest ? ` : ${heaviest}` : ''}. Retirez des photos ou des sections, ou affichez moins de produits.`,
    );
  }
  if (weight.js > JS_BUDGET_BYTES)
    weight.overBudget.push(
      `${weight.title} charge ${formatKb(weight.js)} de JavaScript (${formatKb(JS_BUDGET_BYTES)} au plus).`,
    );
  return weight;
}
