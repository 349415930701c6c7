import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { getServerSession, type Session } from 'next-auth';
import { readRouteInProcess } from '@/server/http/in-process';
import { getLogger } from '@/server/logger';
import { buildAuthOptions } from '@/features/auth/server/next-auth-options';
import { getInfoRoute } from '@/features/user/server/user.routes';
import { getOneAgentRoute } from '@/features/agent/server/agent.routes';
import type { Route } from '@/server/http/define-route';
import type { AgentRole } from '@/shared/roles';
import { can } from '@/shared/permissions';
import { getNotificationsByShopRoute } from '@/features/notification/server/notification.routes';
import { fixedOffsetOf } from '@/server/zone-offsets';
import type { SeededQuery, ShellData } from '@/client/shell/shell-seed';
import { isPhoneUserAgent } from '@/client/hooks/use-is-phone';
import { getShopRoute } from './shop.routes';

/**
 * A read a page's screen starts with, made by the server with the shell: its answer goes into the
 * store under the endpoint and argument the screen asks it with, so the first paint carries the
 * page's content, not a skeleton waiting for a request. `params` are the request's parameters, in
 * its path and query (the argument, when it is the same). A read the caller may not make (its
 * status is not 200) is left to the browser, which shows the outcome as before.
 */
export interface PageRead {
  endpointName: string;
  arg: Record<string, unknown>;
  route: Route;
  params?: Record<string, string | number>;
}

/** The reads of a page, from its shell: the shop (its id), the caller's role there, the URL's query. */
export type PageReads = (shell: {
  shopId: string;
  role: AgentRole;
  query: GetServerSidePropsContext['query'];
  /** The server's guess that the browser is a phone's (PhoneHint): the page's first reads may differ. */
  isPhone: boolean;
}) => PageRead[];

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
  pageReads?: PageReads,
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
    if (user.status === 200 && shop.status === 200 && agent.status === 200) {
      const shopBody = shop.body as ShellData['shop'];
      const agentBody = agent.body as ShellData['agent'];
      const isPhone = isPhoneUserAgent(ctx.req.headers['user-agent']);
      props.shellData = {
        shopId,
        user: user.body as ShellData['user'],
        shop: shopBody,
        agent: agentBody,
        isPhone,
        zoneOffset: shopBody ? fixedOffsetOf(shopBody.timeZone) : null,
        queries:
          shopBody && agentBody
            ? await readPage(
                [
                  ...shellReads(shopBody._id, agentBody.role),
                  ...(pageReads?.({
                    shopId: shopBody._id,
                    role: agentBody.role,
                    query: ctx.query,
                    isPhone,
                  }) ?? []),
                ],
                cookie,
              )
            : [],
      };
    }
    return { props };
  } catch (error) {
    getLogger().warn({ err: error, url: ctx.req.url }, 'shell not drawn on the server');
    return { props: {} };
  }
}

/** What the shell itself starts with, besides the shop and the agent: the bell's notifications. */
export function shellReads(shopId: string, role: AgentRole): PageRead[] {
  return can(role, 'notifications:view')
    ? [{ endpointName: 'getNotificationsByShop', arg: { shopId }, route: getNotificationsByShopRoute }]
    : [];
}

/**
 * A list page's first reads are those of its unfiltered list: a URL that carries anything but the
 * shop (a tab, a filter from another page's link) opens on other ones, left to the browser.
 */
export function isPlainListUrl(query: GetServerSidePropsContext['query']): boolean {
  return Object.keys(query).every((key) => key === 'shopId');
}

/** getServerSideProps of a page whose screen starts with `reads` (see PageRead). */
export function shellPagePropsWith(reads: PageReads) {
  return (ctx: GetServerSidePropsContext) => shellPageProps(ctx, reads);
}

async function readPage(reads: PageRead[], cookie: string | undefined): Promise<SeededQuery[]> {
  const answers = await Promise.all(
    reads.map(({ route, arg, params }) =>
      readRouteInProcess(route, { url: urlOf(route, params ?? arg), cookie }),
    ),
  );
  return reads.flatMap(({ endpointName, arg }, i) =>
    answers[i]!.status === 200 ? [{ endpointName, arg, value: answers[i]!.body }] : [],
  );
}

/** The route's URL for these parameters: a `{name}` of its path takes its own, the query the rest. */
export function urlOf(route: Route, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  const inPath = new Set<string>();
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    inPath.add(name);
    return encodeURIComponent(String(params[name]));
  });
  for (const [name, value] of Object.entries(params))
    if (!inPath.has(name) && value !== undefined) query.set(name, String(value));
  return `${path}?${query.toString()}`;
}
