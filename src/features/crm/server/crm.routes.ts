import { defineRoute, type RouteContext } from '@/server/http/define-route';
import { AppError } from '@/server/http/errors';
import { effectivePlan } from '@/shared/plans';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { countSegment } from '@/features/customer/server/client-segments';
import { z } from '@/shared/validation';
import { discountsForMessages } from '@/features/discount/server';
import { whatsappOffer } from './campaign-channel';
import {
  ZCampaignDetail,
  ZCampaignDiscounts,
  ZCampaignOptions,
  ZCampaignList,
  ZCampaignQuery,
  ZStartCampaignBody,
  ZStartedCampaign,
  ZTestSmsBody,
  ZCampaignPreview,
  ZPreviewCampaignBody,
  ZCountSegmentBody,
  ZSaveSegmentBody,
  ZSegment,
  ZSegmentBody,
  ZSegmentCount,
  ZSegmentList,
  ZShopQuery,
} from '../crm.schemas';
import { deleteSegment, listSegments, saveSegment } from './segments';
import { campaignDetail, listCampaigns, previewCampaign, sendTestSms, startCampaign } from './campaigns';

const tag = 'crm';
const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;
const SAMPLE_SIZE = 20;

/**
 * The CRM is for paying shops (PRODUCT.md: its campaigns spend SMS the free plan has none of): the
 * free plan's menu says « Offre payante », and the server refuses whatever the page shows.
 */
export function crmShop(ctx: RouteContext<unknown, unknown, unknown>): ShopRow {
  const shop = ctx.membership!.shop;
  if (effectivePlan(shop) === 'free')
    throw new AppError(
      'PLAN_REQUIRED',
      403,
      'Le CRM est inclus dans les forfaits payants : passez au forfait Starter ou supérieur pour l’utiliser.',
    );
  return shop;
}

export const listSegmentsRoute = defineRoute({
  method: 'GET',
  path: '/api/crm/listSegments',
  tag,
  summary:
    'Les segments enregistrés de la boutique, chacun avec le nombre de clients qu’il compte maintenant.',
  shop: shopInQuery,
  permission: 'crm:view',
  query: ZShopQuery,
  response: ZSegmentList,
  handle: async (ctx) => ({ items: await listSegments(ctx.db, crmShop(ctx)) }),
});

export const countSegmentRoute = defineRoute({
  method: 'POST',
  path: '/api/crm/countSegment',
  tag,
  summary:
    'Compte les clients d’un segment (règles combinées par « toutes » ou « au moins une ») : total, joignables par SMS, exclus sans téléphone ou sans accord, et les premiers clients.',
  shop: shopInBody,
  permission: 'crm:view',
  body: ZCountSegmentBody,
  response: ZSegmentCount,
  handle: (ctx) => countSegment(ctx.db, crmShop(ctx), ctx.body.definition, SAMPLE_SIZE),
});

export const saveSegmentRoute = defineRoute({
  method: 'POST',
  path: '/api/crm/saveSegment',
  tag,
  summary:
    'Enregistre un segment (nouveau, ou modifié avec segmentId) ; son nom est unique dans la boutique.',
  shop: shopInBody,
  permission: 'crm:manage',
  body: ZSaveSegmentBody,
  response: ZSegment,
  handle: (ctx) => saveSegment(ctx.db, crmShop(ctx), ctx.user.id, ctx.body),
});

export const deleteSegmentRoute = defineRoute({
  method: 'POST',
  path: '/api/crm/deleteSegment',
  tag,
  summary: 'Supprime un segment enregistré.',
  shop: shopInBody,
  permission: 'crm:manage',
  body: ZSegmentBody,
  response: z.object({ deleted: z.literal(true) }),
  handle: async (ctx) => {
    await deleteSegment(ctx.db, crmShop(ctx).id, ctx.body.segmentId);
    return { deleted: true as const };
  },
});

