import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import { quoteDelivery } from '@/features/delivery/server';
import type { DeliveryFeeHook } from './channel-policy';

/**
 * A manual order's fee comes from the delivery zone of its address (Livraison): the zone's fee, or
 * nothing when its articles reach the zone's free-delivery threshold. The agent may charge another
 * fee, or deliver under the zone's minimum, only with a reason, which the order's timeline keeps.
 * An address in no zone is charged what the agent typed. The threshold and the minimum weigh the
 * articles after the agent's own discounts, before the shop's (free delivery among them).
 */
export const zoneDeliveryFee: DeliveryFeeHook = async (tx, draft, requested, reason) => {
  const address = draft.deliveryAddress;
  const goods = Math.max(0, draft.lines.reduce((sum, l) => sum + l.total, 0) - draft.orderDiscount);
  const quote = address
    ? await quoteDelivery(
        tx,
        draft.shop.id,
        { commune: address.commune, quartier: address.quartier, position: address.position },
        goods,
      )
    : null;
  if (!quote?.zone || quote.fee === null) return { fee: requested ?? 0, zone: null, reason: null };

  const money = (amount: number) => formatMoney(amount, draft.shop.currency);
  const why = reason?.trim() || null;
  // What the zone asks of this order: nothing once its articles reach the free-delivery threshold.
  const zone = { name: quote.zone.name, fee: quote.fee };
  if (quote.isBelowMinimum && !why)
    throw Errors.validation({
      'deliveryAddress.commune': fr(
        `La zone « ${quote.zone.name} » est livrée à partir de ${money(quote.zone.minOrder ?? 0)} d’articles : ajoutez-en, ou indiquez la raison pour livrer quand même.`,
      ),
    });
  if (requested === undefined || requested === quote.fee) return { fee: quote.fee, zone, reason: why };
  if (!why)
    throw Errors.validation({
      deliveryFeeReason: fr(
        `La zone « ${quote.zone.name} » est à ${money(quote.fee)} : indiquez pourquoi vous demandez ${money(requested)}.`,
      ),
    });
  return { fee: requested, zone, reason: why };
};

/**
 * An online shop's order: the buyer pays what the zone of their address asks, no more, no less
 * (nothing the browser sends counts). An address no zone covers, or an order under the zone's
 * minimum, is refused with words meant for the buyer; collected in the shop, there is no fee.
 */
export const siteDeliveryFee: DeliveryFeeHook = async (tx, draft) => {
  const address = draft.deliveryAddress;
  if (!address) return { fee: 0, zone: null, reason: null };
  const goods = Math.max(0, draft.lines.reduce((sum, l) => sum + l.total, 0) - draft.orderDiscount);
  const quote = await quoteDelivery(
    tx,
    draft.shop.id,
    { commune: address.commune, quartier: address.quartier, position: address.position },
    goods,
  );
  if (!quote.zone || quote.fee === null)
    throw Errors.validation({
      commune: fr(
        'Nous ne livrons pas encore cette commune : choisissez-en une de la liste, ou le retrait en boutique.',
      ),
    });
  if (quote.isBelowMinimum)
    throw Errors.validation({
      commune: fr(
        `La livraison à ${quote.zone.name} demande au moins ${formatMoney(quote.zone.minOrder ?? 0, draft.shop.currency)} d’articles : ajoutez-en au panier, ou choisissez le retrait en boutique.`,
      ),
    });
  return { fee: quote.fee, zone: { name: quote.zone.name, fee: quote.fee }, reason: null };
};
