import { html, type Html } from '@/server/http/html-page';
import { formatMoney } from '@/shared/money';
import type { SiteOrderQuote } from '@/features/order/server/quote-site-order';
import type { CartLine } from '../cart';
import { pointsText, pointsWorth } from '@/features/loyalty/loyalty.constants';
import type { CheckoutForm, CheckoutOptions, CheckoutPayment, CheckoutPoints } from '../checkout';
import { shopPath, type StorefrontContext } from '../context';
import { storefrontPage } from './layout';

const PAYMENT_LABELS: Record<CheckoutPayment, { label: string; hint: string }> = {
  mobile_money: {
    label: 'Mobile money',
    hint: 'Orange Money, Wave, MTN, Moov : vous payez maintenant, sur la page sécurisée du prestataire.',
  },
  card: { label: 'Carte bancaire', hint: 'Visa ou Mastercard, sur la page sécurisée du prestataire.' },
  cash_on_delivery: {
    label: 'Paiement à la livraison',
    hint: 'En espèces ou mobile money, à la remise de la commande.',
  },
};

/**
 * The order's summary: the lines, the discounts, the fee and the total, as the order will say; with
 * a proven points code, what the points pay and what is left to pay.
 */
export function renderSummary(
  ctx: StorefrontContext,
  quote: SiteOrderQuote,
  form: CheckoutForm,
  points: CheckoutPoints | null = null,
): Html {
  const money = (n: number) => formatMoney(n, ctx.shop.currency);
  const fromPoints = points?.proven?.amount ?? 0;
  const feeText =
    form.mode === 'retrait'
      ? 'Gratuit (retrait)'
      : quote.zoneName
        ? money(quote.deliveryFee)
        : 'Selon la commune';
  return html`<table class="sum" aria-live="polite">
      <caption class="skip">
        Récapitulatif
      </caption>
      ${quote.lines.map(
        (l) =>
          html`<tr>
            <td>${l.quantity} × ${l.name}</td>
            <td>${money(l.unitPrice * l.quantity)}</td>
          </tr>`,
      )}
      ${quote.discounts.map(
        (d) =>
          html`<tr>
            <td>${d.code ? `Code ${d.code} · ` : ''}${d.name}</td>
            <td>−${money(d.amount)}</td>
          </tr>`,
      )}
      <tr>
        <td>Livraison${quote.zoneName ? ` (${quote.zoneName})` : ''}</td>
        <td>${feeText}</td>
      </tr>
      <tr ${fromPoints > 0 ? '' : html`class="total"`}>
        <td>Total</td>
        <td data-total>${money(quote.total)}</td>
      </tr>
      ${
        fromPoints > 0
          ? html`<tr data-points>
                <td>Points fidélité</td>
                <td>−${money(fromPoints)}</td>
              </tr>
              <tr class="total">
                <td>Reste à payer</td>
                <td data-due>${money(quote.total - fromPoints)}</td>
              </tr>`
          : ''
      }
    </table>
    ${Object.entries(quote.refusals).map(([field, message]) => html`<p class="error" data-refusal="${field}">${message}</p>`)}
    ${points?.error ? html`<p class="error" data-refusal="pointsCode">${points.error}</p>` : ''}`;
}

/**
 * « Points de fidélité »: ask a code by SMS for the phone typed above, type it; once it proved the
 * phone, the code rides along hidden (the summary's refreshes and « Commander » check it again).
 * « Recevoir un code » posts the whole form to its own address, so nothing typed is lost.
 */
