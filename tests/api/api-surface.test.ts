import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/features/routes';
import { createApiDispatcher } from '@/server/http/api-dispatch';
import type { Route } from '@/server/http/define-route';
import { setupApiTestbed } from '../helpers/api-testbed';

const bed = setupApiTestbed();

function isRoute(value: unknown): value is Route {
  return typeof value === 'object' && value !== null && 'handler' in value && 'matchPath' in value;
}

/** Every route exported by a module's `*.routes.ts` file, by file. */
async function declaredRoutes(): Promise<Array<{ file: string; name: string; route: Route }>> {
  const found: Array<{ file: string; name: string; route: Route }> = [];
  for (const module of fs.readdirSync('src/features')) {
    const serverDir = path.join('src/features', module, 'server');
    if (!fs.existsSync(serverDir)) continue;
    for (const file of fs.readdirSync(serverDir).filter((f) => f.endsWith('.routes.ts'))) {
      const exported = (await import(path.resolve(serverDir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported))
        if (isRoute(value)) found.push({ file: path.join(serverDir, file), name, route: value });
    }
  }
  return found;
}

describe('the API registry', () => {
  it('holds every route a module declares, each path once', async () => {
    const declared = await declaredRoutes();
    expect(declared.length).toBeGreaterThan(80);
    // A route declared but left out of its module's server/index.ts would never be answered.
    const missing = declared.filter((d) => !ROUTES.includes(d.route)).map((d) => `${d.file}: ${d.name}`);
    expect(missing).toEqual([]);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('refuses to start with a path declared twice', () => {
    expect(() => createApiDispatcher([ROUTES[0]!, ROUTES[0]!])).toThrow(/declared twice/);
  });

  it('reaches every route: a wrong method is refused by the route itself, not as an unknown path', async () => {
    for (const route of ROUTES) {
      const url = `${bed.server.url}${route.path.replace(/\{\w+\}/g, 'x')}`;
      const answer = await fetch(url, { method: 'PUT' });
      expect({ path: route.path, status: answer.status }).toEqual({ path: route.path, status: 405 });
      await answer.body?.cancel();
    }
  });

  it('answers unknown /api paths with the API 404 and leaves next-auth and pages to Next', async () => {
    for (const unknown of ['/api/nope', '/api/order/list/more', '/api', '/api/auth']) {
      const answer = await bed.server.call('GET', unknown);
      expect({ unknown, status: answer.status, body: answer.body }).toEqual({
        unknown,
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Cette adresse d’API n’existe pas.' } },
      });
    }
    // Straight to the dispatcher: fetch would resolve the dot segments before sending.
    const dispatch = createApiDispatcher(ROUTES);
    const ask = (url: string) => {
      const res = { statusCode: 0, body: '', setHeader: () => undefined, end: (b: string) => (res.body = b) };
      const ours = dispatch({ url, method: 'GET', headers: {} } as IncomingMessage, res as never);
      return { url, ours, status: res.statusCode, code: ours ? JSON.parse(res.body).error.code : null };
    };
    for (const url of ['/api/auth/session', '/api/auth/callback/phone-otp?x=1', '/login', '/apis'])
      expect(ask(url)).toEqual({ url, ours: false, status: 0, code: null });
    for (const url of ['/api/order/../auth/csrf', '/api/%2e%2e/api/nope'])
      expect(ask(url)).toEqual({ url, ours: true, status: 404, code: 'NOT_FOUND' });
  });

  it('publishes the OpenAPI document at /api/openapi.json, naming every route', async () => {
    const { status, body: doc } = await bed.server.call('GET', '/api/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(ROUTES.map((r) => r.path))].sort());
    expect(doc.servers).toEqual([{ url: `http://${new URL(bed.server.url).host}` }]);
    expect(
      doc.paths['/api/notification/markAsRead'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['notificationsArray', 'shopId']);
  });
});

describe('security headers', () => {
  const expectApiHeaders = (headers: Headers, cacheControl = 'no-store') =>
    expect({
      nosniff: headers.get('x-content-type-options'),
      frame: headers.get('x-frame-options'),
      csp: headers.get('content-security-policy'),
      referrer: headers.get('referrer-policy'),
      cache: headers.get('cache-control'),
    }).toEqual({
      nosniff: 'nosniff',
      frame: 'DENY',
      csp: "default-src 'none'; frame-ancestors 'none'",
      referrer: 'no-referrer',
      cache: cacheControl,
    });

  it('are on every kind of API answer', async () => {
    const admin = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;

    const success = await bed.server.call('GET', '/api/user/getInfo', { token: admin });
    expect(success.status).toBe(200);
    expectApiHeaders(success.headers);

    const anonymous = await bed.server.call('GET', '/api/user/getInfo');
    expect(anonymous.status).toBe(401);
    expectApiHeaders(anonymous.headers);

    const otherShop = await bed.server.call('GET', `/api/agent/getAllAgents/${bed.other.shop.id}`, {
      token: admin,
    });
    expect(otherShop.status).toBe(404);
    expectApiHeaders(otherShop.headers);

    const unknown = await bed.server.call('GET', '/api/nope');
    expect(unknown.status).toBe(404);
    expectApiHeaders(unknown.headers);

    const invalid = await bed.server.call('POST', '/api/notification/markAsRead', {
      token: admin,
      body: { shopId },
    });
    expect(invalid.status).toBe(422);
    expectApiHeaders(invalid.headers);

    const publicRoute = await bed.server.call('POST', '/api/otp/sendCode', { body: {} });
    expect(publicRoute.status).toBe(422);
    expectApiHeaders(publicRoute.headers);

    const download = await fetch(`${bed.server.url}/api/product/exportCsv?shopId=${shopId}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expectApiHeaders(download.headers);
    await download.text();

    // A raw route writes its whole answer itself (here the payer's return, redirected).
    const paymentReturn = await fetch(`${bed.server.url}/api/payment/return/${randomUUID()}`, {
      redirect: 'manual',
    });
    expect(paymentReturn.status).toBe(303);
    expectApiHeaders(paymentReturn.headers);

    const openApi = await bed.server.call('GET', '/api/openapi.json');
    expect(openApi.status).toBe(200);
    expectApiHeaders(openApi.headers, 'public, max-age=300');
  });
});
