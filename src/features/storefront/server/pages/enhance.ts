import { createHash } from 'node:crypto';
import { Html } from '@/server/http/html-page';

/*
 * The online shop's only script, inline (no request): every page works without it (forms post
 * and pages redraw); with it, the cart's count shows in the header and the checkout's summary
 * (delivery fee, discount code) follows what the buyer types without reloading the page.
 * Written as a function so it is checked like the rest, and sent as its source.
 */
function enhance(): void {
  const count = document.cookie
    .split('; ')
    .find((c) => c.startsWith('panier='))
    ?.slice(7)
    .split('_')
    .reduce((sum, item) => sum + (Number(item.split('.')[1]) || 0), 0);
  const badge = document.querySelector<HTMLElement>('[data-cart-count]');
  if (badge && count) {
    badge.textContent = String(count);
    badge.hidden = false;
  }
  const form = document.querySelector<HTMLFormElement>('form[data-quote-url]');
  const summary = document.getElementById('resume');
  if (!form || !summary) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const refresh = () => {
    const ask = ++asked;
    const body = new URLSearchParams();
    new FormData(form).forEach((value, key) => body.append(key, String(value)));
    fetch(form.dataset.quoteUrl!, { method: 'POST', body, credentials: 'same-origin' })
      .then((r) => (r.ok ? r.text() : null))
      .then((text) => {
        // A slower, older answer never overwrites a newer one.
        if (text !== null && ask === asked) summary.innerHTML = text;
      })
      .catch(() => undefined);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 350);
  };
  form.addEventListener('change', later);
  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === 'code' || name === 'phone') later();
  });
  // With the script, delivery and pickup show only their own fields.
  const modes = form.querySelectorAll<HTMLInputElement>('input[name="mode"]');
  const showMode = () =>
    form.querySelectorAll<HTMLElement>('[data-mode]').forEach((el) => {
      const chosen = form.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value;
      el.hidden = Boolean(chosen) && el.dataset.mode !== chosen;
    });
  modes.forEach((m) => m.addEventListener('change', showMode));
  showMode();
}

const ENHANCE_SCRIPT = `(${enhance.toString()})();`;

/** What the script costs a phone: the site builder's page weight counts it as JavaScript. */
export const ENHANCE_SCRIPT_BYTES = Buffer.byteLength(ENHANCE_SCRIPT);

/** The element, built here so that the hash below is of exactly what the page carries. */
export const ENHANCE_ELEMENT = new Html(`<script>${ENHANCE_SCRIPT}</script>`);

/** For the pages' Content-Security-Policy: this script and no other may run. */
export const ENHANCE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(ENHANCE_SCRIPT).digest('base64')}'`;