export const startCampaignRoute = defineRoute({
  method: 'POST',
  path: '/api/crm/startCampaign',
  tag,
  summary:
    'Lance (ou programme avec sendAt) une campagne SMS vers les clients du segment qui ont un téléphone et leur accord SMS ; {prénom} et {boutique} remplis, la ligne STOP ajoutée ; refusée si ses SMS (comptés en parties) dépassent ce qui reste du forfait.',
  shop: shopInBody,
  permission: 'crm:manage',
  body: ZStartCampaignBody,
  response: ZStartedCampaign,
  handle: (ctx) => {
    const shop = crmShop(ctx);
    const { name, definition, template, sendAt, discountId, channel } = ctx.body;
    return startCampaign(ctx.db, shop.id, ctx.user.id, {
      name,
      definition,
      template,
      ...(sendAt ? { sendAt: new Date(sendAt) } : {}),
      ...(discountId ? { discountId } : {}),
      ...(channel ? { channel } : {}),
    });
  },
});

export const listCampaignsRoute = defineRoute({
  method: 'GET',
  path: '/api/crm/listCampaigns',
  tag,
  summary:
    'Les campagnes SMS de la boutique, les plus récentes d’abord, avec leurs messages en file, envoyés, en échec et ignorés.',
  shop: shopInQuery,
  permission: 'crm:view',
  query: ZShopQuery,
  response: ZCampaignList,
  handle: async (ctx) => ({ items: await listCampaigns(ctx.db, crmShop(ctx)) }),
});

export const campaignRoute = defineRoute({
  method: 'GET',
  path: '/api/crm/campaign',
  tag,
  summary:
    'Une campagne et l’état de chaque message (en file, envoyé, échec avec la réponse de la passerelle, ignoré après un STOP).',
  shop: shopInQuery,
  permission: 'crm:view',
  query: ZCampaignQuery,
  response: ZCampaignDetail,
  handle: (ctx) => campaignDetail(ctx.db, crmShop(ctx).id, ctx.query.campaignId),
});

export const sendTestSmsRoute = defineRoute({
  method: 'POST',
  path: '/api/crm/sendTestSms',
  tag,
  summary:
    'Envoie le message de la campagne, tel qu’un client le recevra, au téléphone de l’agent (compté dans le forfait).',
  shop: shopInBody,
  permission: 'crm:manage',
  body: ZTestSmsBody,
  response: z.object({ phone: z.string(), text: z.string() }),
  handle: async (ctx) => {
    const shop = crmShop(ctx);
    const agent = ctx.membership!.agent;
    const text = await sendTestSms(ctx.db, shop, agent, ctx.body.template);
    return { phone: agent.phone, text };
  },
});

export const previewCampaignRoute = defineRoute({
  method: 'POST',
  path: '/api/crm/previewCampaign',
  tag,
  summary:
    'Ce qu’enverrait une campagne : ses destinataires (téléphone et accord SMS), ses SMS comptés en parties, ce qui reste du forfait, et les premiers messages tels que les clients les liront.',
  shop: shopInBody,
  permission: 'crm:view',
  body: ZPreviewCampaignBody,
  response: ZCampaignPreview,
  handle: (ctx) =>
    previewCampaign(ctx.db, crmShop(ctx), ctx.body.definition, ctx.body.template, ctx.body.channel ?? 'sms'),
});

export const campaignDiscountsRoute = defineRoute({
  method: 'GET',
  path: '/api/crm/campaignDiscounts',
  tag,
  summary:
    'Les réductions par code dont une campagne peut donner un code unique à chaque destinataire ({code}) : activées, ni archivées ni terminées.',
  shop: shopInQuery,
  permission: 'crm:view',
  query: ZShopQuery,
  response: ZCampaignDiscounts,
  handle: async (ctx) => ({ items: await discountsForMessages(ctx.db, crmShop(ctx).id) }),
});

export const campaignOptionsRoute = defineRoute({
  method: 'GET',
  path: '/api/crm/campaignOptions',
  tag,
  summary:
    'Ce que le compositeur de campagne peut proposer : WhatsApp (avec son coût par message en FCFA) quand une passerelle WhatsApp est configurée.',
  shop: shopInQuery,
  permission: 'crm:view',
  query: ZShopQuery,
  response: ZCampaignOptions,
  handle: async (ctx) => {
    crmShop(ctx);
    return { whatsapp: whatsappOffer() };
  },
});
