import type { AddressInfo } from 'node:net';
import { createApiDispatcher } from '@/server/http/api-dispatch';
import { createHttpServer } from '@/server/http/http-server';
import { ROUTES } from '@/features/routes';
import { serveDeliveryPages } from '@/features/delivery/server/pages/serve';
import { serveStorefront } from '@/features/storefront/server/serve';
import { forgetAllPages } from '@/features/storefront/server/page-cache';
import { attachRealtime } from '@/server/realtime/socket-server';
import { serveUpload } from '@/server/storage/uploads-handler';
import { serveResizedImage } from '@/server/storage/resized-images';
import { NEXT_AUTH_PREFIX, serveNextAuth } from './next-auth-route';
import { getDb } from '@/server/db';
import { callerChangesHeard } from '@/server/tenancy/caller-cache';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  // Tests read answers loosely (body.error.details…); `any` by default keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call: <T = any>(
    method: 'GET' | 'POST',
    path: string,
    options?: {
      token?: string;
      body?: unknown;
      rawBody?: string | Buffer;
      headers?: Record<string, string>;
    },
  ) => Promise<ApiAnswer<T>>;
  close: () => Promise<void>;
}

/**
 * The real route handlers, dispatched as server.ts does in production, behind a plain HTTP
 * server, plus next-auth (what Next answers there) and the socket server, so tests go through
 * sign-in, identity, tenancy, validation and errors.
 */
export async function startTestServer(): Promise<TestServer> {
  // A page kept by the previous file of this process would be of its database's shop.
  forgetAllPages();
  const dispatchApi = createApiDispatcher(ROUTES);
  const server = createHttpServer((req, res) => {
    // The same dispatch server.ts does in production.
    if (
      serveUpload(req, res) ||
      serveResizedImage(req, res) ||
      dispatchApi(req, res) ||
      serveDeliveryPages(req, res) ||
      serveStorefront(req, res)
    )
      return;
    if (req.url?.startsWith(NEXT_AUTH_PREFIX)) {
      serveNextAuth(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  const io = attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async call(method, path, options = {}) {
      // What the test wrote straight to the database just before (a role, a blocked shop) is heard
      // by this server before it answers, as code of ours would have told it at once.
      await callerChangesHeard(getDb());
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: string | Buffer | undefined = options.rawBody;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(options.body);
      }
      const body = typeof payload === 'string' || payload === undefined ? payload : new Uint8Array(payload);
      const response = await fetch(`${url}${path}`, { method, headers, body });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    close: async () => {
      io.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