function renderPoints(
  ctx: StorefrontContext,
  points: CheckoutPoints,
  input: { form: CheckoutForm; total: number; errors: Record<string, string>; sentMinutes: number | null },
): Html {
  const money = (n: number) => formatMoney(n, ctx.shop.currency);
  const { proven } = points;
  if (proven)
    return html`<fieldset id="points">
      <legend>Points de fidélité</legend>
      <input type="hidden" name="pointsCode" value="${proven.code}" />
      <input type="hidden" name="pointsVerified" value="1" />
      <p class="notice ok" role="status">
        Code vérifié : vous avez ${pointsText(proven.points)}
        (${money(pointsWorth(proven.points, points.rules.pointValue))}).
        ${
          proven.amount >= input.total
            ? 'Vos points paient toute la commande.'
            : `Vos points paient ${money(proven.amount)} de cette commande.`
        }
      </p>
      <button class="linkish" type="submit" name="intent" value="sans-points">
        Ne pas utiliser mes points
      </button>
    </fieldset>`;
  const { errors } = input;
  return html`<fieldset id="points">
    <legend>Points de fidélité</legend>
    <p class="hint" id="pointsCode-hint">
      Client de ${ctx.shop.name} ? Payez avec vos points : recevez un code par SMS au numéro de téléphone
      indiqué.
    </p>
    ${
      input.sentMinutes !== null
        ? html`<p class="notice ok" role="status">
            Code envoyé par SMS au ${input.form.phone}. Il expire dans ${input.sentMinutes} minutes.
          </p>`
        : ''
    }
    <button
      class="btn ghost block"
      type="submit"
      name="intent"
      value="code"
      formaction="${shopPath(ctx, '/commande/code-fidelite')}"
    >
      ${input.sentMinutes === null ? 'Recevoir un code' : 'Recevoir un nouveau code'}
    </button>
    ${field(
      'pointsCode',
      'Code reçu par SMS',
      html`<div class="code">
        <input
          id="pointsCode"
          name="pointsCode"
          inputmode="numeric"
          autocomplete="one-time-code"
          maxlength="7"
          value="${input.form.pointsCode}"
          ${described('pointsCode', errors, true)}
        />
        <button class="btn ghost" type="submit" name="intent" value="apercu">Utiliser mes points</button>
      </div>`,
      errors,
    )}
  </fieldset>`;
}

function field(
  name: string,
  label: string,
  input: Html,
  errors: Record<string, string>,
  hint?: string,
): Html {
  return html`<div>
    <label for="${name}">${label}</label>
    ${input} ${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}
    ${errors[name] ? html`<p class="error" id="${name}-error">${errors[name]}</p>` : ''}
  </div>`;
}

