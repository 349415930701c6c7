import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { getServerSession } from 'next-auth';
import { readRouteInProcess } from '@/server/http/in-process';
import { getLogger } from '@/server/logger';
import { buildAuthOptions } from '@/features/auth/server/next-auth-options';
import type { EmbeddedTillBoot } from '../pos.schemas';
import { tillBootRoute } from './pos.routes';

export interface TillPageProps {
  tillBoot?: EmbeddedTillBoot;
}

/**
 * /point-de-vente comes with what the till opens on: the session (its API token, as next-auth's
 * session answer gives it, for the till's own HTTP client) and GET /api/pos/boot's answer for the URL's shop, read through the very
 * route. The tablet's first screen then needs no request after the page's scripts; without them
 * (the JSON Next asks for on a page reached inside the app, a signed-out visitor, a refusal, an
 * error) the till asks for them itself, as offline-first code must be able to anyway.
 * The page is kept by the till's service worker: `servedAt` lets the page tell a copy served from
 * there (offline, or a server slower than the worker waits) from a fresh one. The session is not
 * handed to next-auth's provider (the page's `session`): a kept copy's would pass for current.
 */
export async function tillPageProps(
  ctx: GetServerSidePropsContext,
): Promise<GetServerSidePropsResult<TillPageProps>> {
  if (ctx.req.headers['x-nextjs-data'] || ctx.req.url?.startsWith('/_next/data/')) return { props: {} };
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
    const tillBoot: EmbeddedTillBoot = {
      shopId,
      session,
      answer: boot.body as EmbeddedTillBoot['answer'],
      servedAt: Date.now(),
    };
    // JSON through and through: next-auth leaves some fields undefined, which page props refuse.
    return { props: JSON.parse(JSON.stringify({ tillBoot })) as TillPageProps };
  } catch (error) {
    getLogger().warn({ err: error, url: ctx.req.url }, 'till not booted on the server');
    return { props: {} };
  }
}
