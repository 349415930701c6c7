import type { Database } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { createWhatsappGateway } from '@/server/sms/whatsapp-gateway';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { findOrder } from '@/features/order/server/order.repository';
import { ensureTracking, trackingUrl } from '@/features/delivery/server/tracking';
import { formatMoney } from '@/shared/money';
import { whatsappUrl } from '@/shared/whatsapp';
import { MESSAGE_TEMPLATE_LABELS, MESSAGE_TEMPLATES, type MessageTemplateKey } from '../channel.schemas';
import { channelSettingsOf, templatesOf } from './settings';

/** Which message fits the order where it stands, for the screen to offer first. */
function suggested(status: string, paymentStatus: string): MessageTemplateKey {
  if (status === 'delivered') return 'delivered';
  if (status === 'shipping') return 'shipping';
  if (paymentStatus === 'paid') return 'paid';
  return 'confirmation';
}

/** The shop's wording with the order's figures in its {{fields}}. */
export function fillTemplate(template: string, fields: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => fields[name] ?? all);
}

export interface OrderMessage {
  key: MessageTemplateKey;
  label: string;
  text: string;
  /** wa.me with the client's number and the message written; null without a number. */
  waUrl: string | null;
}

/**
 * The status messages of an order, ready to send on WhatsApp (one tap opens the chat with the
 * text written). The tracking link is made only for « En livraison », the one message that has it.
 */
export async function orderMessages(
  db: Database,
  shop: ShopRow,
  orderId: string,
): Promise<{
  suggested: MessageTemplateKey;
  phone: string | null;
  items: OrderMessage[];
  canSendDirectly: boolean;
}> {
  const order = await findOrder(db, shop.id, orderId);
  if (!order) throw Errors.notFound('La commande');
  const templates = templatesOf(await channelSettingsOf(db, shop.id));
  const money = (n: number) => formatMoney(n, shop.currency);
  const due = Math.max(0, order.total - order.paidAmount);
  const base = {
    client: order.clientName?.split(' ')[0] || 'cher client',
    commande: `n° ${order.number}`,
    boutique: shop.name,
    total: money(order.total),
    montant: money(order.paidAmount),
    reste: money(due),
  };
  const tracking =
    order.fulfilmentStatus === 'shipping' ? trackingUrl(await ensureTracking(db, shop.id, order.id)) : null;
  const items = MESSAGE_TEMPLATES.map((key) => {
    const text = fillTemplate(templates[key], { ...base, suivi: tracking ?? '(lien envoyé dès le départ)' });
    return {
      key,
      label: MESSAGE_TEMPLATE_LABELS[key],
      text,
      waUrl: order.clientPhone ? whatsappUrl(order.clientPhone, text) : null,
    };
  });
  return {
    suggested: suggested(order.fulfilmentStatus, order.paymentStatus),
    phone: order.clientPhone,
    items,
    canSendDirectly: createWhatsappGateway() !== null,
  };
}

/** Sends one status message through the WhatsApp Cloud API, when the deployment set it up. */
export async function sendOrderMessage(
  db: Database,
  shop: ShopRow,
  orderId: string,
  key: MessageTemplateKey,
): Promise<void> {
  const gateway = createWhatsappGateway();
  if (!gateway)
    throw Errors.validation({
      template: 'L’envoi direct par WhatsApp n’est pas configuré : ouvrez le message dans WhatsApp.',
    });
  const { items, phone } = await orderMessages(db, shop, orderId);
  if (!phone) throw Errors.validation({ template: 'Cette commande n’a pas de numéro de client.' });
  await gateway.send({ to: phone, body: items.find((m) => m.key === key)!.text });
}
