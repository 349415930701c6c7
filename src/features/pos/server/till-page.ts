import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { getServerSession } from 'next-auth';
import { readRouteInProcess } from '@/server/http/in-process';
import { getLogger } from '@/server/logger';
import { buildAuthOptions } from '@/features/auth/server/next-auth-options';
import type { EmbeddedTillBoot } from '../pos.schemas';
import { KEPT_COPY_HEADER, chosenTillCookie } from '../till-device';
import { tillBootRoute } from './pos.routes';

export interface TillPageProps {
  tillBoot?: EmbeddedTillBoot;
}

/**
 * /point-de-vente comes with what the till opens on: the session (its API token, as next-auth's
 * session answer gives it, for the till's own HTTP client) and GET /api/pos/boot's answer for the
 * URL's shop, read through the very route. The page is drawn with them: a tablet that has chosen no
 * till yet gets the choice of till (or the opening float) in its first paint, before any script;
 * one that has waits for its own choice, kept on the tablet. Without them (the JSON Next asks for on a page reached inside the
 * app, the copy the service worker keeps, a signed-out visitor, a refusal, an error) the till asks
 * for them itself, as offline-first code must be able to anyway.
 * The service worker keeps the page as drawn without them (KEPT_COPY_HEADER): served offline, what
 * the page was drawn with would pass for current. For the same reason the session is not handed
 * to next-auth's provider (the page's `session`), and `servedAt` dates the answer.
 */
export async function tillPageProps(
  ctx: GetServerSidePropsContext,
): Promise<GetServerSidePropsResult<TillPageProps>> {
  if (ctx.req.headers['x-nextjs-data'] || ctx.req.url?.startsWith('/_next/data/')) return { props: {} };
  // Another screen than the sale's (?vue=ventes, session…) loads its own parts: drawn in the browser.
  if (ctx.req.headers[KEPT_COPY_HEADER] || ctx.query.vue) return { props: {} };
  try {
    const session = await getServerSession(ctx.req, ctx.res, buildAuthOptions());
    if (!session) return { props: {} };
    const shopId = typeof ctx.query.shopId === 'string' && ctx.query.shopId ? ctx.query.shopId : null;
    const query = shopId ? `?shopId=${encodeURIComponent(shopId)}` : '';
    const boot = await readRouteInProcess(tillBootRoute, {
      url: `/api/pos/boot${query}`,
      cookie: ctx.req.headers.cookie,
    });
    if (boot.status !== 200) return { props: {} };
    const answer = boot.body as EmbeddedTillBoot['answer'];
    const tillBoot: EmbeddedTillBoot = {
      shopId,
      session,
      answer,
      hasChosenTill: !!answer.shop && !!ctx.req.cookies[chosenTillCookie(answer.shop.id)],
      servedAt: Date.now(),
    };
    // JSON through and through: next-auth leaves some fields undefined, which page props refuse.
    return { props: JSON.parse(JSON.stringify({ tillBoot })) as TillPageProps };
  } catch (error) {
    getLogger().warn({ err: error, url: ctx.req.url }, 'till not booted on the server');
    return { props: {} };
  }
}
