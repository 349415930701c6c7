import { defineRawRoute, defineRoute, FileResponse, type RouteContext } from '@/server/http/define-route';
import { getDb } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { z, ZId } from '@/shared/validation';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import {
  findChannelListing,
  findChannelListings,
  saveChannelListing,
} from '@/features/product/server/channel-listings';
import {
  MESSAGE_TEMPLATES,
  ZChannelSettings,
  ZChannelSettingsBody,
  ZChannelsOverview,
  ZFeedProblems,
  ZListing,
  ZListings,
  ZListingsQuery,
  ZPasteBody,
  ZPasteDraft,
  ZSaveListingBody,
  ZShopQuery,
} from '../channel.schemas';
import { channelSettingsOf, renewFeedSecret, settingsDto, updateChannelSettings } from './settings';
import { channelsOverview } from './overview';
import { draftFromPaste, warmPasteMatcher } from './paste-order';
import { orderMessages, sendOrderMessage } from './order-messages';
import { shareLinks, statusCardOf } from './share';
import { checkFeeds } from './feeds/check-feeds';
import { serveFeed } from './feeds/feed-serve';
import { forgetShopPages } from '@/features/storefront/server/page-cache';

const tag = 'channel';
const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;
const shopOf = (ctx: RouteContext<unknown, unknown, unknown>) => ctx.membership!.shop;

/** The feeds' addresses are the catalogue's key: only those who manage the channels see them. */
function settingsFor(ctx: RouteContext<unknown, unknown, unknown>, row: Parameters<typeof settingsDto>[0]) {
  const dto = settingsDto(row);
  return can(ctx.membership!.agent.role as AgentRole, 'channels:manage')
    ? dto
    : { ...dto, feeds: { meta: '', google: '' } };
}

export const overviewRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/overview',
  tag,
  summary:
    'Les canaux de vente de la boutique : actif ou à configurer, commandes et ventes nettes du mois, et la prochaine étape.',
  shop: shopInQuery,
  permission: 'channels:view',
  query: ZShopQuery,
  response: ZChannelsOverview,
  handle: (ctx) => channelsOverview(ctx.db, shopOf(ctx)),
});

export const getSettingsRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/settings',
  tag,
  summary:
    'Le numéro WhatsApp, les messages de suivi, la marque et les adresses des catalogues Meta et Google.',
  shop: shopInQuery,
  permission: 'channels:view',
  query: ZShopQuery,
  response: ZChannelSettings,
  handle: async (ctx) => settingsFor(ctx, await channelSettingsOf(ctx.db, shopOf(ctx).id)),
});

export const updateSettingsRoute = defineRoute({
  method: 'POST',
  path: '/api/channel/updateSettings',
  tag,
  summary:
    'Change le numéro WhatsApp (gardé au format international), les messages de suivi ({{client}}, {{commande}}…) ou la marque des catalogues.',
  shop: shopInBody,
  permission: 'channels:manage',
  body: ZChannelSettingsBody,
  response: ZChannelSettings,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    const saved = await updateChannelSettings(ctx.db, shopOf(ctx), input);
    // The online shop's WhatsApp buttons lead to the new number at once (on this server).
    forgetShopPages(shopOf(ctx).id);
    return settingsFor(ctx, saved);
  },
});

export const renewFeedSecretRoute = defineRoute({
  method: 'POST',
  path: '/api/channel/renewFeedSecret',
  tag,
  summary: 'Change l’adresse secrète des catalogues : les anciennes adresses ne répondent plus.',
  shop: shopInBody,
  permission: 'channels:manage',
  body: ZShopQuery,
  response: ZChannelSettings,
  handle: async (ctx) => settingsFor(ctx, await renewFeedSecret(ctx.db, shopOf(ctx).id)),
});

export const listingsRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/listings',
  tag,
  summary: 'Les produits par nom, avec les canaux qui ne les proposent pas et leurs prix par canal.',
  shop: shopInQuery,
  permission: 'channels:view',
  query: ZListingsQuery,
  response: ZListings,
  handle: (ctx) =>
    findChannelListings(ctx.db, shopOf(ctx).id, {
      search: ctx.query.search,
      after:
        ctx.query.afterName !== undefined && ctx.query.afterId
          ? { name: ctx.query.afterName, id: ctx.query.afterId }
          : undefined,
      limit: 50,
    }),
});

export const saveListingRoute = defineRoute({
  method: 'POST',
  path: '/api/channel/saveListing',
  tag,
  summary:
    'Remplace les canaux qui ne proposent pas un produit et ses prix propres à un canal (site, WhatsApp, Meta, Google).',
  shop: shopInBody,
  permission: 'channels:manage',
  body: ZSaveListingBody,
  response: ZListing,
  handle: async (ctx) => {
    const saved = await saveChannelListing(ctx.db, shopOf(ctx).id, ctx.body.productId, {
      hiddenOn: ctx.body.hiddenOn,
      prices: ctx.body.prices,
    });
    // Withheld from the site, or priced apart there: its pages show it at once (on this server).
    forgetShopPages(shopOf(ctx).id);
    return saved;
  },
});

