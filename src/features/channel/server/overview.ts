import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { salesByChannelSince } from '@/features/stats/server';
import { zonedDayHour } from '@/features/stats/zoned-time';
import { countHiddenByChannel } from '@/features/product/server/channel-listings';
import { siteAddress } from '@/features/storefront/server/site-address';
import { formatPhone } from '@/shared/phone-format';
import {
  ORDER_CHANNELS_OF,
  SALES_CHANNEL_LABELS,
  SALES_CHANNELS,
  type SalesChannelKey,
  type TChannelsOverview,
} from '../channel.schemas';
import { channelSettingsOf } from './settings';

type Card = TChannelsOverview['items'][number];

function withheld(n: number | undefined, where: string): string {
  if (!n) return `Tous les produits actifs sont proposés ${where}.`;
  return n === 1 ? `1 produit retiré ${where}.` : `${n.toLocaleString('fr-FR')} produits retirés ${where}.`;
}

function feedRead(at: Date | null, platform: string): string {
  if (!at) return `${platform} n’a pas encore lu votre catalogue.`;
  return `${platform} a lu votre catalogue le ${at.toLocaleDateString('fr-FR')}.`;
}

/**
 * Each channel's card: live or still to set up, what it sold this month (the shop's calendar
 * month, roll-ups brought up to date) and the one thing to do next.
 */
export async function channelsOverview(
  db: Database,
  shop: ShopRow,
  now = new Date(),
): Promise<TChannelsOverview> {
  const today = zonedDayHour(now, shop.timeZone).day;
  const month = `${today.slice(0, 7)}-01`;
  const [sales, hidden, settings, site] = await Promise.all([
    salesByChannelSince(db, shop.id, month),
    countHiddenByChannel(db, shop.id),
    channelSettingsOf(db, shop.id),
    siteAddress(db, shop),
  ]);
  const figures = (key: SalesChannelKey) => {
    const channels = ORDER_CHANNELS_OF[key];
    if (channels.length === 0) return { orders: null, net: null };
    let orders = 0;
    let net = 0;
    for (const c of channels) {
      orders += sales.get(c)?.orders ?? 0;
      net += sales.get(c)?.net ?? 0;
    }
    return { orders, net };
  };
  const states: Record<SalesChannelKey, Pick<Card, 'isActive' | 'detail' | 'nextStep'>> = {
    pos: {
      isActive: true,
      detail: withheld(hidden.get('pos'), 'de la caisse'),
      nextStep: { label: 'Ouvrir la caisse', href: '/point-de-vente' },
    },
    site: site.isPublished
      ? {
          isActive: true,
          detail: `En ligne : ${site.url}. ${withheld(hidden.get('site'), 'du site')}`,
          nextStep: { label: 'Modifier le site', href: '/website' },
        }
      : {
          isActive: false,
          detail: 'Votre boutique en ligne n’est pas encore publiée.',
          nextStep: { label: 'Publier la boutique', href: '/website' },
        },
    whatsapp: settings.whatsappPhone
      ? {
          isActive: true,
          detail: `Numéro ${formatPhone(settings.whatsappPhone)}. ${withheld(hidden.get('whatsapp'), 'sur WhatsApp')}`,
          nextStep: { label: 'Coller une conversation', href: '/canaux-de-vente?onglet=coller' },
        }
      : {
          isActive: false,
          detail: 'Indiquez le numéro WhatsApp de la boutique pour partager vos produits.',
          nextStep: { label: 'Renseigner le numéro', href: '/canaux-de-vente?onglet=whatsapp' },
        },
    meta: {
      isActive: settings.metaFeedReadAt !== null,
      detail: `${feedRead(settings.metaFeedReadAt, 'Meta')} ${withheld(hidden.get('meta'), 'du catalogue Meta')}`,
      nextStep: { label: 'Vérifier et envoyer le catalogue', href: '/canaux-de-vente?onglet=catalogues' },
    },
    google: {
      isActive: settings.googleFeedReadAt !== null,
      detail: `${feedRead(settings.googleFeedReadAt, 'Google')} Les acheteurs commandent sur la boutique en ligne.`,
      nextStep: { label: 'Vérifier et envoyer le catalogue', href: '/canaux-de-vente?onglet=catalogues' },
    },
    manual: {
      isActive: true,
      detail: 'Commandes prises par téléphone ou saisies à la main.',
      nextStep: { label: 'Nouvelle commande', href: '/mes-commandes/nouvelle' },
    },
  };
  return {
    month,
    currency: shop.currency,
    items: SALES_CHANNELS.map((key) => ({
      key,
      label: SALES_CHANNEL_LABELS[key],
      ...states[key],
      ...figures(key),
    })),
  };
}
