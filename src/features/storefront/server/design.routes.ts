import { defineRoute, type RouteContext } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import { publicUrl } from '@/server/env';
import { storeImage } from '@/server/storage/store-image';
import { z, ZId } from '@/shared/validation';
import { findCategories } from '@/features/product/server/product.repository';
import {
  ZDesign,
  ZPreview,
  ZPreviewBody,
  ZRestoreBody,
  ZSaveDraftBody,
  ZVersions,
  type TDesign,
} from '../design.schemas';
import { getStorefront } from './storefront.repository';
import {
  designContext,
  designState,
  discardDraft,
  listVersions,
  publishDraft,
  restoreVersion,
  sanitizeDesign,
  saveDraft,
  type DesignState,
} from './site-design';
import { logoColors } from './logo-colors';
import { weighPage } from './page-weight';
import { renderHome, renderSitePage } from './pages/home';
import { loadSectionProducts } from './pages/sections';

const tag = 'storefront';
type Ctx = RouteContext<unknown, unknown, unknown>;
const shopOf = (ctx: Ctx) => ctx.membership!.shop;

async function designDto(ctx: Ctx, state: DesignState): Promise<TDesign> {
  const shop = shopOf(ctx);
  const [categories, suggestedColors] = await Promise.all([
    findCategories(ctx.db, shop.id),
    logoColors(shop.logoUrl),
  ]);
  return {
    layout: state.layout,
    hasUnpublishedChanges: state.hasUnpublishedChanges,
    draftUpdatedAt: state.draftUpdatedAt?.toISOString() ?? null,
    problems: state.problems,
    url: `${publicUrl()}/${shop.slug}`,
    isPublished: state.isPublished,
    suggestedColors,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
  };
}

export const getDesignRoute = defineRoute({
  method: 'GET',
  path: '/api/storefront/design',
  tag,
  summary: 'Le site tel que l’éditeur le montre : le brouillon s’il y en a un, sinon la version publiée.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'website:manage',
  query: z.object({ shopId: ZId }),
  response: ZDesign,
  handle: async (ctx) => designDto(ctx, await designState(ctx.db, shopOf(ctx))),
});

export const saveDraftRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/saveDraft',
  tag,
  summary:
    'Enregistre le brouillon du site (thème, couleur, menus, pages et sections) ; les visiteurs ne le voient qu’une fois publié.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'website:manage',
  body: ZSaveDraftBody,
  response: ZDesign,
  handle: async (ctx) => designDto(ctx, await saveDraft(ctx.db, shopOf(ctx), ctx.body.layout)),
});

export const discardDraftRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/discardDraft',
  tag,
  summary: 'Abandonne le brouillon : l’éditeur revient à la version publiée.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'website:manage',
  body: z.object({ shopId: ZId }),
  response: ZDesign,
  handle: async (ctx) => designDto(ctx, await discardDraft(ctx.db, shopOf(ctx))),
});

export const publishRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/publish',
  tag,
  summary:
    'Publie le brouillon, refusé si un lien mène à une page supprimée ou si une page dépasse le budget de poids (500 Ko, dont 150 Ko de JavaScript).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'website:manage',
  body: z.object({ shopId: ZId }),
  response: ZDesign,
  handle: async (ctx) => designDto(ctx, await publishDraft(ctx.db, shopOf(ctx), ctx.user.id)),
});

export const listVersionsRoute = defineRoute({
  method: 'GET',
  path: '/api/storefront/versions',
  tag,
  summary: 'Les versions publiées du site, la plus récente d’abord (50 au plus).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'website:manage',
  query: z.object({ shopId: ZId }),
  response: ZVersions,
  handle: async (ctx) => {
    const items = await listVersions(ctx.db, shopOf(ctx).id);
    return {
      items: items.map((v, i) => ({
        number: v.number,
        publishedAt: v.publishedAt.toISOString(),
        publishedBy: v.publishedBy,
        restoredFromNumber: v.restoredFromNumber,
        isLive: i === 0,
      })),
    };
  },
});

export const restoreVersionRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/restoreVersion',
  tag,
  summary:
    'Republie une version précédente du site (elle devient la plus récente) et abandonne le brouillon.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'website:manage',
  body: ZRestoreBody,
  response: ZDesign,
  handle: async (ctx) =>
    designDto(ctx, await restoreVersion(ctx.db, shopOf(ctx), ctx.body.number, ctx.user.id)),
});

export const previewRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/preview',
  tag,
  summary:
    'Une page du site dessinée à partir de la mise en page envoyée, sans rien enregistrer, avec son poids au premier chargement.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'website:manage',
  body: ZPreviewBody,
  response: ZPreview,
  handle: async (ctx) => {
    const shop = shopOf(ctx);
    const layout = sanitizeDesign(ctx.body.layout);
    const page = ctx.body.page === 'home' ? 'home' : layout.pages.find((p) => p.id === ctx.body.page);
    if (!page) throw Errors.validation({ page: 'Cette page n’existe pas dans la mise en page envoyée.' });
    const base = await designContext(ctx.db, shop, await getStorefront(ctx.db, shop), layout);
    const preview = { ...base, isPreview: true };
    const sections = page === 'home' ? layout.home.sections : page.sections;
    const products = await loadSectionProducts(ctx.db, preview, sections);
    const drawn = page === 'home' ? renderHome(preview, products) : renderSitePage(preview, page, products);
    return { html: `<!doctype html>${drawn.text}`, weight: await weighPage(base, page, products) };
  },
});

export const uploadSiteImageRoute = defineRoute({
  method: 'POST',
  path: '/api/storefront/uploadImage',
  tag,
  summary:
    'Une image du site (bannière, diaporama, favicon…) : JPEG, PNG ou WebP contrôlée sur son contenu, ramenée à 1 600 px au plus en WebP ; la boutique la sert ensuite à la taille de chaque écran.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'website:manage',
  query: z.object({ shopId: ZId }),
  upload: { field: 'image' },
  response: z.object({ url: z.string() }),
  handle: async (ctx) => ({
    url: await storeImage('site', ctx.file!, { width: 1600, height: 1600, fit: 'inside' }, 'image'),
  }),
});
