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
import { verifyAccessToken, type SessionRef } from '../auth/access-token';
import {
  findActiveMembership,
  findFirstActiveMembership,
  type MembershipRow,
  type UserRow,
} from '../tenancy/membership';
import { findCaller } from '../tenancy/caller-cache';

import { AppError, Errors, toErrorBody, type ErrorBody } from './errors';
import { readJsonBody, readUpload } from './body';
import { assertSameSiteWrite, assertWellFormedText, clientIp } from './request-guards';
import { parseCookies } from './cookies';

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
  /** The uploaded bytes, for routes declared with `upload`. */
  file: Buffer | null;
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
  /** Platform console routes: platform operators only, whatever shop they (do not) belong to. */
  operatorOnly?: boolean;
  /** getShop must answer for a blocked shop so the UI can show the blocked screen. */
  allowBlockedShop?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** The body is the file itself (any other input comes in the query); `field` names it in errors. */
  upload?: { field: string; maxBytes?: number };
  /** The route answers a file of this type (its handler returns a FileResponse), not JSON. */
  produces?: string;
  response: R;
  handle: (ctx: RouteContext<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<z.input<R>>;
}

/** No caller to identify: the sign-in steps, and what a shop's customer opens from a link. */
export interface PublicRouteDefinition<Q extends AnyObject, B extends AnyObject, R extends z.ZodType> {
  method: 'GET' | 'POST';
  isPublic: true;
  path: string;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  response: R;
  handle: (ctx: {
    db: Database;
    query: z.infer<Q>;
    body: z.infer<B>;
    requestId: string;
    log: Logger;
    ip: string;
  }) => Promise<z.input<R>>;
}

/** A handler's answer that is a file to download (an export): sent as is, never as JSON. */
export class FileResponse {
  readonly filename: string;
  readonly contentType: string;
  /** A string or buffer, or chunks streamed as they come (large exports never sit in memory). */
  readonly body: string | Buffer | AsyncIterable<string>;
  constructor(file: {
    filename: string;
    contentType: string;
    body: string | Buffer | AsyncIterable<string>;
  }) {
    this.filename = file.filename;
    this.contentType = file.contentType;
    this.body = file.body;
  }
}

/** `parsedUrl`: the URL as the dispatcher resolved it (api-dispatch.ts), parsed once per request. */
export type ApiRequest = IncomingMessage & { body?: unknown; parsedUrl?: URL };
export type ApiHandler = (req: ApiRequest, res: ServerResponse) => Promise<void>;

/** The request's URL, as the dispatcher parsed it (or parsed here for a route called directly). */
function requestUrl(req: ApiRequest): URL {
  return req.parsedUrl ?? new URL(req.url ?? '/', 'http://localhost');
}

