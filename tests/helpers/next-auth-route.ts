import type { IncomingMessage, ServerResponse } from 'node:http';
import NextAuth from 'next-auth';
import { buildAuthOptions } from '@/features/auth/server/next-auth-options';
import { parseCookies } from '@/server/http/cookies';

export const NEXT_AUTH_PREFIX = '/api/auth/';

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * next-auth under /api/auth as Next runs src/pages/api/auth/[...nextauth].ts in production: the
 * path's segments in `query.nextauth`, the form body and cookies parsed, and Next's
 * res.status/json/send. The API tests then sign in, refetch and sign out as a browser does.
 */
export async function serveNextAuth(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const text = req.method === 'POST' ? await readText(req) : '';
  const isJson = req.headers['content-type']?.includes('application/json');
  const apiReq = Object.assign(req, {
    query: {
      ...Object.fromEntries(url.searchParams),
      nextauth: url.pathname.slice(NEXT_AUTH_PREFIX.length).split('/').filter(Boolean),
    },
    body: isJson ? JSON.parse(text || '{}') : Object.fromEntries(new URLSearchParams(text)),
    cookies: parseCookies(req.headers.cookie),
  });
  const apiRes = Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return apiRes;
    },
    json(value: unknown) {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(value));
    },
    send(value: unknown) {
      if (typeof value === 'string') res.end(value);
      else apiRes.json(value);
    },
  });
  await NextAuth(apiReq as never, apiRes as never, buildAuthOptions());
}
