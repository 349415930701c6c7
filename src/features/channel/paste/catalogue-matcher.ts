import type { MatchableRow } from '@/features/product/server/channel-catalogue';
import MiniSearch from 'minisearch';
import type { ParsedLine, ParsedMessage } from './parse-message';
import {
  canonical,
  hasDigit,
  processTerm,
  searchEdits,
  similarity,
  splitTerms,
  termsOf,
} from './match-terms';

/**
 * Finds the catalogue variant each pasted line asks for. MiniSearch (fuzzy and prefix) picks a few
 * dozen candidate products among tens of thousands; each of their variants is then scored 0..1 on
 * how much of the request it explains and how much of its name the request covers, so scores
 * compare across lines and a threshold means something.
 */

/** A variant as the channel offers it, the product module's row (its price is the channel's). */
export type MatchableVariant = MatchableRow;

export interface VariantMatch {
  variantId: string;
  productId: string;
  /** « Huile de coco — 50cl » */
  label: string;
  price: number;
  stock: number | null;
  /** 0..1, higher is better. */
  score: number;
}

export interface LineMatch {
  line: ParsedLine;
  /** The best match, or null when nothing is close enough. */
  best: VariantMatch | null;
  /** Up to 4 other plausible variants, best first (never including best). */
  alternatives: VariantMatch[];
}

interface Product {
  nameTerms: string[];
  /** Numbers and sizes in a name count half: « huile de coco » still names « Huile de coco 50cl ». */
  nameWeights: number[];
  variants: number[];
}