export interface Route extends Omit<RouteDefinition<AnyObject, AnyObject, AnyObject, z.ZodType>, 'isPublic'> {
  isPublic?: boolean;
  /** Answers itself (redirects, provider webhooks): none of the JSON wrapper's steps apply. */
  raw?: boolean;
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

/**
 * For the few URLs that outside parties call in their own format (a payment provider's webhook,
 * the payer's browser coming back): public, and the handler writes the whole answer.
 */
export function defineRawRoute(definition: {
  methods: Array<'GET' | 'POST'>;
  path: string;
  summary: string;
  tag: string;
  handler: (req: ApiRequest, res: ServerResponse, params: Record<string, string>) => Promise<void>;
}): Route {
  const matchPath = compilePath(definition.path);
  return {
    method: definition.methods[0]!,
    path: definition.path,
    summary: definition.summary,
    tag: definition.tag,
    isPublic: true,
    raw: true,
    response: z.unknown(),
    handle: () => Promise.resolve(null),
    matchPath,
    handler: async (req, res) => {
      if (!definition.methods.includes(req.method as 'GET' | 'POST')) {
        res.statusCode = 405;
        res.setHeader('Allow', definition.methods.join(', '));
        res.end();
        return;
      }
      const url = requestUrl(req);
      const params = matchPath(url.pathname) ?? {};
      try {
        assertWellFormedText(params);
        assertWellFormedText(Object.fromEntries(url.searchParams.entries()));
      } catch (error) {
        return sendJson(res, 422, toErrorBody(error as AppError));
      }
      try {
        await definition.handler(req, res, params);
      } catch (error) {
        getLogger().error({ err: error, route: definition.path }, 'raw route failed');
        if (!res.headersSent)
          sendJson(res, 500, {
            error: { code: 'INTERNAL_ERROR', message: 'Une erreur inattendue est survenue.' },
          });
      }
    },
  };
}

export function definePublicRoute<Q extends AnyObject, B extends AnyObject, R extends z.ZodType>(
  definition: PublicRouteDefinition<Q, B, R>,
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

// Checking a token's signature costs more than the rest of a light request (jose imports the key
// into WebCrypto at every check), and a client sends the same token for hours: a token already
// checked answers from here until it expires. Same text, same answer. This only vouches for the
// signature: whether its sign-in is still open (not signed out, not revoked) is read with the user
// row at every request, so a revoked token is refused at once. A new secret forgets them all.
const MAX_CHECKED_TOKENS = 10_000;
const checkedTokens = new Map<string, SessionRef & { expiresAt: number }>();
let checkedWithSecret: string | undefined;

async function sessionOfAccessToken(token: string): Promise<SessionRef | null> {
  const secret = authSecret();
  if (secret !== checkedWithSecret) {
    checkedTokens.clear();
    checkedWithSecret = secret;
  }
  const checked = checkedTokens.get(token);
  if (checked && checked.expiresAt > Date.now()) return checked;
  const verified = await verifyAccessToken(token);
  if (!verified) return null;
  const session = { userId: verified.userId, sessionId: verified.sessionId };
  if (checkedTokens.size >= MAX_CHECKED_TOKENS) checkedTokens.delete(checkedTokens.keys().next().value!);
  checkedTokens.set(token, { ...session, expiresAt: verified.expiresAt * 1000 });
  return session;
}

/**
 * The sign-in the caller claims: a Bearer access token (the product's calls) or, failing that, the
 * next-auth session cookie. Both carry the session id; the database says whether it is still open.
 */
async function identify(req: IncomingMessage): Promise<SessionRef | null> {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return sessionOfAccessToken(header.slice(7).trim());
  const cookies = parseCookies(req.headers.cookie);
  const hasSession = Object.keys(cookies).some((c) => c.endsWith('next-auth.session-token'));
  if (!hasSession) return null;
  const token = await getToken({
    req: { cookies, headers: {} } as never,
    secret: authSecret(),
    secureCookie: Object.keys(cookies).some((c) => c.startsWith('__Secure-')),
  });
  return typeof token?.sub === 'string' && typeof token.sid === 'string' && token.sid
    ? { userId: token.sub, sessionId: token.sid }
    : null;
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

export function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

async function sendFile(res: ServerResponse, file: FileResponse, log: Logger): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', file.contentType);
  // A quote or line break would end the header value early.
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (typeof file.body === 'string' || Buffer.isBuffer(file.body)) return void res.end(file.body);
  // Streamed: each chunk waits for the socket to drain, so a slow client holds back the database
  // reads instead of piling rows up in memory.
  try {
    for await (const chunk of file.body) {
      if (res.destroyed) return;
      if (!res.write(chunk))
        await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
    }
    res.end();
  } catch (error) {
    // Headers are gone: all that is left is to cut the download short so it is not taken as whole.
    log.error({ err: error }, 'streamed file failed');
    res.destroy(error as Error);
  }
}

/** A promise's outcome held for later, so its error can be raised at the right step. */
function settle<T>(promise: Promise<T>): Promise<{ value: T } | { value?: undefined; error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function readBodyOf(route: Route, req: ApiRequest): Promise<unknown> {
  if (route.method !== 'POST' || route.upload) return Promise.resolve({});
  return readJsonBody(req);
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
    assertSameSiteWrite(req, { expectsJson: route.method === 'POST' && !route.upload });
    const url = requestUrl(req);
    const rawParams = route.matchPath(url.pathname) ?? {};
    const rawQuery = Object.fromEntries(url.searchParams.entries());
    assertWellFormedText(rawParams);
    assertWellFormedText(rawQuery);
    const db = getDb();

    if (route.isPublic) {
      const query = parsePart(route.query, rawQuery);
      const body = parsePart(route.body, await readBodyOf(route, req));
      const result = await route.handle({
        db,
        query,
        body,
        requestId,
        log,
        ip: clientIp(req, getEnv().TRUST_PROXY),
      } as never);
      sendJson(res, 200, route.response.parse(result));
      return;
    }

    // 1. identity (before reading anything else the caller sent)
    const session = await identify(req);
    if (!session) throw Errors.unauthenticated();
    // The shop is looked up with the caller and their session, in one query, wherever it is named:
    // a body naming it is read now (a query saved on every write), but a bad one is still reported
    // only once the caller is known, as when it was read after.
    const earlyBody = route.shop?.from === 'body' ? await settle(readBodyOf(route, req)) : null;
    const earlySource =
      route.shop && { path: rawParams, query: rawQuery, body: earlyBody?.value }[route.shop.from];
    const earlyShopId =
      route.shop && earlySource && typeof earlySource === 'object'
        ? (earlySource as Record<string, unknown>)[route.shop.key]
        : undefined;
    const caller = await findCaller(
      db,
      session,
      typeof earlyShopId === 'string' && earlyShopId.trim() ? earlyShopId : undefined,
    );
    const user = caller.user;
    if (!user) throw Errors.unauthenticated();
    if (route.operatorOnly && !user.isPlatformOperator)
      throw new AppError('FORBIDDEN', 403, 'Cette action est réservée aux opérateurs de la plateforme.');
    if (earlyBody && 'error' in earlyBody) throw earlyBody.error;
    const rawBody = earlyBody ? earlyBody.value : await readBodyOf(route, req);

    // 2. membership of the named shop (an outsider learns nothing: 404)
    let membership: MembershipRow | null = null;
    if (route.shop) {
      const source = { path: rawParams, query: rawQuery, body: rawBody }[route.shop.from];
      const shopId =
        source && typeof source === 'object'
          ? (source as Record<string, unknown>)[route.shop.key]
          : undefined;
      if (typeof shopId === 'string' && shopId.trim() !== '') {
        membership =
          caller.membership !== undefined
            ? caller.membership
            : await findActiveMembership(db, user.id, shopId);
        if (!membership) throw Errors.notFound('La boutique');
      } else if (route.shop.fallbackToFirstShop && (shopId === undefined || shopId === '')) {
        membership = await findFirstActiveMembership(db, user.id);
      } else {
        const details = { [route.shop.key]: 'L’identifiant de la boutique est obligatoire.' };
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
    const file = route.upload ? await readUpload(req, route.upload.field, route.upload.maxBytes) : null;

    // 6. use case, then the response DTO (parsing strips anything not in the contract)
    const result = await route.handle({
      db,
      user,
      membership,
      params,
      query,
      body,
      file,
      requestId,
      log,
      ip: clientIp(req, getEnv().TRUST_PROXY),
    });
    if (result instanceof FileResponse) await sendFile(res, result, log);
    else sendJson(res, 200, route.response.parse(result));
  } catch (error) {
    const appError = error instanceof AppError ? error : null;
    if (!appError) log.error({ err: error }, 'unhandled error');
    else if (appError.status >= 500) log.error({ err: error }, appError.code);
    else log.info({ code: appError.code, status: appError.status }, 'request refused');
    const body: ErrorBody = appError
      ? toErrorBody(appError)
      : {
          error: {
            code: 'INTERNAL_ERROR',
            message: frenchTypography(
              `Une erreur inattendue est survenue. Réessayez plus tard (référence : ${requestId}).`,
            ),
            requestId,
          },
        };
    // A body left unread (refused before it was read, or too large to drain) would be taken for
    // the next request on this connection: close it once answered.
    if (!req.complete) res.setHeader('Connection', 'close');
    sendJson(res, appError?.status ?? 500, body);
  }
}
