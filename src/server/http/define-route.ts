import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { getToken } from 'next-auth/jwt';
import type { Logger } from 'pino';
import { can, type Capability } from '@/shared/permissions';
import { isAgentRole } from '@/shared/roles';
import { describeDetails, issuesToDetails } from '@/shared/validation';
import { frenchTypography } from '@/shared/typography';
import { authSecret, getEnv } from '../env';
import { getLogger } from '../logger';
import { getDb, type Database } from '../db';
import { verifyAccessToken } from '../auth/access-token';
import {
  findActiveMembership,
  findFirstActiveMembership,
  type MembershipRow,
} from '@/features/agent/server/agent.repository';
import { getUserById, type UserRow } from '@/features/user/server/user.repository';
import { AppError, Errors, type ErrorBody } from './errors';
import { readJsonBody } from './body';

type AnyObject = z.ZodType<Record<string, unknown>>;

/** Where the route finds the shop it acts on. */
export interface ShopSelector {
  from: 'path' | 'query' | 'body';
  key: string;
  /** When absent, act on the caller's first shop (getShop, getOneAgent). */
  fallbackToFirstShop?: boolean;
}

export interface RouteContext<P, Q, B> {
  db: Database;
  user: UserRow;
  /** Set when the route names a shop and the caller is an active member of it. */
  membership: MembershipRow | null;
  params: P;
  query: Q;
  body: B;
  requestId: string;
  log: Logger;
  ip: string;
}

export interface RouteDefinition<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  R extends z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Sign-in steps only: no caller to identify, so no shop and no permission either. */
  isPublic?: false;
  /** OpenAPI style, e.g. /api/agent/getAllAgents/{shopId}. */
  path: string;
  summary: string;
  tag: string;
  shop?: ShopSelector;
  permission?: Capability;
  /** getShop must answer for a blocked shop so the UI can show the blocked screen. */
  allowBlockedShop?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  handle: (ctx: RouteContext<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<z.input<R>>;
}

export interface PublicRouteDefinition<B extends AnyObject, R extends z.ZodType> {
  method: 'POST';
  isPublic: true;
  path: string;
  summary: string;
  tag: string;
  body: B;
  response: R;
  handle: (ctx: {
    db: Database;
    body: z.infer<B>;
    requestId: string;
    log: Logger;
    ip: string;
  }) => Promise<z.input<R>>;
}

export type ApiRequest = IncomingMessage & { body?: unknown };
export type ApiHandler = (req: ApiRequest, res: ServerResponse) => Promise<void>;

export interface Route extends Omit<RouteDefinition<AnyObject, AnyObject, AnyObject, z.ZodType>, 'isPublic'> {
  isPublic?: boolean;
  handler: ApiHandler;
  matchPath: (pathname: string) => Record<string, string> | null;
}

