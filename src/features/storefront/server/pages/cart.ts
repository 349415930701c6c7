import { html, type Html } from '@/server/http/html-page';
import { formatMoney } from '@/shared/money';
import { lineName, MAX_QUANTITY, type CartLine } from '../cart';
import { absoluteUrl, shopPath, shopWhatsapp, whatsappLink, type StorefrontContext } from '../context';
import { orderRequestText } from '@/features/channel/whatsapp-text';
import { initials, storefrontPage } from './layout';

export function renderCart(
  ctx: StorefrontContext,
  cart: { lines: CartLine[]; removed: number; subtotal: number },
  notice: string | null,
): Html {
  const money = (n: number) => formatMoney(n, ctx.shop.currency);
  const blocked = cart.lines.some((l) => l.problem);
  const wa = whatsappLink(
    shopWhatsapp(ctx),
    orderRequestText(
      ctx.shop.name,
      cart.lines.map((l) => ({
        productName: l.variant.productName,
        variantLabel: l.variant.optionValues.length ? l.variant.optionValues.join(' / ') : null,
        price: money(l.variant.price),
        quantity: l.item.quantity,
      })),
      money(cart.subtotal),
      absoluteUrl(ctx, '/panier'),
    ),
  );
  const body = cart.lines.length
    ? html`<h1>Votre panier</h1>
        ${notice ? html`<p class="notice" role="alert">${notice}</p>` : ''}
        ${
          cart.removed
            ? html`<p class="notice" role="status">
                ${cart.removed > 1 ? `${cart.removed} articles ne sont plus en vente et ont été retirés.` : 'Un article n’est plus en vente et a été retiré.'}
              </p>`
            : ''
        }
        <ul class="lines">
          ${cart.lines.map(
            (l) =>
              html`<li>
                ${
                  l.variant.image
                    ? html`<img
                        class="thumb"
                        src="${l.variant.image}"
                        alt=""
                        width="56"
                        height="56"
                        loading="lazy"
                      />`
                    : html`<span
                        class="thumb initials"
                        aria-hidden="true"
                        style="font-size:1rem;display:flex;align-items:center;justify-content:center"
                        >${initials(l.variant.productName)}</span
                      >`
                }
                <div class="what">
                  <a href="${shopPath(ctx, `/p/${l.variant.productSlug}`)}">${lineName(l.variant)}</a>
                  <div class="hint">${money(l.variant.price)} l’unité</div>
                  ${l.problem ? html`<p class="error">${l.problem}</p>` : ''}
                  <form class="qty" method="post" action="${shopPath(ctx, '/panier/modifier')}">
                    <input type="hidden" name="variantId" value="${l.item.variantId}" />
                    <label class="skip" for="q-${l.item.variantId}">Quantité de ${lineName(l.variant)}</label>
                    <input
                      id="q-${l.item.variantId}"
                      name="quantity"
                      type="number"
                      inputmode="numeric"
                      min="0"
                      max="${MAX_QUANTITY}"
                      value="${l.item.quantity}"
                    />
                    <button class="btn ghost" type="submit">Mettre à jour</button>
                  </form>
                  <form method="post" action="${shopPath(ctx, '/panier/modifier')}">
                    <input type="hidden" name="variantId" value="${l.item.variantId}" />
                    <input type="hidden" name="quantity" value="0" />
                    <button class="linkish" type="submit">Retirer</button>
                  </form>
                </div>
                <strong>${money(l.variant.price * l.item.quantity)}</strong>
              </li>`,
          )}
        </ul>
        <table class="sum">
          <tr class="total">
            <td>Sous-total</td>
            <td>${money(cart.subtotal)}</td>
          </tr>
        </table>
        <p class="hint">Livraison et réductions calculées à l’étape suivante.</p>
        <div class="actions">
          ${
            blocked
              ? html`<p class="error">Corrigez les articles signalés pour passer commande.</p>`
              : html`<a class="btn block" href="${shopPath(ctx, '/commande')}">Passer la commande</a>
                  ${wa ? html`<a class="btn wa block" href="${wa}" rel="noopener">Commander sur WhatsApp</a>` : ''}`
          }
          <a class="btn ghost block" href="${shopPath(ctx, '/catalogue')}">Continuer mes achats</a>
        </div>`
    : html`<h1>Votre panier</h1>
        ${notice ? html`<p class="notice" role="alert">${notice}</p>` : ''}
        <p>Votre panier est vide.</p>
        <p><a class="btn" href="${shopPath(ctx, '/catalogue')}">Voir le catalogue</a></p>`;
  return storefrontPage(
    ctx,
    { title: 'Panier', description: `Votre panier chez ${ctx.shop.name}.`, canonicalPath: null },
    body,
  );
}
