import { Html, html } from '@/server/http/html-page';
import { formatMoney } from '@/shared/money';
import type { OrderForDelivery } from '@/features/order/server/delivery-facts';
import { shopPath, type StorefrontContext } from '../context';
import { storefrontPage } from './layout';

const PAYMENT_MESSAGES: Record<string, { text: string; ok: boolean }> = {
  payment_success: { text: 'Paiement reçu : merci !', ok: true },
  payment_error: { text: 'Le paiement n’a pas abouti. Vous pouvez réessayer ci-dessous.', ok: false },
};

/** The look of the one page drawn without a shop (no shop at that address). */
const BARE_PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;text-align:center;color:#18181b}';

/**
 * After « Commander »: the order's number, what the buyer's loyalty points paid if any, what is left
 * to pay, and where to follow it.
 */
export function renderThanks(
  ctx: StorefrontContext,
  input: {
    order: OrderForDelivery;
    token: string;
    trackingUrl: string;
    payment: string | null;
    paymentFailed: boolean;
    /** What the buyer's loyalty points paid (0: none). */
    paidWithPoints: number;
  },
): Html {
  const { order, paidWithPoints } = input;
  const money = (n: number) => formatMoney(n, ctx.shop.currency);
  const due = Math.max(0, order.total - order.paidAmount);
  const message = input.payment ? PAYMENT_MESSAGES[input.payment] : null;
  const cancelled = order.fulfilmentStatus === 'cancelled' || order.fulfilmentStatus === 'returned';
  const body = html`<div class="box" style="max-width:36rem;margin:1rem auto">
    <h1>Merci${order.clientName ? `, ${order.clientName.split(/\s+/)[0]}` : ''} !</h1>
    <p>
      Votre commande <strong>n° ${order.number}</strong> est bien reçue. ${ctx.shop.name} vous contacte pour
      la suite.
    </p>
    ${message ? html`<p class="notice ${message.ok ? 'ok' : ''}" role="status">${message.text}</p>` : ''}
    ${input.paymentFailed ? html`<p class="notice" role="alert">La page de paiement n’a pas pu s’ouvrir. Réessayez dans un instant.</p>` : ''}
    <table class="sum">
      <tr>
        <td>Total</td>
        <td>${money(order.total)}</td>
      </tr>
      ${
        paidWithPoints > 0
          ? html`<tr data-points>
              <td>Payé avec vos points de fidélité</td>
              <td>${money(paidWithPoints)}</td>
            </tr>`
          : ''
      }
      ${
        // What was paid otherwise (mobile money), so that the rows add up to what is left to pay.
        paidWithPoints === 0 || order.paidAmount > paidWithPoints
          ? html`<tr>
              <td>Déjà payé</td>
              <td>${money(order.paidAmount - paidWithPoints)}</td>
            </tr>`
          : ''
      }
      <tr class="total">
        <td>Reste à payer</td>
        <td>${money(due)}</td>
      </tr>
    </table>
    ${
      due > 0 && !cancelled && ctx.store.allowsMobileMoney
        ? html`<form method="post" action="${shopPath(ctx, `/merci/${input.token}/payer`)}">
            <button class="btn block" type="submit">Payer ${money(due)} maintenant</button>
            <p class="hint">Ou payez à la livraison si vous l’avez choisi.</p>
          </form>`
        : ''
    }
    <div class="actions">
      <a class="btn ghost block" href="${input.trackingUrl}">Suivre ma commande</a>
      <a class="btn ghost block" href="${shopPath(ctx)}">Retour à la boutique</a>
    </div>
  </div>`;
  return storefrontPage(
    ctx,
    {
      title: `Commande n° ${order.number}`,
      description: `Votre commande chez ${ctx.shop.name}.`,
      canonicalPath: null,
    },
    body,
  );
}

export function renderNotFound(ctx: StorefrontContext | null, what = 'Cette page'): Html {
  const body = html`<div class="center">
    <h1>${what} est introuvable.</h1>
    <p>Le lien est peut-être incomplet, ou le produit n’est plus en vente.</p>
    ${ctx ? html`<p><a class="btn" href="${shopPath(ctx, '/catalogue')}">Voir le catalogue</a></p>` : ''}
  </div>`;
  if (ctx)
    return storefrontPage(
      ctx,
      { title: 'Page introuvable', description: 'Page introuvable.', canonicalPath: null },
      body,
    );
  return html`<html lang="fr">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>Boutique introuvable</title>
      <style>
        ${new Html(BARE_PAGE_STYLE)}
      </style>
    </head>
    <body>
      <main>
        <h1>Boutique introuvable</h1>
        <p>Aucune boutique en ligne ne se trouve à cette adresse. Vérifiez le lien que l’on vous a envoyé.</p>
      </main>
    </body>
  </html>`;
}
