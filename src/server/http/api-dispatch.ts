import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type ApiRequest, type Route } from './define-route';
import { AppError, Errors, toErrorBody } from './errors';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi';
import { API_SECURITY_HEADERS, strictTransportSecurity } from './security-headers';

/** Answers the request and returns true when it is ours, else returns false for Next to answer. */
export type ApiDispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

/** next-auth's own answers (session cookies, CSRF, callbacks) come from Next's pages/api/auth. */
const NEXT_AUTH_PREFIX = '/api/auth/';

const UNKNOWN_PATH = new AppError('NOT_FOUND', 404, 'Cette adresse d’API n’existe pas.');

/**
 * The API answered in one place: our routes, the OpenAPI document built from them, and the API's
 * own 404 for any other /api path, without Next's page pipeline in between (it roughly halves the
 * CPU of a list request). server.ts and the API tests build it from the same list of routes.
 */
export function createApiDispatcher(routes: readonly Route[]): ApiDispatcher {
  // Static paths answer from a Map lookup, the few with parameters by trying each.
  const exact = new Map<string, Route>();
  const patterned: Route[] = [];
  for (const route of routes) {
    const isPatterned = route.path.includes('{');
    // A second declaration would never be answered: refuse to start rather than shadow it.
    if (exact.has(route.path) || patterned.some((r) => r.path === route.path) || route.path === OPENAPI_PATH)
      throw new Error(`API path declared twice: ${route.path}`);
    if (isPatterned) patterned.push(route);
    else exact.set(route.path, route);
  }

  let openApiDocument: ReturnType<typeof buildOpenApiDocument> | undefined;
  const serveOpenApi = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendJson(res, 405, toErrorBody(Errors.methodNotAllowed()));
    }
    const origin = `${req.headers['x-forwarded-proto'] ?? 'http'}://${req.headers.host ?? 'localhost'}`;
    // Generating every schema is the costly part and never changes while the process runs.
    openApiDocument ??= buildOpenApiDocument(routes, origin);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.end(JSON.stringify({ ...openApiDocument, servers: [{ url: origin }] }));
  };

  return (req, res) => {
    const url = req.url ?? '/';
    // Every request passes here: the cheap test first.
    if (!url.startsWith('/api')) return false;
    // Dot segments resolved (%2e%2e too) as the route handlers resolve them, so the path checked
    // is the path answered. Next gets only what is next-auth's as sent and as resolved: any other
    // /api path, however written, has the API's answer.
    const parsedUrl = new URL(url, 'http://localhost');
    const { pathname } = parsedUrl;
    if (!/^\/api(\/|$)/.test(pathname)) return false;
    if (url.startsWith(NEXT_AUTH_PREFIX) && pathname.startsWith(NEXT_AUTH_PREFIX)) return false;

    for (const [name, value] of API_SECURITY_HEADERS) res.setHeader(name, value);
    const hsts = strictTransportSecurity(req);
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
    if (pathname === OPENAPI_PATH) {
      serveOpenApi(req, res);
      return true;
    }
    const route = exact.get(pathname.replace(/\/$/, '')) ?? patterned.find((r) => r.matchPath(pathname));
    if (route) {
      (req as ApiRequest).parsedUrl = parsedUrl;
      void route.handler(req, res);
    } else sendJson(res, 404, toErrorBody(UNKNOWN_PATH));
    return true;
  };
}
