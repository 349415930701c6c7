import { and, asc, eq, gte } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { deliveries } from '@/server/db/schema/delivery';
import { html, pageShell, type Html } from '@/server/http/html-page';
import { dayjs } from '@/shared/dayjs';
import { formatMoney, moneyInputValue } from '@/shared/money';
import { formatPhone } from '@/shared/phone-format';
import { mapsLink } from '@/shared/geo';
import { PAYMENT_METHOD_LABELS } from '@/features/order/order.schemas';
import { findOrdersForDelivery, type OrderForDelivery } from '@/features/order/server/delivery-facts';
import { COLLECT_METHODS, OUTCOME_LABELS, type CollectMethod, type DeliveryOutcome } from '../../outcomes';
import { remitCodeOf, riderOwed } from '../ledger';
import type { findRiderByToken } from '../rider-link';
import { firstName } from '../tracking';
import { PAGE_STYLES } from './page-styles';
import { whatsappUrl } from '@/shared/whatsapp';

type Found = NonNullable<Awaited<ReturnType<typeof findRiderByToken>>>;
type DeliveryRow = typeof deliveries.$inferSelect;

/** What the rider typed, and what was wrong with it, when a report is refused. */
export interface RefusedReport {
  deliveryId: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
}

export interface RiderPageData {
  found: Found;
  open: Array<{ delivery: DeliveryRow; order: OrderForDelivery }>;
  closedToday: Array<{ delivery: DeliveryRow; order: OrderForDelivery }>;
  owed: number;
  remitCode: string;
}

/**
 * The rider's deliveries: the open ones whose order is still out (the shop may have settled one
 * by hand), oldest first, and those they closed today.
 */
export async function loadRiderPage(db: Executor, found: Found): Promise<RiderPageData> {
  const { rider, shop } = found;
  const startOfDay = dayjs().tz(shop.timeZone).startOf('day').toDate();
  const [open, closed] = await Promise.all([
    db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.riderId, rider.id), eq(deliveries.status, 'assigned')))
      .orderBy(asc(deliveries.assignedAt), asc(deliveries.id)),
    db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.riderId, rider.id), gte(deliveries.closedAt, startOfDay)))
      .orderBy(asc(deliveries.closedAt)),
  ]);
  const orders = await findOrdersForDelivery(
    db,
    shop.id,
    [...open, ...closed].map((d) => d.orderId),
  );
  const withOrder = (rows: DeliveryRow[]) =>
    rows.flatMap((delivery) => {
      const order = orders.get(delivery.orderId);
      return order ? [{ delivery, order }] : [];
    });
  return {
    found,
    open: withOrder(open).filter((d) => d.order.fulfilmentStatus === 'shipping'),
    closedToday: withOrder(closed),
    owed: await riderOwed(db, shop.id, rider.id),
    remitCode: await remitCodeOf(db, rider.id),
  };
}

function addressLines(order: OrderForDelivery): { place: string; landmark: string } {
  const a = order.deliveryAddress;
  if (!a) return { place: '', landmark: '' };
  return {
    place: [a.quartier, a.commune, a.ville].filter(Boolean).join(', '),
    landmark: a.indications,
  };
}

function contactLinks(order: OrderForDelivery, place: string): Html {
  // The pin when the address has one, else the address's words.
  const maps = mapsLink({ position: order.deliveryAddress?.position, words: place });
  return html`<p class="links">
    ${maps ? html`<a href="${maps}" rel="noreferrer">Itinéraire</a>` : ''}${
      order.clientPhone
        ? html`<a href="tel:${order.clientPhone}">Appeler</a
            ><a href="${whatsappUrl(order.clientPhone)}" rel="noreferrer">WhatsApp</a>`
        : ''
    }
  </p>`;
}

function field(
  name: string,
  label: string,
  input: { value: string; error?: string; inputmode?: string; hint?: string; autofocus: boolean },
  id: string,
): Html {
  const errorId = `${id}-${name}-erreur`;
  return html`<label for="${id}-${name}">${label}</label
    ><input
      id="${id}-${name}"
      name="${name}"
      value="${input.value}"
      ${input.inputmode ? html` inputmode="${input.inputmode}"` : ''}
      autocomplete="off"
      ${input.error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}${
        input.autofocus ? html` autofocus` : ''
      }
    />${input.hint ? html`<p class="muted">${input.hint}</p>` : ''}${
      input.error ? html`<p class="error" id="${errorId}">${input.error}</p>` : ''
    }`;
}

