import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveryTrackings } from '@/server/db/schema/delivery';
import { html, pageShell, type Html } from '@/server/http/html-page';
import { formatDateTime } from '@/shared/dates';
import { formatMoney } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import type { FulfilmentStatus } from '@/features/order/order.schemas';
import { findOrdersForDelivery, type OrderForDelivery } from '@/features/order/server/delivery-facts';
import { getShopById } from '@/features/shop/server/shop.repository';
import type { TOrderDelivery } from '../../delivery.schemas';
import { findOrderDelivery } from '../assign';
import { firstName } from '../tracking';
import { PAGE_STYLES } from './page-styles';

interface TrackingData {
  shop: { name: string; currency: string; timeZone: string };
  order: OrderForDelivery;
  delivery: TOrderDelivery | null;
}

/** What the customer's link shows; null for a token we never made. */
export async function loadTracking(db: Executor, token: string): Promise<TrackingData | null> {
  if (!/^[\w-]{10,64}$/.test(token)) return null;
  const [row] = await db
    .select({ orderId: deliveryTrackings.orderId, shopId: deliveryTrackings.shopId })
    .from(deliveryTrackings)
    .where(eq(deliveryTrackings.token, token));
  if (!row) return null;
  const [shop, orders] = await Promise.all([
    getShopById(db, row.shopId),
    findOrdersForDelivery(db, row.shopId, [row.orderId]),
  ]);
  const order = orders.get(row.orderId);
  if (!shop || !order) return null;
  return { shop, order, delivery: await findOrderDelivery(db, shop.id, row.orderId) };
}

const STEPS: Array<{ label: string; reached: FulfilmentStatus[] }> = [
  { label: 'Commande reçue', reached: ['new', 'confirmed', 'preparing', 'ready', 'shipping', 'delivered'] },
  { label: 'En préparation', reached: ['preparing', 'ready', 'shipping', 'delivered'] },
  { label: 'En route', reached: ['shipping', 'delivered'] },
  { label: 'Livrée', reached: ['delivered'] },
];

function headline({ order, delivery }: TrackingData): string {
  if (order.fulfilmentStatus === 'cancelled') return 'Cette commande a été annulée.';
  if (order.fulfilmentStatus === 'returned') return 'Cette commande a été retournée à la boutique.';
  if (order.fulfilmentStatus === 'delivered') return 'Votre commande a été livrée.';
  if (delivery?.status === 'assigned') return 'Votre commande est en route.';
  if (delivery && delivery.status !== 'delivered')
    return 'La livraison n’a pas pu se faire : la boutique va vous recontacter.';
  return 'Votre commande est en préparation.';
}

/** The customer's tracking page: where the order is, and once it is out, who brings it. */
export function renderTracking(data: TrackingData): Html {
  const { shop, order, delivery } = data;
  const out = delivery?.status === 'assigned' && order.fulfilmentStatus === 'shipping';
  const stopped = order.fulfilmentStatus === 'cancelled' || order.fulfilmentStatus === 'returned';
  const body = html`<header><p>${shop.name}</p></header>
    <main>
      <h1>Commande #${order.number}</h1>
      <p class="box ${order.fulfilmentStatus === 'delivered' ? 'ok' : ''}" role="status">${headline(data)}</p>
      ${
        stopped
          ? ''
          : html`<ol class="steps">
              ${STEPS.map(
                (s) =>
                  html`<li class="${s.reached.includes(order.fulfilmentStatus) ? 'done' : ''}">
                    ${s.label}
                  </li>`,
              )}
            </ol>`
      }
      ${
        out && delivery
          ? html`<section class="box" aria-label="Votre livreur">
              <p>Votre livreur : <strong>${firstName(delivery.rider.name)}</strong></p>
              <p class="links">
                <a href="tel:${delivery.rider.phone}">Appeler ${formatPhone(delivery.rider.phone)}</a>
              </p>
              ${delivery.amountDue > 0 ? html`<p>À payer à la livraison : <span class="big">${formatMoney(delivery.amountDue, shop.currency)}</span></p>` : html`<p>Déjà payée : rien à payer au livreur.</p>`}
              ${
                delivery.proofCode
                  ? html`<p class="muted">Donnez ce code au livreur quand vous recevez la commande :</p>
                      <p class="code">${delivery.proofCode}</p>`
                  : ''
              }
            </section>`
          : ''
      }
      <p class="muted">Commande passée le ${formatDateTime(order.createdAt, shop.timeZone)}.</p>
    </main>`;
  return pageShell({ title: `Commande #${order.number} · ${shop.name}`, styles: PAGE_STYLES, body });
}

export function renderUnknownTracking(): Html {
  return pageShell({
    title: 'Suivi introuvable',
    styles: PAGE_STYLES,
    body: html`<header><p>Suivi de commande</p></header>
      <main>
        <h1>Ce lien de suivi n’existe pas</h1>
        <p class="box warn">Vérifiez le lien reçu par SMS ou WhatsApp, ou contactez la boutique.</p>
      </main>`,
  });
}