function described(name: string, errors: Record<string, string>, hint = false): Html {
  const ids = [hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ');
  return html`${ids ? html`aria-describedby="${ids}"` : ''} ${errors[name] ? html`aria-invalid="true"` : ''}`;
}

export function renderCheckout(
  ctx: StorefrontContext,
  input: {
    lines: CartLine[];
    quote: SiteOrderQuote;
    form: CheckoutForm;
    options: CheckoutOptions;
    errors: Record<string, string>;
    message: string | null;
    idempotencyKey: string;
    /** Null: the shop has no loyalty programme on (no points block). */
    points: CheckoutPoints | null;
    /** A points code was just sent, valid so many minutes. */
    pointsCodeMinutes: number | null;
  },
): Html {
  const { form, options, errors, points } = input;
  const coveredByPoints = Boolean(points?.proven && points.proven.amount >= input.quote.total);
  const quartiers = options.communes.find((c) => c.commune === form.commune)?.quartiers ?? [];
  const canPickup = options.pickupPoints.length > 0;
  const canDeliver = options.communes.length > 0;
  const mode = !canDeliver && canPickup ? 'retrait' : form.mode;
  const payment = form.payment || options.payments[0] || '';
  const body = html`<h1>Commander</h1>
    ${input.message ? html`<p class="notice" role="alert">${input.message}</p>` : ''}
    ${errors.cart ? html`<p class="notice" role="alert">${errors.cart} <a href="${shopPath(ctx, '/panier')}">Modifier le panier</a></p>` : ''}
    <form
      class="checkout"
      method="post"
      action="${shopPath(ctx, '/commande')}"
      data-quote-url="${shopPath(ctx, '/commande/resume')}"
      novalidate
    >
      <div>
        <input type="hidden" name="key" value="${input.idempotencyKey}" />
        <h2>Vos coordonnées</h2>
        ${field('name', 'Nom et prénom', html`<input id="name" name="name" autocomplete="name" maxlength="120" required value="${form.name}" ${described('name', errors)} />`, errors)}
        ${field(
          'phone',
          'Téléphone',
          html`<input
            id="phone"
            name="phone"
            type="tel"
            inputmode="tel"
            autocomplete="tel"
            maxlength="30"
            required
            value="${form.phone}"
            ${described('phone', errors, true)}
          />`,
          errors,
          'La boutique vous appelle ou vous écrit sur ce numéro ; vous recevez le suivi par SMS.',
        )}
        ${field('email', 'E-mail (facultatif)', html`<input id="email" name="email" type="email" autocomplete="email" maxlength="200" value="${form.email}" ${described('email', errors)} />`, errors)}

        <h2>Réception</h2>
        ${
          canDeliver && canPickup
            ? html`<fieldset>
                <legend>Comment recevoir votre commande ?</legend>
                <div class="choices">
                  <label class="choice"
                    ><input
                      type="radio"
                      name="mode"
                      value="livraison"
                      ${mode === 'livraison' ? html`checked` : ''}
                    /><span>Livraison</span></label
                  >
                  <label class="choice"
                    ><input
                      type="radio"
                      name="mode"
                      value="retrait"
                      ${mode === 'retrait' ? html`checked` : ''}
                    /><span>Retrait en boutique</span></label
                  >
                </div>
              </fieldset>`
            : html`<input type="hidden" name="mode" value="${mode}" />`
        }
        ${
          canDeliver
            ? html`<div data-mode="livraison">
                ${field(
                  'commune',
                  'Commune',
                  html`<select
                    id="commune"
                    name="commune"
                    autocomplete="address-level2"
                    ${described('commune', errors)}
                  >
                    <option value="">Choisissez votre commune</option>
                    ${options.communes.map((c) => html`<option ${c.commune === form.commune ? html`selected` : ''}>${c.commune}</option>`)}
                  </select>`,
                  errors,
                )}
                ${field(
                  'quartier',
                  'Quartier',
                  html`<input
                      id="quartier"
                      name="quartier"
                      list="quartiers"
                      maxlength="120"
                      autocomplete="address-level3"
                      value="${form.quartier}"
                      ${described('quartier', errors)}
                    />
                    <datalist id="quartiers">
                      ${quartiers.map((q) => html`<option value="${q}"></option>`)}
                    </datalist>`,
                  errors,
                )}
                ${field(
                  'indications',
                  'Point de repère',
                  html`<input
                    id="indications"
                    name="indications"
                    maxlength="500"
                    value="${form.indications}"
                    ${described('indications', errors, true)}
                  />`,
                  errors,
                  'Par exemple : derrière la grande mosquée, portail bleu.',
                )}
              </div>`
            : ''
        }
        ${
          canPickup
            ? html`<div data-mode="retrait">
                <fieldset>
                  <legend>Où retirer votre commande ?</legend>
                  ${options.pickupPoints.map(
                    (p, i) =>
                      html`<label class="choice" style="display:block;margin-bottom:.5rem">
                        <input
                          type="radio"
                          name="pickupPointId"
                          value="${p.id}"
                          ${form.pickupPointId === p.id || (!form.pickupPointId && i === 0) ? html`checked` : ''}
                        />
                        <span>${p.name} · ${p.address}${p.hours ? ` · ${p.hours}` : ''}</span>
                      </label>`,
                  )}
                  ${errors.pickupPointId ? html`<p class="error">${errors.pickupPointId}</p>` : ''}
                </fieldset>
              </div>`
            : ''
        }
        ${field('note', 'Note pour la boutique (facultatif)', html`<textarea id="note" name="note" rows="2" maxlength="1000">${form.note}</textarea>`, errors)}

        <h2>Paiement</h2>
        ${coveredByPoints ? html`<p class="notice ok">Vos points de fidélité paient toute la commande : rien d’autre à payer.</p>` : ''}
        <fieldset>
          <legend class="skip">Moyen de paiement</legend>
          ${options.payments.map(
            (p) =>
              html`<label class="choice" style="display:block;margin-bottom:.5rem">
                <input type="radio" name="payment" value="${p}" ${p === payment ? html`checked` : ''} />
                <span
                  ><strong>${PAYMENT_LABELS[p].label}</strong><br /><small
                    >${PAYMENT_LABELS[p].hint}</small
                  ></span
                >
              </label>`,
          )}
          ${errors.payment ? html`<p class="error" id="payment-error">${errors.payment}</p>` : ''}
        </fieldset>
      </div>
      <div class="box">
        <h2 style="margin-top:0">Récapitulatif</h2>
        <div id="resume">${renderSummary(ctx, input.quote, form, points)}</div>
        ${field(
          'code',
          'Code promo',
          html`<div class="code">
            <input
              id="code"
              name="code"
              maxlength="50"
              autocomplete="off"
              value="${form.code}"
              ${described('code', errors)}
            />
            <button class="btn ghost" type="submit" name="intent" value="apercu">Appliquer</button>
          </div>`,
          errors,
        )}
        ${
          points
            ? renderPoints(ctx, points, {
                form,
                total: input.quote.total,
                errors,
                sentMinutes: input.pointsCodeMinutes,
              })
            : ''
        }
        <div class="actions">
          <button class="btn block" type="submit" name="intent" value="commander">Commander</button>
          <a class="btn ghost block" href="${shopPath(ctx, '/panier')}">Modifier le panier</a>
        </div>
      </div>
    </form>`;
  return storefrontPage(
    ctx,
    { title: 'Commander', description: `Commander chez ${ctx.shop.name}.`, canonicalPath: null },
    body,
  );
}
