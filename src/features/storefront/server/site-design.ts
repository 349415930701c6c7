import { and, desc, eq, lt, max, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { storefrontVersions } from '@/server/db/schema/storefront';
import { findPeople } from '@/features/user/server/user.repository';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { publicUrl } from '@/server/env';
import { safeRichText } from '@/server/http/rich-text';
import { describeDetails } from '@/shared/validation';
import {
  pageHasContent,
  pagePath,
  upgradeLayout,
  type LayoutSection,
  type StorefrontLayout,
} from '@/shared/storefront/layout';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { findPublicCategories } from '@/features/product/server/public-catalogue';
import { findActiveProductSlugs } from '@/features/product/server/product-slugs';
import type { StorefrontContext } from './context';
import { getStorefront, saveStorefront, type StorefrontSettings } from './storefront.repository';
import { designProblems, linkedProductIds } from './site-links';
import { weighPage, type PageWeight } from './page-weight';
import { loadSectionProducts } from './pages/sections';
import { forgetShopPages } from './page-cache';

/*
 * The site builder's draft and its publication. The builder saves the whole design as a draft as
 * the seller edits (rich text sanitised on the way in); « Publier » checks its links and its
 * weight, makes it what buyers see and keeps it as a version; « Historique » brings one back.
 */

/** How many published versions a shop keeps. */
export const KEPT_VERSIONS = 50;

const sanitizeSections = (sections: LayoutSection[]): LayoutSection[] =>
  sections.map((s) =>
    s.type === 'rich_text' ? { ...s, settings: { ...s.settings, html: safeRichText(s.settings.html) } } : s,
  );

/** The design with every rich text as the server lets it through. */
export function sanitizeDesign(layout: StorefrontLayout): StorefrontLayout {
  return {
    ...layout,
    home: { ...layout.home, sections: sanitizeSections(layout.home.sections) },
    pages: layout.pages.map((p) => ({ ...p, sections: sanitizeSections(p.sections) })),
  };
}

/** A shop's pages drawn from `layout` instead of what is published (preview, weight). */
export async function designContext(
  db: Executor,
  shop: ShopRow,
  store: StorefrontSettings,
  layout: StorefrontLayout,
): Promise<StorefrontContext> {
  const [categories, productSlugs] = await Promise.all([
    findPublicCategories(db, shop.id),
    findActiveProductSlugs(db, shop.id, linkedProductIds(layout)),
  ]);
  return {
    shop,
    store: { ...store, layout },
    base: `/${shop.slug}`,
    origin: new URL(publicUrl()).origin,
    categories,
    productSlugs,
  };
}

function problemsOf(ctx: StorefrontContext): Record<string, string> {
  return designProblems(ctx.store.layout, {
    categoryIds: new Set(ctx.categories.map((c) => c.id)),
    productIds: new Set(ctx.productSlugs?.keys() ?? []),
  });
}

export interface DesignState {
  layout: StorefrontLayout;
  hasUnpublishedChanges: boolean;
  draftUpdatedAt: Date | null;
  isPublished: boolean;
  /** Links leading nowhere and other faults that forbid publishing, by field. */
  problems: Record<string, string>;
}

/** What the builder shows of a shop's storefront row, read or written just before. */
async function stateOf(db: Executor, shop: ShopRow, store: StorefrontSettings): Promise<DesignState> {
  const layout = store.draft ?? store.layout;
  return {
    layout,
    hasUnpublishedChanges: store.draft !== null,
    draftUpdatedAt: store.draftUpdatedAt,
    isPublished: store.isPublished,
    problems: problemsOf(await designContext(db, shop, store, layout)),
  };
}

export async function designState(db: Executor, shop: ShopRow): Promise<DesignState> {
  return stateOf(db, shop, await getStorefront(db, shop));
}

export async function saveDraft(db: Executor, shop: ShopRow, layout: StorefrontLayout): Promise<DesignState> {
  const clean = sanitizeDesign(layout);
  const store = await getStorefront(db, shop);
  // Back to what is published (an undo): no draft left to publish.
  const same = JSON.stringify(clean) === JSON.stringify(store.layout);
  const saved = await saveStorefront(db, shop, {
    draft: same ? null : clean,
    draftUpdatedAt: same ? null : new Date(),
  });
  return stateOf(db, shop, saved);
}

export async function discardDraft(db: Executor, shop: ShopRow): Promise<DesignState> {
  return stateOf(db, shop, await saveStorefront(db, shop, { draft: null, draftUpdatedAt: null }));
}

/** Every page buyers can open, each weighed. */
export async function weighDesign(db: Executor, ctx: StorefrontContext): Promise<PageWeight[]> {
  const pages = ctx.store.layout.pages.filter(pageHasContent);
  const weights: PageWeight[] = [];
  for (const page of ['home' as const, ...pages]) {
    const sections = page === 'home' ? ctx.store.layout.home.sections : page.sections;
    weights.push(await weighPage(ctx, page, await loadSectionProducts(db, ctx, sections)));
  }
  return weights;
}

function refuse(details: Record<string, string>): never {
  throw Errors.validation(details, describeDetails(details));
}

/** Makes `layout` what buyers see and keeps it as the shop's next version; its links and weight first. */
async function publishLayout(
  db: Database,
  shop: ShopRow,
  store: StorefrontSettings,
  layout: StorefrontLayout,
  userId: string | null,
  restoredFromNumber: number | null,
): Promise<DesignState> {
  const ctx = await designContext(db, shop, store, layout);
  const problems = problemsOf(ctx);
  if (Object.keys(problems).length) refuse(problems);
  const weights = await weighDesign(db, ctx);
  const heavy = weights.filter((w) => w.overBudget.length);
  if (heavy.length)
    refuse(Object.fromEntries(heavy.map((w) => [pagePath(layout, w.page), w.overBudget.join(' ')])));
  const saved = await db.transaction(async (tx) => {
    // One publication at a time per shop: each takes the next number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`storefront-publish:${shop.id}`}))`);
    const [last] = await tx
      .select({ number: max(storefrontVersions.number) })
      .from(storefrontVersions)
      .where(eq(storefrontVersions.shopId, shop.id));
    const number = (last?.number ?? 0) + 1;
    const row = await saveStorefront(tx, shop, { layout, draft: null, draftUpdatedAt: null });
    await tx.insert(storefrontVersions).values({
      id: newId(),
      shopId: shop.id,
      number,
      layout,
      publishedByUserId: userId,
      restoredFromNumber,
    });
    await tx
      .delete(storefrontVersions)
      .where(
        and(
          eq(storefrontVersions.shopId, shop.id),
          lt(storefrontVersions.number, number - KEPT_VERSIONS + 1),
        ),
      );
    return row;
  });
  forgetShopPages(shop.id);
  // Its links were just checked: nothing forbids publishing what is now live.
  return {
    layout,
    hasUnpublishedChanges: false,
    draftUpdatedAt: null,
    isPublished: saved.isPublished,
    problems: {},
  };
}

export async function publishDraft(db: Database, shop: ShopRow, userId: string | null): Promise<DesignState> {
  const store = await getStorefront(db, shop);
  return publishLayout(db, shop, store, store.draft ?? store.layout, userId, null);
}

export interface VersionSummary {
  number: number;
  publishedAt: Date;
  publishedBy: string | null;
  restoredFromNumber: number | null;
}

export async function listVersions(db: Executor, shopId: string): Promise<VersionSummary[]> {
  const rows = await db
    .select({
      number: storefrontVersions.number,
      publishedAt: storefrontVersions.publishedAt,
      userId: storefrontVersions.publishedByUserId,
      restoredFromNumber: storefrontVersions.restoredFromNumber,
    })
    .from(storefrontVersions)
    .where(eq(storefrontVersions.shopId, shopId))
    .orderBy(desc(storefrontVersions.number))
    .limit(KEPT_VERSIONS);
  const people = await findPeople(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    number: r.number,
    publishedAt: r.publishedAt,
    publishedBy: (r.userId && people.get(r.userId)) || null,
    restoredFromNumber: r.restoredFromNumber,
  }));
}

/**
 * Publishes an earlier version again (as a new version, so the history only grows) and drops the
 * draft: the seller sees in the builder exactly what buyers now see.
 */
export async function restoreVersion(
  db: Database,
  shop: ShopRow,
  number: number,
  userId: string | null,
): Promise<DesignState> {
  const [version] = await db
    .select({ layout: storefrontVersions.layout })
    .from(storefrontVersions)
    .where(and(eq(storefrontVersions.shopId, shop.id), eq(storefrontVersions.number, number)));
  if (!version) throw Errors.notFound('Cette version');
  const layout = sanitizeDesign(upgradeLayout(version.layout, shop.name));
  return publishLayout(db, shop, await getStorefront(db, shop), layout, userId, number);
}
