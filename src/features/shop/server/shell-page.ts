import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { getServerSession, type Session } from 'next-auth';
import { readRouteInProcess } from '@/server/http/in-process';
import { getLogger } from '@/server/logger';
import { buildAuthOptions } from '@/features/auth/server/next-auth-options';
import { getInfoRoute } from '@/features/user/server/user.routes';
import { getOneAgentRoute } from '@/features/agent/server/agent.routes';
import type { ShellData } from '@/client/shell/shell-seed';
import { isPhoneUserAgent } from '@/client/hooks/use-is-phone';
import { getShopRoute } from './shop.routes';

export interface ShellPageProps {
  session?: Session;
  shellData?: ShellData;
}

/**
 * The back office's pages are drawn on the server with their shell: the session (with its API
 * token, as next-auth's session answer gives it), the user, the shop and the agent, read through
 * the same routes the browser would call. The first paint then carries the header, the menu and
 * the banners, instead of waiting for scripts and four requests. A page reached inside the app
 * (Next asks for its props as JSON) gets none: the browser's store holds them already. Whatever
 * fails here leaves the page to the browser, which asks and shows the outcome as before.
 */
export async function shellPageProps(
  ctx: GetServerSidePropsContext,
): Promise<GetServerSidePropsResult<ShellPageProps>> {
  if (ctx.req.headers['x-nextjs-data'] || ctx.req.url?.startsWith('/_next/data/')) return { props: {} };
  try {
    const session = await getServerSession(ctx.req, ctx.res, buildAuthOptions());
    if (!session) return { props: {} };
    const shopId = typeof ctx.query.shopId === 'string' && ctx.query.shopId ? ctx.query.shopId : null;
    const query = shopId ? `?shopId=${encodeURIComponent(shopId)}` : '';
    const cookie = ctx.req.headers.cookie;
    const [user, shop, agent] = await Promise.all([
      readRouteInProcess(getInfoRoute, { url: '/api/user/getInfo', cookie }),
      readRouteInProcess(getShopRoute, { url: `/api/shop/getShop${query}`, cookie }),
      readRouteInProcess(getOneAgentRoute, { url: `/api/agent/getOneAgent${query}`, cookie }),
    ]);
    // JSON through and through: next-auth leaves some fields undefined, which page props refuse.
    const props = JSON.parse(JSON.stringify({ session })) as ShellPageProps;
    if (user.status === 200 && shop.status === 200 && agent.status === 200)
      props.shellData = {
        shopId,
        user: user.body as ShellData['user'],
        shop: shop.body as ShellData['shop'],
        agent: agent.body as ShellData['agent'],
        isPhone: isPhoneUserAgent(ctx.req.headers['user-agent']),
      };
    return { props };
  } catch (error) {
    getLogger().warn({ err: error, url: ctx.req.url }, 'shell not drawn on the server');
    return { props: {} };
  }
}