const CANDIDATES = 30;
const MAX_WORDS = 12;
const BEST_MIN = 0.55;
const ALTERNATIVE_MIN = 0.4;
const ALTERNATIVES = 4;
/** A term that only a sibling variant has (« 100cl » asked, « 50cl » scored). */
const OTHER_OPTION_PENALTY = 0.15;

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export class CatalogueMatcher {
  readonly size: number;
  private readonly variants: readonly MatchableVariant[];
  private readonly optionTerms: string[][];
  private readonly products: Product[] = [];
  private readonly bySku = new Map<string, number>();
  private readonly index: MiniSearch<{ id: number; name: string }>;

  constructor(variants: readonly MatchableVariant[]) {
    this.variants = variants;
    this.size = variants.length;
    this.optionTerms = variants.map((v) => termsOf(v.optionValues.join(' ')));
    const productIds = new Map<string, number>();
    variants.forEach((v, i) => {
      let p = productIds.get(v.productId);
      if (p === undefined) {
        p = this.products.length;
        productIds.set(v.productId, p);
        const nameTerms = termsOf(v.productName);
        this.products.push({
          nameTerms,
          nameWeights: nameTerms.map((t) => (hasDigit(t) ? 0.5 : 1)),
          variants: [],
        });
      }
      this.products[p]!.variants.push(i);
      if (v.sku && compact(v.sku).length >= 2 && !this.bySku.has(compact(v.sku)))
        this.bySku.set(compact(v.sku), i);
    });
    // Names only: a product must be named to match, its options just choose the variant, and
    // indexing « M » or « 50cl » would make every search walk thousands of products.
    this.index = new MiniSearch({
      fields: ['name'],
      tokenize: (text) => splitTerms(canonical(text)),
      processTerm,
      searchOptions: {
        combineWith: 'OR',
        prefix: (term) => term.length >= 3 || /^\d+$/.test(term),
        fuzzy: (term) => searchEdits(term) || false,
        weights: { fuzzy: 0.6, prefix: 0.5 },
      },
    });
    this.index.addAll(this.products.map((p, id) => ({ id, name: variants[p.variants[0]!]!.productName })));
  }

  matchMessage(parsed: ParsedMessage): LineMatch[] {
    return parsed.lines.map((line) => this.matchLine(line));
  }

  matchLine(line: ParsedLine): LineMatch {
    const ranked = this.rank(line.phrase);
    const sku = this.skuIn(line.phrase);
    if (sku !== null) {
      const best = this.toMatch(sku, 1);
      return { line, best, alternatives: this.alternatives(ranked, best.variantId) };
    }
    const top = ranked[0];
    const best = top && top.score >= BEST_MIN ? this.toMatch(top.variant, top.score) : null;
    return { line, best, alternatives: this.alternatives(ranked, best?.variantId) };
  }

  /** An SKU written whole, alone or among the words (« KAO-01 », « 2 x kao01 »). */
  private skuIn(phrase: string): number | null {
    const whole = this.bySku.get(compact(phrase));
    if (whole !== undefined) return whole;
    for (const piece of phrase.split(/\s+/)) {
      const code = compact(piece);
      if (code.length < 3 || !/\d/.test(code)) continue;
      const found = this.bySku.get(code);
      if (found !== undefined) return found;
    }
    return null;
  }

  private alternatives(ranked: Array<{ variant: number; score: number }>, bestId: string | undefined) {
    return ranked
      .filter((r) => r.score >= ALTERNATIVE_MIN && this.variants[r.variant]!.variantId !== bestId)
      .slice(0, ALTERNATIVES)
      .map((r) => this.toMatch(r.variant, r.score));
  }

  private rank(said: string): Array<{ variant: number; score: number }> {
    // No product name runs longer; a whole paragraph taken for one item would only cost time.
    const phrase = said.split(/\s+/).slice(0, MAX_WORDS).join(' ');
    const query = termsOf(phrase);
    if (!query.length) return [];
    const found = this.index.search(phrase).slice(0, CANDIDATES);
    const scored: Array<{ variant: number; score: number; inStock: boolean }> = [];
    for (const hit of found) {
      const product = this.products[hit.id as number]!;
      const asked = this.askedOptions(query, product);
      for (const variant of product.variants) {
        const score = this.score(query, product, variant, asked);
        const stock = this.variants[variant]!.stock;
        if (score > 0) scored.push({ variant, score, inStock: stock === null || stock > 0 });
      }
    }
    // Equal scores (« huile de coco » for its 50cl and 100cl): what is in stock, then catalogue order.
    return scored.sort(
      (a, b) => b.score - a.score || Number(b.inStock) - Number(a.inStock) || a.variant - b.variant,
    );
  }

  /** The option terms of this product the request names (« m », « 50cl », « noir »). */
  private askedOptions(query: string[], product: Product): Set<string> {
    const asked = new Set<string>();
    for (const v of product.variants) {
      for (const term of this.optionTerms[v]!)
        if (query.some((q) => similarity(q, term) >= 0.85)) asked.add(term);
    }
    return asked;
  }

  private score(query: string[], product: Product, variant: number, asked: Set<string>): number {
    const own = this.optionTerms[variant]!;
    let named = 0;
    let nameTotal = 0;
    const explained = query.map(() => 0);
    product.nameTerms.forEach((term, k) => {
      let best = 0;
      query.forEach((q, j) => {
        const s = similarity(q, term);
        best = Math.max(best, s);
        explained[j] = Math.max(explained[j]!, s);
      });
      named += best * product.nameWeights[k]!;
      nameTotal += product.nameWeights[k]!;
    });
    if (!named) return 0;
    for (const term of own)
      query.forEach((q, j) => (explained[j] = Math.max(explained[j]!, similarity(q, term))));
    const queryShare = explained.reduce((a, b) => a + b, 0) / query.length;
    const conflict = [...asked].some((term) => !own.includes(term)) ? OTHER_OPTION_PENALTY : 0;
    return Math.max(0, Math.min(1, 0.5 * queryShare + 0.5 * (named / nameTotal) - conflict));
  }

  private toMatch(i: number, score: number): VariantMatch {
    const v = this.variants[i]!;
    const options = v.optionValues.filter(Boolean).join(' / ');
    return {
      variantId: v.variantId,
      productId: v.productId,
      label: options ? `${v.productName} — ${options}` : v.productName,
      price: v.price,
      stock: v.stock,
      score: Math.round(score * 1000) / 1000,
    };
  }
}
