import type { ServerResponse } from 'node:http';
import type { ApiRequest, Route } from './define-route';

/**
 * A GET of one of our routes answered inside this process, through the very wrapper an HTTP call
 * goes through (caller, membership, blocked shop, query and response schemas, errors): a page drawn
 * on the server gets exactly the JSON the browser would have asked for, without a request. Only
 * the caller's cookie travels (its next-auth session identifies it, as for any call).
 */
export async function readRouteInProcess(
  route: Route,
  { url, cookie }: { url: string; cookie: string | undefined },
): Promise<{ status: number; body: unknown }> {
  const req = {
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as ApiRequest;
  let text = '';
  const res = {
    statusCode: 200,
    setHeader: () => res,
    getHeader: () => undefined,
    end: (chunk?: string | Buffer) => {
      if (chunk) text += chunk.toString();
      return res;
    },
  };
  await route.handler(req, res as unknown as ServerResponse);
  return { status: res.statusCode, body: text ? (JSON.parse(text) as unknown) : null };
}