export function compilePath(pattern: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${source}/?$`);
  return (pathname) => {
    const match = regex.exec(pathname);
    if (!match) return null;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]));
  };
}

export function definePublicRoute<B extends AnyObject, R extends z.ZodType>(
  definition: PublicRouteDefinition<B, R>,
): Route {
  return defineRoute(definition as never);
}

export function defineRoute<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  R extends z.ZodType,
>(definition: RouteDefinition<P, Q, B, R>): Route {
  const route = definition as unknown as Route;
  route.matchPath = compilePath(definition.path);
  route.handler = (req, res) => runRoute(route, req, res);
  return route;
}

function clientIp(req: IncomingMessage): string {
  if (getEnv().TRUST_PROXY) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket?.remoteAddress ?? 'unknown';
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return cookies;
}

/** A Bearer access token (the product's calls) or, failing that, the next-auth session cookie. */
async function identify(req: IncomingMessage): Promise<string | null> {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return verifyAccessToken(header.slice(7).trim());
  const cookies = parseCookies(req.headers.cookie);
  const hasSession = Object.keys(cookies).some((c) => c.endsWith('next-auth.session-token'));
  if (!hasSession) return null;
  const token = await getToken({
    req: { cookies, headers: {} } as never,
    secret: authSecret(),
    secureCookie: Object.keys(cookies).some((c) => c.startsWith('__Secure-')),
  });
  return typeof token?.sub === 'string' ? token.sub : null;
}

function parsePart(schema: AnyObject | undefined, value: unknown): Record<string, unknown> {
  if (!schema) return {};
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details = issuesToDetails(parsed.error);
    throw Errors.validation(details, describeDetails(details));
  }
  return parsed.data;
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

function readBodyOf(route: Route, req: ApiRequest): Promise<unknown> {
  return route.method === 'POST' ? readJsonBody(req) : Promise.resolve({});
}

async function runRoute(route: Route, req: ApiRequest, res: ServerResponse): Promise<void> {
  const requestId = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
  const log = getLogger().child({ requestId, route: route.path });
  res.setHeader('X-Request-Id', requestId);
  try {
    if (req.method !== route.method) {
      res.setHeader('Allow', route.method);
      throw Errors.methodNotAllowed();
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const rawParams = route.matchPath(url.pathname) ?? {};
    const rawQuery = Object.fromEntries(url.searchParams.entries());
    const db = getDb();

    if (route.isPublic) {
      const body = parsePart(route.body, await readBodyOf(route, req));
      const result = await route.handle({ db, body, requestId, log, ip: clientIp(req) } as never);
      send(res, 200, route.response.parse(result));
      return;
    }

    // 1. identity (before reading anything else the caller sent)
    const userId = await identify(req);
    if (!userId) throw Errors.unauthenticated();
    const user = await getUserById(db, userId);
    if (!user) throw Errors.unauthenticated();
    const rawBody = await readBodyOf(route, req);

    // 2. membership of the named shop (an outsider learns nothing: 404)
    let membership: MembershipRow | null = null;
    if (route.shop) {
      const source = { path: rawParams, query: rawQuery, body: rawBody }[route.shop.from];
      const shopId =
        source && typeof source === 'object'
          ? (source as Record<string, unknown>)[route.shop.key]
          : undefined;
      if (typeof shopId === 'string' && shopId.trim() !== '') {
        membership = await findActiveMembership(db, user.id, shopId);
        if (!membership) throw Errors.notFound('La boutique');
      } else if (route.shop.fallbackToFirstShop && (shopId === undefined || shopId === '')) {
        membership = await findFirstActiveMembership(db, user.id);
      } else {
        const details = { [route.shop.key]: "L'identifiant de la boutique est obligatoire." };
        throw Errors.validation(details, describeDetails(details));
      }
    }

    // 3. role, 4. blocked shop
    if (membership) {
      const role = membership.agent.role;
      if (route.permission && !(isAgentRole(role) && can(role, route.permission))) throw Errors.forbidden();
      if (membership.shop.isBlocked && !route.allowBlockedShop)
        throw Errors.shopBlocked(getEnv().PRODUCT_NAME);
    } else if (route.permission && route.shop && !route.shop.fallbackToFirstShop) {
      throw Errors.forbidden();
    }

    // 5. input
    const params = parsePart(route.params, rawParams);
    const query = parsePart(route.query, rawQuery);
    const body = parsePart(route.body, rawBody);

    // 6. use case, then the response DTO (parsing strips anything not in the contract)
    const result = await route.handle({
      db,
      user,
      membership,
      params,
      query,
      body,
      requestId,
      log,
      ip: clientIp(req),
    });
    send(res, 200, route.response.parse(result));
  } catch (error) {
    const appError = error instanceof AppError ? error : null;
    if (!appError) log.error({ err: error }, 'unhandled error');
    else if (appError.status >= 500) log.error({ err: error }, appError.code);
    else log.info({ code: appError.code, status: appError.status }, 'request refused');
    const body: ErrorBody = appError
      ? {
          error: {
            code: appError.code,
            message: frenchTypography(appError.message),
            ...(appError.details
              ? {
                  details: Object.fromEntries(
                    Object.entries(appError.details).map(([k, v]) => [k, frenchTypography(v)]),
                  ),
                }
              : {}),
          },
        }
      : {
          error: {
            code: 'INTERNAL_ERROR',
            message: frenchTypography(
              `Une erreur inattendue est survenue. Réessayez plus tard (référence : ${requestId}).`,
            ),
            requestId,
          },
        };
    send(res, appError?.status ?? 500, body);
  }
}
