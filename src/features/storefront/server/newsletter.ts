import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CountryCode } from 'libphonenumber-js';
import type { Database } from '@/server/db';
import { smsConsents } from '@/server/db/schema/storefront';
import { newId } from '@/server/ids';
import { readForm } from '@/server/http/html-page';
import { clientIp } from '@/server/http/request-guards';
import { createRateLimit } from '@/server/http/rate-limit';
import { getEnv } from '@/server/env';
import { toE164 } from '@/shared/phone';
import { allSections } from '@/shared/storefront/layout';
import { shopPath, type StorefrontContext } from './context';
import { newsletterWording, type SectionNotice } from './pages/sections';

/*
 * The « Newsletter par SMS » section's form: a buyer leaves their number and ticks the sentence
 * they agree to; the number, the sentence and the date are kept (sms_consents) for the CRM's
 * campaigns, which may only write to numbers that agreed. Works without JavaScript.
 */

const signUps = createRateLimit({ name: 'newsletter', max: 5, windowMs: 10 * 60 * 1000 });

const NOTICES: Record<string, SectionNotice> = {
  ok: { ok: true, text: 'Merci ! Vous recevrez nos prochaines offres par SMS.' },
  tel: {
    ok: false,
    text: 'Ce numéro de téléphone n’est pas valide : vérifiez-le, avec l’indicatif si besoin.',
  },
  accord: { ok: false, text: 'Cochez la case pour accepter de recevoir nos SMS.' },
  trop: { ok: false, text: 'Trop d’inscriptions depuis cette connexion : réessayez dans quelques minutes.' },
};

/** What a page says in its newsletter section after a sign-up (`?inscrit=<section>&etat=ok`). */
export function newsletterNotices(url: URL): Record<string, SectionNotice> {
  const section = url.searchParams.get('inscrit');
  const notice = NOTICES[url.searchParams.get('etat') ?? ''];
  return section && notice ? { [section]: notice } : {};
}

export async function subscribeToNewsletter(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  ctx: StorefrontContext,
): Promise<void> {
  const form = await readForm(req);
  const sectionId = form.get('section') ?? '';
  const { layout } = ctx.store;
  const found = allSections(layout).find(
    ({ section }) => section.id === sectionId && section.type === 'newsletter',
  );
  const back = (state: keyof typeof NOTICES) => {
    const path = found?.page ? `/pages/${found.page.slug}` : '';
    res.statusCode = 303;
    res.setHeader(
      'Location',
      `${shopPath(ctx, path)}?${new URLSearchParams({ inscrit: sectionId, etat: state })}#sms-${sectionId}`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.end();
  };
  if (!found) return back('tel');
  if (!(await signUps.take(`${ctx.shop.id} ${clientIp(req, getEnv().TRUST_PROXY)}`))) return back('trop');
  const phone = toE164(form.get('phone') ?? '', ctx.shop.country as CountryCode);
  if (!phone) return back('tel');
  if (form.get('consent') !== '1') return back('accord');
  const wording = newsletterWording(ctx.shop.name);
  await db
    .insert(smsConsents)
    .values({ id: newId(), shopId: ctx.shop.id, phone, source: 'site', wording })
    .onConflictDoUpdate({
      target: [smsConsents.shopId, smsConsents.phone],
      set: { wording, consentedAt: new Date(), withdrawnAt: null },
    });
  back('ok');
}