export const getListingRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/listing',
  tag,
  summary: 'Les canaux et prix par canal d’un produit.',
  shop: shopInQuery,
  permission: 'channels:view',
  query: ZShopQuery.extend({ productId: ZId }),
  response: ZListing,
  handle: async (ctx) => {
    const listing = await findChannelListing(ctx.db, shopOf(ctx).id, ctx.query.productId);
    if (!listing) throw Errors.notFound('Ce produit');
    return listing;
  },
});

export const pasteOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/channel/pasteOrder',
  tag,
  summary:
    'Lit un message WhatsApp collé et propose une commande : produits et quantités trouvés au catalogue (avec d’autres possibilités), le client par son numéro, la zone et les frais du quartier, la note. N’écrit rien.',
  shop: shopInBody,
  permission: 'orders:create',
  body: ZPasteBody,
  response: ZPasteDraft,
  handle: (ctx) => draftFromPaste(ctx.db, shopOf(ctx), ctx.body.text),
});

export const pasteReadyRoute = defineRoute({
  method: 'POST',
  path: '/api/channel/pasteReady',
  tag,
  summary:
    'Prépare l’index du catalogue pour « Coller une conversation » (appelé à l’ouverture de l’onglet) : le premier collage répond aussitôt.',
  shop: shopInBody,
  permission: 'orders:create',
  body: ZShopQuery,
  response: z.object({ variants: z.number() }),
  handle: async (ctx) => ({ variants: await warmPasteMatcher(ctx.db, shopOf(ctx).id) }),
});

const ZShareQuery = ZShopQuery.extend({ productId: ZId.optional(), categoryId: ZId.optional() });
const ZShare = z.object({
  url: z.string(),
  text: z.string(),
  waUrl: z.string(),
  isSitePublished: z.boolean(),
  variants: z.array(
    z.object({ id: z.string(), label: z.string(), price: z.number(), text: z.string(), waUrl: z.string() }),
  ),
  statusCardUrl: z.string().nullable(),
});

export const shareRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/share',
  tag,
  summary:
    'Les liens « Commander sur WhatsApp » d’un produit (et de chacune de ses variantes), d’une catégorie ou de toute la boutique, avec leur message en français.',
  shop: shopInQuery,
  permission: 'channels:view',
  query: ZShareQuery,
  response: ZShare,
  handle: (ctx) => shareLinks(ctx.db, shopOf(ctx), ctx.query),
});

export const statusCardRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/statusCard',
  tag,
  summary:
    'La « carte Statut » d’un produit (JPEG 1080 × 1920 : photo, nom, prix, boutique) à publier en Statut WhatsApp.',
  shop: shopInQuery,
  permission: 'channels:view',
  query: ZShopQuery.extend({ productId: ZId }),
  produces: 'image/jpeg',
  response: z.unknown(),
  handle: async (ctx) => {
    const card = await statusCardOf(ctx.db, shopOf(ctx), ctx.query.productId);
    return new FileResponse({
      filename: `statut-${card.slug}.jpg`,
      contentType: 'image/jpeg',
      body: card.image,
    });
  },
});

const ZOrderMessages = z.object({
  suggested: z.enum(MESSAGE_TEMPLATES),
  phone: z.string().nullable(),
  canSendDirectly: z.boolean(),
  items: z.array(
    z.object({
      key: z.enum(MESSAGE_TEMPLATES),
      label: z.string(),
      text: z.string(),
      waUrl: z.string().nullable(),
    }),
  ),
});

export const orderMessagesRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/orderMessages',
  tag,
  summary:
    'Les messages de suivi d’une commande (confirmation, paiement reçu, en livraison avec le lien de suivi, livrée), prêts à ouvrir dans WhatsApp.',
  shop: shopInQuery,
  permission: 'orders:manage',
  query: ZShopQuery.extend({ orderId: ZId }),
  response: ZOrderMessages,
  handle: (ctx) => orderMessages(ctx.db, shopOf(ctx), ctx.query.orderId),
});

export const sendOrderMessageRoute = defineRoute({
  method: 'POST',
  path: '/api/channel/sendOrderMessage',
  tag,
  summary: 'Envoie un message de suivi par l’API WhatsApp Cloud, quand le serveur est configuré pour cela.',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZShopQuery.extend({ orderId: ZId, template: z.enum(MESSAGE_TEMPLATES) }),
  response: z.object({ ok: z.literal(true) }),
  handle: async (ctx) => {
    await sendOrderMessage(ctx.db, shopOf(ctx), ctx.body.orderId, ctx.body.template);
    return { ok: true as const };
  },
});

export const checkFeedsRoute = defineRoute({
  method: 'GET',
  path: '/api/channel/checkFeeds',
  tag,
  summary:
    'Ce que Meta et Google refuseraient dans le catalogue (pas d’image, image trop petite, titre trop long, marque ou identifiant manquant…), produit par produit.',
  shop: shopInQuery,
  permission: 'channels:view',
  query: ZShopQuery,
  response: ZFeedProblems,
  handle: (ctx) => checkFeeds(ctx.db, shopOf(ctx)),
});

export const feedRoute = defineRawRoute({
  methods: ['GET'],
  path: '/api/channel/feed/{secret}/{file}',
  tag,
  summary:
    'Le catalogue de la boutique pour Meta (meta.csv) ou Google Merchant Center (google.xml), à son adresse secrète ; 404 pour un secret inconnu.',
  handler: (req, res, params) => serveFeed(getDb(), req, res, params.secret ?? '', params.file ?? ''),
});