function deliveryCard(
  token: string,
  currency: string,
  { delivery, order }: { delivery: DeliveryRow; order: OrderForDelivery },
  refused: RefusedReport | null,
): Html {
  const mine = refused?.deliveryId === delivery.id ? refused : null;
  const values = mine?.values ?? {};
  const errors = mine?.errors ?? {};
  const firstError = ['code', 'amount', 'method', 'reason'].find((f) => errors[f]);
  const id = `d-${delivery.id}`;
  const { place, landmark } = addressLines(order);
  const method = (values.method ?? 'cash') as CollectMethod;
  const outcomes = (['delivered', 'refused', 'absent', 'postponed'] as DeliveryOutcome[]).map(
    (o) =>
      html`<button
        type="submit"
        name="outcome"
        value="${o}"
        ${o === 'delivered' ? html` class="primary"` : ''}
      >
        ${OUTCOME_LABELS[o]}
      </button>`,
  );
  return html`<article class="box" id="${id}" aria-labelledby="${id}-titre">
    <h3 id="${id}-titre">Commande #${order.number}${order.clientName ? ` · ${order.clientName}` : ''}</h3>
    <p class="big">
      ${delivery.amountDue > 0 ? `À encaisser : ${formatMoney(delivery.amountDue, currency)}` : 'Déjà payée : rien à encaisser'}
    </p>
    ${place ? html`<p>${place}</p>` : ''}${landmark ? html`<p class="muted">${landmark}</p>` : ''}
    ${order.clientPhone ? html`<p class="muted">${formatPhone(order.clientPhone)}</p>` : ''}
    ${contactLinks(order, place)}
    <form method="post" action="/livreur/${token}/livraison/${delivery.id}">
      ${mine?.formError ? html`<p class="error" role="alert">${mine.formError}</p>` : ''}
      ${
        delivery.proofCode
          ? field(
              'code',
              'Code du client',
              {
                value: values.code ?? '',
                error: errors.code,
                inputmode: 'numeric',
                hint: 'Le client l’a reçu par SMS. Demandé pour « Livrée ».',
                autofocus: firstError === 'code',
              },
              id,
            )
          : ''
      }
      ${field(
        'amount',
        'Montant encaissé',
        {
          value: values.amount ?? moneyInputValue(delivery.amountDue, currency),
          error: errors.amount,
          inputmode: 'decimal',
          autofocus: firstError === 'amount',
        },
        id,
      )}
      <label for="${id}-method">Payé par</label
      ><select id="${id}-method" name="method">
        ${COLLECT_METHODS.map(
          (m) =>
            html`<option value="${m}" ${m === method ? html` selected` : ''}>
              ${PAYMENT_METHOD_LABELS[m]}
            </option>`,
        )}</select
      >${errors.method ? html`<p class="error">${errors.method}</p>` : ''}
      ${field(
        'reason',
        'Motif',
        {
          value: values.reason ?? '',
          error: errors.reason,
          hint: 'Pour un refus, un report, ou un montant différent.',
          autofocus: firstError === 'reason',
        },
        id,
      )}
      <div class="buttons">${outcomes}</div>
    </form>
  </article>`;
}

function closedLine(
  currency: string,
  { delivery, order }: { delivery: DeliveryRow; order: OrderForDelivery },
): Html {
  const outcome = OUTCOME_LABELS[delivery.status as DeliveryOutcome];
  const collected =
    delivery.collectedAmount && delivery.collectedMethod
      ? ` · ${formatMoney(delivery.collectedAmount, currency)} en ${PAYMENT_METHOD_LABELS[delivery.collectedMethod as CollectMethod]}`
      : '';
  return html`<li>
    <strong>#${order.number}</strong> :
    ${outcome}${collected}${delivery.reason ? html` <span class="muted">(${delivery.reason})</span>` : ''}
  </li>`;
}

/** The rider's page: their day, the cash they hold, and a form per delivery. */
export function renderRiderPage(
  token: string,
  data: RiderPageData,
  notice: { done?: string | null; refused?: RefusedReport | null } = {},
): Html {
  const { rider, shop } = data.found;
  const justDone = notice.done ? data.closedToday.find((d) => d.delivery.id === notice.done) : null;
  const body = html`<header><p>${shop.name} · Livraisons</p></header>
    <main>
      <h1>Bonjour ${firstName(rider.name)}</h1>
      <p>
        ${data.open.length === 0 ? 'Aucune livraison en cours.' : `${data.open.length} livraison${data.open.length > 1 ? 's' : ''} en cours.`}
      </p>
      ${justDone ? html`<p class="box ok" role="status">Commande #${justDone.order.number} : ${OUTCOME_LABELS[justDone.delivery.status as DeliveryOutcome]}. Merci !</p>` : ''}
      <section class="box" aria-label="Espèces">
        <p>
          Espèces à remettre à la boutique : <span class="big">${formatMoney(data.owed, shop.currency)}</span>
        </p>
        <p class="muted">Code de remise, à donner à la boutique quand vous remettez l’argent :</p>
        <p class="code">${data.remitCode}</p>
      </section>
      ${
        data.open.length > 0
          ? html`<h2>À livrer</h2>
              ${data.open.map((d) => deliveryCard(token, shop.currency, d, notice.refused ?? null))}`
          : ''
      }
      ${
        data.closedToday.length > 0
          ? html`<h2>Terminées aujourd’hui</h2>
              <ul class="plain box">
                ${data.closedToday.map((d) => closedLine(shop.currency, d))}
              </ul>`
          : ''
      }
    </main>`;
  return pageShell({ title: `Livraisons · ${shop.name}`, styles: PAGE_STYLES, body });
}

/** A link revoked, replaced, or never made: said plainly, with what to do. */
export function renderDeadLink(): Html {
  return pageShell({
    title: 'Lien expiré',
    styles: PAGE_STYLES,
    body: html`<header><p>Livraisons</p></header>
      <main>
        <h1>Ce lien n’est plus valable</h1>
        <p class="box warn">
          La boutique a révoqué ce lien ou en a envoyé un nouveau. Demandez-lui votre lien du jour.
        </p>
      </main>`,
  });
}
